"""What a target must be, read from its words ("target unmarked creature", "target creature
with flying", "target creature with cost X or less"), and a choice between two phrases
("... or ..."): checked when the card is played or the ability used, and again when it
resolves."""

from __future__ import annotations

import pytest

from tabletop.engine import legal_actions
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, reach
from tabletop.games.arcmage.table import TABLE

from .helpers import (
    GOBLIN,
    P1,
    P2,
    PIKE,
    at,
    attack,
    creature,
    do,
    first_city,
    marked,
    passes,
    put,
    refused,
    resources,
    start,
    texts,
    to_hand,
)
from .test_grammar import from_text

KITE = creature("Test Kite", 1, 1, keywords={"flying": 0})


@pytest.mark.parametrize(
    ("words", "kind", "target_if"),
    [
        ("target unmarked creature", "creature", "unmarked"),
        ("target marked creature you control", "own_creature", "marked"),
        ("target attacking creature", "creature", "attacking"),
        ("target creature with first strike", "creature", "first_strike"),
        ("target opposing creature without flying", "enemy_creature", "!flying"),
        ("target creature with cost x or less", "creature", "cost<=x"),
    ],
)
def test_what_a_target_must_be_is_read_from_its_words(words, kind, target_if):
    r = reach(words)
    assert (r.to, r.target, r.target_if) == ("target", kind, target_if)


@pytest.mark.parametrize(
    "words", ["target city with flying", "target creature with wings", "target sleepy creature"]
)
def test_a_condition_the_rules_cannot_check_is_not_read(words):
    assert reach(words) is None


def test_an_ability_reaches_only_a_creature_that_is_what_its_target_must_be():
    state = at(start(), "play1")
    text = "M, Deal 2 damage to target creature with flying."
    archer = put(state, P1, from_text("Test Archer", "creature", text, attack=1, defense=1))
    goblin, kite = put(state, P2, GOBLIN), put(state, P2, KITE)
    reason = refused(state, f"P1: use #{archer} -> #{goblin}")
    assert reason.endswith("target creature (with flying)")
    do(state, f"P1: use #{archer} -> #{kite}")
    passes(state)
    assert state.cards[kite].zone == (P2, rules.GRAVE)


def test_a_target_with_cost_x_or_less_is_checked_against_the_x_paid():
    state = at(start(), "play1")
    resources(state, P1, "red_banner", 4)
    text = "Return target creature with cost X or less to its owner's hand."
    tide = from_text("Test Tide", "event", text, cost_x=True)
    cheap, dear = (
        put(state, P2, creature("Test Cheap", 1, 1, cost=1)),
        put(state, P2, creature("Test Dear", 1, 1, cost=3)),
    )
    card = to_hand(state, P1, tide)
    assert refused(state, f"P1: play #{card} -> #{dear} x=2").endswith("(with cost X or less)")
    do(state, f"P1: play #{card} -> #{cheap} x=2")
    passes(state)
    assert state.cards[cheap].zone == (P2, rules.HAND)


def test_a_target_that_is_no_longer_what_it_must_be_when_the_card_resolves_is_not_reached():
    state = at(start(), "play1")
    text = "Destroy target unmarked creature."
    goblin = put(state, P2, GOBLIN)
    to_hand(state, P2, from_text("Test Spark", "event", "Draw a card."))  # P2 may answer
    card = to_hand(state, P1, from_text("Test Ambush", "event", text))
    do(state, f"P1: play #{card} -> #{goblin}")
    assert rules.data(state).stack  # waiting for the answers
    state.cards[goblin].turned = True  # marked meanwhile
    events = passes(state)
    assert state.cards[goblin].zone == (P2, rules.ARMY)
    assert "Test Ambush does not resolve: its target is gone" in texts(events)


