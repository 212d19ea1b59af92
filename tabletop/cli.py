"""The ``tabletop`` command: with no verb it opens the game; the other verbs run headless.

A verb given a value it cannot use (a missing folder, a malformed size, a negative count,
a bot or deck that does not exist) says so in one sentence on stderr and exits with 2."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence

from . import __version__
from .engine import CardDataError
from .services.settings import UI_SCALES

MAX_SIDE = 8192  # pixels a side: more than an 8K screen (7680x4320)


class Parser(argparse.ArgumentParser):
    """Refuses a bad command line in one sentence (and where to read more), exit code 2."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def count(text: str) -> int:
    """A whole number, zero or more (turns, games, events)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative: give 0 or more")
    return value


def some(text: str) -> int:
    """A whole number, one or more (processes)."""
    value = count(text)
    if value == 0:
        raise argparse.ArgumentTypeError("0 is too few: give 1 or more")
    return value


def seconds(text: str) -> float:
    """A time in seconds, zero or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0:  # negative, or not a number
        raise argparse.ArgumentTypeError(f"{text} is not 0 seconds or more")
    return value


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, each from 1 to :data:`MAX_SIDE`."""
    parts = text.lower().split("x")
    try:
        w, h = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not WIDTHxHEIGHT, such as 1280x720"
        ) from None
    if not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"{text} is outside 1x1 to {MAX_SIDE}x{MAX_SIDE} pixels")
    return w, h


def _games():
    from .games import registry

    return registry()


def cmd_validate(args: argparse.Namespace) -> int:
    """Check every card and deck file of every game (or of ``--game``)."""
    games = _games()
    ids = [args.game] if args.game else list(games)
    failed = False
    for gid in ids:
        game = games[gid]
        game._card_set = None  # always read the files afresh
        try:
            card_set = game.card_set()
        except CardDataError as e:
            failed = True
            for message in e.messages:
                print(message, file=sys.stderr)
            continue
        print(f"{gid}: {len(card_set.cards)} cards, {len(card_set.decks)} decks: ok")
    return 1 if failed else 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    from .verbs.selfplay import run

    game = _games()[args.game]
    if args.bots is None:  # greedy against random, at the game's fewest seats
        bots = ["greedy"] + ["random"] * (game.min_seats - 1)
    else:
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    decks = [d.strip() for d in args.decks.split(",")] if args.decks else None
    summary = run(game, args.games, args.seed, bots, decks)
    print(json.dumps(summary.as_dict(), indent=2))
    return 0


def cmd_host(args: argparse.Namespace) -> int:
    from .verbs.network import run_host

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    decks = [d.strip() for d in args.decks.split(",")] if args.decks else None
    game = _games()[args.game]
    return run_host(
        game,
        seats,
        args.port,
        args.bind,
        args.code,
        args.games,
        args.seed,
        decks,
        args.hand_over,
        args.after,
    )


def cmd_join(args: argparse.Namespace) -> int:
    from .verbs.network import run_join

    seat = args.seat - 1 if args.seat is not None else None
    return run_join(args.address, args.code, args.bot, seat, args.seed, args.deck)


def _port(text: str) -> int:
    value = count(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0 to 65535)")
    return value


def _no_display() -> None:
    """The headless verbs draw on SDL's dummy drivers unless told otherwise."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _each_game(args: argparse.Namespace, run, failure) -> int:
    """Run ``run(game)`` for ``--game`` or every game, print each result's JSON line and
    the ``failure(result)`` text, if any, on stderr; exit 1 if any failed."""
    games = _games()
    failed = False
    for gid in [args.game] if args.game else list(games):
        result = run(games[gid])
        print(json.dumps(result.as_dict()))
        problem = failure(result)
        if problem:
            print(problem, file=sys.stderr)
            failed = True
    return 1 if failed else 0


def _seats_option(p: argparse.ArgumentParser, who: str) -> None:
    """``--seats``, for a verb that plays every game (fuzz, monkey)."""
    p.add_argument(
        "--seats",
        type=int,
        choices=[2, 3, 4],
        help=f"{who} (default: the fewest the game takes; a game that takes fewer or more "
        "plays with as many as it can)",
    )


