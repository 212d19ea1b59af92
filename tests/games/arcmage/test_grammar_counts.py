"""ARC-mage's card-text grammar: amounts the text defines ("for each <things>", "X is the
number of <things>") composed with every verb that takes an amount, and groups and targets
qualified by more than a type ("other", cost, ATK, DEF). Each is read, said back, and
enforced by the rules. The sentences are on no shipped or imported card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard
from tabletop.games.arcmage.explain import say_effect
from tabletop.games.arcmage.reader import count_of, missing, parse, reach, read_phrase

from .helpers import (
    GOBLIN,
    P1,
    P2,
    creature,
    declines,
    do,
    first_city,
    hand,
    legal,
    play_phase,
    put,
    refused,
    resources,
    strength,
    to_hand,
)
from .test_grammar import from_text
from .test_players import played


def kin(kind: str, attack: int = 2, defense: int = 2, cost: int = 1) -> ArcCard:
    return creature(f"Test {kind}", attack, defense, subtypes=(kind,), cost=cost)


WOLF, ORC, DRAGON, SOLDIER = kin("Wolf"), kin("Orc"), kin("Dragon"), kin("Soldier")
BIG = creature("Test Bulwark", 1, 9)


# -- amounts the text defines: read ----------------------------------------------------------


@pytest.mark.parametrize(
    "phrase, do_, to, spec",
    [
        ("deal one damage to target creature for each Goblin you control", "damage", "target",
         "yours:goblin"),
        ("draw a card for each creature you control", "draw", "self", "yours:creature"),
        ("target city gains 1 defense point for each Soldier in play", "fortify", "target",
         "in_play:soldier"),
        ("put a fire counter on me for each other Dragon you control", "counter", "self",
         "other_yours:dragon"),
        ("each opponent discards a card for each creature you control", "discard",
         "each_opponent", "yours:creature"),
        ("produce one gaian resource for each resource card you control", "produce", "self",
         "resources:"),
        ("put the top card of each opponent's deck into their graveyard for each Orc an "
         "opponent controls", "mill", "each_opponent", "theirs:orc"),
        ("target creature gets +1/+0 until end of turn for each creature card in your "
         "graveyard", "boost", "target", "grave:creature"),
        ("deal 2 damage to each opposing creature for each card in your hand", "damage",
         "enemy_creatures", "hand:"),
    ],
)  # fmt: skip
def test_a_count_of_things_is_read_wherever_an_amount_is(phrase, do_, to, spec):
    got = read_phrase(phrase)
    assert got is not None, phrase
    (e,) = got.effects
    assert (e.do, e.to, e.count) == (do_, to, spec)


@pytest.mark.parametrize(
    "text, kind, spec",
    [
        ("Deal X damage to target creature. X is the number of creatures you control.",
         "magic", "yours:creature"),
        ("Draw X cards. X is equal to the number of Orcs in play.", "event", "in_play:orc"),
        ("Deal X damage to target creature, where X is the number of Wolves you control.",
         "event", "yours:wolf"),
        ("When I come into play, put X fire counters on me. X is the number of other Dragons "
         "you control.", "creature", "other_yours:dragon"),
    ],
)  # fmt: skip
def test_x_is_the_number_of_things_amends_the_ability_before_it(text, kind, spec):
    got = parse(text, kind, "Test X", "red_banner")
    assert got.unenforced == ""
    (ability,) = got.abilities
    (e,) = ability.effects
    assert (e.per, e.count) == ("x", spec)


def test_an_x_the_text_leaves_undefined_is_played_by_hand_outside_a_card_played():
    assert parse("M, draw X cards.", "creature", "Test Sage", "").unenforced == "M, draw X cards."
    # an X that counts nothing the rules know stays unread too, its sentence with it
    got = parse("Draw X cards. X is the number of players.", "event", "Test Census", "")
    assert "X is the number of players." in got.unenforced


# -- amounts the text defines: enforced ------------------------------------------------------


def test_damage_for_each_creature_of_a_type_you_control_counts_only_yours_of_that_type():
    state = play_phase()
    goblin = kin("Goblin")
    put(state, P1, goblin), put(state, P1, goblin), put(state, P1, WOLF)
    put(state, P2, goblin)
    victim = put(state, P2, BIG)
    sling = from_text(
        "Test Sling", "event", "Deal one damage to target creature for each Goblin you control."
    )
    played(state, sling, f"-> #{victim}")
    assert state.cards[victim].damage == 2


def test_cards_drawn_for_each_creature_you_control_are_counted_as_it_resolves():
    state = play_phase()
    for _ in range(3):
        put(state, P1, WOLF)
    before = len(hand(state, P1))
    played(state, from_text("Test Howl", "magic", "Draw a card for each Wolf you control."))
    assert len(hand(state, P1)) == before + 3


def test_defense_for_each_soldier_in_play_counts_every_players_soldiers():
    state = play_phase()
    put(state, P1, SOLDIER), put(state, P2, SOLDIER), put(state, P2, ORC)
    city = first_city(state, P1)
    was = strength(state, city)
    rally = from_text(
        "Test Rally", "event", "Target city gains 1 defense point for each Soldier in play."
    )
    played(state, rally, f"-> #{city}")
    assert strength(state, city) == was + 2


def test_a_count_of_other_cards_leaves_the_card_itself_out():
    state = play_phase()
    put(state, P1, DRAGON), put(state, P1, DRAGON), put(state, P2, DRAGON)
    wyrm = from_text(
        "Test Wyrm",
        "creature",
        "When I come into play, put a fire counter on me for each other Dragon you control.",
        attack=1,
        defense=1,
        subtypes=("Dragon",),
    )
    cid = to_hand(state, P1, wyrm)
    do(state, f"P1: play #{cid} -> #{first_city(state, P1)}")
    declines(state)
    assert rules.named_counters(state.cards[cid]) == {"fire": 2}


def test_each_opponent_discards_a_card_for_each_creature_you_control():
    state = play_phase()
    put(state, P1, ORC), put(state, P1, WOLF)
    kept, *gone = (to_hand(state, P2, GOBLIN) for _ in range(3))
    dread = from_text(
        "Test Dread", "event", "Each opponent discards a card for each creature you control."
    )
    played(state, dread)
    for c in gone:
        assert state.top_prompt.seat == P2
        do(state, f"P2: discard #{c}")
    assert hand(state, P2) == [kept] and not state.prompts


@pytest.mark.parametrize(
    "scope, setup, expected",
    [
        ("creature card in your graveyard", lambda s: [put(s, P1, c, rules.GRAVE) for c in (
            ORC, WOLF, ArcCard(name="Test Spell", type="magic", cost=1))], 2),
        ("card in your hand", lambda s: [to_hand(s, P1, ORC) for _ in range(2)], 2),
        ("resource card you control", lambda s: resources(s, P1, "gaian", 5), 5),
        ("Orc an opponent controls", lambda s: [put(s, P, ORC) for P in (P2, P2, P1)], 2),
    ],
)  # fmt: skip
def test_each_scope_of_a_count_counts_its_own_cards(scope, setup, expected):
    state = play_phase()
    for c in list(state.zones[(P1, rules.HAND)]):  # an empty hand, an empty graveyard
        state.move(c, (P1, rules.DECK))
    victim = put(state, P2, BIG)
    setup(state)
    bolt = from_text("Test Bolt", "event", f"Deal one damage to target creature for each {scope}.")
    played(state, bolt, f"-> #{victim}")
    assert state.cards[victim].damage == expected


def test_x_defined_as_a_number_of_things_is_counted_as_it_resolves():
    state = play_phase()
    put(state, P1, ORC), put(state, P2, ORC), put(state, P2, ORC)
    victim = put(state, P2, BIG)
    rout = from_text(
        "Test Rout", "magic", "Deal X damage to target creature. X is the number of Orcs in play."
    )
    played(state, rout, f"-> #{victim}")
    assert state.cards[victim].damage == 3


def test_a_card_that_costs_x_is_paid_with_the_x_its_text_counts():
    state = play_phase()
    resources(state, P1, "red_banner", 4)
    put(state, P1, ORC), put(state, P1, ORC)
    victim = put(state, P2, BIG)
    rout = from_text(
        "Test Rally Cry",
        "magic",
        "Deal X damage to target creature. X is the number of Orcs you control.",
        cost_x=True,
    )
    cid = to_hand(state, P1, rout)
    why = refused(state, f"P1: play #{cid} -> #{victim} x=3")
    assert "X is 2 now" in why
    do(state, f"P1: play #{cid} -> #{victim} x=2")
    declines(state)
    assert state.cards[victim].damage == 2
    assert len(state.zones[(P1, rules.RES["red_banner"])]) == 4  # two of them marked to pay
    assert sum(state.cards[c].turned for c in state.zones[(P1, rules.RES["red_banner"])]) == 2


def test_a_count_of_nothing_does_nothing():
    state = play_phase()
    victim = put(state, P2, BIG)
    sling = from_text(
        "Test Sling", "event", "Deal two damage to target creature for each Elf you control."
    )
    played(state, sling, f"-> #{victim}")
    assert state.cards[victim].damage == 0


def test_an_x_paid_to_play_the_card_is_still_the_x_of_its_text():
    state = play_phase()
    resources(state, P1, "red_banner", 3)
    study = from_text("Test Study", "magic", "Draw X cards.", cost_x=True)
    before = len(hand(state, P1))
    played(state, study, "x=3")
    assert len(hand(state, P1)) == before + 3


# -- groups and targets qualified by more than a type ---------------------------------------


@pytest.mark.parametrize(
    "words, to, target, target_if, having",
    [
        ("other creatures you control", "your_creatures", "none", "", "other"),
        ("each other creature", "all_creatures", "none", "", "other"),
        ("other Goblins you control", "your_creatures", "none", "", "other"),
        ("target creature with cost 2 or less", "target", "creature", "cost<=2", ""),
        ("target creature with a cost of three or more", "target", "creature", "cost>=3", ""),
        ("each creature with 2 or less attack", "all_creatures", "none", "", "atk<=2"),
        ("target creature with defense 3 or less", "target", "creature", "def<=3", ""),
        ("each creature with attack 4 or more", "all_creatures", "none", "", "atk>=4"),
        ("target opposing creature with 3 or more ATK", "target", "enemy_creature", "atk>=3", ""),
        ("all other Orcs with defence 1 or less", "all_creatures", "none", "", "other&def<=1"),
    ],
)
def test_a_group_or_target_qualified_by_more_than_a_type_is_read(
    words, to, target, target_if, having
):
    r = reach(words)
    assert r is not None, words
    assert (r.to, r.target, r.target_if, r.having) == (to, target, target_if, having)


@pytest.mark.parametrize(
    "words", ["target city with cost 2 or less", "other cities", "me with 2 or less attack"]
)
def test_a_quality_of_what_is_no_creature_is_not_read(words):
    assert reach(words) is None


def test_other_creatures_you_control_are_boosted_but_not_the_card_itself():
    state = play_phase()
    ours, theirs = put(state, P1, GOBLIN), put(state, P2, GOBLIN)
    herald = from_text(
        "Test Herald",
        "creature",
        "When I come into play, other creatures you control get +1/+1 until end of turn.",
        attack=1,
        defense=1,
    )
    cid = to_hand(state, P1, herald)
    do(state, f"P1: play #{cid} -> #{first_city(state, P1)}")
    declines(state)
    assert rules.attack_of(state, ours) == 3
    assert rules.attack_of(state, theirs) == 2
    assert rules.attack_of(state, cid) == 1


def test_a_passive_on_other_creatures_of_a_type_leaves_the_card_itself_out():
    state = play_phase()
    chief = put(
        state,
        P1,
        from_text(
            "Test Chief",
            "creature",
            "Other Wolves you control get +1/+0.",
            attack=1,
            defense=1,
            subtypes=("Wolf",),
        ),
    )
    pack = put(state, P1, WOLF)
    assert (rules.attack_of(state, chief), rules.attack_of(state, pack)) == (1, 3)


def test_each_other_creature_shrinks_but_the_card_itself_does_not():
    state = play_phase()
    ours, theirs = put(state, P1, GOBLIN), put(state, P2, BIG)
    blight = from_text(
        "Test Blight",
        "creature",
        "When I come into play, each other creature gets -1/-1 until end of turn.",
        attack=2,
        defense=1,
    )
    cid = to_hand(state, P1, blight)
    do(state, f"P1: play #{cid} -> #{first_city(state, P1)}")
    declines(state)
    assert rules.defense_of(state, ours) == 1 and rules.defense_of(state, theirs) == 8
    assert rules.defense_of(state, cid) == 1 and rules.in_play(state, cid)


def test_a_target_with_a_cost_too_high_is_refused_saying_why():
    state = play_phase()
    cheap, dear = put(state, P2, kin("Orc", cost=2)), put(state, P2, kin("Orc", cost=3))
    cull = from_text("Test Cull", "event", "Destroy target creature with cost 2 or less.")
    cid = to_hand(state, P1, cull)
    why = refused(state, f"P1: play #{cid} -> #{dear}")
    assert why.startswith(rules.R_TARGET) and "with cost 2 or less" in why
    do(state, f"P1: play #{cid} -> #{cheap}")
    declines(state)
    assert state.cards[cheap].zone == (P2, rules.GRAVE)
    assert rules.in_play(state, dear)


@pytest.mark.parametrize(
    "text, legal_stats, illegal_stats",
    [
        ("Destroy target creature with defense 3 or less.", (5, 3), (1, 4)),
        ("Destroy target creature with 3 or more ATK.", (3, 9), (2, 1)),
    ],
)
def test_a_target_is_chosen_by_its_attack_or_defense_now(text, legal_stats, illegal_stats):
    state = play_phase()
    good = put(state, P2, creature("Test Good", *legal_stats))
    bad = put(state, P2, creature("Test Bad", *illegal_stats))
    cid = to_hand(state, P1, from_text("Test Smite", "event", text))
    assert not legal(state, f"P1: play #{cid} -> #{bad}")
    do(state, f"P1: play #{cid} -> #{good}")
    declines(state)
    assert state.cards[good].zone == (P2, rules.GRAVE)


def test_a_group_by_attack_reaches_the_creatures_whose_attack_is_within_the_bound_now():
    state = play_phase()
    small, big = put(state, P1, creature("Test Small", 2, 2)), put(state, P2, BIG)
    grown = put(state, P2, creature("Test Grown", 1, 2))
    grown_card = state.cards[grown]
    grown_card.counters["atk"] = 2  # 3 ATK now: out of the bound
    purge = from_text("Test Purge", "magic", "Destroy each creature with 2 or less attack.")
    played(state, purge)
    assert state.cards[small].zone == (P1, rules.GRAVE)
    assert state.cards[big].zone == (P2, rules.GRAVE)  # 1 ATK
    assert rules.in_play(state, grown)


def test_a_boost_to_each_creature_with_high_attack_spares_the_others():
    state = play_phase()
    ogre, goblin = put(state, P2, creature("Test Brute", 4, 5)), put(state, P2, GOBLIN)
    dim = from_text(
        "Test Dim", "event", "Each creature with attack 4 or more gets -1/-0 until end of turn."
    )
    played(state, dim)
    assert (rules.attack_of(state, ogre), rules.attack_of(state, goblin)) == (3, 2)


def test_a_passive_does_not_choose_its_group_by_attack_or_defense():
    text = "Creatures with 2 or less attack get +1/+1."
    assert parse(text, "creature", "Test Lift", "").unenforced == text


# -- said in words, and what coverage says is missing ---------------------------------------


@pytest.mark.parametrize(
    "phrase, said",
    [
        ("Deal one damage to target creature for each Goblin you control",
         "deal 1 damage to the target for each goblin you control"),
        ("Deal X damage to target creature, where X is the number of Wolves you control",
         "deal X damage to the target (X: one for each wolf you control)"),
        ("Draw a card for each creature card in your graveyard",
         "draw 1 card for each creature in your graveyard"),
        ("Destroy each creature with 2 or less attack",
         "destroy all creatures (with ATK 2 or less)"),
        ("Other Orcs you control get +1/+0 until end of turn",
         "creatures you control (but this card) (Orc only) get +1/+0"),
    ],
)  # fmt: skip
def test_each_new_reading_is_said_in_words(phrase, said):
    got = read_phrase(phrase)
    assert [say_effect(e, target=got.target or "none") for e in got.effects] == [said]


def test_coverage_names_an_amount_the_text_defines_only_when_the_reader_cannot_count_it():
    defined = "an amount the text defines (X, for each)"
    assert defined not in missing("Swap two creatures for each Goblin you control.")
    assert defined not in missing("Swap X creatures. X is the number of cards in your hand.")
    assert defined in missing("Swap two creatures for each fire counter on target card.")
    assert defined in missing("Swap X creatures. X is the number of players.")
    assert defined in missing("You may pay an additional x resources to mark x creatures.")
    assert count_of("player") is None
