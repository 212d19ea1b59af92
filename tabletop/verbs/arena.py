"""``tabletop arena``: two bots play each other over a game's ready-made decks, both seats.

Games come in pairs: the two games of a pair share a seed and the decks (one per seat), and
the bots swap seats between them, so neither bot gains from the first move or from a lucky
deal. Game ``i`` of a run is the game of pair ``i // 2`` with seed ``seed + i // 2``; in the
first game of a pair the first bot named sits in seat 1, in the second game in seat 2. Each
bot is seeded by the pair's seed and its place in ``--bots`` (not its seat), so the same
command plays the same games, whatever the number of processes (``jobs``).

Each game is :func:`tabletop.verbs.selfplay.play_game`, interrupts included (the other seat is
asked after every action whether it would answer, as at a table). Every call of a bot is
timed: the decisions with two or more legal actions ("choices") apart from the forced ones,
and per bot the total time it spent in each of its own turns (the worst is reported).

The report gives each bot's wins with a 95 % Wilson interval, overall and per seat; the
draws; the games that reached the turn cap; the average and the longest game in turns; and
the decision times: median, 95th percentile and worst.
"""

from __future__ import annotations

import json
import math
import queue
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import TextIO

from ..bots import BOTS, Bot, make
from ..bots.host import DECIDING, BotHost, HostedBot
from ..engine import Game, GameState, legal_actions, pick_decks
from ..system.processes import deaf_to_ctrl_c
from .selfplay import play_game

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default); (0, 1) with no games."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    middle = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, middle - half), min(1.0, middle + half)


def check_bots(names: Sequence[str]) -> list[str]:
    """The two bot names, each one of the registry's (:data:`tabletop.bots.BOTS`)."""
    names = [n.strip() for n in names if n.strip()]
    if len(names) != 2:
        raise ValueError(f"give two bots, comma-separated (bots: {', '.join(BOTS)})")
    for name in names:
        if name not in BOTS:
            raise KeyError(f"no bot {name!r} (bots: {', '.join(BOTS)})")
    return names


def labels(names: Sequence[str]) -> list[str]:
    """How the report calls the two bots: their names, numbered when they are the same."""
    if names[0] == names[1]:
        return [f"{names[0]}#1", f"{names[1]}#2"]
    return list(names)


# -- one game ----------------------------------------------------------------------------------


@dataclass
class Played:
    """One arena game. Lists ``by bot`` follow the order of ``--bots``."""

    index: int
    seed: int
    seats: list[int]  # the bot (0 or 1, its place in --bots) in each seat
    decks: list[str]  # deck names, by seat
    winners: list[int] = field(default_factory=list)  # seats; [] for a draw
    turns: int = 0
    actions: int = 0
    capped: bool = False
    choices: list[list[float]] = field(default_factory=list)  # by bot: seconds per decision
    forced: list[list[float]] = field(default_factory=list)  # the same, one legal action
    worst_turn: list[float] = field(default_factory=list)  # by bot: seconds, own turns

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Played:
        return cls(**json.loads(text))


class Timed:
    """A bot that times its every call: a call with two or more legal actions in
    ``choices``, else in ``forced``, and adds it to its seat's turn if the seat is active."""

    def __init__(self, bot: Bot, seat: int):
        self.bot = bot
        self.seat = seat
        self.choices: list[float] = []
        self.forced: list[float] = []
        self.turns: dict[int, float] = {}

    def __getattr__(self, name: str):
        return getattr(self.bot, name)  # what the bot says of itself (``quick``...)

    def __call__(self, view: GameState):
        several = len(legal_actions(view)) > 1
        own = view.active == self.seat
        turn = view.turn
        start = time.perf_counter()
        action = self.bot(view)
        spent = time.perf_counter() - start
        (self.choices if several else self.forced).append(spent)
        if own:
            self.turns[turn] = self.turns.get(turn, 0.0) + spent
        return action


def pairing(index: int, seed: int) -> tuple[int, list[int]]:
    """The seed of game ``index`` of a run from ``seed``, and the bot in each seat."""
    return seed + index // 2, [0, 1] if index % 2 == 0 else [1, 0]