def _seats_for(game, asked: int | None) -> int | None:
    """The seats a verb asked for ``--seats`` plays ``game`` with: as near as the game takes
    (None: its fewest)."""
    return max(game.min_seats, min(asked, game.max_seats)) if asked else None


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Fuzz ``--game`` or every game in turn (``--seconds`` is each game's budget): one JSON
    line per game on stdout, progress and any break (seed, step, decks, the command line
    that plays it again) on stderr; exit 1 if any game broke."""
    from .verbs.fuzz import run

    if args.jobs > 1 and getattr(sys, "frozen", False):
        # The packaged app would start itself again for each process.
        print(
            "tabletop fuzz: --jobs needs the tabletop command of a Python install", file=sys.stderr
        )
        return 2
    games = args.games if args.games is not None or args.seconds is not None else 100
    progress = sys.stderr if args.progress > 0 else None

    def fuzz(game):
        return run(
            game,
            games,
            args.seed,
            decks=args.decks,
            seconds=args.seconds,
            jobs=args.jobs,
            progress=progress,
            progress_every=args.progress,
            seats=_seats_for(game, args.seats),
            leak_every=args.leak_every,
        )

    def failure(result) -> str:
        if result.error is not None:
            return f"tabletop fuzz {result.game}: {result.error}"
        return result.broken.report() if result.broken else ""

    return _each_game(args, fuzz, failure)


def cmd_arena(args: argparse.Namespace) -> int:
    """Two bots over a game's ready-made decks, both seat orders: a table of wins (95 %
    intervals), draws, turn-capped games, game lengths and decision times, or one JSON
    object (``--json``); progress on stderr."""
    from .verbs.arena import WorkerFailed, run

    if args.jobs > 1 and getattr(sys, "frozen", False):
        # The packaged app would start itself again for each process.
        print(
            "tabletop arena: --jobs needs the tabletop command of a Python install", file=sys.stderr
        )
        return 2
    try:
        arena = run(
            _games()[args.game],
            args.bots.split(","),
            args.games,
            args.seed,
            args.decks.split(",") if args.decks else None,
            jobs=args.jobs,
            cap=args.cap,
            progress=sys.stderr if args.progress > 0 else None,
            progress_every=args.progress,
            workers=args.workers,
        )
    except WorkerFailed as e:
        print(f"tabletop arena {args.game}: {e}", file=sys.stderr)
        return 1
    print(json.dumps(arena.as_dict()) if args.json else arena.table())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    _no_display()
    from .verbs.bench import misses, run

    games = _games()
    result = run(
        [games[g] for g in ([args.game] if args.game else games)], quick=args.quick, seed=args.seed
    )
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        from pathlib import Path

        Path(args.out).write_text(text + "\n")
    for miss in misses(result):
        print(f"target missed: {miss}", file=sys.stderr)
    return 0


def cmd_monkey(args: argparse.Namespace) -> int:
    _no_display()
    from .verbs.monkey import run

    def monkey(game):
        return run(
            game, args.events, args.seed, games=args.games, seats=_seats_for(game, args.seats)
        )

    return _each_game(args, monkey, lambda r: r.failure)


def cmd_screenshot(args: argparse.Namespace) -> int:
    from pathlib import Path

    out = Path(args.out)
    problem = (
        f"there is no folder {str(out.parent)!r} to save {out.name!r} in"
        if not out.parent.is_dir()
        else f"{str(out)!r} is a folder: name the picture's file"
        if out.is_dir()
        else ""
    )
    if problem:
        print(f"tabletop screenshot: {problem}", file=sys.stderr)
        return 2
    _no_display()
    import pygame

    from .games import get
    from .ui.app import screenshot

    game = get(args.game)
    args.seats = args.seats or game.min_seats
    if not game.min_seats <= args.seats <= game.max_seats:
        print(
            f"tabletop screenshot: {game.name} is played by {game.min_seats} to "
            f"{game.max_seats} players, not {args.seats}"
            if game.min_seats != game.max_seats
            else f"tabletop screenshot: {game.name} is played by {game.min_seats} players",
            file=sys.stderr,
        )
        return 2
    w, h = args.size
    layout: list[str] | None = [] if args.check_layout else None
    try:
        path = screenshot(
            args.game,
            args.seed,
            args.turns,
            out,
            (w, h),
            bots=("greedy",) * args.seats,
            text_size=args.text_size / 100,
            layout=layout,
        )
    except (OSError, pygame.error) as e:  # SDL could not write the file, or make the window
        print(f"tabletop screenshot: could not make {str(out)!r}: {e}", file=sys.stderr)
        return 2
    print(
        f"saved {path} ({w}x{h}, {args.game}, {args.seats} players, seed {args.seed}, "
        f"{args.turns} turns, text {args.text_size} %)"
    )
    for problem in layout or ():
        print(f"tabletop screenshot: layout: {problem}", file=sys.stderr)
    return 1 if layout else 0


def cmd_scenario(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .engine.scenario import run_file, scenario_files

    passed = failed = 0
    missing = [p for p in args.files if not Path(p).exists()]
    if missing:
        raise ValueError(f"{missing[0]}: not found")
    files = scenario_files([Path(p) for p in args.files])
    if not files:
        raise ValueError("no scenario files found")
    for path in files:
        for result in run_file(path, _games()):
            print(result.as_json(str(path)))
            passed += result.ok
            failed += not result.ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


LARGE_IMPORT = 2 * 1024 * 1024  # bytes of files (about 800 cards) whose import reports progress


class _ImportProgress:
    """An import's progress on stderr, for large files: a line when it turns to something
    new (reading, converting, checking, saving) and at most one a second in between."""

    def __init__(self, paths):
        import os
        import time

        self.clock = time.monotonic
        total = 0
        for path in paths:
            with contextlib.suppress(OSError, ValueError):
                total += os.stat(path).st_size
        self.on = total >= LARGE_IMPORT
        self.last_at = self.clock()
        self.last_what = ""

    def __call__(self, fraction: float, words: str) -> None:
        if not self.on:
            return
        what = words.rstrip("0123456789,/ ")  # "Converting cards 4,000/10,000": the phase
        now = self.clock()
        if what != self.last_what or now - self.last_at >= 1.0 or fraction >= 1.0:
            print(f"tabletop import: {fraction:4.0%} {words}", file=sys.stderr, flush=True)
            self.last_at, self.last_what = now, what


def cmd_import(args: argparse.Namespace) -> int:
    """Store a game's database files (for ARC-mage: arcmage.org's cards.json, decks.json) in
    the data folder, all or nothing; a large import reports its progress on stderr."""
    from .services.imports import import_files

    try:
        print(import_files(args.files, args.game, progress=_ImportProgress(args.files)))
    except CardDataError as e:
        for message in e.messages:
            print(message, file=sys.stderr)
        print(
            f"tabletop import: nothing was imported ({len(e.messages)} "
            f"problem{'s' * (len(e.messages) != 1)})",
            file=sys.stderr,
        )
        return 1
    except OSError as e:
        print(f"tabletop import: nothing was imported: {e}", file=sys.stderr)
        return 1
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    """How much of the cards of the files the rules enforce; stores nothing."""
    from .services.imports import coverage

    try:
        print(coverage(args.files, args.game))
    except CardDataError as e:
        for message in e.messages:
            print(message, file=sys.stderr)
        return 1
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """How a card's text is read, sentence by sentence."""
    from .services.imports import explain

    try:
        print(explain(args.name, args.files, args.game))
    except CardDataError as e:
        for message in e.messages:
            print(message, file=sys.stderr)
        return 1
    return 0


