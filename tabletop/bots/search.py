"""The Hard computer opponent: information-set Monte Carlo tree search.

The bot sees only its view. Each iteration deals a possible world from what its seat knows
(:class:`~tabletop.engine.knowledge.Dealer`) and walks one shared tree down it: at every
decision the moves that world allows are the ones considered, and a move is keyed by what
it means (its kind and the names and places of its cards), not by instance ids, so "attack
with the Ogre" is the same branch in every world however the hidden cards were dealt. Both
seats choose by UCB at their own decisions (the other seat's answers in its windows, too),
each for its own score; a node counts how often it was available, so a move that exists in
few worlds is not starved (Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree
Search*, 2012).

Below the tree a playout plays on with a cheap policy until the other seat's next turn is
over, and the game's ``evaluate`` scores where it stands (squashed into 0..1 against the
spread of the scores seen). Time is budgeted per turn, not per decision: a turn's budget is
shared among the decisions a turn of this game usually has, and a decision with one
sensible move costs nothing.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import END, PASS, Action, GameState, apply, legal_actions, to_act
from ..engine.knowledge import Dealer
from . import score, settle_windows


def _sig(state: GameState, cid: int, unknown: frozenset[int]) -> tuple:
    if cid in unknown:  # a card the searching seat cannot see: the same in every world
        return (cid,)
    inst = state.cards.get(cid)
    if inst is None:
        return (cid,)
    return (inst.card.name, inst.zone, inst.turned, inst.damage,
            tuple(sorted(inst.counters.items())) if inst.counters else ())


def meaning(state: GameState, action: Action, unknown: frozenset[int] = frozenset()) -> tuple:
    """What ``action`` does, the same in every dealt world: its kind, seat and words, and
    each of its cards by name and place instead of by id, except the cards in ``unknown``
    (dealt cards, when the searching seat moves: it cannot tell them apart by name)."""
    return (action.kind, action.seat, tuple(_sig(state, c, unknown) for c in action.cards),
            tuple(_sig(state, c, unknown) for c in action.targets), action.words)


class Node:
    __slots__ = ("avail", "children", "mover", "n", "w")

    def __init__(self, mover: int):
        self.mover = mover  # the seat whose move led here (whose score ``w`` sums)
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[tuple, Node] = {}


def _playout_move(state: GameState, actions: list[Action], rng: random.Random,
                  width: int) -> Action:
    """The playouts' policy, a hurried greedy player: of a few moves picked at random (and
    always ending or passing), the one whose outcome the game's evaluation likes best for
    the seat making it."""
    if len(actions) > width:
        quiet = [a for a in actions if a.kind in (END, PASS)]
        picked = rng.sample(actions, width)
        actions = picked + [a for a in quiet if a not in picked]
    seat = to_act(state)
    evaluate = state.game.evaluate
    best, best_value = actions[0], float("-inf")
    for a in actions:
        s = state.clone()
        apply(s, a)
        value = evaluate(s, seat)
        if value > best_value:
            best, best_value = a, value
    return best


class SearchBot:
    """``SearchBot(seed)(view) -> Action``, best with the view of a Match that remembers
    (``remembers``: see :meth:`~tabletop.engine.record.Match.view`). ``turn_budget``
    seconds per turn of its own, ``decision_cap`` seconds at most for one decision,
    ``answer_budget`` for a decision in another seat's turn."""

    def __init__(self, seed: int = 0, turn_budget: float = 2.4, decision_cap: float = 1.2,
                 answer_budget: float = 0.25, exploration: float = 0.7,
                 iterations: int | None = None, playout: bool = False,
                 clock: Callable[[], float] = time.perf_counter):
        self.rng = random.Random(seed)
        # Whether to interrupt the other seat now is asked after every move of theirs, on
        # the table's own thread: the quick answer of the greedy player (see
        # ``bots.wants_to_respond``); the search itself then decides what to do.
        from . import greedy_bot

        self.quick = greedy_bot(seed)
        self.remembers = True
        self.turn_budget = turn_budget
        self.decision_cap = decision_cap
        self.answer_budget = answer_budget
        self.c = exploration
        self.iterations = iterations  # a fixed number of iterations (tests): no clock
        self.playout = playout
        self.width = 4  # moves a playout step weighs
        self.keep = 6
        self.mode = "flat"
        self.clock = clock
        self._turn: tuple[int, int] | None = None  # (turn, seat) of the turn under way
        self._spent = 0.0
        self._decided = 0
        self.per_turn: dict[str, float] = {}  # game -> decisions in one of its turns (mean)
        self.last: dict[tuple, tuple[int, float]] = {}  # the root's moves: visits, mean
        # The last search's moves: (move, playout total, playouts, one-ply score).
        self.stats: list[tuple[Action, float, int, float]] = []

    # -- time ------------------------------------------------------------------------------
    def _budget(self, view: GameState, seat: int) -> float:
        if view.active != seat:
            return self.answer_budget
        turn = (view.turn, seat)
        if self._turn != turn:
            if self._turn is not None and self._decided:
                game = view.game.id
                old = self.per_turn.get(game, getattr(view.game, "decisions_per_turn", 8))
                self.per_turn[game] = 0.7 * old + 0.3 * self._decided
            self._turn, self._spent, self._decided = turn, 0.0, 0
        expected = self.per_turn.get(view.game.id, getattr(view.game, "decisions_per_turn", 8))
        left = max(1.0, expected - self._decided)
        share = (self.turn_budget - self._spent) / left
        return max(0.02, min(self.decision_cap, share))

    # -- deciding --------------------------------------------------------------------------
    def __call__(self, view: GameState) -> Action:
        self.stats = []
        actions = legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        seat = to_act(view)
        assert seat is not None
        start = self.clock()
        budget = self._budget(view, seat)
        choice = self.search(view, seat, actions, budget)
        spent = self.clock() - start
        if view.active == seat:
            self._spent += spent
            self._decided += 1
        return choice

    def flat(self, view: GameState, seat: int, actions: list[Action],
             budget: float) -> Action:
        rng = self.rng
        dealer = Dealer(view)
        cut = view.turn + (2 if view.active == seat else 1)
        game = view.game
        deadline = self.clock() + budget
        # 1. every move, one ply, averaged over a few deals (greedy, without the blindfold)
        raws: list[list[float]] = [[] for _ in actions]
        deals = 0
        fixed = self.iterations  # a fixed amount of work instead of a clock (tests)
        while deals < 6 and (deals < 1 or (self.clock() < deadline - budget * 0.6
                                           if fixed is None else deals < 4)):
            world = dealer.deal(rng)
            for i, a in enumerate(actions):
                raws[i].append(score(world, a, seat, 1, game.window_lookahead))
            deals += 1
        # Averaged as scores in 0..1, each deal's moves against one another (a deal where
        # everything looks good says nothing of which move is better), and a game won in
        # one deal of eight is worth an eighth of a win, not of the evaluation's million.
        prior = dict.fromkeys(range(len(actions)), 0.0)
        for d in range(deals):
            spread = _Spread()
            for values in raws:
                spread.add(values[d])
            for i, values in enumerate(raws):
                prior[i] += spread.squash(values[d]) / deals
        spread = _Spread()  # the playouts' own
        ranked = sorted(prior, key=prior.get, reverse=True)
        alive = ranked[:self.keep]
        total = {i: 0.0 for i in alive}
        count = {i: 0 for i in alive}
        # 2. the best few, played on to the end of the other seat's next turn
        rounds = 0
        while len(alive) > 1 and (self.clock() < deadline if fixed is None
                                  else sum(count.values()) < fixed):
            for i in alive:
                if fixed is None and self.clock() >= deadline:
                    break
                world = dealer.deal(rng)
                apply(world, actions[i])
                steps = 0
                while not world.over and world.turn < cut and steps < 200:
                    moves = legal_actions(world)
                    if not moves:
                        break
                    apply(world, moves[0] if len(moves) == 1 else
                          _playout_move(world, moves, rng, self.width))
                    steps += 1
                total[i] += spread.scores(world, game.evaluate, view.seats)[seat]
                count[i] += 1
            rounds += 1
            if rounds % 3 == 0 and len(alive) > 2:
                alive.sort(key=lambda i: total[i] / count[i], reverse=True)
                alive = alive[:max(2, len(alive) // 2)]
        self.iterations_done = sum(count.values())
        # the one-ply average counts as a few playouts, so a handful of noisy playouts
        # does not overturn a clear first look
        self.stats = [(actions[i], total.get(i, 0.0), count.get(i, 0), prior[i])
                      for i in range(len(actions))]
        return best_of(self.stats)

    def search(self, view: GameState, seat: int, actions: list[Action],
               budget: float) -> Action:
        if self.mode == "flat":
            return self.flat(view, seat, actions, budget)
        rng = self.rng
        dealer = Dealer(view)
        root = Node(seat)
        unknown = dealer.unknown
        at_root = {meaning(view, a, unknown): a for a in actions}
        cut = view.turn + (2 if view.active == seat else 1)
        evaluate = view.game.evaluate
        seats = view.seats
        spread = _Spread()
        deadline = self.clock() + budget
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done % 4 == 0 and self.clock() >= deadline and done >= 8:
                break
            done += 1
            world = dealer.deal(rng)
            path = [root]
            node = root
            expanding = True
            while not world.over and world.turn < cut:
                moves = legal_actions(world)
                if not moves:
                    break
                if len(moves) == 1:
                    apply(world, moves[0])
                    continue
                if not expanding:
                    if not self.playout:
                        break
                    apply(world, _playout_move(world, moves, rng, self.width))
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
                    value = child.w / child.n + self.c * math.sqrt(
                        math.log(child.avail) / child.n)
                    if value > best_value:
                        best_key, best_value = k, value
                if untried:
                    best_key = rng.choice(untried)
                    child = children[best_key] = Node(mover)
                    expanding = False  # one new node per iteration; then the playout
                else:
                    child = children[best_key]
                apply(world, keyed[best_key])
                path.append(child)
                node = child
            if world.prompts and not world.over:
                settle_windows(world)  # an attack is scored once it has landed
            scores = spread.scores(world, evaluate, seats)
            for n in path:
                n.n += 1
                n.w += scores[n.mover]
        self.iterations_done = done
        self.last = {k: (c.n, c.w / c.n) for k, c in root.children.items() if c.n}
        best = max((k for k in root.children if k in at_root),
                   key=lambda k: (root.children[k].n, root.children[k].w), default=None)
        return at_root[best] if best is not None else actions[0]


SURE = 3.0  # playouts the one-ply look counts for, so a few noisy ones do not overturn it


def best_of(stats: Sequence[tuple[Any, float, int, float]]) -> Any:
    """The move to play from ``(move, playout total, playouts, one-ply score)`` rows (one
    search's, or several searches' added up): among the moves played out, the best blend
    of their playouts with their first look; with none played out, the best first look."""
    tried = [row for row in stats if row[2]] or stats
    return max(tried, key=lambda r: (r[1] + SURE * r[3]) / (r[2] + SURE))[0]


def combine(searches: Sequence[Sequence[tuple[Any, float, int, float]]]) -> Any:
    """The move several independent searches of one position agree on: their playouts
    added up, their first looks averaged (root parallelisation)."""
    rows: dict[Any, list] = {}
    for stats in searches:
        for move, total, count, first in stats:
            row = rows.setdefault(move, [move, 0.0, 0, 0.0, 0])
            row[1] += total
            row[2] += count
            row[3] += first
            row[4] += 1
    return best_of([(m, t, c, f / k) for m, t, c, f, k in rows.values()])


class _Spread:
    """Scores in 0..1 for every seat: a win is 1, a loss 0; otherwise the evaluation,
    squashed against the mean and spread of the evaluations seen so far in this search
    (0.5 for an average one)."""

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.m2 = 0.0

    def scores(self, world: GameState, evaluate, seats: int) -> list[float]:
        if world.over:
            return [1.0 if s in world.winners else (0.5 if not world.winners else 0.0)
                    for s in range(seats)]
        out = []
        for s in range(seats):
            raw = evaluate(world, s)
            if s == 0:
                self.add(raw)
            out.append(self.squash(raw))
            if seats == 2 and s == 0:
                out.append(1.0 - out[0])
                break
        return out

    def add(self, raw: float) -> None:
        """Count one evaluation into the spread (Welford's running variance); won and lost
        games are not positions and do not count."""
        if abs(raw) >= 1e5:
            return
        self.count += 1
        delta = raw - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (raw - self.mean)

    def squash(self, raw: float) -> float:
        """An evaluation as a score in 0..1 (0.5 for the average of those seen)."""
        if abs(raw) >= 1e5:
            return 1.0 if raw > 0 else 0.0
        scale = math.sqrt(self.m2 / self.count) if self.count > 1 else 0.0
        x = max(-30.0, min(30.0, (raw - self.mean) / max(scale, 1e-6)))
        return 1.0 / (1.0 + math.exp(-x))


def search_bot(seed: int = 0) -> SearchBot:
    return SearchBot(seed)