def test_an_ability_saying_do_this_or_do_that_is_two_to_choose_from_each_with_its_target():
    got = parse(
        "M, Mark target creature with flying or deal 1 damage to target creature without flying.",
        "creature",
        "T",
        "",
    )
    assert got.unenforced == ""
    assert [(a.when, a.target_if, a.effects[0].do) for a in got.abilities] == [
        ("mark", "flying", "mark"),
        ("mark", "!flying", "damage"),
    ]
    # an "or" inside a reach is no choice: "target creature or city" is one target
    (a,) = parse("Deal 2 damage to target creature or city.", "event", "T", "").abilities
    assert a.target == "creature_or_city"
    (e1, e2) = parse(
        "Draw two cards or deal 1 damage to each creature.", "event", "T", ""
    ).abilities
    assert (e1.effects[0].do, e2.effects[0].do) == ("draw", "damage")


def test_addax_archer_marks_a_flyer_or_deals_one_damage_to_a_creature_without_flying(real):
    archer = real["Addax Archer"]
    assert archer.unenforced == ""
    state = at(start(), "play1")
    me = put(state, P1, archer)
    goblin, kite = put(state, P2, GOBLIN), put(state, P2, KITE)
    assert refused(state, f"P1: use #{me} -> #{goblin} 1")  # mark: a flyer only
    assert refused(state, f"P1: use #{me} -> #{kite} 2")  # damage: no flyer
    labels = {TABLE.action_label(state, a) for a in legal_actions(state) if a.kind == "use"}
    assert "Mark Addax Archer: its ability (mark a creature with flying) on Test Kite" in labels
    do(state, f"P1: use #{me} -> #{kite} 1")
    passes(state)
    assert marked(state, kite) and marked(state, me)


def test_burst_into_flames_destroys_a_creature_whose_cost_is_at_most_x(real):
    burst = real["Burst into Flames"]
    assert burst.unenforced == ""
    state = at(start(), "play1")
    resources(state, P1, "red_banner", 6)
    ogre = put(state, P2, creature("Test Ogre", 4, 5, cost=4))
    card = to_hand(state, P1, burst)
    assert refused(state, f"P1: play #{card} -> #{ogre} x=3")
    do(state, f"P1: play #{card} -> #{ogre} x=4")
    passes(state)
    assert state.cards[ogre].zone == (P2, rules.GRAVE)


def test_a_token_has_cost_0_for_a_target_with_cost_x_or_less():
    state = at(start(), "play1")
    resources(state, P1, "red_banner", 2)
    text = "Destroy target creature with cost X or less."
    token = put(state, P2, creature("Test Token", 1, 1, cost=None, token=True))
    card = to_hand(state, P1, from_text("Test Burst", "event", text, cost_x=True))
    do(state, f"P1: play #{card} -> #{token} x=1")
    passes(state)
    assert state.cards[token].zone[1] != rules.ARMY


def test_a_target_in_the_same_city_is_another_resident_of_the_cards_city():
    state = at(start(), "play1")
    text = "M, Deal 2 damage to target creature in the same city as me."
    home, away = first_city(state, P1), first_city(state, P2)
    thug = put(state, P1, from_text("Test Thug", "creature", text, attack=1, defense=1), away)
    neighbour, elsewhere = put(state, P2, PIKE, away), put(state, P1, PIKE, home)
    assert refused(state, f"P1: use #{thug} -> #{elsewhere}").endswith("(in the same city)")
    assert refused(state, f"P1: use #{thug} -> #{thug}")
    do(state, f"P1: use #{thug} -> #{neighbour}")
    passes(state)
    assert state.cards[neighbour].damage == 2


def test_wild_warg_deals_two_damage_to_each_creature_defending_against_it(real):
    warg = real["Wild Warg"]  # 2/3
    assert warg.unenforced == ""
    state = at(start(), "attack")
    me = put(state, P1, warg)
    goblin, pike = put(state, P2, GOBLIN), put(state, P2, PIKE)  # 2/2 and 2/3
    attack(state, [me], first_city(state, P2), {goblin: me, pike: me})
    passes(state)
    assert state.cards[goblin].zone == (P2, rules.GRAVE)  # killed before it strikes
    assert state.cards[me].zone == (P1, rules.ARMY)  # only the Pikeman's 2 reached it


def test_orc_thug_is_read_whole(real):
    thug = real["Orc Thug"]
    assert thug.unenforced == ""
    (a,) = thug.abilities
    assert (a.when, a.target, a.target_if) == ("mark", "creature", "here")
