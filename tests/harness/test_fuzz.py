"""The fuzzer: passes on every registered game, and catches what it is meant to catch."""

import io
import json
import random
import re
import time
from types import ModuleType

import pytest

from tabletop.cli import main
from tabletop.engine import (
    CardInstance,
    Event,
    GameState,
    Match,
    Prompt,
    can_see,
    legal_actions,
    pick_decks,
)
from tabletop.engine.abilities import Modifier, pend
from tabletop.engine.invariants import hidden_from
from tabletop.games import get, registry
from tabletop.games.ewc import rules
from tabletop.verbs.fuzz import Break, deck_pool, kept, pick, run, unchanged

from ..games.arcmage_library import deck, wire, write
from . import fuzz_workers


def patch_rule(monkeypatch, name, replacement):
    """Replace one of EWC's rules (``draw``, ``heal``) wherever its package calls it: each
    module of ``rules`` imports the rules it uses by name."""
    original = getattr(rules, name)
    for module in (rules, *(m for m in vars(rules).values() if isinstance(m, ModuleType))):
        if getattr(module, name, None) is original:
            monkeypatch.setattr(module, name, replacement)


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_a_short_fuzz_of_every_game_finds_nothing(game_id):
    # a way of playing another game (its longer games of three) plays fewer: its rules are
    # the other's, fuzzed here too
    games = 25 if get(game_id).variant_of is None else 8
    result = run(get(game_id), games=games, seed=9)
    assert result.broken is None, result.broken.report()
    assert result.games == games and result.illegal_tried > 0


@pytest.mark.parametrize(
    ("game_id", "seats", "games"),
    [("ewc", 3, 6), ("ewc", 4, 4), ("arcmage", 3, 2), ("arcmage", 4, 1)],
)
def test_three_and_four_seat_games_fuzz_clean(game_id, seats, games):
    result = run(get(game_id), games=games, seed=21, seats=seats)
    assert result.broken is None, result.broken.report()
    assert result.games == games and len(result.wins) == seats


def test_a_game_for_two_refuses_more_seats():
    with pytest.raises(ValueError, match="2 to 2 players"):
        run(get("wota"), games=1, seed=1, seats=3)


def test_a_lost_card_is_reported_with_its_seed_and_actions(monkeypatch):
    original = rules.draw

    def leaky_draw(state, seat, count, events):
        original(state, seat, count, events)
        hand = state.zones[(seat, rules.HAND)]
        if state.turn == 3 and hand:
            hand.pop()  # the card is in no zone any more

    patch_rule(monkeypatch, "draw", leaky_draw)
    result = run(get("ewc"), games=5, seed=1)
    assert result.broken is not None
    assert "is in no zone" in result.broken.problem
    assert result.broken.seed == 1 and result.broken.actions
    assert result.broken.actions[0].startswith("P")


def test_a_refusal_that_changes_the_state_is_reported(monkeypatch):
    move = rules.MOVES["play"]

    def meddling_check(state, action):
        reason = move.check(state, action)
        if reason is not None:
            state.data.next_bonus[action.seat] += 1
        return reason

    monkeypatch.setitem(
        rules.MOVES,
        "play",
        move.__class__("play", move.generate, meddling_check, move.execute, exact=True),
    )
    result = run(get("ewc"), games=3, seed=2)
    assert result.broken is not None
    assert "changed the state" in result.broken.problem


def test_a_generator_that_disagrees_with_its_check_is_reported(monkeypatch):
    move = rules.MOVES["tp"]

    def every_card(state, seat):  # turned cards too: their check refuses them
        for cid in state.zones[(seat, rules.FIELD)]:
            yield rules.act(state, "tp", seat, (cid,))

    monkeypatch.setitem(
        rules.MOVES, "tp", move.__class__("tp", every_card, move.check, move.execute, exact=True)
    )
    result = run(get("ewc"), games=3, seed=3)
    assert result.broken is not None
    assert "GeneratorError" in result.broken.problem


def test_the_fuzz_verb_exits_non_zero_on_a_break(monkeypatch, capsys):
    patch_rule(
        monkeypatch,
        "heal",
        lambda state, seat, amount, events: setattr(rules.hero(state, seat), "damage", -5),
    )
    assert main(["fuzz", "--game", "ewc", "--games", "30", "--seed", "4"]) == 1
    err = capsys.readouterr().err
    assert "negative damage" in err and "actions that reproduce it:" in err


