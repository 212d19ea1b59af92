"""How good the Hard player's choices are, measured offline against an oracle.

Positions come from Normal v Normal games: the acting seat's own view, in its own turn (or,
with ``--answers``, in the other seat's), with two moves or more. For each, the Normal
player's best few moves are played out many rounds, as the Hard player plays them out
(:func:`~tabletop.bots.search.play_on`: one deal and one seed for the dice per round,
shared by every move). A move's value is the mean of its squashed scores. Two such oracles
with other seeds (other deals and dice) on the same positions keep the measure honest: the
rounds of one feed a choice rule, the other judges the choice, so a rule is not flattered
by the noise it chose on. A choice's regret is the best move's value less the chosen
one's, by the judge (0..1, as the Hard player scores).

    python -m tabletop.bots.oracle play ewc --positions 90 --seed 1 --out A.json
    python -m tabletop.bots.oracle play ewc --positions 90 --seed 2 --out B.json
    python -m tabletop.bots.oracle compare A.json B.json

``compare`` prints the Normal player's mean regret, the Hard player's after a few rounds
(its rule with no, one and two standard errors asked on top of the margin), and the first
oracle's best judged by the second. Figures in ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from ..engine import (
    GameState,
    IllegalAction,
    Match,
    Rng,
    apply,
    legal_actions,
    named,
    pick_decks,
    to_act,
)
from ..engine.knowledge import Dealer
from ..games import get
from .greedy import greedy_bot, greedy_scores
from .search import MIN_ROUNDS, Spread, choose, halve, play_on, rows_of

Record = dict[str, Any]  # phase, legal, moves, prior, raws (per move, per round; None: illegal)


def positions(
    game_id: str,
    count: int,
    first_seed: int = 100,
    every: int = 3,
    turn_cap: int = 40,
    answers: bool = False,
) -> list[GameState]:
    """``count`` positions from seeded Normal v Normal games: every ``every``-th decision
    of a seat in its own turn (after its first) with two moves or more, as its view; with
    ``answers``, its decisions in the other seat's turns instead (answers in windows)."""
    game = get(game_id)
    out: list[GameState] = []
    seed = first_seed
    while len(out) < count:
        match = Match(game, pick_decks(game, 2, seed), seed, remember=True)
        state = match.state
        bots = [greedy_bot(seed), greedy_bot(seed + 1)]
        seen = 0
        while not state.over and state.turn < turn_cap and len(out) < count:
            seat = to_act(state)
            assert seat is not None
            sight = match.view(seat)
            own = state.active == seat
            if own != answers and state.turn > 2 and len(legal_actions(sight)) > 1:
                seen += 1
                if seen % every == 0:
                    out.append(sight)
            match.apply(bots[seat](sight))
        seed += 1
    return out


def play_out(
    sight: GameState, rounds: int, keep: int, rng: random.Random, horizon: int = 1
) -> Record:
    """The Normal player's ``keep`` best moves in ``sight``, each played out ``rounds``
    rounds on shared deals and dice until the ``horizon``-th turn of the seat's begins; the
    raw evaluations, round by round."""
    seat = to_act(sight)
    assert seat is not None
    actions = legal_actions(sight)
    prior = greedy_scores(sight, actions, seat)
    ranked = sorted(range(len(actions)), key=lambda i: -prior[i])[:keep]
    dealer = Dealer(sight)
    raws: list[list[float | None]] = [[] for _ in ranked]
    for _ in range(rounds):
        world = dealer.deal(rng)
        dice = rng.getrandbits(62)
        for k, i in enumerate(ranked):
            w = world.clone()
            w.rng = Rng(dice)
            try:
                apply(w, actions[i])
            except IllegalAction:  # a move the dealt cards do not allow
                raws[k].append(None)
                continue
            play_on(w, seat, sight.turn, rng, horizon, dice)
            raws[k].append(sight.game.evaluate(w, seat))
    return {
        "phase": str(sight.phase),
        "legal": len(actions),
        "moves": [repr(named(sight, actions[i]).exact()) for i in ranked],
        "prior": [prior[i] for i in ranked],
        "raws": raws,
    }


def values(record: Record) -> list[float]:
    """Each move's value: its mean squashed score over the rounds it could be played."""
    raws = record["raws"]
    spread = Spread([x for row in raws for x in row if x is not None])
    return [
        statistics.mean(spread.squash(x) for x in row if x is not None)
        if any(x is not None for x in row)
        else 0.0
        for row in raws
    ]


