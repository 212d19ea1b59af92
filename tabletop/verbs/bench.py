"""``tabletop bench``: what the app costs, measured the same way every time.

Per registered game: the time to draw a mid-game table (still, while a card is dragged,
while a card turns, while the Hard level thinks in its worker processes), the CPU the table
uses when nothing happens, engine throughput on random games, the decision time of each bot
but the random one, and the peak memory of a whole drawn game; and once, the time from
process start to the title screen's first frame. Figures are medians (and 95th percentiles
or worst cases) because the machines we measure on are shared.
See docs/benchmarks.md for what the numbers meant on the machine they were taken on.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from ..bots import LEVELS
from ..bots import make as make_bot
from ..engine import Game, Match, apply, legal_actions, pick_decks, to_act

TARGETS = {
    "frame_ms": 4.0,
    "idle_cpu": 0.03,
    "games_per_s": 100.0,
    "bot_ms": 1000.0,
    "hard_bot_ms": 2000.0,
    "thinking_frame_ms": 20.0,
}


def _stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median": round(statistics.median(ordered), 3),
        "p95": round(p95, 3),
        "worst": round(ordered[-1], 3),
        "n": len(ordered),
    }


# -- the engine -----------------------------------------------------------------------------


def throughput(game: Game, seconds: float = 10.0, seed: int = 1) -> dict:
    """Random-vs-random complete games, one core, for at least ``seconds``."""
    games = actions = 0
    start = time.perf_counter()
    cap = game.turn_cap()
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed + games)
        state = game.new_game(pick_decks(game, game.min_seats, seed + games), seed + games)
        while not state.over and state.turn <= cap:
            apply(state, rng.choice(legal_actions(state)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "games": games,
        "seconds": round(elapsed, 1),
    }


def positions(game: Game, count: int, seed: int = 1) -> list:
    """Views of the seat to act, sampled from seeded random games (a spread of phases),
    each with what its seat knows (as a table hands its bots)."""
    out = []
    rng = random.Random(seed)
    g = 0
    while len(out) < count:
        match = Match(game, pick_decks(game, game.min_seats, seed + g), seed + g, remember=True)
        state = match.state
        g += 1
        step = 0
        while not state.over and state.turn <= game.turn_cap() and len(out) < count:
            actions = legal_actions(state)
            if step % 7 == 3 and len(actions) > 1:
                out.append(match.view(to_act(state)))
            match.apply(rng.choice(actions))
            step += 1
    return out


def bot_times(game: Game, count: int = 60, seed: int = 1, budget: float = 20.0) -> dict:
    """The decision time of each level a player chooses among (Easy, Normal, Hard), on
    ``count`` views of the seat to act from seeded games. A bot
    stops once it has spent ``budget`` seconds, having decided at least three times, so a
    slow bot (a search with a time budget per turn) keeps the bench short; the views are
    taken in a seeded shuffled order so the ones it reaches still spread over the games."""
    views = positions(game, count, seed)
    random.Random(seed).shuffle(views)
    out = {}
    for name in LEVELS:
        bot = make_bot(name, seed)
        samples: list[float] = []
        for v in views:
            t = time.perf_counter()
            bot(v)
            samples.append((time.perf_counter() - t) * 1000)
            if len(samples) >= 3 and sum(samples) > budget * 1000:
                break
        out[name] = _stats(samples)
    return out


# -- the table ------------------------------------------------------------------------------


def _mid_game_table(game: Game, seed: int, turns: int = 8, seats: int | None = None):
    """A window with a full table of ``seats`` (the game's fewest by default: two, three for
    a team format) reached by seeded bot play (the first seed from ``seed`` whose game is
    still going after ``turns`` turns), then handed to people."""
    from ..ui.app import App, play_to
    from ..ui.seats import Human
    from ..ui.table import Setup, TableScene

    seats = seats or game.min_seats
    app = App((1280, 720))
    for s in range(seed, seed + 50):
        table = TableScene(
            app, Setup(game, pick_decks(game, seats, s), ["greedy"] * seats, s), instant=True
        )
        app.go(table)
        play_to(app, table, turns)
        if not table.state.over:
            break
    table.settle()
    table.seats = [Human() for _ in range(seats)]
    table.instant = False
    seat = to_act(table.state)
    if seat is not None and seat != table.near:
        table._set_near(seat)
    table.flashes.clear()
    table.dice.clear()
    table.arrow = table.arrow_left = None
    hero = next(iter(table.view.zones.get((table.near, "hero"), ())), None)
    first = hero if hero is not None else next(iter(table.sprites))
    table.zoomed = table.view.cards[first].card
    app.step(0.0)
    # What the last bot move set off (a city's "-2" rising, a card sliding home) plays out
    # first: the figures are of a table at rest. Ten seconds of frames at most, so a table
    # that never comes to rest still shows in the idle figure.
    for _ in range(600):
        app.pump(frames=1, dt=1 / 60)
        if not table.busy():
            break
    return app, table


def _time_frames(app, frames: int, before: Callable[[int], None]) -> list[float]:
    samples = []
    for i in range(frames):
        before(i)
        t = time.perf_counter()
        app.pump(frames=1, dt=1 / 60)
        samples.append((time.perf_counter() - t) * 1000)
    return samples


def frame_times(game: Game, seed: int = 1, frames: int = 300, seats: int | None = None) -> dict:
    """Milliseconds to handle a frame's input and draw a mid-game table of ``seats`` at
    1280×720."""
    import pygame

    app, table = _mid_game_table(game, seed, seats=seats)

    def redraw(i: int) -> None:
        table.dirty = True

    still = _time_frames(app, frames, redraw)

    # Dragging: press on one of the near seat's cards (one it can play, else any it may
    # pick up: a card with nowhere to go is still dragged, and slides home), then move it
    # a little every frame.
    mine = [s for s in table.sprites.values() if table.handles(s.cid)]
    own = [s for s in mine if table.actions_for(s.cid)] or mine
    sprite = own[0] if own else next(iter(table.sprites.values()))
    start = sprite.rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.pump()

    def move(i: int) -> None:
        x = start[0] + 40 + int(30 * (i % 20))
        y = start[1] - 80 - int(20 * ((i // 20) % 5))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        )

    dragging = _time_frames(app, frames, move)
    dragged = table.drag is not None
    log = table.layout.log.center  # drop where nothing can happen: the card slides home
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=log, button=1))
    app.pump(frames=60)

    # Turning: a card in play mid-way through its 90° turn, a new angle every frame.
    field = [s for s in table.sprites.values() if s.size == table.layout.cards["board"]]
    turning = field[0] if field else sprite

    def turn(i: int) -> None:
        turning.angle = float(1 + i % 89)
        turning.tangle = 90.0
        table.dirty = True

    rotating = _time_frames(app, frames, turn)
    pygame.display.quit()
    return {
        "still": _stats(still),
        "drag": _stats(dragging) | {"dragging": dragged},
        "rotate": _stats(rotating),
        "size": "1280x720",
        "seed": table.setup.seed,
        "seats": table.state.seats,
        "cards_drawn": len(table.sprites),
    }


def thinking_frames(game: Game, seed: int = 1, seconds: float = 4.0) -> dict:
    """Milliseconds a frame of the mid-game table takes (drawn afresh each frame) while
    the Hard level thinks about its move in its worker processes."""
    import pygame

    from ..bots.host import BotHost

    app, table = _mid_game_table(game, seed)
    seat = to_act(table.state)
    host = BotHost(game, table.setup.decks, table.setup.seed, {seat: "hard"})
    samples: list[float] = []
    decisions = 0
    try:
        host.sync(table.match.record.actions)
        host.ask(seat)
        while host.answer(table.state, wait=0.05) is None:  # the workers' start, untimed
            pass
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            host.ask(seat)
            while True:
                table.dirty = True
                t = time.perf_counter()
                app.pump(frames=1, dt=1 / 60)
                samples.append((time.perf_counter() - t) * 1000)
                if host.answer(table.state) is not None:
                    decisions += 1
                    break
    finally:
        host.close()
        pygame.display.quit()
    return _stats(samples) | {"workers": len(host.procs), "decisions": decisions}


def idle_cpu(game: Game, seed: int = 1, seconds: float = 5.0) -> float:
    """The fraction of one core the running table uses with no input and no animation."""
    import pygame

    app, _ = _mid_game_table(game, seed)
    app.pump(frames=5)
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), 1)
    cpu, wall = time.process_time(), time.perf_counter()
    app.run(quit_at_end=False)
    fraction = (time.process_time() - cpu) / (time.perf_counter() - wall)
    pygame.display.quit()
    return round(fraction, 4)


# -- whole processes ----------------------------------------------------------------------


def _child(args: list[str]) -> str:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
        SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
    )
    out = subprocess.run(
        [sys.executable, "-m", "tabletop.verbs.bench", *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def startup_ms() -> float:
    """From process start to the title screen's first drawn frame (a fresh interpreter)."""
    samples = []
    for _ in range(3):
        t0 = time.time()
        first_frame = float(_child(["startup"]))
        samples.append((first_frame - t0) * 1000)
    return round(statistics.median(samples), 1)


