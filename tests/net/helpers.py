"""Hosting and joining in one test process, over the loopback address only."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from tabletop.engine import DeckList, Game, pick_decks
from tabletop.net.client import Played, join
from tabletop.net.host import REMOTE, GameOver, Host
from tabletop.net.wire import FROM_HOST, frame, hello, host_message, receive

LOOPBACK = "127.0.0.1"
CODE = "K7TQ2M"
BOT_SEED = 100  # each seat's bot plays with BOT_SEED + its seat, here and in the reference


async def started(host: Host) -> asyncio.Task:
    """The host serving on a port of the loopback address the system chose."""
    task = asyncio.create_task(host.serve(LOOPBACK, 0))
    while not host.port:
        if task.done():
            task.result()  # its error
        await asyncio.sleep(0.005)
    return task


def two_joining(game: Game, seed: int, log=lambda _: None) -> Host:
    """A host for two players joining, the decks drawn by ``seed``, the code :data:`CODE`."""
    return Host(game, [REMOTE, REMOTE], pick_decks(game, 2, seed), seed, code=CODE, log=log)


def hosted(
    game: Game,
    seats: Sequence[str],
    seed: int,
    bot: str = "random",
    decks: Sequence[DeckList] | None = None,
    games: int = 1,
    keep_views: bool = False,
) -> tuple[list[GameOver], list[Played], Host]:
    """Whole games with every ``remote`` seat joined by a computer player over loopback."""
    decks = decks or pick_decks(game, len(seats), seed)

    async def run():
        host = Host(game, seats, decks, seed, code=CODE, games=games, bot_seed=BOT_SEED,
                    log=lambda _: None)  # fmt: skip
        task = await started(host)
        players = await asyncio.gather(
            *(
                join(LOOPBACK, host.port, CODE, bot, BOT_SEED + s, s, keep_views=keep_views)
                for s, kind in enumerate(seats)
                if kind == REMOTE
            )
        )
        return await task, list(players), host

    return asyncio.run(run())


async def said_hello(host: Host, code: str = CODE, seat: int | None = None):
    """A player of our own making connects and says hello: the host's first answer (its
    welcome, or goodbye), and the connection (reader, writer), left open."""
    reader, writer = await asyncio.open_connection(LOOPBACK, host.port)
    await asyncio.wait_for(receive(reader, FROM_HOST, packed=True), 5)  # the greeting
    writer.write(frame(hello(host.game, code, seat)))
    said = host_message(await asyncio.wait_for(receive(reader, FROM_HOST, packed=True), 5))
    return said, reader, writer