def play(
    game: Game,
    names: Sequence[str],
    index: int,
    seed: int,
    deck_names: Sequence[str] | None = None,
    cap: int | None = None,
    workers: int = 0,
) -> Played:
    """Game ``index`` of a run of the bots ``names`` from ``seed``. With ``workers``, a
    searching level thinks in that many worker processes, as at the table."""
    game_seed, seats = pairing(index, seed)
    decks = pick_decks(game, 2, game_seed, deck_names)
    bots = [make(names[b], game_seed * 31 + b) for b in seats]
    hosted = {s: names[b] for s, b in enumerate(seats) if names[b] in DECIDING}
    host = None
    if workers and hosted:
        host = BotHost(game, decks, game_seed, hosted, workers=workers)
        host.ready()  # started and caught up: the first decision is timed as one
        for s in hosted:
            bots[s] = HostedBot(host, s, getattr(bots[s], "quick", bots[s]))
    timed = [Timed(bot, s) for s, bot in enumerate(bots)]
    try:
        result = play_game(game, decks, game_seed, timed, turn_cap=cap)
    finally:
        if host is not None:
            host.close()
    by_bot = [timed[seats.index(b)] for b in (0, 1)]
    return Played(
        index,
        game_seed,
        seats,
        [d.name for d in decks],
        list(result.winners),
        result.turns,
        result.actions,
        result.capped,
        [t.choices for t in by_bot],
        [t.forced for t in by_bot],
        [max(t.turns.values(), default=0.0) for t in by_bot],
    )


# -- processes (as tabletop.verbs.fuzz does them) ------------------------------------------


def _in_process(
    game: Game, names, games, seed, deck_names, cap, workers: int = 0
) -> Iterator[Played]:
    for i in range(games):
        yield play(game, names, i, seed, deck_names, cap, workers)


def _worker(
    game_id: str,
    names: list[str],
    games: int,
    seed: int,
    deck_names: list[str] | None,
    cap: int | None,
    counter,
    stop,
    out,
) -> None:
    """One process of a ``jobs`` run: takes the next game from ``counter`` until there are
    none left or ``stop`` is set; puts each game (JSON) in ``out``."""
    from .fuzz import take

    try:
        from ..games import get

        game = get(game_id)
        while not stop.is_set():
            i = take(counter, games, float("inf"))
            if i is None:
                break
            try:
                played = play(game, names, i, seed, deck_names, cap)
            except Exception as e:
                raise WorkerFailed(
                    f"game {i} (seed {pairing(i, seed)[0]}) raised {type(e).__name__}: {e}"
                ) from e
            out.put(("game", played.to_json()))
    except KeyboardInterrupt:
        pass
    except BaseException as e:  # reported by the parent, which stops the others
        stop.set()
        out.put(("error", str(e) if isinstance(e, WorkerFailed) else f"{type(e).__name__}: {e}"))
    finally:
        out.put(("done", ""))


class WorkerFailed(Exception):
    pass


