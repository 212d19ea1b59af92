"""The Hard computer opponent: the Normal player's choice, checked by playing it out.

The bot sees only its view. It first scores every legal move as the Normal player does (one
move ahead, by the game's evaluation) and keeps the best few. Then, round after round, it
deals a possible world from what its seat knows (:class:`~tabletop.engine.knowledge.Dealer`)
and plays each of those moves on in that world: the rest of its own turn and every other
seat's next turn, each seat (answers in windows included) choosing as the Normal player
would, until its own next turn begins; the game's evaluation scores where each ends. The
moves of a round share the deal and the dice, so they are compared on equal terms, and the
bot plays the move whose playouts beat the Normal player's choice by the most, if by
``SMALL`` at least. It asks no standard errors on top: measured offline against an oracle
(each move played out 32 rounds, judged by a second oracle's other deals and dice), two
standard errors after three rounds left about twice the plain best mean's regret in War of
the Arcane and C.O.E; in EWC, whose dice are large beside the Normal player's mistakes,
they did better, by less than the games' figures can show (``docs/benchmarks.md``, "Hard's
choice, measured offline").

This is a rollout algorithm (one step of policy improvement over the Normal player: Tesauro
and Galperin, *On-line policy improvement using Monte-Carlo search*, 1996) over
determinized worlds. It plans the rest of a turn and expects the other seat to answer, which
the Normal player does not. An information-set tree search (ISMCTS: Cowling, Powley and
Whitehouse, 2012), :class:`Ismcts`, is kept as the baseline it was measured against
(``tabletop arena --bots hard,ismcts``; figures in ``docs/benchmarks.md``).

Time is budgeted per turn, not per decision (:class:`TurnClock`): a turn's budget is shared
among the decisions a turn of this game usually has; a decision with one legal move costs
nothing, and one whose budget cannot pay for a few rounds is the Normal player's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import (
    END,
    PASS,
    Action,
    GameState,
    IllegalAction,
    Rng,
    apply,
    legal_actions,
    to_act,
    view,
)
from ..engine.knowledge import Dealer
from .greedy import alike, greedy_bot, greedy_scores, meaning, score

WIN = 1e5  # evaluations beyond this are won or lost games, not positions
WIDTH = 40  # the most moves a playout step weighs (War of the Arcane can offer 190)
MIN_ROUNDS = 3  # rounds before a verdict (and before the moves in the running are halved)
MAX_ROUNDS = 32  # rounds after which more say too little to be worth the time
SURE = 2.0  # standard errors for a search to stop early
ROOMY = 0.3  # seconds a decision needs for Normal's scores over more rolls of the dice
SMALL = 0.02  # a gain too small to leave the Normal player's move for (scores run 0..1)


# -- the playouts ------------------------------------------------------------------------------


def normal_move(
    state: GameState,
    actions: list[Action],
    rng: random.Random,
    width: int = WIDTH,
    samples: int = 1,
) -> Action:
    """The playouts' policy: the Normal player's choice with no look-ahead inside windows
    and ``samples`` imagined rolls of the dice (the Normal player's own, the same in every
    playout), among at most ``width`` moves (ending or passing always among them)."""
    if len(actions) > width:
        quiet = [a for a in actions if a.kind in (END, PASS)]
        picked = rng.sample(actions, width)
        actions = picked + [a for a in quiet if a not in picked]
    seat = to_act(state)
    assert seat is not None
    values = [score(state, a, seat, samples, 0) for a in actions]
    return actions[max(range(len(actions)), key=values.__getitem__)]


def play_on(
    world: GameState,
    seat: int,
    since: int,
    rng: random.Random,
    turns: int = 1,
    dice: int = 0,
    limit: int = 400,
    stop: Callable[[], bool] | None = None,
) -> bool:
    """Play ``world`` on, every seat as the Normal player deciding from its own view of it
    (a playout where the other seat knows every face-down card would never walk into one),
    until the ``turns``-th turn of ``seat``'s after turn ``since`` begins (or the game
    ends). Each new turn rolls dice drawn afresh from ``dice`` and the turn's number, so
    playouts of one round that differ in a roll or two early on still roll alike after.
    False if ``stop()`` said to stop first (the time is up: the playout is not finished)."""
    began = int(world.active == seat and world.turn > since)
    last = world.turn
    for _ in range(limit):
        if world.over:
            return True
        if world.turn != last:
            last = world.turn
            began += world.active == seat
            world.rng = Rng(dice * 1_000_003 + last)
        if began >= turns:
            return True
        if stop is not None and stop():
            return False
        moves = legal_actions(world)
        if not moves:
            return True
        if len(moves) == 1:
            apply(world, moves[0], trusted=True)
            continue
        sight = view(world, to_act(world))  # type: ignore[arg-type]
        choice = normal_move(sight, legal_actions(sight), rng)
        try:
            apply(world, choice)
        except IllegalAction:  # not one of the world's moves after all: judge on the world
            apply(world, normal_move(world, moves, rng), trusted=True)
    return True


class Spread:
    """Evaluations as scores in 0..1: a won game is 1, a lost one 0, a position the logistic
    of how far it lies from the mean of the positions seen, in their standard deviations."""

    def __init__(self, raws: Sequence[float] = ()):
        plain = [r for r in raws if abs(r) < WIN]
        self.mean = sum(plain) / len(plain) if plain else 0.0
        var = sum((r - self.mean) ** 2 for r in plain) / len(plain) if plain else 0.0
        self.scale = max(math.sqrt(var), 1e-6)

    def squash(self, raw: float) -> float:
        if abs(raw) >= WIN:
            return 1.0 if raw > 0 else 0.0
        x = max(-30.0, min(30.0, (raw - self.mean) / self.scale))
        return 1.0 / (1.0 + math.exp(-x))


# -- the time ----------------------------------------------------------------------------------


class TurnClock:
    """A time budget per turn of the bot's own (``turn`` seconds), shared among the decisions
    a turn of the game usually has (learnt as it plays), each held to ``cap`` seconds; a
    decision in another seat's turn gets ``answer`` seconds."""

    def __init__(self, turn: float, cap: float, answer: float):
        self.turn = turn
        self.cap = cap
        self.answer = answer
        self.current: tuple[int, int] | None = None  # (turn, seat) of the turn under way
        self.spent = 0.0
        self.decided = 0
        self.per_turn: dict[str, float] = {}  # game -> decisions in one of its turns (mean)

    def budget(self, view: GameState, seat: int) -> float:
        if view.active != seat:
            return self.answer
        game = view.game.id
        turn = (view.turn, seat)
        if self.current != turn:
            if self.current is not None and self.decided:
                old = self.per_turn.get(game, self.decided)
                self.per_turn[game] = 0.7 * old + 0.3 * self.decided
            self.current, self.spent, self.decided = turn, 0.0, 0
        expected = self.per_turn.get(game, 8.0)
        left = max(1.0, expected - self.decided)
        return max(0.0, min(self.cap, (self.turn - self.spent) / left))

    def at_least(self, view: GameState, seat: int, seconds: float) -> None:
        """Count at least ``seconds`` as spent in this turn of ``seat``'s (what the table
        has waited for it, which is more than the thinking)."""
        if view.active == seat:
            self.budget(view, seat)  # a new turn starts its account
            self.spent = max(self.spent, seconds)

    def left(self, view: GameState, seat: int) -> float:
        """What is left of this turn's budget (``answer`` in another seat's turn), held to
        ``cap``."""
        if view.active != seat:
            return self.answer
        self.budget(view, seat)  # a new turn starts its account
        return max(0.0, min(self.cap, self.turn - self.spent))

    def used(self, view: GameState, seat: int, seconds: float) -> None:
        if view.active == seat:
            self.spent += seconds
            self.decided += 1


