"""Self-play fuzzing: seeded random games, every invariant checked after every action.

After each action of each game:

* no exception;
* every card instance is in exactly one zone (none lost, none duplicated);
* the game's own invariants hold (counts and totals in their legal ranges);
* every action the engine lists as legal passes its check (``verify=True``), and a few
  random illegal actions are refused without changing the state;
* no seat's view shows a card it may not see, and (every few actions, ``leak_every``; every
  action with 1) nothing a seat is shown depends on the cards it may not see (the action is
  played again in a possible world where those cards are dealt otherwise: see
  :mod:`tabletop.engine.invariants`);
* now and then a seat that is not to act interrupts, where the game allows it.

Game ``i`` of a run is played with seed ``seed + i``; the seed also draws each seat's deck
from every deck the game knows (its ready-made decks, the player's imported ones: whatever
``game.card_set()`` holds), or from the ready-made ones alone, or the decks are named. A
game that reaches the turn cap is a draw by the cap, counted.

A run can be bounded in time (no game is started after ``seconds``) and split over ``jobs``
processes, which take the seeds in order from one counter: the games played are always
``seed``, ``seed + 1``, ... whatever the number of processes, and the result is the same.
The first break (the lowest seed) stops the run and is reported with its seed, its decks,
its step, the command line that plays it again and the actions that reproduce it.
"""

from __future__ import annotations

import json
import queue
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import TextIO

from ..engine import (
    CONCEDE,
    END,
    PASS,
    Action,
    Game,
    GameState,
    IllegalAction,
    Match,
    apply,
    check,
    legal_actions,
    responses,
    view,
)
from ..engine.invariants import (
    card_problems,
    observation,
    observation_leaks,
    view_leaks,
    zone_problems,
)
from ..system.processes import deaf_to_ctrl_c

ILLEGAL_TRIES = 3
LEAK_EVERY = 5  # actions between two possible-world checks (the default of ``leak_every``)
RESPOND_ODDS = 0.1  # how often a seat that may interrupt does
DECK_CHOICES = ("all", "shipped")  # or deck ids, one per seat


@dataclass
class Break:
    game: str
    seed: int
    step: int  # actions carried out before the break
    problem: str
    actions: list[str]
    decks: list[str] = field(default_factory=list)  # deck ids, by seat
    imported: bool = False  # a deck is one of the player's imports
    leak_every: int = LEAK_EVERY

    def command(self) -> str:
        """The command line that plays this game, and only it, again."""
        seats = f" --seats {len(self.decks)}" if len(self.decks) > 2 else ""
        every = f" --leak-every {self.leak_every}" if self.leak_every != LEAK_EVERY else ""
        return (
            f"tabletop fuzz --game {self.game} --seed {self.seed} --games 1 "
            f"--decks {','.join(self.decks)}{seats}{every}"
        )

    def report(self) -> str:
        """The seed, the step, the decks and the command line that plays the game again
        on the first line; the problem on the second; then the actions."""
        where = " (with the same imported decks in the data folder)" if self.imported else ""
        lines = [
            f"{self.game} broke: seed {self.seed}, step {self.step} (after {self.step} "
            f"actions), decks {' v '.join(self.decks)}; reproduce: {self.command()}"
            f"{where}",
            f"problem: {self.problem}",
            "actions that reproduce it:",
        ]
        lines += [f"  {a}" for a in self.actions]
        return "\n".join(lines)


@dataclass
class Played:
    """One fuzzed game."""

    seed: int
    decks: list[str]
    actions: int = 0
    illegal_tried: int = 0
    winners: list[int] = field(default_factory=list)
    capped: bool = False
    broken: Break | None = None

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Played:
        raw = json.loads(text)
        broken = raw.pop("broken")
        return cls(**raw, broken=Break(**broken) if broken is not None else None)


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
    decks: str = "all"
    deck_pool: int = 0  # decks the seeds drew from
    per_deck: Counter = field(default_factory=Counter)  # games each deck was played in
    jobs: int = 1
    stopped_by: str = "games"  # games, seconds, break or error
    error: str | None = None  # a worker process failed (not a break of the game)

    def add(self, game: Played) -> None:
        self.actions += game.actions
        self.illegal_tried += game.illegal_tried
        if game.broken is not None:
            self.broken = game.broken
            return
        self.games += 1
        self.per_deck.update(set(game.decks))
        for w in game.winners:
            self.wins[w] += 1
        self.capped += game.capped

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "games": self.games,
            "actions": self.actions,
            "wins_per_seat": self.wins,
            "draws_by_turn_cap": self.capped,
            "illegal_actions_refused": self.illegal_tried,
            "seconds": round(self.seconds, 1),
            "games_per_second": round(self.games / max(self.seconds, 1e-9), 2),
            "decks": self.decks,
            "games_per_deck": dict(sorted(self.per_deck.items())),
            "jobs": self.jobs,
            "stopped_by": self.stopped_by,
            "ok": self.broken is None and self.error is None,
        }


