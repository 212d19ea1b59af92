"""``tabletop --smoke``: does the program run? Opens the window (the dummy video driver will
do), plays every game bot against bot for a few turns through the real table, and exits 0,
or non-zero with the error. Used by CI on the built executable."""

from __future__ import annotations

import os
import time
import traceback

TURNS = 4
_IMPORTED = time.time()  # when this module was loaded: the start, where no better is known


def process_start() -> tuple[float, str]:
    """When this process began (``time.time()``'s clock), and from what that counts: on
    Linux the kernel's record of the process's start (so the interpreter's own start-up
    and the bundle's loading are counted; a single-file build unpacks itself in a parent
    process first, which is not); elsewhere when the program's code began to run."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            after_name = f.read().rsplit(")", 1)[1].split()
        ticks = int(after_name[19])  # field 22, starttime: clock ticks after boot
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        age = uptime - ticks / os.sysconf("SC_CLK_TCK")
        return time.time() - age, "the process started"
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORTED, "the program's code began"


def hard(app) -> None:
    """The Hard level thinks in worker processes, which a frozen program starts by running
    itself again (``packaging/launch.py`` hands such a run to the worker): its first turn
    of a War of the Arcane game, at the table, must be decided there."""
    from ..engine import pick_decks
    from ..games import get
    from ..ui.app import play_to
    from ..ui.table import Setup, TableScene

    start = time.perf_counter()
    game = get("wota")
    table = TableScene(
        app, Setup(game, pick_decks(game, 2, 1), ["hard", "greedy"], 1), instant=True
    )
    app.go(table)
    try:
        play_to(app, table, 1)
        if table.host is None:
            raise RuntimeError("the Hard level's worker processes did not start or stopped")
        workers = len(table.host.procs)
    finally:
        if table.host is not None:
            table.host.close()
    print(
        f"hard, in {workers} worker process{'es' * (workers != 1)}: "
        f"{len(table.match.record.actions)} actions, {time.perf_counter() - start:.2f} s",
        flush=True,
    )


def smoke() -> int:
    from ..engine import pick_decks
    from ..games import registry
    from ..ui.app import App, play_to
    from ..ui.scenes import TitleScene
    from ..ui.table import Setup, TableScene

    try:
        app = App()
        app.go(TitleScene(app))
        app.step(0.0)
        began, since = process_start()
        print(
            f"first frame after {(app.first_frame_at_wall - began) * 1000:.0f} ms (since {since})",
            flush=True,
        )
        for game in registry().values():
            start = time.perf_counter()
            seats = game.min_seats
            kinds = ["greedy", *["random"] * (seats - 1)]
            setup = Setup(game, pick_decks(game, seats, 1), kinds, 1)
            table = TableScene(app, setup, instant=True)
            app.go(table)
            play_to(app, table, TURNS)
            table.dirty = True
            app.step(0.0)
            print(
                f"{game.id}: {len(table.match.record.actions)} actions, turn "
                f"{table.state.turn}, {time.perf_counter() - start:.2f} s",
                flush=True,
            )
        hard(app)
        return 0
    except Exception:  # report whatever broke, and fail
        print(traceback.format_exc(), flush=True)
        return 1