def peak_rss_mb(game: Game, seed: int = 1) -> float:
    """Peak memory of a fresh process playing a whole greedy-vs-greedy game, drawn."""
    return float(_child(["rss", game.id, str(seed)]))


def _startup_child() -> None:
    from ..ui.app import App
    from ..ui.scenes import TitleScene

    app = App((1280, 720))
    app.go(TitleScene(app))
    app.step(0.0)
    print(app.first_frame_at_wall)


def _rss_child(game_id: str, seed: int) -> None:
    import resource

    from ..games import get
    from ..ui.app import App
    from ..ui.table import Setup, TableScene

    game = get(game_id)
    app = App((1280, 720))
    seats = game.min_seats
    table = TableScene(
        app, Setup(game, pick_decks(game, seats, seed), ["greedy"] * seats, seed), instant=True
    )
    app.go(table)
    while not table.state.over and table.state.turn <= game.turn_cap():
        table.step_instant()
        table.dirty = True
        app.step(0.0)
    print(round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1))


# -- all of it ---------------------------------------------------------------------------


# -- the network ------------------------------------------------------------------------------


def network(game: Game, seed: int = 1, games: int = 3) -> dict:
    """Games over loopback, two computer players joined to a host: the time from a
    player's action sent to the update that shows it taken (the host's check, its views
    for every player, the wire both ways), and the bytes the host sends per action."""
    import asyncio

    from ..net.client import join
    from ..net.host import REMOTE, Host

    async def play() -> tuple[Host, list]:
        seats = [REMOTE] * game.min_seats
        host = Host(game, seats, pick_decks(game, len(seats), seed), seed, code="BENCH1",
                    games=games, log=lambda _: None)  # fmt: skip
        task = asyncio.create_task(host.serve("127.0.0.1", 0))
        while not host.port:
            await asyncio.sleep(0.005)
        players = await asyncio.gather(
            *(
                join("127.0.0.1", host.port, "BENCH1", "random", s, seat=s)
                for s in range(len(seats))
            )
        )
        await task
        return host, players

    host, players = asyncio.run(play())
    trips = [t * 1000 for p in players for t in p.round_trips]
    return {
        "round_trip_ms": _stats(trips),
        "bytes_per_action": round(host.bytes / max(1, host.actions)),
        "bytes_per_action_per_player": round(host.bytes / max(1, host.actions) / len(players)),
        "actions": host.actions,
    }


