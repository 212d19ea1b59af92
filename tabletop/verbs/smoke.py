"""``tabletop --smoke``: does the program run? Opens the window (the dummy video driver will
do) and, with the player's folders as they are, every screen: the title, the settings, the
decks of every game and the deck builder, the puzzles, the saved games and the replays, the
deck choice of every game at every number of players; then plays every game bot against
bot for a few turns through the real table. Exits 0, or non-zero with the error and the
screen it came from. Used by CI on the built executable, and on a data folder holding one
hostile file of each kind."""

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


def screens(app) -> list[tuple[str, object]]:
    """Every screen a player can reach before a game starts, built afresh: (name, a
    function making it)."""
    from ..games import registry
    from ..services import decks
    from ..ui import network_scenes, scenes
    from ..ui.deckbuilder import DeckBuilderScene
    from ..ui.decks_scene import DecksScene
    from ..ui.settings_scene import SettingsScene

    def title():
        return scenes.TitleScene(app, message=app.start_message)

    out = [
        ("title", title),
        ("settings", lambda: SettingsScene(app, back=title)),
        ("decks: choose a game", lambda: scenes.GameScene(app, decks=True)),
        ("puzzles", lambda: scenes.PuzzlesScene(app)),
        ("saved games", lambda: scenes.SavesScene(app, "saves")),
        ("replays", lambda: scenes.SavesScene(app, "replays")),
        ("new game: choose a game", lambda: scenes.GameScene(app)),
        ("join a game", lambda: network_scenes.JoinScene(app)),
    ]
    for game in registry().values():
        if game.variant_of is None:
            out.append((f"{game.id}: ways to play", lambda g=game: scenes.ModeScene(app, g)))
            variants = [v for v in registry().values() if v.variant_of == game.id]
            if variants:
                out.append(
                    (
                        f"{game.id}: ways to host",
                        lambda g=game, v=variants: scenes.HostFormatScene(app, g, v),
                    )
                )
            out.append((f"{game.id}: decks", lambda g=game: DecksScene(app, g, back=title)))
            out.append(
                (f"{game.id}: new deck", lambda g=game: DeckBuilderScene(app, g, None, title))
            )
            for entry in decks.listing(game).entries:
                if entry.own:
                    out.append(
                        (
                            f"{game.id}: deck {entry.stem}",
                            lambda g=game, e=entry: DeckBuilderScene(app, g, e, title),
                        )
                    )
        for seats in range(game.min_seats, game.max_seats + 1):
            for mode in ("hotseat", "computer"):
                out.append(
                    (
                        f"{game.id}: decks for {seats} players, {mode}",
                        lambda g=game, m=mode, n=seats: scenes.DeckScene(app, g, m, n),
                    )
                )
            out.append(
                (
                    f"{game.id}: decks for {seats} players, hosted on the network",
                    lambda g=game, n=seats: network_scenes.HostScene(app, g, n),
                )
            )
    return out


def visit(app, name: str, make) -> None:
    """Open a screen and draw it, with the mouse over each of its buttons in turn."""
    import pygame

    try:
        app.go(make())
        app.step(0.0)
        for rect in list(app.scene.controls())[:40]:
            app.input.pos = rect.center
            app.scene.dirty = True
            app.step(0.0)
    except Exception as e:
        raise RuntimeError(f"the screen {name!r} failed: {type(e).__name__}: {e}") from e
    finally:
        pygame.event.clear()


def smoke() -> int:
    from ..engine import pick_decks
    from ..games import registry
    from ..system.logs import setup_logging
    from ..ui.app import App, play_to
    from ..ui.scenes import TitleScene
    from ..ui.table import Setup, TableScene

    try:
        setup_logging()  # as the program does: what it sets aside goes to the log
        app = App()
        app.go(TitleScene(app, message=app.start_message))
        app.step(0.0)
        began, since = process_start()
        print(
            f"first frame after {(app.first_frame_at_wall - began) * 1000:.0f} ms (since {since})",
            flush=True,
        )
        start = time.perf_counter()
        shown = screens(app)
        for name, make in shown:
            visit(app, name, make)
        print(f"{len(shown)} screens in {time.perf_counter() - start:.2f} s", flush=True)
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