# -- decks -------------------------------------------------------------------------------------


def deck_pool(game: Game, decks: str = "all") -> tuple[list[str], bool]:
    """The deck ids the seeds draw from (``all``: every deck the game knows, the player's
    imports too; ``shipped``: its ready-made ones), or the ids named (comma-separated, one
    per seat, repeated round the table), and whether the ids are drawn (True) or named."""
    card_set = game.card_set()
    if decks == "all":
        return sorted(card_set.decks), True
    if decks == "shipped":
        return sorted(d for d in card_set.decks if d not in card_set.imported), True
    named = [d.strip() for d in decks.split(",") if d.strip()]
    if not named:
        raise ValueError(f"--decks: {', '.join(DECK_CHOICES)} or deck ids, comma-separated")
    for d in named:
        card_set.deck(d)  # KeyError naming the known decks
    return named, False


def pick(pool: Sequence[str], drawn: bool, seats: int, seed: int) -> list[str]:
    """Each seat's deck for the game of ``seed`` (drawn as :func:`selfplay.pick_decks` draws
    the ready-made ones, so ``shipped`` plays the same games as self-play's decks)."""
    if not drawn:
        return [pool[i % len(pool)] for i in range(seats)]
    rng = random.Random(seed)
    return [rng.choice(pool) for _ in range(seats)]


# -- one game ----------------------------------------------------------------------------------


def random_illegal(state, rng: random.Random) -> Action:
    """A random action of a real kind, with random cards and seat: usually illegal."""
    game = state.game
    kinds = [*game.moves, END, PASS]
    ids = list(state.cards)
    cards = tuple(rng.choice(ids) for _ in range(rng.choice((0, 1, 1, 2))))
    targets = tuple(rng.choice(ids) for _ in range(rng.choice((0, 0, 1))))
    return Action(rng.choice(kinds), rng.randrange(state.seats), cards, targets)


def kept(state: GameState) -> tuple[GameState, tuple | None]:
    """What :func:`unchanged` compares a state with later: a copy of it, and its game data
    as a snapshot (a copy of the data may share what the game never changes in play)."""
    return state.clone(), state.data.snapshot() if state.data is not None else None


def unchanged(before: tuple[GameState, tuple | None], state: GameState) -> bool:
    """Whether ``state`` is as it was when ``before = kept(state)`` in everything its
    snapshot holds (card definitions compared by identity): the same answer as comparing
    two snapshots, at about half the cost (a copy is cheaper than a snapshot, and the
    comparison stops at the first difference)."""
    copy, data = before
    if (
        state.phase != copy.phase
        or state.active != copy.active
        or state.turn != copy.turn
        or state.prompts != copy.prompts
        or state.over != copy.over
        or state.winners != copy.winners
        or state.seats != copy.seats
        or state.rng.state != copy.rng.state
        or state.rng.forced != copy.rng.forced
        or state.zones != copy.zones
        or state.lasting != copy.lasting
        or state.pending != copy.pending
        or state.cards.keys() != copy.cards.keys()
    ):
        return False
    old = copy.cards
    for cid, x in state.cards.items():
        y = old[cid]
        if (
            x.card is not y.card
            or x.zone != y.zone
            or x.turned != y.turned
            or x.face_down != y.face_down
            or x.damage != y.damage
            or x.counters != y.counters
            or x.attached_to != y.attached_to
            or x.owner != y.owner
            or x.id != y.id
        ):
            return False
    return (state.data.snapshot() if state.data is not None else None) == data


def problems_after_step(state, game: Game) -> list[str]:
    out = zone_problems(state) + card_problems(state)
    out += game.invariants(state)
    if not state.over:
        for seat in range(state.seats):
            out += view_leaks(state, view(state, seat), seat)
    return out


