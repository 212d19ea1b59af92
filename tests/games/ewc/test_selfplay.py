"""Whole EWC games: 500 seeded random games without an exception or a lost card, records
that replay exactly, and views that never show another seat's hand."""

import pytest

from tabletop.bots import random_bot
from tabletop.engine import HIDDEN, GameRecord, Match, pick_decks, to_act, view
from tabletop.engine.invariants import view_leaks
from tabletop.games import get
from tabletop.verbs.selfplay import play_game

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


def play(seed: int) -> tuple[Match, list[tuple]]:
    """A whole game between two random bots, as the table plays it (each bot sees its view);
    returns the match and the state's snapshot after each action."""
    match = Match(GAME, pick_decks(GAME, 2, seed), seed)
    bots = [random_bot(seed), random_bot(seed + 1)]
    snapshots = [match.state.snapshot()]
    while not match.state.over and match.state.turn <= GAME.turn_cap():
        seat = to_act(match.state)
        match.apply(bots[seat](view(match.state, seat)))
        snapshots.append(match.state.snapshot())
    return match, snapshots


def test_a_replayed_record_reaches_the_identical_final_state():
    for seed in range(20):
        match, _ = play(seed)
        assert match.state.over
        saved = GameRecord.model_validate_json(match.record.model_dump_json())
        replayed = saved.replay(GAME)
        assert replayed.snapshot() == match.state.snapshot()
        assert replayed.winners == match.state.winners


def test_a_replay_can_stop_at_any_step():
    match, snapshots = play(3)
    assert len(snapshots) == len(match.record.actions) + 1 > 20
    for step in (0, 1, len(snapshots) // 3, len(snapshots) // 2, len(snapshots) - 2):
        state = match.record.replay(GAME, upto=step)
        assert state.snapshot() == snapshots[step], step
        assert not state.over


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