def cmd_refusals(args: argparse.Namespace) -> int:
    """Every refusal a game says, as players meet it, as Markdown (``docs/refusals.md``)."""
    from .verbs.refusals import as_markdown, harvest

    games = _games()
    chosen = [args.game] if args.game else list(games)
    print(as_markdown([harvest(games[g]) for g in chosen]), end="")
    return 0


def cmd_desktop(args: argparse.Namespace) -> int:
    """Put Tabletop in the desktop's menu, starting this very program."""
    from .verbs.desktop import install, this_program

    if sys.platform in ("win32", "darwin"):
        raise ValueError(
            "only Linux desktops (freedesktop.org) need this: on Windows and macOS, pin the "
            "program itself"
        )
    program = this_program()
    written = install(program=program)
    print(f"Tabletop is in your desktop's menu ({written[0]}), starting {program}")
    return 0


def _importing() -> list[str]:
    from .services.imports import importers

    return sorted(importers())


def build_parser() -> argparse.ArgumentParser:
    games = sorted(_games())
    parser = Parser(
        prog="tabletop",
        description="Play indie trading-card games with the rules enforced. "
        "With no verb, 'tabletop' opens the game's window; the verbs below run without one.",
    )
    parser.add_argument("-V", "--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="open the window, play every game bot against bot for a few turns "
        "through the table, and exit (0 if all went well)",
    )
    sub = parser.add_subparsers(
        dest="verb", parser_class=Parser, metavar="[VERB]", title="verbs (none: open the game)"
    )

    p = sub.add_parser("validate", help="check every card and deck file")
    p.add_argument("--game", choices=games)
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("selfplay", help="bot against bot, no window; prints a summary")
    p.add_argument("--game", choices=games, required=True)
    p.add_argument("--games", type=count, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--bots",
        help="one bot per seat, comma-separated (random, greedy; default: greedy, then random "
        "in each other seat of the game's fewest)",
    )
    p.add_argument("--decks", help="deck ids per seat, comma-separated (default: drawn by seed)")
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser(
        "arena",
        help="two bots play each other over the game's ready-made "
        "decks, both seat orders; wins with 95%% intervals, decision times",
    )
    p.add_argument("--game", choices=games, required=True)
    p.add_argument(
        "--bots",
        required=True,
        help="two bots, comma-separated (the registered ones: tabletop.bots.BOTS)",
    )
    p.add_argument(
        "--games",
        type=count,
        default=100,
        help="games in all, played in pairs: the same seed and decks, seats swapped",
    )
    p.add_argument("--seed", type=int, default=1, help="the first pair's seed (then +1, +2...)")
    p.add_argument(
        "--decks",
        help="deck ids per seat, comma-separated (default: the ready-made decks, drawn by seed)",
    )
    p.add_argument(
        "--jobs",
        type=some,
        default=1,
        help="processes to share the games (the same results whatever the number)",
    )
    p.add_argument(
        "--workers",
        type=count,
        default=0,
        help="processes the searching level (hard) thinks in, as at the table "
        "(with --jobs 1; 0, the default: in the arena's own process)",
    )
    p.add_argument("--cap", type=count, help="the turn cap (default: the game's)")
    p.add_argument("--json", action="store_true", help="print one JSON object, not a table")
    p.add_argument(
        "--progress",
        type=seconds,
        default=10.0,
        metavar="SECONDS",
        help="seconds between progress lines on stderr (0: none)",
    )
    p.set_defaults(run=cmd_arena)

    p = sub.add_parser("host", help="host a game for players on other computers, with no window")
    p.add_argument("--game", choices=games, required=True)
    p.add_argument(
        "--seats",
        default="remote,remote",
        help="one per seat, comma-separated: remote (a player joining) or a computer player "
        "(easy, normal, hard, random)",
    )
    p.add_argument("--port", type=_port, default=0, help="0: any free port (printed)")
    p.add_argument("--bind", default="0.0.0.0", help="the address to listen on (default: all)")
    p.add_argument("--code", help="the join code (default: made up, and printed)")
    p.add_argument("--games", type=some, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--decks",
        help="deck ids per seat, comma-separated; 'open': the player joining brings its own "
        "(default: drawn by seed)",
    )
    p.add_argument(
        "--hand-over",
        metavar="LEVEL",
        help="the computer player (easy, normal, hard) that takes a seat its player has left "
        "(default: the game waits for the player to join again)",
    )
    p.add_argument(
        "--after", type=seconds, default=60.0, help="seconds a seat waits before --hand-over"
    )
    p.set_defaults(run=cmd_host)

    p = sub.add_parser("join", help="join a hosted game as a computer player, with no window")
    p.add_argument("address", help="HOST:PORT, as the host prints it")
    p.add_argument("--code", required=True)
    p.add_argument("--bot", default="normal", help="the computer player (easy, normal, hard)")
    p.add_argument("--seat", type=some, help="the seat to join again (1 for the first)")
    p.add_argument("--seed", type=int, default=0, help="the bot's own random numbers")
    p.add_argument("--deck", help="the deck id it brings where the host leaves the choice open")
    p.set_defaults(run=cmd_join)

    p = sub.add_parser(
        "bench",
        help="measure frame time, idle CPU, engine throughput, bot "
        "time, memory and start-up; prints JSON",
    )
    p.add_argument("--game", choices=games, help="one game (default: every game)")
    p.add_argument("--out", help="also write the JSON to this file")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--quick", action="store_true", help="shorter runs, for tests (not for the figures)"
    )
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser(
        "fuzz", help="seeded random games, checking every invariant after every action"
    )
    p.add_argument("--game", choices=games, help="one game (default: every game)")
    p.add_argument(
        "--games", type=count, help="games per game (default: 100, or no limit with --seconds)"
    )
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1, +2...)")
    p.add_argument(
        "--decks",
        default="all",
        help="all: every deck the game knows, the imported ones too (default); "
        "shipped: the ready-made ones; or deck ids, one per seat, comma-separated",
    )
    p.add_argument(
        "--seconds", type=seconds, help="start no game after this many seconds (each game's budget)"
    )
    p.add_argument(
        "--jobs",
        type=some,
        default=1,
        help="processes to share the seeds (the same games whatever the number)",
    )
    _seats_option(p, "players in each game")
    p.add_argument(
        "--leak-every",
        type=some,
        default=5,
        metavar="N",
        help="actions between two checks that what each seat is shown does not depend on "
        "the cards it cannot see (default: 5; 1: every action, slower)",
    )
    p.add_argument(
        "--progress",
        type=seconds,
        default=2.0,
        metavar="SECONDS",
        help="seconds between progress lines on stderr (0: none)",
    )
    p.set_defaults(run=cmd_fuzz)

    p = sub.add_parser(
        "monkey",
        help="random clicks, drags, keys and resizes on the real "
        "table, mixed with gestures aimed at legal actions that play whole "
        "games; the game must stay valid and playable",
    )
    p.add_argument("--game", choices=games, help="one game (default: every game)")
    p.add_argument("--events", type=count, default=5000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=count, help="stop once this many games have finished")
    _seats_option(p, "people at the screen")
    p.set_defaults(run=cmd_monkey)

    p = sub.add_parser(
        "scenario",
        help="set up the positions of scenario files and check their steps; one JSON line per step",
    )
    p.add_argument("files", nargs="+", help="scenario files (TOML or JSON) or folders of them")
    p.set_defaults(run=cmd_scenario)

    importing = _importing()
    p = sub.add_parser(
        "import",
        help="store a game's card database files (ARC-mage: "
        "arcmage.org's cards.json and decks.json) in your data folder; its "
        "decks then appear in deck selection",
    )
    p.add_argument("game", choices=importing)
    p.add_argument("files", nargs="+", help="the database's files (JSON, as its API gives them)")
    p.set_defaults(run=cmd_import)

    p = sub.add_parser(
        "coverage",
        help="how many cards of a database's files, per deck and "
        "in total, the rules enforce fully; stores nothing",
    )
    p.add_argument("game", choices=importing)
    p.add_argument("files", nargs="+", help="the database's files (JSON, as its API gives them)")
    p.set_defaults(run=cmd_coverage)

    p = sub.add_parser(
        "explain",
        help="how a card's text is read, sentence by sentence, and what the rules will do "
        "of it; from the files given, else from the game's own and imported cards",
    )
    p.add_argument("game", choices=importing)
    p.add_argument("name", help="the card's name")
    p.add_argument("files", nargs="*", help="the database's files (JSON, as its API gives them)")
    p.set_defaults(run=cmd_explain)

    p = sub.add_parser(
        "screenshot",
        help="play some turns bot against bot through the table and save the window as a PNG",
    )
    p.add_argument("--game", choices=games, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--turns", type=count, default=6)
    p.add_argument(
        "--size",
        type=window_size,
        default=(1280, 720),
        metavar="WIDTHxHEIGHT",
        help="the window's size in pixels (default 1280x720)",
    )
    p.add_argument(
        "--text-size",
        type=int,
        default=100,
        choices=[round(k * 100) for k in UI_SCALES],
        help="the text and card size of Settings, in percent (default 100)",
    )
    p.add_argument(
        "--seats",
        type=int,
        choices=[2, 3, 4],
        help="how many players, every one a computer (default: the fewest the game takes)",
    )
    p.add_argument(
        "--check-layout",
        action="store_true",
        help="check the table's layout as saved (overlaps, text out of its place, anything "
        "outside the window): each problem on stderr, and exit 1 if there is any",
    )
    p.add_argument("out")
    p.set_defaults(run=cmd_screenshot)

    p = sub.add_parser(
        "refusals",
        help="every refusal a game says, met by trying near misses in seeded games, as "
        "Markdown (docs/refusals.md is its output)",
    )
    p.add_argument("--game", choices=games)
    p.set_defaults(run=cmd_refusals)

    p = sub.add_parser(
        "desktop",
        help="put Tabletop in your desktop's menu with its icon (Linux), starting this very "
        "program wherever it lies; run it again after moving the program",
    )
    p.set_defaults(run=cmd_desktop)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from .system.logs import guard_streams

    guard_streams()  # a windowed build has no console to print to
    try:
        return _run(argv)
    except KeyboardInterrupt:  # Ctrl-C: stop, in one line (the shell's own code for it)
        print("tabletop: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    except BrokenPipeError:  # its reader went away (``tabletop ... | head``): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.smoke:
        from .verbs.smoke import smoke

        return smoke()
    if args.verb is None:
        from .ui.app import run_app

        return run_app()
    try:
        return args.run(args)
    except (CardDataError, KeyError, ValueError) as e:
        # A KeyError's text is its argument in quotes: say the argument itself.
        words = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"tabletop {args.verb}: {words}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
