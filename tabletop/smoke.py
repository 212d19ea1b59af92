"""``tabletop --smoke``: does the program run? Opens the window (the dummy video driver will
do), plays every game bot against bot for a few turns through the real table, and exits 0,
or non-zero with the error. Used by CI on the built executable."""

from __future__ import annotations

import time
import traceback

TURNS = 4


def hard(app) -> None:
    """The Hard level thinks in worker processes, which a frozen program starts by running
    itself again (``packaging/launch.py`` hands such a run to the worker): its first turn
    of a War of the Arcane game, at the table, must be decided there."""
    from .games import get
    from .selfplay import pick_decks
    from .ui.app import play_to
    from .ui.table import Setup, TableScene

    start = time.perf_counter()
    game = get("wota")
    table = TableScene(app, Setup(game, pick_decks(game, 2, 1), ["hard", "greedy"], 1),
                       instant=True)
    app.go(table)
    try:
        play_to(app, table, 1)
        if table.host is None:
            raise RuntimeError("the Hard level's worker processes did not start or stopped")
        workers = len(table.host.procs)
    finally:
        if table.host is not None:
            table.host.close()
    print(f"hard, in {workers} worker process{'es' * (workers != 1)}: "
          f"{len(table.match.record.actions)} actions, {time.perf_counter() - start:.2f} s",
          flush=True)


def smoke() -> int:
    from .games import registry
    from .selfplay import pick_decks
    from .ui.app import App, play_to
    from .ui.scenes import TitleScene
    from .ui.table import Setup, TableScene

    try:
        app = App()
        app.go(TitleScene(app))
        app.step(0.0)
        print(f"first frame at {app.first_frame_at_wall:.3f}", flush=True)
        for game in registry().values():
            start = time.perf_counter()
            setup = Setup(game, pick_decks(game, 2, 1), ["greedy", "random"], 1)
            table = TableScene(app, setup, instant=True)
            app.go(table)
            play_to(app, table, TURNS)
            table.dirty = True
            app.step(0.0)
            print(f"{game.id}: {len(table.match.record.actions)} actions, turn "
                  f"{table.state.turn}, {time.perf_counter() - start:.2f} s", flush=True)
        hard(app)
        return 0
    except Exception:  # report whatever broke, and fail
        print(traceback.format_exc(), flush=True)
        return 1