def joined_frames(game: Game, seed: int = 1, seconds: float = 3.0) -> dict:
    """Milliseconds a frame of a joined player's table takes (drawn afresh each frame)
    while it waits on the other players: a computer player joined over loopback plays
    the other seats, and this table's seat passes or plays the first thing it may. The
    updates arrive, are read on the connection's thread and played out here."""
    import asyncio
    import threading

    import pygame

    from ..net.client import join
    from ..net.host import REMOTE
    from ..net.hosted import Hosted
    from ..net.remote import Remote, Update
    from ..ui.app import App
    from ..ui.table.network import NetTableScene

    seats = game.min_seats
    hosted = Hosted(game, [REMOTE] * seats, pick_decks(game, seats, seed), seed)
    hosted.start("127.0.0.1", (0,), announce=False)
    others = [
        threading.Thread(
            target=lambda s=s: asyncio.run(
                join("127.0.0.1", hosted.port, hosted.code, "normal", s, seat=s)
            ),
            daemon=True,
        )
        for s in range(1, seats)
    ]
    for t in others:
        t.start()
    remote = Remote("127.0.0.1", hosted.port, hosted.code, seat=0)
    app = App((1280, 720))
    first = None
    while first is None:
        first = next((m for m in remote.poll() if isinstance(m, Update)), None)
        time.sleep(0.005)
    table = NetTableScene(app, remote, first, instant=False)
    app.go(table)
    app.pump(frames=5)  # the first frames make the card faces: not a waiting frame
    samples: list[float] = []
    end = time.perf_counter() + seconds
    try:
        while time.perf_counter() < end and not table.state.over:
            if table.human_to_act():
                table.attempt(table.legal()[0])
                continue
            table.dirty = True
            t = time.perf_counter()
            app.pump(frames=1, dt=1 / 60)
            samples.append((time.perf_counter() - t) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t)))  # the window's pace
    finally:
        table.closing()
        hosted.stop()
        pygame.display.quit()
    return _stats(samples or [0.0])


