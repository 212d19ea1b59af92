"""A search of the deck, in any wording of the parts it is made of: "[When I come into play,]
[you may] search your deck for a <kind> and put it into your hand / army / a city you
control. [Shuffle your deck.]" — as a creature's trigger or as what a Magic or an Event
does. The sentences here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse

from .helpers import GOBLIN, P1, creature, do, first_city, play_phase, put, to_hand
from .test_grammar import from_text
from .test_players import declines

ORC = creature("Test Orc", 2, 2, subtypes=("Orc",))


@pytest.mark.parametrize(
    "text, kind, subtype, may, into",
    [
        (
            "Search your deck for an orc and put it into your army. Shuffle your deck.",
            "event",
            "orc",
            False,
            "army",
        ),
        (
            "When I come into play, you may search your deck for a Gaian card and put it "
            "into your hand.",
            "creature",
            "gaian",
            True,
            "hand",
        ),
        (
            "You may search your deck for a Wolf and put it in a city you control. "
            "Shuffle your deck afterwards.",
            "magic",
            "wolf",
            True,
            "city",
        ),
    ],
)
def test_a_search_is_read_from_its_parts(text, kind, subtype, may, into):
    got = parse(text, kind, "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert (a.when, a.target, a.subtype, a.may, a.effects[0].into) == (
        "play",
        "deck_card",
        subtype,
        may,
        into,
    )


def test_a_creature_searches_only_as_it_comes_into_play():
    assert parse(
        "Search your deck for an orc and put it into your hand.", "creature", "T"
    ).unenforced
    assert parse(
        "When I die, search your deck for an orc and put it into your hand.", "creature", "T"
    ).unenforced


def test_a_magic_that_searches_asks_for_the_card_as_it_resolves():
    muster = from_text(
        "Test Muster", "magic", "Search your deck for an orc and put it into your army."
    )
    state = play_phase()
    orc = put(state, P1, ORC, rules.DECK)
    put(state, P1, GOBLIN, rules.DECK)
    card = to_hand(state, P1, muster)
    do(state, f"P1: play #{card}")
    declines(state)
    assert (state.top_prompt.seat, state.top_prompt.name) == (P1, "target")
    offered = [a.targets[0] for a in rules.MOVES["target"].generate(state, P1)]
    assert orc in offered  # and only Orcs (the starter deck has some of its own)
    assert all(rules.is_type(state.cards[c].card, "orc") for c in offered)
    do(state, f"P1: target #{card} -> #{orc}")
    assert state.cards[orc].zone == (P1, rules.ARMY)
    assert state.cards[card].zone == (P1, rules.GRAVE)


def test_a_card_searched_into_a_city_goes_into_the_city_its_player_chooses():
    drop = from_text(
        "Test Drop", "event", "Search your deck for an orc and put it into a city you control."
    )
    state = play_phase()
    orc = put(state, P1, ORC, rules.DECK)
    card = to_hand(state, P1, drop)
    do(state, f"P1: play #{card}")
    declines(state)
    city = first_city(state, P1)
    do(state, f"P1: target #{card} -> #{orc}, #{city}")
    assert rules.home(state, orc) == city