def test_a_break_names_its_seed_step_and_decks_first_and_its_command_plays_it_again(
    monkeypatch, capsys
):
    patch_rule(
        monkeypatch,
        "heal",
        lambda state, seat, amount, events: setattr(rules.hero(state, seat), "damage", -5),
    )
    assert main(["fuzz", "--game", "ewc", "--games", "30", "--seed", "4"]) == 1
    first = capsys.readouterr().err.split("actions that reproduce it:")[0].splitlines()
    first = next(line for line in first if not line.startswith("fuzz ewc: "))
    found = re.fullmatch(
        r"ewc broke: seed (\d+), step (\d+) \(after \d+ actions\), "
        r"decks (\S+) v (\S+); reproduce: (tabletop fuzz .*)",
        first,
    )
    assert found, first
    seed, step, deck1, deck2, command = found.groups()
    assert command == f"tabletop fuzz --game ewc --seed {seed} --games 1 --decks {deck1},{deck2}"
    assert main(command.split()[1:]) == 1
    again = capsys.readouterr().err
    assert f"seed {seed}, step {step} " in again and "negative damage" in again


def test_a_leak_is_found_at_the_action_that_makes_it_when_every_action_is_checked(
    monkeypatch, capsys
):
    # a draw that names the card drawn to everyone: with every action checked, the break is
    # the first such draw, and its command line checks every action too
    def leaky_draw(state, seat, count, events):
        for cid in state.zones[(seat, rules.DECK)][:count]:
            state.move(cid, (seat, rules.HAND))
            events.append(Event("move", f"draws {state.cards[cid].card.name}", seat=seat))

    patch_rule(monkeypatch, "draw", leaky_draw)
    every = run(get("ewc"), games=3, seed=4, leak_every=1).broken
    assert every is not None and "can tell hidden cards apart" in every.problem
    fifth = run(get("ewc"), games=3, seed=4).broken
    assert fifth is not None and (fifth.seed, fifth.step) >= (every.seed, every.step)
    assert every.command().endswith(" --leak-every 1")
    assert main([*every.command().split()[1:], "--progress", "0"]) == 1
    assert f"seed {every.seed}, step {every.step} " in capsys.readouterr().err


def test_a_break_of_more_seats_names_them_in_its_command():
    broken = Break("ewc", 3, 10, "planted", [], ["a", "b", "c"])
    assert broken.command() == "tabletop fuzz --game ewc --seed 3 --games 1 --decks a,b,c --seats 3"


def test_the_time_budget_stops_starting_games_and_progress_is_printed(capsys):
    start = time.perf_counter()
    assert (
        main(["fuzz", "--game", "ewc", "--games", "40", "--seconds", "0.3", "--progress", "0.05"])
        == 0
    )
    took = time.perf_counter() - start
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert 1 <= result["games"] < 40 and result["stopped_by"] == "seconds"
    assert took < 15  # the games under way at 0.3 s are finished, no others begun
    progress = [line for line in captured.err.splitlines() if line.startswith("fuzz ewc: ")]
    assert progress and progress[-1].startswith(f"fuzz ewc: {result['games']}/40 games, ")


def test_progress_lines_name_the_game_the_games_done_the_actions_and_the_rate():
    stream = io.StringIO()
    result = run(get("ewc"), games=3, seed=1, progress=stream, progress_every=0.001)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 4, lines  # after each game (once 0.001 s has passed), and the last
    assert re.fullmatch(r"fuzz ewc: 1/3 games, [\d,]+ actions, [\d.]+ games/s, \d+ s", lines[0])
    assert lines[-1].startswith(f"fuzz ewc: 3/3 games, {result.actions:,} actions, ")
    assert lines[-1].endswith("(done)")


def test_shipped_decks_are_drawn_as_self_play_draws_them():
    game = get("ewc")
    pool, drawn = deck_pool(game, "shipped")
    for seed in range(1, 30):
        decks = [game.card_set().deck(d) for d in pick(pool, drawn, 2, seed)]
        assert decks == pick_decks(game, 2, seed)


def test_imported_decks_are_fuzzed_beside_the_shipped_ones(monkeypatch, tmp_path, capsys):
    game = wire(monkeypatch)
    assert main(["import", "arcmage", str(write(tmp_path / "decks.json", [deck("Tiny")]))]) == 0
    capsys.readouterr()
    pool, drawn = deck_pool(game, "all")
    assert "imported-tiny" in pool and drawn
    assert "imported-tiny" not in deck_pool(game, "shipped")[0]
    seed = next(s for s in range(1, 50) if pick(pool, drawn, 2, s) == ["imported-tiny"] * 2)
    result = run(game, games=1, seed=seed)
    assert result.broken is None, result.broken.report()
    assert result.games == 1 and result.per_deck == {"imported-tiny": 1}
    assert result.actions > 20