def play(
    game: Game,
    seed: int,
    deck_ids: Sequence[str],
    leak_every: int = LEAK_EVERY,
    observe=observation,
) -> Played:
    """Fuzz the game of ``seed`` with these decks (one per seat), looking for leaks every
    ``leak_every`` actions in what ``observe`` (:func:`observation`) says a seat is shown."""
    card_set = game.card_set()
    played = Played(seed, list(deck_ids))
    rng = random.Random(seed)

    def broke(problem: str, actions: Sequence[str] = ()) -> Played:
        played.broken = Break(
            game.id,
            seed,
            len(actions),
            problem,
            list(actions),
            list(deck_ids),
            any(d in card_set.imported for d in deck_ids),
            leak_every,
        )
        return played

    try:
        match = Match(game, [card_set.deck(d) for d in deck_ids], seed)
    except Exception as e:
        return broke(f"setting up the game raised {type(e).__name__}: {e}")
    state = match.state
    done = match.record.actions
    cap = game.turn_cap()
    problems = problems_after_step(state, game)
    if problems:
        return broke("; ".join(problems), done)
    while not state.over and state.turn <= cap:
        try:
            actions = legal_actions(state, verify=True)
        except Exception as e:
            return broke(f"legal_actions raised {type(e).__name__}: {e}", done)
        if not actions:
            return broke("no legal action, but the game is not over", done)
        before = kept(state)
        for _ in range(ILLEGAL_TRIES):
            wrong = random_illegal(state, rng)
            if wrong.kind == CONCEDE or check(state, wrong) is None:
                continue
            played.illegal_tried += 1
            try:
                apply(state, wrong)
            except IllegalAction:
                pass
            else:
                return broke(f"refused action {wrong.exact()} was carried out", done)
        if not unchanged(before, state):
            return broke("a refused action changed the state", done)
        interrupts = responses(state)
        if interrupts and rng.random() < RESPOND_ODDS:
            action = rng.choice(interrupts)
        else:
            action = rng.choice(actions)
        if len(done) % leak_every == 0:
            try:
                leaks = observation_leaks(state, action, rng, worlds=1, observe=observe)
            except Exception as e:
                return broke(
                    f"{action.exact()} in a possible world raised {type(e).__name__}: {e}", done
                )
            if leaks:
                return broke(leaks[0], done)
        try:
            match.apply(action)
        except Exception as e:
            return broke(f"{action.exact()} raised {type(e).__name__}: {e}", done)
        played.actions += 1
        problems = problems_after_step(state, game)
        if problems:
            return broke("; ".join(problems[:3]), done)
    if state.over:
        played.winners = list(state.winners)
    else:
        played.capped = True
    return played


# -- a run -------------------------------------------------------------------------------------


def _in_process(
    game: Game,
    seed: int,
    games: int | None,
    deadline: float,
    pool: Sequence[str],
    drawn: bool,
    seats: int,
    leak_every: int = LEAK_EVERY,
) -> Iterator[Played]:
    i = 0
    while (games is None or i < games) and time.time() < deadline:
        played = play(game, seed + i, pick(pool, drawn, seats, seed + i), leak_every)
        yield played
        if played.broken is not None:
            return
        i += 1


def take(counter, games: int | None, deadline: float) -> int | None:
    """The index of the next game to play from the shared ``counter``, or None when the
    games or the time have run out."""
    with counter.get_lock():
        i = counter.value
        if (games is not None and i >= games) or time.time() >= deadline:
            return None
        counter.value = i + 1
        return i


def _worker(
    game_id: str,
    seed: int,
    games: int | None,
    deadline: float,
    pool: list[str],
    drawn: bool,
    counter,
    stop,
    out,
    seats: int,
    leak_every: int = LEAK_EVERY,
) -> None:
    """One process of a ``jobs`` run: takes the next game from ``counter`` until the games
    or the time run out or ``stop`` is set, and puts each game's outcome (JSON) in ``out``."""
    try:
        from ..games import get

        game = get(game_id)
        while not stop.is_set():
            i = take(counter, games, deadline)
            if i is None:
                break
            played = play(game, seed + i, pick(pool, drawn, seats, seed + i), leak_every)
            out.put(("game", played.to_json()))
            if played.broken is not None:
                stop.set()
    except KeyboardInterrupt:
        pass
    except BaseException as e:  # reported by the parent, which stops the others
        stop.set()
        out.put(("error", f"{type(e).__name__}: {e}"))
    finally:
        out.put(("done", ""))


