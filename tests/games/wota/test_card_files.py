"""War of the Arcane card files: the shipped ones validate; its own card rules are enforced
with messages naming the file, the card and the problem."""

import shutil
from pathlib import Path

import pytest

from tabletop.engine import CardDataError, load_card_set
from tabletop.games import get
from tabletop.games.wota.cards import WotaCard
from tabletop.system.paths import cards_dir

GAME = get("wota")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "cards" / "wota"
    shutil.copytree(cards_dir("wota"), root)
    return root


def problems(root: Path) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_card_set("wota", root, WotaCard, GAME.deck_rules, GAME.set_rules)
    return info.value.messages


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_the_set_has_what_the_rules_need():
    cards = list(GAME.card_set().cards.values())
    units = [c for c in cards if c.type == "unit"]
    assert len(units) >= 14 and len([c for c in cards if c.type == "spell"]) >= 8
    assert len([c for c in cards if c.type == "trap"]) >= 4
    assert len([c for c in cards if c.type == "token"]) >= 2
    triggers = {a.when for c in units for a in c.abilities}
    assert {
        "reveal",
        "attack",
        "attacked",
        "post_combat",
        "placed_up",
        "placed_down",
        "destroyed",
    } <= triggers
    assert any(c.first_blood for c in units) and any(c.counters for c in cards)
    assert len(GAME.card_set().decks) >= 2


def test_a_trap_whose_effect_does_not_reach_the_attacker_is_refused(data):
    edit(
        data / "spells.toml",
        '{ do = "damage", amount = 3, to = "attacker" }',
        '{ do = "damage", amount = 3, to = "adjacent_enemies" }',
    )
    assert problems(data) == [
        "cards/wota/spells.toml: card 'Spike Pit': a Trap's effects reach the attacker"
    ]


def test_a_card_summoning_something_that_is_not_a_token_is_refused(data):
    edit(
        data / "units.toml", 'token = "Stone Golem", to = "self"', 'token = "Footman", to = "self"'
    )
    assert problems(data) == [
        "cards/wota/units.toml: card 'Golemancer': summons 'Footman', which is not a Token"
    ]


def test_an_unknown_status_names_the_known_ones(data):
    edit(data / "spells.toml", 'status = "poisoned" }]', 'status = "cursed" }]')
    (message,) = problems(data)
    assert message.startswith(
        "cards/wota/spells.toml: card 'Venom Cloud': effects[0] "
        "(status).status: Input should be 'poisoned'"
    )