def hard_rows(record: Record, rounds: Sequence[int], halving: bool = True) -> list:
    """The rows (:func:`~tabletop.bots.search.rows_of`) the Hard player would choose from
    after playing out the record's ``rounds``: the same halving after MIN_ROUNDS rounds;
    not its early stop, which saves time, not choices. Moves are indexes into the
    record's; the Normal player's move is the first."""
    raws = record["raws"]
    moves = list(range(len(raws)))
    prior = record["prior"]
    alive = list(moves)
    got: dict[int, list[float]] = {i: [] for i in moves}
    done = 0
    for r in rounds:
        if raws[0][r] is None:
            continue  # a world the Normal player's move does not fit: dealt again
        for i in list(alive):
            if raws[i][r] is None:
                alive.remove(i)  # as the Hard player drops a move the deal does not allow
                del got[i]
            else:
                got[i].append(raws[i][r])
        done += 1
        if halving and done == MIN_ROUNDS:
            alive = halve(rows_of(moves, prior, got, alive, 0), alive)
    return rows_of(moves, prior, got, list(got), 0)


def hard_choice(record: Record, rounds: Sequence[int], z: float = 0.0, halving: bool = True) -> int:
    """The move (an index into the record's) the Hard player would choose after playing
    out the record's ``rounds`` with ``z`` standard errors asked (the same rule,
    :func:`~tabletop.bots.search.choose`)."""
    return choose(hard_rows(record, rounds, halving), z)


def compare(
    chooser: Sequence[Record],
    judge: Sequence[Record],
    round_counts: Sequence[int] = (3, 6, 12),
    repeats: int = 12,
    seed: int = 7,
    zs: Sequence[float] = (0.0, 1.0, 2.0),
) -> dict[str, float]:
    """Mean regrets, by ``judge``, of the Normal player's choice and of the Hard player's
    after each count of ``chooser``'s rounds (drawn ``repeats`` times), with each of ``zs``
    standard errors asked on top of the margin (``z0``: none)."""
    if [r["moves"] for r in chooser] != [r["moves"] for r in judge]:
        raise ValueError("the two oracles did not play out the same positions")
    rng = random.Random(seed)
    worth = [values(r) for r in judge]

    def regret(k: int, i: int) -> float:
        return max(worth[k]) - worth[k][i]

    out = {
        "positions": float(len(judge)),
        "normal": statistics.mean(regret(k, 0) for k in range(len(judge))),
    }
    best = [max(range(len(v)), key=v.__getitem__) for v in map(values, chooser)]
    out["oracle"] = statistics.mean(regret(k, i) for k, i in enumerate(best))
    phases: dict[str, list[float]] = defaultdict(list)
    for k, r in enumerate(judge):
        phases[r["phase"]].append(regret(k, 0))
    for phase, regrets in phases.items():
        out[f"normal in {phase} ({len(regrets)})"] = statistics.mean(regrets)
    for n in round_counts:
        got: dict[float, list[float]] = {z: [] for z in zs}
        for k, r in enumerate(chooser):
            total = len(r["raws"][0])
            for _ in range(repeats):
                drawn = rng.sample(range(total), min(n, total))  # the same rounds for each rule
                rows = hard_rows(r, drawn)
                for z in zs:
                    got[z].append(regret(k, choose(rows, z)))
        for z in zs:
            out[f"hard z{z:g} {n} rounds"] = statistics.mean(got[z])
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.bots.oracle",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verbs = parser.add_subparsers(dest="verb", required=True)
    play = verbs.add_parser("play", help="play out positions of one game into a JSON file")
    play.add_argument("game")
    play.add_argument("--positions", type=int, default=90)
    play.add_argument("--rounds", type=int, default=32)
    play.add_argument("--keep", type=int, default=6)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument(
        "--horizon",
        type=int,
        default=1,
        help="play out until the N-th turn of the seat's begins (Hard: 1)",
    )
    play.add_argument(
        "--answers",
        action="store_true",
        help="decisions in the other seat's turns (answers) instead of its own",
    )
    play.add_argument("--out", required=True)
    both = verbs.add_parser("compare", help="the regrets of the choice rules")
    both.add_argument("chooser")
    both.add_argument("judge")
    args = parser.parse_args(argv)
    if args.verb == "play":
        rng = random.Random(args.seed)
        began = time.perf_counter()
        records = []
        for k, sight in enumerate(positions(args.game, args.positions, answers=args.answers)):
            records.append(play_out(sight, args.rounds, args.keep, rng, args.horizon))
            print(
                f"{k + 1}/{args.positions} positions, {time.perf_counter() - began:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(records, f)
        return 0
    with open(args.chooser, encoding="utf-8") as f:
        chooser = json.load(f)
    with open(args.judge, encoding="utf-8") as f:
        judge = json.load(f)
    for name, value in compare(chooser, judge).items():
        print(f"{name:28} {value:.4f}" if name != "positions" else f"positions {value:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
