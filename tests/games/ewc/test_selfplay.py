"""Whole EWC games: 500 seeded random games without an exception or a lost card, records
that replay exactly, and views that never show another seat's hand."""


import pytest

from tabletop.bots import random_bot
from tabletop.engine import HIDDEN, GameRecord, Match, view
from tabletop.engine.invariants import view_leaks
from tabletop.games import get
from tabletop.selfplay import pick_decks, play_game

from ..selfplay_checks import play_random_game

GAME = get("ewc")
CHUNK = 100


@pytest.mark.parametrize("first", range(0, 500, CHUNK))
def test_500_seeded_random_games_finish_with_every_card_in_exactly_one_zone(first):
    """Every step: the generators' legal actions all pass their checks (verify=True), one
    is played, no card is lost or duplicated, the invariants hold; every few turns no view
    leaks."""
    capped = 0
    for seed in range(first, first + CHUNK):
        seats = 2 if seed % 10 else 3 + seed % 20 // 10  # some 3- and 4-player games too
        state = play_random_game(GAME, seed, seats)
        capped += not state.over
    assert capped <= CHUNK // 20


def test_a_replayed_record_reaches_the_identical_final_state():
    for seed in range(20):
        result = play_game(GAME, pick_decks(GAME, 2, seed), seed,
                           [random_bot(seed), random_bot(seed + 1)])
        text = result.record.model_dump_json()
        original = result.record.replay(GAME)
        again = GameRecord.model_validate_json(text).replay(GAME)
        assert again.snapshot() == original.snapshot()
        assert again.winners == result.winners


def test_a_replay_can_stop_at_any_step():
    result = play_game(GAME, pick_decks(GAME, 2, 3), 3, [random_bot(1), random_bot(2)])
    halfway = len(result.record.actions) // 2
    a = result.record.replay(GAME, upto=halfway)
    b = result.record.replay(GAME, upto=halfway)
    assert a.snapshot() == b.snapshot()
    assert not a.over


def test_view_never_shows_the_other_seats_hand_or_any_deck():
    result = play_game(GAME, pick_decks(GAME, 2, 8), 8, [random_bot(3), random_bot(4)])
    for step in range(0, len(result.record.actions), 9):
        state = result.record.replay(GAME, upto=step)
        for seat in range(2):
            seen = view(state, seat)
            other = 1 - seat
            assert all(seen.cards[c].card is HIDDEN for c in seen.zones[(other, "hand")])
            assert all(seen.cards[c].card is HIDDEN for c in seen.zones[(seat, "deck")])
            assert all(seen.cards[c].card is not HIDDEN for c in seen.zones[(seat, "hand")])
            assert view_leaks(state, seen, seat) == []


def test_events_about_a_draw_hide_the_card_from_the_other_seat():
    match = Match(GAME, pick_decks(GAME, 2, 1), 1)
    draws = [e for e in match.setup_events if e.kind == "move" and "draws" in e.text]
    assert draws
    for e in draws:
        other = 1 - e.seat
        assert e.text_for(other) == f"Player {e.seat + 1} draws a card"
        assert e.text_for(e.seat) != e.text_for(other)
