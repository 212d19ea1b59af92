"""What waits for the end of the turn ("put me in the graveyard at the end of the turn"),
and a creature's trigger that happens only when it was played as sudden. The sentences
here are on no real card."""

from __future__ import annotations

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse

from .helpers import P1, do, end_phase, first_city, play_phase, resources, to_hand
from .test_grammar import from_text
from .test_players import declines

BLAZE = from_text(
    "Test Blaze",
    "creature",
    "Sudden - I can be played directly into your army. When you play me as sudden, put me "
    "into the graveyard at the end of this turn.",
    attack=3,
    defense=1,
)


def to_end_of_turn(state) -> None:
    while state.active == P1:
        end_phase(state)
        declines(state)


def test_a_creature_played_as_sudden_goes_to_the_graveyard_at_the_end_of_the_turn():
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    blaze = to_hand(state, P1, BLAZE)
    do(state, f"P1: play #{blaze} army")
    declines(state)
    assert state.cards[blaze].zone == (P1, rules.ARMY)  # still there this turn
    to_end_of_turn(state)
    assert state.cards[blaze].zone == (P1, rules.GRAVE)


def test_the_same_creature_played_into_a_city_stays():
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    blaze = to_hand(state, P1, BLAZE)
    do(state, f"P1: play #{blaze} -> #{first_city(state, P1)}")
    declines(state)
    to_end_of_turn(state)
    assert rules.in_play(state, blaze)


def test_only_a_creature_knows_it_was_played_as_sudden():
    text = "When you play me as sudden, draw a card."
    assert parse(text, "event", "T").unenforced
    (a,) = parse(text, "creature", "T").abilities
    assert (a.when, a.condition) == ("play", "sudden")