def _in_workers(
    game: Game, names, games, seed, deck_names, cap, jobs: int, target=None
) -> Iterator[Played | None]:
    """The games of ``jobs`` spawned processes as they finish; None now and then while
    waiting. A failed process stops the others and raises :class:`WorkerFailed`."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    counter = ctx.Value("q", 0)
    stop = ctx.Event()
    out = ctx.Queue()
    procs = [
        ctx.Process(
            target=target or _worker,
            daemon=True,
            args=(
                game.id,
                list(names),
                games,
                seed,
                list(deck_names) if deck_names else None,
                cap,
                counter,
                stop,
                out,
            ),
        )
        for _ in range(jobs)
    ]
    with deaf_to_ctrl_c():  # Ctrl-C is the parent's: it stops them itself
        for p in procs:
            p.start()
    finished = 0
    failure = None
    try:
        while finished < jobs:
            try:
                kind, payload = out.get(timeout=0.5)
            except queue.Empty:
                yield None
                dead = [p for p in procs if p.exitcode not in (None, 0)]
                if dead and out.empty():
                    failure = f"a worker process ended with exit code {dead[0].exitcode}"
                    break
                continue
            if kind == "game":
                yield Played.from_json(payload)
            elif kind == "error":
                failure = failure or payload
            else:
                finished += 1
    finally:
        stop.set()
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join()
    if failure is not None:
        raise WorkerFailed(failure)


# -- the report ---------------------------------------------------------------------------------


def timing(seconds: list[float]) -> dict:
    """Median, 95th percentile and worst, in milliseconds, and how many."""
    if not seconds:
        return {"n": 0, "median": None, "p95": None, "worst": None}
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered) * 1000, 3),
        "p95": round(p95 * 1000, 3),
        "worst": round(ordered[-1] * 1000, 3),
    }


def rate(wins: int, games: int) -> dict:
    lo, hi = wilson(wins, games)
    return {
        "wins": wins,
        "games": games,
        "win_rate": round(wins / games, 4) if games else None,
        "interval_95": [round(lo, 4), round(hi, 4)],
    }


def tally(
    games: Sequence[tuple[Played, int]], key: Callable[[Played, int], str]
) -> dict[str, dict]:
    """A bot's ``games`` (each with the seat it sat in) grouped by ``key``: each group's
    wins as :func:`rate` gives them, groups in the order first met."""
    groups: dict[str, list[int]] = {}
    for p, seat in games:
        counts = groups.setdefault(key(p, seat), [0, 0])
        counts[0] += seat in p.winners
        counts[1] += 1
    return {k: rate(*counts) for k, counts in groups.items()}


@dataclass
class Arena:
    game: str
    bots: list[str]
    seed: int
    decks: list[str] | None
    turn_cap: int
    jobs: int = 1
    workers: int = 0  # processes the searching level thought in (0: the arena's own)
    played: list[Played] = field(default_factory=list)  # in index order
    seconds: float = 0.0

    def as_dict(self) -> dict:
        """The results; everything but the times (``decision_ms``, ``worst_turn_ms`` and
        ``seconds``) is the same for the same command."""
        names = labels(self.bots)
        games = len(self.played)
        out_bots = {}
        for b, name in enumerate(names):
            mine = [(p, p.seats.index(b)) for p in self.played]
            wins = sum(seat in p.winners for p, seat in mine)
            seats = tally(mine, lambda p, seat: f"seat {seat + 1}")
            decks = tally(mine, lambda p, seat: p.decks[seat])
            choices = [t for p in self.played for t in p.choices[b]]
            forced = [t for p in self.played for t in p.forced[b]]
            out_bots[name] = rate(wins, games) | {
                "per_seat": {key: seats.get(key, rate(0, 0)) for key in ("seat 1", "seat 2")},
                "by_deck": {deck: decks[deck] for deck in sorted(decks)},
                "decision_ms": {
                    "choices": timing(choices),
                    "forced": timing(forced),
                    "all": timing(choices + forced),
                },
                "worst_turn_ms": round(
                    max((p.worst_turn[b] for p in self.played), default=0.0) * 1000, 3
                ),
            }
        longest = max(self.played, key=lambda p: p.turns, default=None)
        return {
            "game": self.game,
            "bots": names,
            "games": games,
            "pairs": (games + 1) // 2,
            "seed": self.seed,
            "decks": self.decks or "shipped, drawn by seed",
            "turn_cap": self.turn_cap,
            "results": out_bots,
            "draws": sum(not p.winners for p in self.played),
            "hit_turn_cap": sum(p.capped for p in self.played),
            "average_turns": round(sum(p.turns for p in self.played) / games, 2) if games else None,
            "longest_game": {
                "turns": longest.turns,
                "seed": longest.seed,
                "decks": longest.decks,
                "seats": [names[b] for b in longest.seats],
            }
            if longest
            else None,
            # Game by game, so that runs can be put together (the 100 games from seed S+50
            # are games 100 to 199 of the run from S) and looked into (by pairing of decks).
            "played": [
                {
                    "seed": p.seed,
                    "seats": [names[b] for b in p.seats],
                    "decks": p.decks,
                    "winners": [names[p.seats[s]] for s in p.winners],
                    "turns": p.turns,
                    "capped": p.capped,
                }
                for p in self.played
            ],
            "jobs": self.jobs,
            "workers": self.workers,
            "seconds": round(self.seconds, 1),
        }

    def table(self) -> str:
        """The results as a table, for people."""
        d = self.as_dict()
        names = d["bots"]
        width = max(8, *(len(n) for n in names))
        decks = d["decks"] if isinstance(d["decks"], str) else " v ".join(d["decks"])
        lines = [
            f"arena {d['game']}: {names[0]} v {names[1]}, {d['games']} games "
            f"({d['pairs']} pairs, seats swapped), seed {d['seed']}, decks: {decks}",
            "",
            f"{'bot':<{width}}  {'wins':>5}  {'games':>5}  {'win rate':>8}  "
            f"{'95% interval':<15}  {'as seat 1':<24}  {'as seat 2':<24}",
        ]

        def cell(r: dict) -> str:
            if not r["games"]:
                return "-"
            lo, hi = r["interval_95"]
            return f"{r['wins']}/{r['games']} {r['win_rate']:.0%} [{lo:.0%}, {hi:.0%}]"

        for name in names:
            r = d["results"][name]
            lo, hi = r["interval_95"]
            share = f"{r['win_rate']:.1%}" if r["games"] else "-"
            lines.append(
                f"{name:<{width}}  {r['wins']:>5}  {r['games']:>5}  {share:>8}  "
                f"{f'[{lo:.1%}, {hi:.1%}]':<15}  "
                f"{cell(r['per_seat']['seat 1']):<24}  "
                f"{cell(r['per_seat']['seat 2']):<24}"
            )
        longest = d["longest_game"]
        lines += [
            "",
            f"draws {d['draws']}, hit the turn cap ({d['turn_cap']} turns) {d['hit_turn_cap']}",
            f"turns: average {d['average_turns']}, longest {longest['turns']} "
            f"(seed {longest['seed']}, {' v '.join(longest['decks'])}, "
            f"{' v '.join(longest['seats'])})"
            if longest
            else "turns: no games",
            "",
            f"{'decision time (ms)':<{width + 10}}  {'n':>7}  {'median':>9}  "
            f"{'p95':>9}  {'worst':>9}  {'worst turn':>10}",
        ]

        def ms(v) -> str:
            return "-" if v is None else f"{v:.2f}"

        for name in names:
            r = d["results"][name]
            for kind in ("choices", "forced"):
                t = r["decision_ms"][kind]
                turn = ms(r["worst_turn_ms"]) if kind == "choices" else ""
                lines.append(
                    f"{name + ' ' + kind:<{width + 10}}  {t['n']:>7}  "
                    f"{ms(t['median']):>9}  {ms(t['p95']):>9}  {ms(t['worst']):>9}  "
                    f"{turn:>10}"
                )
        lines += [
            "(choices: decisions among 2+ legal actions; forced: only one; "
            "worst turn: the most time a bot spent in one of its own turns)",
            f"{d['seconds']} s, {d['jobs']} process{'es' * (d['jobs'] != 1)}"
            + (
                f"; the searching level in {d['workers']} worker process"
                f"{'es' * (d['workers'] != 1)}"
                if d["workers"]
                else ""
            ),
        ]
        return "\n".join(line.rstrip() for line in lines)


def run(
    game: Game,
    bots: Sequence[str],
    games: int,
    seed: int,
    deck_names: Sequence[str] | None = None,
    jobs: int = 1,
    cap: int | None = None,
    progress: TextIO | None = None,
    progress_every: float = 10.0,
    workers: int = 0,
    _worker_target=None,
) -> Arena:
    """Play ``games`` games of the two ``bots`` (registry names) from ``seed`` on; with
    ``workers``, the searching level thinks in that many processes, as at the table."""
    names = check_bots(bots)
    if games < 1:
        raise ValueError("arena: --games is at least 1")
    if jobs < 1:
        raise ValueError("arena: --jobs is at least 1")
    if workers < 0 or (workers and jobs > 1):
        raise ValueError("arena: --workers (processes for the searching level) needs --jobs 1")
    decks = [d.strip() for d in deck_names if d.strip()] if deck_names else None
    if decks:
        pick_decks(game, 2, seed, decks)  # KeyError naming the known decks
    arena = Arena(
        game.id, names, seed, decks, cap if cap is not None else game.turn_cap(), jobs, workers
    )
    start = last = time.perf_counter()
    if jobs == 1:
        source = _in_process(game, names, games, seed, decks, cap, workers)
    else:
        source = _in_workers(game, names, games, seed, decks, cap, jobs, _worker_target)
    got: dict[int, Played] = {}
    for p in source:
        if p is not None:
            got[p.index] = p
        if (
            progress is not None
            and progress_every > 0
            and time.perf_counter() - last >= progress_every
        ):
            last = time.perf_counter()
            progress.write(f"arena {game.id}: {len(got)}/{games} games, {last - start:.0f} s\n")
            progress.flush()
    arena.played = [got[i] for i in sorted(got)]
    arena.seconds = time.perf_counter() - start
    return arena