# -- the Hard player ---------------------------------------------------------------------------

Row = tuple[Any, float, int, float, float]  # (move, Normal's score, rounds, Σd, Σd²)


class SearchBot:
    """``SearchBot(seed)(view) -> Action``, best with the view of a Match that remembers
    (``remembers``: see :meth:`~tabletop.engine.record.Match.view`). ``turn_budget``
    seconds per turn of its own, ``decision_cap`` seconds at most for one decision,
    ``answer_budget`` for a decision in another seat's turn; ``rounds`` plays that many
    rounds instead of watching the clock (tests)."""

    def __init__(
        self,
        seed: int = 0,
        turn_budget: float = 2.2,
        decision_cap: float = 1.0,
        answer_budget: float = 0.3,
        keep: int = 10,
        z: float = 0.0,
        horizon: int = 1,
        samples: int = 12,
        rounds: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.rng = random.Random(seed)
        # Whether to interrupt the other seat now is asked after every move of theirs, on
        # the table's own thread: the Normal player's quick answer (``bots.wants_to_respond``);
        # the search then decides what to do.
        self.quick = greedy_bot(seed)
        self.remembers = True
        self.time = TurnClock(turn_budget, decision_cap, answer_budget)
        self.keep = keep
        self.z = z
        self.horizon = horizon  # playouts stop as the horizon-th turn of the seat's begins
        self.samples = samples  # rolls of the dice Normal's scores are averaged over, here
        self.rounds = rounds
        self.clock = clock
        self.playout_cost: dict[str, float] = {}  # game -> seconds a playout takes (mean)
        self.prior_cost: dict[str, float] = {}  # game -> seconds Normal's scores took (last)
        self.rounds_done = 0
        self.stats: list[Row] = []  # the last search's candidates, for root parallelisation

    def __call__(self, view: GameState) -> Action:
        self.stats = []
        self.rounds_done = 0
        actions = legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        seat = to_act(view)
        assert seat is not None
        start = self.clock()
        budget = self.time.budget(view, seat)
        cost = self.playout_cost.get(view.game.id)
        if cost is not None and self.rounds is None:
            # A share of the turn too small for a verdict would be spent on Normal's scores
            # alone, and the time it leaves would go unused at the turn's end: a decision
            # may take what a verdict needs from what is left of the turn.
            need = self.prior_cost.get(view.game.id, 0.0) + 2.4 * MIN_ROUNDS * cost
            budget = max(budget, min(need, self.time.left(view, seat)))
        choice = self.search(view, seat, actions, start + budget)
        self.time.used(view, seat, self.clock() - start)
        return choice

    def search(self, view: GameState, seat: int, actions: list[Action], deadline: float) -> Action:
        game = view.game
        # Normal's scores, over more rolls of the dice when there is time for them.
        asked = self.clock()
        roomy = self.rounds is not None or deadline - asked > ROOMY
        prior = greedy_scores(view, actions, seat, self.samples if roomy else 4)
        self.prior_cost[game.id] = self.clock() - asked
        ranked = sorted(range(len(actions)), key=lambda i: -prior[i])
        top = ranked[0]
        if prior[top] >= WIN:  # the Normal player sees a win in one move
            return actions[top]
        # Moves that mean the same (two copies of a card used alike) are weighed once.
        # Dealt cards are told apart by id: a name would mean different cards in two deals.
        hidden = frozenset(c for c, inst in view.cards.items() if not inst.known)
        ranked = sorted((same[0] for same in alike(view, actions, hidden)), key=lambda i: -prior[i])
        keep = self.keep
        cost = self.playout_cost.get(game.id)  # seconds, learnt as the game goes
        fixed = self.rounds
        if fixed is None and cost is None:
            keep = 2  # the first search of a game: a playout's cost is not known yet
        elif fixed is None:
            # As many moves as the time can give MIN_ROUNDS rounds (half of them go on after
            # that), and none at all if it cannot give two.
            afford = (deadline - self.clock()) / max(cost, 1e-6)
            if afford < 2 * MIN_ROUNDS:
                return actions[top]  # too little time for a verdict: the Normal player's
            keep = min(keep, max(2, int(afford // MIN_ROUNDS)))
        alive = ranked[:keep]
        # Each round: one deal, one seed for the dice, every move still in the running.
        raws: dict[int, list[float]] = {i: [] for i in alive}
        dealer = Dealer(view)
        rng = self.rng
        rounds = tries = 0
        out_of_time = False
        late = None if fixed is not None else (lambda: self.clock() > deadline)
        while (fixed is None or rounds < fixed) and tries < 1000 and len(alive) > 1:
            tries += 1
            began = self.clock()
            if fixed is None and cost is not None and began + cost * len(alive) > deadline:
                break  # the next round would not end in time
            world = dealer.deal(rng)
            dice = rng.getrandbits(62)
            played = 0
            for i in list(alive):  # the top move first: it is every other's yardstick
                w = world.clone()
                w.rng = Rng(dice)
                try:
                    apply(w, actions[i])
                except IllegalAction:  # a move the dealt cards do not allow
                    if i == top:
                        break  # a world the Normal player's choice does not fit: dealt again
                    alive.remove(i)
                    del raws[i]
                    continue
                if not play_on(w, seat, view.turn, rng, self.horizon, dice, stop=late):
                    out_of_time = True  # the round is left unfinished, and not counted
                    break
                raws[i].append(game.evaluate(w, seat))
                played += 1
            else:
                rounds += 1
            if out_of_time:
                for i in alive:
                    del raws[i][rounds:]
                # A playout takes at least as long as this one had run: learnt all the same.
                cost = max(cost or 0.0, (self.clock() - began) / (played + 1))
                break
            now = self.clock()
            if played:
                took = (now - began) / played
                cost = took if cost is None else 0.8 * cost + 0.2 * took
            if fixed is None and now + (now - began) > deadline:
                break
            if rounds >= MIN_ROUNDS:
                rows = rows_of(actions, prior, raws, alive, top)
                if fixed is None and (rounds >= MAX_ROUNDS or all(map(_settled, rows[1:]))):
                    break  # every challenger clearly better, or no better by anything that counts
                if rounds == MIN_ROUNDS:
                    alive = halve(rows, alive)
        if cost is not None:
            self.playout_cost[game.id] = cost
        self.rounds_done = rounds
        self.stats = rows_of(actions, prior, raws, list(raws), top)
        return choose(self.stats, self.z)


def rows_of(
    actions: Sequence[Any],
    prior: Sequence[float],
    raws: dict[int, list[float]],
    moves: list[int],
    top: int,
) -> list[Row]:
    """Each move's row: Normal's score, and its playouts' differences from the top move's,
    round by round (over the rounds both were played, squashed into 0..1 together)."""
    spread = Spread([r for values in raws.values() for r in values])
    base = [spread.squash(r) for r in raws[top]]
    rows = []
    for i in moves:
        mine = [spread.squash(r) for r in raws[i]]
        diffs = [a - b for a, b in zip(mine, base, strict=False)]
        rows.append((actions[i], prior[i], len(diffs), sum(diffs), sum(d * d for d in diffs)))
    return rows


def halve(rows: Sequence[Row], alive: list[int]) -> list[int]:
    """The moves that go on after MIN_ROUNDS rounds: the top move (first in ``alive``, its
    row first in ``rows``) and the better half of the challengers, by their playouts'
    differences from it."""
    if len(alive) <= 2:
        return alive
    order = sorted(range(1, len(alive)), key=lambda k: -rows[k][3])
    return [alive[0]] + [alive[k] for k in order[: max(1, (len(alive) - 1) // 2)]]


def _mean_se(row: Row) -> tuple[float, float] | None:
    """A row's mean difference from the top move and its standard error (None under two
    rounds)."""
    _, _, n, total, squares = row
    if n < 2:
        return None
    mean = total / n
    var = max(0.0, squares / n - mean * mean) * n / (n - 1)
    return mean, math.sqrt(var / n)


def _settled(row: Row) -> bool:
    """Whether more rounds could not change what a challenger's row says: it beats the top
    move by SMALL and by SURE standard errors, or even SURE standard errors above its mean
    it would gain less than SMALL."""
    got = _mean_se(row)
    if got is None:
        return False
    mean, se = got
    return mean >= max(SMALL, SURE * se) or mean + SURE * se < SMALL


def _z(row: Row) -> float:
    """How many standard errors above nought a move's mean difference from the top lies."""
    got = _mean_se(row)
    if got is None:
        return 0.0
    mean, se = got
    if se <= 1e-9:
        return math.copysign(math.inf, mean) if mean else 0.0
    return mean / se


def choose(rows: Sequence[Row], z: float = 0.0) -> Any:
    """The move to play from a search's rows (or several searches' added up): the move whose
    playouts beat the Normal player's choice by the most, among those that beat it by SMALL
    and by ``z`` standard errors at least; else the Normal player's choice (the best
    score)."""
    top = max(rows, key=lambda r: r[1])
    better = [
        r
        for r in rows
        if r is not top and r[2] >= MIN_ROUNDS and r[3] >= SMALL * r[2] and _z(r) >= z
    ]
    if not better:
        return top[0]
    return max(better, key=lambda r: r[3] / r[2])[0]


def combine(searches: Sequence[Sequence[Row]], z: float = 0.0) -> Any:
    """The move several independent searches of one position agree on: their rounds added
    up (root parallelisation; each search scored the moves as the Normal player does, the
    same in every process)."""
    rows: dict[Any, list] = {}
    for stats in searches:
        for move, first, n, total, squares in stats:
            row = rows.setdefault(move, [move, first, 0, 0.0, 0.0])
            row[2] += n
            row[3] += total
            row[4] += squares
    return choose([tuple(r) for r in rows.values()], z)  # type: ignore[misc]


# -- the baseline: information-set Monte Carlo tree search -------------------------------------


class Node:
    __slots__ = ("avail", "children", "mover", "n", "w")

    def __init__(self, mover: int):
        self.mover = mover  # the seat whose move led here (whose score ``w`` sums)
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[tuple, Node] = {}


class Ismcts:
    """Single-observer information-set MCTS: one tree over many deals, moves keyed by what
    they mean (:func:`meaning`) so a branch is the same in every deal, both seats choosing
    by UCB (with availability counts) at their own decisions, windows included; one node
    added per iteration, then the Normal player plays on until the searching seat's next
    turn and the evaluation (squashed against the scores seen) is backed up. The same time
    budget as :class:`SearchBot`."""

    def __init__(
        self,
        seed: int = 0,
        turn_budget: float = 2.2,
        decision_cap: float = 1.2,
        answer_budget: float = 0.3,
        exploration: float = 0.7,
        iterations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.rng = random.Random(seed)
        self.quick = greedy_bot(seed)
        self.remembers = True
        self.time = TurnClock(turn_budget, decision_cap, answer_budget)
        self.c = exploration
        self.iterations = iterations
        self.clock = clock
        self.iterations_done = 0

    def __call__(self, view: GameState) -> Action:
        actions = legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        seat = to_act(view)
        assert seat is not None
        start = self.clock()
        choice = self.search(view, seat, actions, start + self.time.budget(view, seat))
        self.time.used(view, seat, self.clock() - start)
        return choice

    def search(self, view: GameState, seat: int, actions: list[Action], deadline: float) -> Action:
        rng = self.rng
        dealer = Dealer(view)
        root = Node(seat)
        unknown = dealer.unknown
        at_root = {meaning(view, a, unknown): a for a in actions}
        evaluate = view.game.evaluate
        seen: list[float] = []
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done >= 8 and self.clock() >= deadline:
                break
            done += 1
            world = dealer.deal(rng)
            path = [root]
            node = root
            while not world.over and not (world.active == seat and world.turn > view.turn):
                moves = legal_actions(world)
                if not moves:
                    break
                if len(moves) == 1:
                    apply(world, moves[0], trusted=True)
                    continue
                mover = to_act(world)
                hidden = unknown if mover == seat else frozenset()
                keyed: dict[tuple, Action] = {}
                for a in moves:
                    keyed.setdefault(meaning(world, a, hidden), a)
                children = node.children
                untried = []
                best_key, best_value = None, -1.0
                for k in keyed:
                    child = children.get(k)
                    if child is None:
                        untried.append(k)
                        continue
                    child.avail += 1
                    value = child.w / child.n + self.c * math.sqrt(math.log(child.avail) / child.n)
                    if value > best_value:
                        best_key, best_value = k, value
                expanded = bool(untried)
                if untried:
                    best_key = rng.choice(untried)
                    child = children[best_key] = Node(mover)
                else:
                    child = children[best_key]
                apply(world, keyed[best_key], trusted=True)
                path.append(child)
                node = child
                if expanded:
                    play_on(world, seat, view.turn, rng)
                    break
            raw = evaluate(world, seat)
            seen.append(raw)
            mine = Spread(seen[-200:]).squash(raw)
            for n in path:  # the others' score is what the searching seat's is not
                n.n += 1
                n.w += mine if n.mover == seat else 1.0 - mine
        self.iterations_done = done
        best = max(
            (k for k in root.children if k in at_root),
            key=lambda k: (root.children[k].n, root.children[k].w),
            default=None,
        )
        return at_root[best] if best is not None else actions[0]


def search_bot(seed: int = 0) -> SearchBot:
    return SearchBot(seed)
