"""Abilities at the start or end of a phase of their controller's turn ("At the start of your
tactics phase, ...", "At the end of your tactics phase remove a fire counter."): the rules
tell the cards in play as each phase of the turn starts and ends (ruling 58). The
sentences here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.engine.core import enter_phase, settle
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_phrase

from .helpers import GOBLIN, OGRE, P1, P2, at, creature, do, first_city, put, start
from .test_grammar import from_text

EMBERS = from_text(
    "Test Embers",
    "enchantment",
    "When I come into play select a city. At the start of your tactics phase I deal one "
    "damage to each creature of that city for each ember counter on me. At the end of your "
    "tactics phase remove an ember counter. I come into play with two ember counters.",
)
HERALD = from_text(
    "Test Herald",
    "creature",
    "At the beginning of your draw phase, draw a card.",
    attack=1,
    defense=1,
)


def embers_on(state, city: int, counters: int = 2) -> int:
    cid = put(state, P1, EMBERS, city)
    state.cards[cid].attached_to = city
    state.cards[cid].counters["ember"] = counters
    return cid


def into_tactics(state) -> None:
    """P1's Draw & Resource phase, its course chosen (no cards drawn), then ended."""
    at(state, "draw", P1)
    state.data.drawn = 0
    state.data.resources_left = 0
    do(state, "P1: end")


