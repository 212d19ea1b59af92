"""The connection a table uses: it runs on a thread of its own, so that the table's frame
loop polls it and never waits; a person's actions go out and the game comes back."""

from __future__ import annotations

import asyncio
import threading
import time

from tabletop.games import registry
from tabletop.net.client import Steady, join
from tabletop.net.codec import Codec
from tabletop.net.remote import Remote, Said, Update

from .helpers import BOT_SEED, CODE, LOOPBACK, started, two_joining


def test_a_table_polls_its_connection_each_frame_without_waiting_and_plays_a_whole_game():
    game = registry()["ewc"]
    ready = threading.Event()
    box: dict = {}

    def host_thread():
        async def run():
            host = two_joining(game, 14)
            box["host"] = host
            task = await started(host)
            ready.set()
            other = asyncio.create_task(join(LOOPBACK, host.port, CODE, "random", BOT_SEED, seat=0))
            box["results"] = await task
            await other

        asyncio.run(run())

    thread = threading.Thread(target=host_thread, daemon=True)
    thread.start()
    assert ready.wait(10)
    remote = Remote(LOOPBACK, box["host"].port, CODE, seat=1)
    decide = Steady("random", BOT_SEED + 1, Codec(game))
    polls, seen, over = [], [], None
    deadline = time.monotonic() + 120
    while over is None and time.monotonic() < deadline:  # the table's frame loop
        start = time.perf_counter()
        got = remote.poll()
        polls.append(time.perf_counter() - start)
        for m in got:
            seen.append(m)
            if isinstance(m, Update) and m.over:
                over = m
            elif isinstance(m, Update) and m.to_act == 1:
                remote.act(decide(m.view).exact(), m.at)
        time.sleep(0.001)
    thread.join(30)
    remote.close()
    assert over is not None, "the game did not end"
    (result,) = box["results"]
    assert over.winners == result.winners
    assert any(isinstance(m, Said) and m.kind == "welcome" and m.seat == 1 for m in seen)
    assert not [m for m in seen if isinstance(m, Said) and m.kind == "refused"]
    assert max(polls) < 0.005  # a poll takes no network time: the frame never waits
