"""Self-play fuzzing: seeded random games, every invariant checked after every action.

After each action of each game:

* no exception;
* every card instance is in exactly one zone (none lost, none duplicated);
* the game's own invariants hold (counts and totals in their legal ranges);
* every action the engine lists as legal passes its check (``verify=True``), and a few
  random illegal actions are refused without changing the state;
* no seat's view shows a card it may not see, and (every few actions) nothing a seat is
  shown depends on the cards it may not see (the action is played again in a possible world
  where those cards are dealt otherwise: see :mod:`tabletop.engine.invariants`);
* now and then a seat that is not to act interrupts, where the game allows it.

A game that reaches the turn cap is a draw by the cap, counted. The first break stops the
run and reports the seed and the actions that reproduce it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from .engine import (
    CONCEDE,
    END,
    PASS,
    Action,
    Game,
    IllegalAction,
    Match,
    apply,
    check,
    legal_actions,
    responses,
    view,
)
from .engine.invariants import observation_leaks, view_leaks, zone_problems
from .selfplay import pick_decks

ILLEGAL_TRIES = 3
LEAK_EVERY = 5  # actions between two possible-world checks
RESPOND_ODDS = 0.1  # how often a seat that may interrupt does


@dataclass
class Break:
    game: str
    seed: int
    step: int
    problem: str
    actions: list[str]

    def report(self) -> str:
        lines = [f"{self.game} seed {self.seed}, after {self.step} actions: {self.problem}",
                 "actions that reproduce it:"]
        lines += [f"  {a}" for a in self.actions]
        return "\n".join(lines)


@dataclass
class FuzzResult:
    game: str
    games: int = 0
    actions: int = 0
    wins: list[int] = field(default_factory=list)
    capped: int = 0
    illegal_tried: int = 0
    seconds: float = 0.0
    broken: Break | None = None

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "games": self.games,
            "actions": self.actions,
            "wins_per_seat": self.wins,
            "draws_by_turn_cap": self.capped,
            "illegal_actions_refused": self.illegal_tried,
            "seconds": round(self.seconds, 1),
            "ok": self.broken is None,
        }


def random_illegal(state, rng: random.Random) -> Action:
    """A random action of a real kind, with random cards and seat: usually illegal."""
    game = state.game
    kinds = [*game.moves, END, PASS]
    ids = list(state.cards)
    cards = tuple(rng.choice(ids) for _ in range(rng.choice((0, 1, 1, 2))))
    targets = tuple(rng.choice(ids) for _ in range(rng.choice((0, 0, 1))))
    return Action(rng.choice(kinds), rng.randrange(state.seats), cards, targets)


def problems_after_step(state, game: Game) -> list[str]:
    out = zone_problems(state)
    out += game.invariants(state)
    if not state.over:
        for seat in range(state.seats):
            out += view_leaks(state, view(state, seat), seat)
    return out


def fuzz_game(game: Game, seed: int, result: FuzzResult, seats: int = 2) -> None:
    rng = random.Random(seed)
    match = Match(game, pick_decks(game, seats, seed), seed)
    state = match.state
    cap = game.turn_cap()

    def broke(problem: str) -> None:
        result.broken = Break(game.id, seed, len(match.record.actions), problem,
                              list(match.record.actions))

    problems = problems_after_step(state, game)
    if problems:
        broke("; ".join(problems))
        return
    while not state.over and state.turn <= cap:
        try:
            actions = legal_actions(state, verify=True)
        except Exception as e:
            broke(f"legal_actions raised {type(e).__name__}: {e}")
            return
        if not actions:
            broke("no legal action, but the game is not over")
            return
        before = state.snapshot()
        for _ in range(ILLEGAL_TRIES):
            wrong = random_illegal(state, rng)
            if wrong.kind == CONCEDE or check(state, wrong) is None:
                continue
            result.illegal_tried += 1
            try:
                apply(state, wrong)
            except IllegalAction:
                pass
            else:
                broke(f"refused action {wrong.exact()} was carried out")
                return
        if state.snapshot() != before:
            broke("a refused action changed the state")
            return
        interrupts = responses(state)
        if interrupts and rng.random() < RESPOND_ODDS:
            action = rng.choice(interrupts)
        else:
            action = rng.choice(actions)
        if len(match.record.actions) % LEAK_EVERY == 0:
            try:
                leaks = observation_leaks(state, action, rng, worlds=1)
            except Exception as e:
                broke(f"{action.exact()} in a possible world raised {type(e).__name__}: {e}")
                return
            if leaks:
                broke(leaks[0])
                return
        try:
            match.apply(action)
        except Exception as e:
            broke(f"{action.exact()} raised {type(e).__name__}: {e}")
            return
        result.actions += 1
        problems = problems_after_step(state, game)
        if problems:
            broke("; ".join(problems[:3]))
            return
    result.games += 1
    if state.over:
        for w in state.winners:
            result.wins[w] += 1
    else:
        result.capped += 1


def run(game: Game, games: int, seed: int) -> FuzzResult:
    result = FuzzResult(game.id, wins=[0] * game.min_seats)
    start = time.perf_counter()
    for i in range(games):
        fuzz_game(game, seed + i, result, game.min_seats)
        if result.broken is not None:
            break
    result.seconds = time.perf_counter() - start
    return result