@pytest.mark.parametrize(
    "text, phase, edge",
    [
        ("At the start of your tactics phase, draw a card.", "tactics", "start"),
        ("At the end of your play phase deal 1 damage to each opposing creature.", "play", "end"),
        ("At the beginning of your draw phase, draw a card.", "draw", "start"),
        ("At the end of your attack phase, draw a card.", "attack", "end"),
    ],
)
def test_the_phase_and_its_start_or_end_are_read_from_the_words(text, phase, edge):
    got = parse(text, "creature", "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert (a.when, a.phase, a.edge) == ("phase", phase, edge)


def test_a_magic_card_has_no_ability_at_a_phase():
    assert parse("At the start of your tactics phase, draw a card.", "magic", "T").unenforced


@pytest.mark.parametrize(
    "phrase, effect",
    [
        ("remove a fire counter", ("uncounter", "self", 1, "fire")),
        ("remove two ember counters from target creature", ("uncounter", "target", 2, "ember")),
        (
            "deal one damage to each creature of that city for each fire counter on me",
            ("damage", "residents", 1, "fire"),
        ),
    ],
)
def test_counters_removed_and_damage_for_each_counter_are_read(phrase, effect):
    got = read_phrase(phrase)
    (e,) = got.effects
    assert (e.do, e.to, e.amount, e.keyword) == effect


def test_an_enchantment_that_selects_a_city_comes_into_play_on_it_with_its_counters():
    (play, *rest) = EMBERS.abilities
    assert (play.when, play.target) == ("play", "city")
    assert [(e.do, e.keyword, e.amount) for e in play.effects] == [("counter", "ember", 2)]
    assert [(a.when, a.edge) for a in rest] == [("phase", "start"), ("phase", "end")]


def test_damage_for_each_counter_hits_each_creature_of_the_city_at_the_phase_start():
    state = start(P1)
    city = first_city(state, P2)
    goblin, ogre = put(state, P2, GOBLIN, city), put(state, P2, OGRE, city)
    elsewhere = put(state, P2, OGRE)
    embers = embers_on(state, city, 2)
    into_tactics(state)
    assert state.phase == "tactics"  # nothing to devote, but a card waits for it
    assert state.cards[goblin].zone == (P2, rules.GRAVE)  # 2 damage to a 2/2
    assert state.cards[ogre].damage == 2 and state.cards[elsewhere].damage == 0
    assert state.cards[embers].counters["ember"] == 2
    do(state, "P1: end")
    assert state.cards[embers].counters["ember"] == 1  # removed as the phase ends
    assert state.phase == "play1" and state.cards[ogre].damage == 2  # at no other phase


def test_no_counter_left_deals_no_damage():
    state = start(P1)
    city = first_city(state, P2)
    goblin = put(state, P2, GOBLIN, city)
    embers = embers_on(state, city, 1)
    into_tactics(state)
    assert state.cards[goblin].damage == 1
    do(state, "P1: end")
    assert "ember" not in state.cards[embers].counters
    state.cards[goblin].damage = 0  # healed, as at the end of a turn
    into_tactics(state)  # P1's next turn
    assert state.cards[goblin].damage == 0  # no counter left: no damage


def test_a_phase_of_an_opponents_turn_is_not_heard():
    state = start(P1)
    city = first_city(state, P1)
    mine = put(state, P1, creature("Test Giant", 1, 9), city)
    cid = put(state, P2, EMBERS, city)
    state.cards[cid].attached_to = city
    state.cards[cid].counters["ember"] = 2
    into_tactics(state)  # P1's turn: P2's card waits for P2's tactics phase
    assert state.cards[mine].damage == 0


def test_the_tactics_phase_is_skipped_when_nothing_waits_for_it():
    state = start(P1)
    into_tactics(state)
    assert state.phase == "play1"


def test_a_draw_at_the_start_of_the_draw_phase():
    state = start(P1)
    put(state, P1, HERALD)
    hand = len(state.zones[(P1, rules.HAND)])
    state.active = P1
    events: list = []
    enter_phase(state, "unmark", events)  # P1's turn begins
    settle(state, events)
    assert state.phase == "draw"
    assert len(state.zones[(P1, rules.HAND)]) == hand + 1


PEST = from_text(
    "Test Pest",
    "creature",
    "Infiltrate. I deal 1 damage to the city in which I reside at the beginning of that "
    "city's tactics phase.",
    attack=1,
    defense=1,
)


def test_a_phase_said_after_what_happens_is_read_with_whose_turn_it_is():
    (a,) = PEST.abilities
    assert (a.when, a.phase, a.edge, a.whose) == ("phase", "tactics", "start", "home")
    mine = parse("Draw a card at the end of your play phase.", "creature", "T").abilities[0]
    assert (mine.when, mine.phase, mine.edge, mine.whose) == ("phase", "play", "end", "")


def test_a_creature_hurts_the_city_it_lives_in_at_that_citys_players_tactics_phase():
    state = start(P1)
    city = first_city(state, P2)
    pest = put(state, P1, PEST, city)  # an infiltrator in P2's city
    state.active = P2
    at(state, "draw", P2)
    state.data.drawn = 0
    do(state, "P2: end")
    assert state.phase == "tactics"  # P2 has nothing to devote, but the pest waits for it
    assert state.cards[city].damage == 1
    into_tactics(state)  # P1's tactics phase: not the city's player's
    assert state.cards[city].damage == 1
    assert pest in rules.creatures(state, P1)


# -- an Enchantment's ability when its creature is marked ---------------------------------------

SHACKLE = from_text(
    "Test Shackle",
    "enchantment",
    "Whenever enchanted creature is marked, mark each other creature in the same city.",
)


def test_an_enchantment_hears_its_creature_being_marked():
    (play, marked) = SHACKLE.abilities
    assert (play.target, marked.when, marked.effects[0].to) == ("creature", "marked", "neighbours")
    state = start(P1)
    city = first_city(state, P2)
    held, mate, other = (put(state, P2, GOBLIN, city) for _ in range(3))
    state.move(other, (P2, rules.ARMY))
    aura = put(state, P1, SHACKLE, city)
    state.cards[aura].attached_to = held
    events: list = []
    rules.mark(state, held, events)
    rules.advance(state, events)
    assert state.cards[mate].turned and not state.cards[other].turned
    state.cards[mate].turned = False
    state.move(other, state.cards[city].zone)  # into the city too
    rules.mark(state, other, events)  # a creature that is not enchanted: nothing more
    rules.advance(state, events)
    assert not state.cards[mate].turned