class _WorkerFailed(Exception):
    pass


def _in_workers(
    game: Game,
    seed: int,
    games: int | None,
    deadline: float,
    pool: Sequence[str],
    drawn: bool,
    jobs: int,
    seats: int,
    target=None,
    leak_every: int = LEAK_EVERY,
) -> Iterator[Played | None]:
    """The games of ``jobs`` processes running ``target`` (:func:`_worker`; tests plant
    their own), as they finish; None now and then while waiting."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    counter = ctx.Value("q", 0)
    stop = ctx.Event()
    out = ctx.Queue()
    procs = [
        ctx.Process(
            target=target or _worker,
            daemon=True,
            args=(game.id, seed, games, deadline, list(pool), drawn, counter, stop, out, seats),
            kwargs={"leak_every": leak_every},
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
                yield None  # a moment for the progress line
                dead = [p for p in procs if p.exitcode not in (None, 0)]
                if dead and out.empty():
                    failure = f"a worker process ended with exit code {dead[0].exitcode}"
                    stop.set()
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
        raise _WorkerFailed(failure)


def run(
    game: Game,
    games: int | None,
    seed: int,
    *,
    decks: str = "all",
    seconds: float | None = None,
    jobs: int = 1,
    progress: TextIO | None = None,
    progress_every: float = 2.0,
    seats: int | None = None,
    leak_every: int = LEAK_EVERY,
    _worker_target=None,
) -> FuzzResult:
    """Fuzz ``games`` games (None: as many as ``seconds`` allows) from ``seed`` on, of
    ``seats`` players (None: the fewest the game takes), looking for leaks every
    ``leak_every`` actions.

    ``progress``: a stream for a line every ``progress_every`` seconds and a last one
    (game, games done, actions, games/s)."""
    if games is None and seconds is None:
        raise ValueError("fuzz: give a number of games, a time budget, or both")
    if jobs < 1:
        raise ValueError("fuzz: --jobs is at least 1")
    if leak_every < 1:
        raise ValueError("fuzz: --leak-every is at least 1")
    seats = seats or game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        raise ValueError(
            f"fuzz: {game.name} is played by {game.min_seats} to {game.max_seats} players"
        )
    pool, drawn = deck_pool(game, decks)
    result = FuzzResult(game.id, wins=[0] * seats, decks=decks, deck_pool=len(pool), jobs=jobs)
    start = time.perf_counter()
    deadline = time.time() + seconds if seconds is not None else float("inf")
    if jobs == 1:
        source = _in_process(game, seed, games, deadline, pool, drawn, seats, leak_every)
    else:
        source = _in_workers(
            game, seed, games, deadline, pool, drawn, jobs, seats, _worker_target, leak_every
        )
    outcomes: dict[int, Played] = {}
    next_seed = seed  # outcomes are added in seed order (workers finish out of order)
    last_line = start

    def line(final: bool = False) -> None:
        elapsed = time.perf_counter() - start
        of = f"/{games}" if games is not None else ""
        left = ""
        if seconds is not None and not final:
            left = (
                f", {seconds - elapsed:.0f} s left"
                if elapsed < seconds
                else ", time is up: finishing the games under way"
            )
        progress.write(
            f"fuzz {game.id}: {result.games}{of} games, {result.actions:,} actions, "
            f"{result.games / max(elapsed, 1e-9):.2f} games/s, {elapsed:.0f} s"
            f"{left}{' (done)' if final else ''}\n"
        )
        progress.flush()

    try:
        for played in source:
            if played is not None:
                outcomes[played.seed] = played
            while next_seed in outcomes and result.broken is None:
                result.add(outcomes.pop(next_seed))
                next_seed += 1
            if (
                progress is not None
                and progress_every > 0
                and time.perf_counter() - last_line >= progress_every
            ):
                last_line = time.perf_counter()
                line()
    except _WorkerFailed as e:
        result.error = str(e)
    result.seconds = time.perf_counter() - start
    if result.error is not None:
        result.stopped_by = "error"
    elif result.broken is not None:
        result.stopped_by = "break"
    elif games is None or result.games < games:
        result.stopped_by = "seconds"
    if progress is not None:
        line(final=True)
    return result
