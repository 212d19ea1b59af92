"""A creature that "loses all its abilities": its keywords and its text, passive, triggered
and activated, for as long as that holds; and "cannot move" (ruling 50). The sentences here
are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import read_static
from tabletop.games.arcmage.table import TABLE

from .helpers import (
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
)
from .test_grammar import from_text
from .test_triggers import play_at

HUSH = from_text(
    "Test Hush", "enchantment", "Enchanted creature loses all its abilities and cannot move."
)
GOB = creature("Test Grunt", 2, 2, subtypes=("Goblin",))


@pytest.mark.parametrize(
    "sentence, forbids",
    [
        ("Enchanted creature loses all abilities.", ["abilities"]),
        ("Enchanted creature cannot move or attack.", ["move", "attack"]),
        (
            "Enchanted creature loses all its abilities and cannot be marked for attacking "
            "or moving.",
            ["abilities", "attack", "move"],
        ),
        ("Goblins you control can't move and get +1/+0.", ["move", "+1/+0"]),
    ],
)
def test_what_a_passive_forbids_is_read_even_two_things_of_one_subject(sentence, forbids):
    got = read_static(sentence, enchantment=True)
    assert got is not None
    said = [e.keyword if e.do == "forbid" else f"{e.attack:+d}/{e.defense:+d}" for e in got]
    assert said == forbids


def hushed(state, text: str, **stats):
    """A creature of P1's with ``text`` and the Hush on it."""
    card = from_text("Test Hushed", "creature", text, **stats)
    cid = put(state, P1, card)
    hush = put(state, P2, HUSH, rules.ARMY)
    state.cards[hush].attached_to = cid
    state.move(hush, state.cards[cid].zone, keep=True)
    return cid, hush


def test_a_silenced_creature_has_no_keywords_and_gives_nothing_to_others():
    state = play_phase()
    lord, _ = hushed(
        state,
        "Flying - Only creatures with flying and ranged can defend against me. "
        "Goblins you control get +1/+1.",
        attack=1,
        defense=1,
    )
    goblin = put(state, P1, GOB)
    assert not rules.has(state, lord, "flying") and rules.profile(state, lord)[2] == frozenset()
    assert rules.stats(state, goblin) == (2, 2)  # no +1/+1 from a silenced lord
    assert "no abilities" in [t for _, t, *_ in TABLE.badges(state, state.cards[lord])]


def test_a_silenced_creature_triggers_nothing_uses_nothing_and_cannot_move():
    state = play_phase()
    dier, _ = hushed(state, "When I die, draw a card.", attack=1, defense=1)
    user, _ = hushed(state, "M, draw a card.", attack=1, defense=1)
    assert not legal(state, f"P1: use #{user}")
    assert not legal(state, f"P1: move #{dier} -> #{first_city(state, P1)}")
    before = len(hand(state, P1))
    play_at(state, from_text("Test Doom", "event", "Destroy target creature."), dier)
    assert state.cards[dier].zone == (P1, rules.GRAVE) and len(hand(state, P1)) == before


def test_abilities_come_back_when_what_took_them_leaves():
    state = play_phase()
    cid, hush = hushed(state, "M, draw a card.", attack=1, defense=1)
    assert not legal(state, f"P1: use #{cid}")
    state.move(hush, (P2, rules.GRAVE))  # the enchantment gone
    do(state, f"P1: use #{cid}")
    assert state.cards[cid].turned


def test_stats_set_until_end_of_turn_override_everything_else_and_silence_with_them():
    calm = from_text(
        "Test Calm",
        "event",
        "The attack and defense of all creatures you control are set to 1/1 and all "
        "creatures you control lose all their abilities until end of turn.",
    )
    state = play_phase()
    big = put(state, P1, creature("Test Ogre", 5, 5, keywords={"deadly": 0}))
    big_hurt = put(state, P1, creature("Test Troll", 4, 4), damage=1)
    theirs = put(state, P2, creature("Test Orc", 3, 3))
    state.cards[big].counters["atk"] = 2  # +2/+0 counters: set aside too
    card = put(state, P1, calm, rules.HAND)
    do(state, f"P1: play #{card}")
    declines(state)
    assert rules.stats(state, big) == (1, 1) and not rules.has(state, big, "deadly")
    assert state.cards[big_hurt].zone == (P1, rules.GRAVE)  # 1 damage on DEF 1: it dies
    assert rules.stats(state, theirs) == (3, 3)
    while state.active == P1:  # the turn ends
        do(state, "P1: end")
        declines(state)
    assert rules.stats(state, big) == (7, 5) and rules.has(state, big, "deadly")


def test_an_enchantment_silences_its_creature_as_it_comes_into_play_even_heard():
    # a card hearing the enchantment come into play asks about the cards in play before it
    # is attached: what it takes away must reach its creature all the same
    state = play_phase()
    user = put(
        state, P1, from_text("Test Scribe", "creature", "M, draw a card.", attack=1, defense=1)
    )
    put(
        state,
        P1,
        from_text(
            "Test Herald",
            "creature",
            "When you successfully play an enchantment card, you may draw a card.",
            attack=1,
            defense=1,
        ),
    )
    hush = put(state, P1, HUSH, rules.HAND)
    assert legal(state, f"P1: use #{user}")
    do(state, f"P1: play #{hush} -> #{user}")
    declines(state)
    assert state.cards[hush].attached_to == user
    assert rules.silenced(state, user) and not legal(state, f"P1: use #{user}")
