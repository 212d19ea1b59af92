"""The core on a game it was not written for: phases, windows, refusals, views, records."""

import ast
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.bots import greedy_bot, random_bot
from tabletop.engine import (
    HIDDEN,
    GameRecord,
    IllegalAction,
    Match,
    apply,
    check,
    legal_actions,
    parse,
    to_act,
    view,
)
from tabletop.engine.invariants import view_leaks, zone_problems
from tabletop.games import registry

from .toy import DECK, SUMS

ENGINE = Path(__file__).resolve().parents[2] / "tabletop" / "engine"


def test_engine_never_imports_pygame():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(a.name.split(".")[0] == "pygame" for a in node.names), path
            elif isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "pygame", path
    code = "import sys, tabletop.engine; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_engine_knows_no_game():
    ids = set(registry()) | {"ewc", "wota", "arcmage", "eoc", "coe"}
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        strings = {
            n.value.lower()
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
        assert not strings & ids, f"{path.name} names a game: {strings & ids}"
        imports = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
        assert not any("games" in m for m in imports), path


def new():
    return SUMS.new_game([DECK, DECK], seed=3)


def test_automatic_phases_advance_by_themselves():
    state = new()
    assert state.phase == "main" and state.active == 0
    assert len(state.zones[(0, "hand")]) == 4  # 3 dealt, 1 drawn in the automatic Draw


def test_a_window_asks_the_other_seat_to_respond_or_pass():
    state = new()
    play = next(a for a in legal_actions(state) if a.kind == "play")
    apply(state, play)
    assert to_act(state) == 1
    assert sorted(a.kind for a in legal_actions(state)) == ["doubt", "pass"]
    assert "waiting for Player 2" in check(state, parse(state, "P1: end"))
    events = apply(state, parse(state, "pass"))
    assert [e.text for e in events] == ["Player 2 passes", "not doubted"]
    assert to_act(state) == 0


def test_responding_in_a_window_runs_the_games_move():
    state = new()
    play = next(a for a in legal_actions(state) if a.kind == "play")
    apply(state, play)
    apply(state, parse(state, "doubt"))
    assert state.cards[play.cards[0]].turned and not state.prompts


def test_a_refused_action_names_the_rule_and_changes_nothing():
    state = new()
    apply(state, next(a for a in legal_actions(state) if a.kind == "play"))
    apply(state, parse(state, "pass"))
    before = state.snapshot()
    action = next(a for a in (parse(state, f"play #{c}") for c in state.zones[(0, "hand")]))
    with pytest.raises(IllegalAction, match="Sums: one card a turn"):
        apply(state, action)
    assert state.snapshot() == before


def test_an_action_legal_actions_offered_is_not_checked_again_while_the_state_is_unchanged(
    monkeypatch,
):
    """``apply`` trusts the very actions ``legal_actions`` just offered for this position
    (the check ran as they were made); an equal action made elsewhere is checked."""
    state = new()
    checked = []
    move = SUMS.moves["play"]

    def counting(state, action):
        checked.append(action)
        return move.check(state, action)

    monkeypatch.setitem(SUMS.moves, "play", replace(move, check=counting))
    offered = next(a for a in legal_actions(state) if a.kind == "play")
    checked.clear()
    apply(state, offered)
    assert checked == []
    state = new()
    legal_actions(state)
    checked.clear()
    apply(state, parse(state, offered.exact()))
    assert len(checked) == 1


def test_an_offer_goes_stale_once_an_action_is_carried_out():
    state = new()
    apply(state, next(a for a in legal_actions(state) if a.kind == "play"))
    doubt = next(a for a in legal_actions(state) if a.kind == "doubt")
    apply(state, doubt)  # turns the card: no card moves
    with pytest.raises(IllegalAction, match=r"waiting for Player 1|Player 1's turn"):
        apply(state, doubt)


def test_an_offer_goes_stale_once_a_card_moves():
    state = new()
    play = next(a for a in legal_actions(state) if a.kind == "play")
    state.move(play.cards[0], (0, "pile"))
    with pytest.raises(IllegalAction, match="Sums: play from your hand"):
        apply(state, play)


def test_an_action_added_to_the_offered_list_is_checked():
    state = new()
    offered = legal_actions(state)
    offered.append(parse(state, "pass"))
    with pytest.raises(IllegalAction, match="nothing to pass on"):
        apply(state, offered[-1])


def test_a_kind_the_phase_does_not_allow_is_refused_with_the_moves_reason():
    state = new()
    assert check(state, parse(state, "pass")).endswith(
        "there is nothing to pass on; end the phase instead"
    )
    assert check(state, parse(state, "shuffle")) == "Sums: there is no action called 'shuffle'"


def test_view_hides_the_other_hand_and_every_deck():
    state = new()
    seen = view(state, 0)
    assert all(seen.cards[c].card is HIDDEN for c in seen.zones[(1, "hand")])
    assert all(seen.cards[c].card is HIDDEN for c in seen.zones[(0, "deck")])
    assert all(seen.cards[c].card is not HIDDEN for c in seen.zones[(0, "hand")])
    assert seen.zones[(0, "deck")] == sorted(seen.zones[(0, "deck")])
    assert view_leaks(state, seen, 0) == []
    assert seen.rng != state.rng


def test_a_shuffle_changes_which_card_each_id_is():
    state = new()
    deck = (0, "deck")
    before = {c: state.cards[c].card.name for c in state.zones[deck]}
    state.shuffle(deck)
    after = {c: state.cards[c].card.name for c in state.zones[deck]}
    assert set(before) == set(after) and before != after
    assert zone_problems(state) == []


def test_a_record_replays_to_the_identical_state():
    match = Match(SUMS, [DECK, DECK], seed=11)
    bots = [random_bot(1), random_bot(2)]
    while not match.state.over:
        seat = to_act(match.state)
        match.apply(bots[seat](view(match.state, seat)))
        assert zone_problems(match.state) == []
    text = match.record.model_dump_json()
    replayed = GameRecord.model_validate_json(text).replay(SUMS)
    assert replayed.snapshot() == match.state.snapshot()


def test_the_bots_play_a_game_they_were_not_written_for():
    for bots in ([greedy_bot(), random_bot(5)], [random_bot(6), greedy_bot()]):
        match = Match(SUMS, [DECK, DECK], seed=4)
        while not match.state.over:
            seat = to_act(match.state)
            match.apply(bots[seat](view(match.state, seat)))
        assert match.state.winners


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_the_trusted_fast_path_plays_every_game_exactly_as_the_checked_apply(game_id):
    """``apply(..., trusted=True)`` (a look-ahead applying an action it took from
    ``legal_actions``) skips the legality check and keeps no events, and leaves the same
    state as the checked ``apply``, action for action, over whole random games."""
    import random

    from tabletop.engine import pick_decks

    game = registry()[game_id]
    rng = random.Random(7)
    for seed in range(3):
        decks = pick_decks(game, game.min_seats, seed)
        checked = game.new_game(decks, seed)
        fast = game.new_game(decks, seed)
        for _ in range(300):
            if checked.over:
                break
            action = rng.choice(legal_actions(checked))
            apply(checked, action)
            assert apply(fast, action, trusted=True) == []
            assert fast.snapshot() == checked.snapshot()
