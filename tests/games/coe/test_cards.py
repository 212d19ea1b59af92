"""C.O.E's card schema and deck building (coe.txt, "Deck Size and Card Limits")."""

import pytest
from pydantic import ValidationError

from tabletop.engine import DeckList
from tabletop.games.coe.cards import CoeCard, deck_problems, party


def champion(name: str, **more) -> CoeCard:
    return CoeCard.model_validate(
        {
            "name": name,
            "type": "champion",
            "hp": 10,
            "dmg": 3,
            "def": 2,
            "cc": 2,
            "affiliations": ["Vale"],
            "classes": ["Knight"],
            "races": ["Human"],
            **more,
        }
    )


def spell(name: str, **more) -> CoeCard:
    return CoeCard.model_validate(
        {
            "name": name,
            "type": "spell",
            "cost": 1,
            "resource": "mana",
            "value": 1,
            "effects": [{"do": "draw"}],
            **more,
        }
    )


CARDS = {
    c.name: c
    for c in [
        champion("Ayla"),
        champion("Bram"),
        champion("Cyr"),
        champion("Dov"),
        champion("Eris"),
        *(spell(f"Spell {i}") for i in range(25)),
    ]
}


def deck(champions: list[str], arsenal: int, copies: int = 2) -> DeckList:
    cards = {name: 1 for name in champions}
    left = arsenal
    for i in range(25):
        if left <= 0:
            break
        n = min(copies, left)
        cards[f"Spell {i}"] = n
        left -= n
    return DeckList(name="d", cards=cards)


def test_a_party_has_one_to_four_champions():
    assert deck_problems(deck(["Ayla"], 40), CARDS) == []
    assert deck_problems(deck(["Ayla", "Bram", "Cyr", "Dov"], 40), CARDS) == []
    assert deck_problems(deck([], 40), CARDS) == ["a party has 1 to 4 champions (this one has 0)"]
    assert deck_problems(deck(["Ayla", "Bram", "Cyr", "Dov", "Eris"], 40), CARDS) == [
        "a party has 1 to 4 champions (this one has 5)"
    ]


def test_the_first_champion_a_deck_lists_leads_the_party():
    assert party(deck(["Cyr", "Ayla"], 40), CARDS) == ["Cyr", "Ayla"]


def test_an_arsenal_deck_has_40_to_60_cards():
    assert deck_problems(deck(["Ayla"], 60), CARDS) == []
    assert deck_problems(deck(["Ayla"], 39), CARDS) == [
        "an arsenal deck has 40 to 60 cards (this one has 39)"
    ]
    assert deck_problems(deck(["Ayla"], 61, copies=3), CARDS) == [
        "an arsenal deck has 40 to 60 cards (this one has 61)"
    ]


def test_at_most_three_cards_of_a_name():
    assert deck_problems(deck(["Ayla"], 42, copies=3), CARDS) == []
    four = DeckList(
        name="d", cards={"Ayla": 1, "Spell 0": 4, **{f"Spell {i}": 3 for i in range(1, 13)}}
    )
    assert deck_problems(four, CARDS) == ["up to 3 cards with the same name ('Spell 0' has 4)"]


@pytest.mark.parametrize(
    "bad, words",
    [
        (
            {"type": "champion", "hp": 10, "dmg": 1, "def": 1, "classes": ["K"], "races": ["H"]},
            "a champion has an affiliation",
        ),
        ({"type": "spell", "cost": 1, "effects": [{"do": "draw"}]}, "paid in Mana or Shells"),
        (
            {"type": "equipment", "cost": 1, "resource": "shells", "target": "ally"},
            "equipment changes its champion",
        ),
        (
            {
                "type": "scenario",
                "level": 4,
                "effect": [{"do": "boost", "dmg": 1, "to": "own", "until": "static"}],
            },
            "less than or equal",
        ),
        (
            {
                "type": "spell",
                "cost": 1,
                "resource": "mana",
                "counter": "attack",
                "conjure": True,
                "effects": [{"do": "negate"}],
            },
            "a counter or a conjure, not both",
        ),
        (
            {
                "type": "spell",
                "cost": 1,
                "resource": "mana",
                "effects": [{"do": "damage", "amount": 2}],
            },
            "nothing is chosen",
        ),
    ],
)
def test_a_card_that_breaks_the_schema_is_refused_with_the_reason(bad, words):
    with pytest.raises(ValidationError, match=words):
        CoeCard.model_validate({"name": "X", **bad})


def test_a_requirement_no_card_of_the_set_meets_is_a_misspelling():
    from tabletop.games.coe.cards import check_set

    misspelt = spell("Oath", requires={"affiliations": ["Vael"], "classes": ["Knight"]})
    assert check_set({**CARDS, "Oath": misspelt}) == [
        "'Oath' requires the affiliation 'Vael', which no card has"
    ]
    assert check_set(CARDS) == []


def test_a_deck_whose_own_characters_cannot_meet_a_cards_requirement_is_refused():
    cards = {**CARDS, "Oath": spell("Oath", requires={"classes": ["Mage"]})}
    d = deck(["Ayla"], 39)
    d = DeckList(name="d", cards={**d.cards, "Oath": 1})
    assert deck_problems(d, cards) == [
        "'Oath' needs one of the classes Mage, which no character of this deck has"
    ]


def test_the_shipped_cards_and_decks_load():
    from tabletop.engine.cards import load_card_set
    from tabletop.games.coe.cards import check_set
    from tabletop.system.paths import cards_dir

    loaded = load_card_set("coe", cards_dir("coe"), CoeCard, deck_problems, check_set)
    assert len(loaded.decks) >= 3
    sizes = sorted(len(party(d, loaded.cards)) for d in loaded.decks.values())
    assert sizes[0] == 1 and sizes[-1] == 4  # the handicap shows


def test_an_always_on_effect_lasts_while_its_source_is_in_play():
    static = {"do": "boost", "dmg": 1, "to": "self", "until": "static"}
    passive = {"name": "Keen", "level": 1, "mode": "passive", "effects": [static]}
    assert champion("Ok", skills=[passive]).skills[0].mode == "passive"
    for wrong in ({**static, "until": "round"}, {"do": "draw"}):
        with pytest.raises(ValidationError, match="always-on effect"):
            champion("Bad", skills=[{**passive, "effects": [wrong]}])
