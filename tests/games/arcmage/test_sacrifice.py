"""Creatures sacrificed: as an effect ("sacrifice an Orc"), the player choosing which, and as
the cost of a Magic or an Event ("Sacrifice two Wolves to ..."), chosen as it is played; a
sacrificed card leaves the game. Tokens put into "target city or army". The sentences here
are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_phrase

from .helpers import GOBLIN, P1, P2, creature, do, first_city, legal, play_phase, put, to_hand
from .test_grammar import from_text
from .test_players import declines, owe_prompt


def wolf(name: str = "Test Wolf"):
    return creature(name, 2, 2, subtypes=("Wolf",))


@pytest.mark.parametrize(
    "phrase, amount, kinds",
    [
        ("sacrifice a wolf", 1, "wolf"),
        ("sacrifice two creatures", 2, ""),
        ("sacrifice three Gaian creatures", 3, "gaian creature"),
        ("sacrifice an elf or a wolf", 1, "elf|wolf"),
        ("sacrifice a city", 1, "city"),
        ("sacrifice a city you control", 1, "city"),
        ("sacrifice an enchantment", None, None),
    ],
)
def test_creatures_or_cities_sacrificed_are_read_with_their_number_and_kind(phrase, amount, kinds):
    got = read_phrase(phrase)
    if amount is None:
        assert got is None
        return
    (e,) = got.effects
    assert (e.do, e.amount, e.subtype) == ("sacrifice_card", amount, kinds)


def test_a_cost_in_creatures_is_read_as_one_way_to_play_the_card_or_a_choice_of_two():
    one = parse("Sacrifice a Wolf to deal 3 damage to target creature.", "event", "T")
    assert [a.cost_sacrifice for a in one.abilities] == ["1:wolf"]
    two = parse("Sacrifice two Elves or a Wolf to draw two cards.", "magic", "T")
    assert [a.cost_sacrifice for a in two.abilities] == ["2:elf", "1:wolf"]
    assert parse("Sacrifice a Wolf to draw a card.", "creature", "T").unenforced


def test_a_player_sacrifices_the_creature_of_their_choice_and_it_leaves_the_game():
    cull = from_text("Test Cull", "event", "Sacrifice a wolf.")
    state = play_phase()
    kept, lost_ = put(state, P1, wolf()), put(state, P1, wolf())
    goblin = put(state, P1, GOBLIN)
    card = to_hand(state, P1, cull)
    do(state, f"P1: play #{card}")
    declines(state)
    assert owe_prompt(state) == (P1, "owe")
    assert not legal(state, f"P1: sacrifice #{goblin}")  # no Wolf
    do(state, f"P1: sacrifice #{lost_}")
    assert state.cards[lost_].zone == (P1, rules.REMOVED)
    assert state.cards[kept].zone[1] == rules.ARMY and not state.prompts


def test_a_player_with_no_more_creatures_than_to_sacrifice_sacrifices_them_unasked():
    cull = from_text("Test Cull", "event", "Sacrifice two wolves.")
    state = play_phase()
    only = put(state, P1, wolf())
    card = to_hand(state, P1, cull)
    do(state, f"P1: play #{card}")
    declines(state)
    assert state.cards[only].zone == (P1, rules.REMOVED) and not state.prompts


def test_a_card_that_costs_creatures_is_refused_without_them_and_takes_them_as_it_is_played():
    hunt = from_text("Test Hunt", "event", "Sacrifice two Wolves to destroy target creature.")
    state = play_phase()
    prey = put(state, P2, GOBLIN)
    first = put(state, P1, wolf())
    card = to_hand(state, P1, hunt)
    assert not legal(state, f"P1: play #{card} -> #{prey}")  # one Wolf of two
    second, third = put(state, P1, wolf()), put(state, P1, wolf())
    do(state, f"P1: play #{card} -> #{prey}")
    # the cost is chosen before anyone may answer
    assert owe_prompt(state) == (P1, "owe")
    do(state, f"P1: sacrifice #{first}")
    do(state, f"P1: sacrifice #{third}")
    assert {state.cards[c].zone for c in (first, third)} == {(P1, rules.REMOVED)}
    declines(state)
    assert state.cards[prey].zone == (P2, rules.GRAVE)
    assert state.cards[second].zone[1] == rules.ARMY


def test_tokens_put_into_target_city_or_army_go_where_their_player_chooses():
    text = "When I come into play, put two 1/1 Goat tokens into target city or army."
    herder = from_text("Test Herder", "creature", text, attack=1, defense=1)
    (goat,) = parse(text, "creature", "Test Herder").tokens
    for where in ("city", "army"):
        state = play_phase()
        goats = [put(state, P1, goat, rules.TOKENS) for _ in range(2)]  # the deck's tokens
        card = to_hand(state, P1, herder)
        city = first_city(state, P1)
        do(state, f"P1: play #{card} -> #{city}")
        declines(state)
        assert state.top_prompt.name == "target"
        aim = f"-> #{city}" if where == "city" else "army"
        do(state, f"P1: target #{card} {aim}")
        zone = state.cards[city].zone if where == "city" else (P1, rules.ARMY)
        assert all(state.cards[g].zone == zone for g in goats)