def test_the_seeds_played_and_what_they_found_do_not_depend_on_the_number_of_processes():
    alone = run(get("ewc"), games=2, seed=5)
    shared = run(get("ewc"), games=2, seed=5, jobs=2)
    assert shared.as_dict() | {
        "seconds": 0,
        "games_per_second": 0,
        "jobs": 1,
    } == alone.as_dict() | {"seconds": 0, "games_per_second": 0}
    assert shared.games == 2 and shared.jobs == 2


def test_a_break_in_any_process_stops_them_all_and_the_lowest_seed_is_reported():
    result = run(get("ewc"), games=1000, seed=10, jobs=2, _worker_target=fuzz_workers.planted)
    assert result.broken is not None and result.broken.problem == "planted at 13"
    assert result.games == 3 and result.actions == 40  # seeds 10, 11, 12 and the break
    assert result.stopped_by == "break"


def test_a_process_that_dies_is_reported_not_waited_for():
    result = run(get("ewc"), games=10, seed=1, jobs=2, _worker_target=fuzz_workers.dying)
    assert result.error is not None and "exit code 3" in result.error
    assert not result.as_dict()["ok"]


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_the_cards_hidden_from_a_seat_are_those_can_see_hides(game_id):
    game = get(game_id)
    rng = random.Random(3)
    match = Match(game, pick_decks(game, game.min_seats, 3), 3)
    state = match.state
    while not state.over and state.turn <= 40:
        for seat in range(state.seats):
            assert hidden_from(state, seat) == {
                cid for cid in state.cards if not can_see(state, seat, cid)
            }
        match.apply(rng.choice(legal_actions(state)))


# How to change each part of a state that its snapshot holds (what a refused action must not
# change); the parts a snapshot leaves out are named apart.
STATE_CHANGES = {
    "seats": lambda s: setattr(s, "seats", s.seats + 1),
    "phase": lambda s: setattr(s, "phase", s.phase + "?"),
    "active": lambda s: setattr(s, "active", 1 - s.active),
    "turn": lambda s: setattr(s, "turn", s.turn + 1),
    "rng": lambda s: s.rng.randint(1, 6),
    "prompts": lambda s: setattr(s, "prompts", (*s.prompts, Prompt(0, "x"))),
    "over": lambda s: setattr(s, "over", True),
    "winners": lambda s: setattr(s, "winners", (0,)),
    "zones": lambda s: s.zones[(0, rules.HAND)].reverse(),
    "data": lambda s: s.data.next_bonus.__setitem__(0, s.data.next_bonus[0] + 1),
    "lasting": lambda s: setattr(
        s, "lasting", (*s.lasting, Modifier(max(s.cards), "atk", 1, max(s.cards)))
    ),
    "pending": lambda s: pend(s, 1, max(s.cards), 0, "x"),
}
# ``moved`` and ``board`` count card moves for the games' caches: counts, not a position (two
# states with the same cards in the same places are the same position whatever their counts);
# ``offered`` remembers what ``legal_actions`` last said of this very position; ``names``
# is the cards of each name as ``moved`` last found them (``card_name``'s cache).
NOT_IN_A_SNAPSHOT = {
    "game",
    "seat_names",
    "next_id",
    "moved",
    "names",
    "board",
    "knows",
    "journal",
    "offered",
}
CARD_CHANGES = {
    "id": lambda c: setattr(c, "id", c.id + 1000),
    "card": lambda c: setattr(c, "card", c.card.model_copy()),
    "owner": lambda c: setattr(c, "owner", 1 - c.owner),
    "zone": lambda c: setattr(c, "zone", (None, "elsewhere")),
    "turned": lambda c: setattr(c, "turned", not c.turned),
    "face_down": lambda c: setattr(c, "face_down", not c.face_down),
    "damage": lambda c: setattr(c, "damage", c.damage + 1),
    "counters": lambda c: c.counters.__setitem__("x", 1),
    "attached_to": lambda c: setattr(c, "attached_to", 12345),
}


def test_a_refused_action_may_change_no_part_of_the_state_a_snapshot_holds():
    game = get("ewc")
    state = Match(game, pick_decks(game, 2, 1), 1).state
    assert set(STATE_CHANGES) | {"cards"} == set(GameState.__slots__) - NOT_IN_A_SNAPSHOT
    assert set(CARD_CHANGES) == set(CardInstance.__slots__)
    changes = [*STATE_CHANGES.items(), ("cards", lambda s: s.cards.pop(max(s.cards)))]
    changes += [
        (f"card.{name}", lambda s, change=change: change(s.cards[max(s.cards)]))
        for name, change in CARD_CHANGES.items()
    ]
    for name, change in changes:
        before = kept(state)
        assert unchanged(before, state)
        changed = state.clone()
        change(changed)
        assert not unchanged(before, changed), name