def run(games: list[Game], quick: bool = False, seed: int = 1) -> dict:
    """Everything, per game. ``quick`` shortens every measure (for tests, not for figures)."""
    import pygame

    result: dict = {
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "pygame": pygame.version.ver,
            "sdl": ".".join(map(str, pygame.get_sdl_version())),
            "video_driver": os.environ.get("SDL_VIDEODRIVER", ""),
        },
        "quick": quick,
        "targets": TARGETS,
        "startup_ms": startup_ms(),
        "games": {},
    }
    for game in games:
        frames = 30 if quick else 300
        result["games"][game.id] = {
            "frame_ms": frame_times(game, seed, frames),
            **(
                {"frame_ms_4_seats": frame_times(game, seed, frames, seats=4)}
                if game.max_seats >= 4
                else {}
            ),
            "frame_ms_while_hard_thinks": thinking_frames(game, seed, 1.0 if quick else 4.0),
            "idle_cpu": idle_cpu(game, seed, 1.0 if quick else 5.0),
            **throughput(game, 1.0 if quick else 10.0, seed),
            "bot_ms": bot_times(game, 8 if quick else 60, seed, 2.0 if quick else 20.0),
            "peak_rss_mb": peak_rss_mb(game, seed),
            "network": network(game, seed, 1 if quick else 3),
            "joined_frame_ms": joined_frames(game, seed, 1.0 if quick else 5.0),
        }
    return result


def misses(result: dict) -> list[str]:
    """The targets a result misses, in words."""
    out = []
    for gid, r in result["games"].items():
        if r["frame_ms"]["still"]["median"] > TARGETS["frame_ms"]:
            out.append(f"{gid}: frame median {r['frame_ms']['still']['median']} ms > 4 ms")
        four = r.get("frame_ms_4_seats")
        if four is not None and four["still"]["median"] > TARGETS["frame_ms"]:
            out.append(f"{gid}: frame median at 4 seats {four['still']['median']} ms > 4 ms")
        if r["idle_cpu"] > TARGETS["idle_cpu"]:
            out.append(f"{gid}: idle CPU {r['idle_cpu']:.1%} > 3%")
        if r["games_per_s"] < TARGETS["games_per_s"]:
            out.append(f"{gid}: {r['games_per_s']} random games/s < 100")
        for bot, t in r["bot_ms"].items():
            limit = TARGETS["hard_bot_ms" if bot == "hard" else "bot_ms"]
            if t["worst"] > limit:
                out.append(f"{gid}: {bot} bot took {t['worst']} ms > {limit / 1000:g} s")
        thinking = r["frame_ms_while_hard_thinks"]
        if thinking["worst"] > TARGETS["thinking_frame_ms"]:
            out.append(
                f"{gid}: a frame took {thinking['worst']} ms while Hard thought "
                f"> {TARGETS['thinking_frame_ms']:g} ms"
            )
        joined = r.get("joined_frame_ms")
        if joined is not None and joined["worst"] > TARGETS["thinking_frame_ms"]:
            out.append(
                f"{gid}: a joined table's frame took {joined['worst']} ms while it waited "
                f"> {TARGETS['thinking_frame_ms']:g} ms"
            )
    return out


if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "startup":
        _startup_child()
    elif kind == "rss":
        _rss_child(sys.argv[2], int(sys.argv[3]))
    else:
        print(json.dumps({"error": f"unknown bench child {kind!r}"}))
        sys.exit(2)
