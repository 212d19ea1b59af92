"""A seat kept for one player (the host's own table), taken only with that seat's own code:
the game's code, which every player is told, never takes it."""

from __future__ import annotations

import asyncio

from tabletop.engine import pick_decks
from tabletop.games import registry
from tabletop.net.host import REMOTE, Host

from .helpers import CODE, said_hello, started

GAME = registry()["ewc"]
OWN = "0A1B2C3D4E5F6789"


def test_a_kept_seat_is_taken_only_with_its_own_code():
    async def run():
        host = Host(GAME, [REMOTE, REMOTE], pick_decks(GAME, 2, 1), 1, code=CODE,
                    kept={0: OWN}, log=lambda _: None)  # fmt: skip
        task = await started(host)
        asked, _, w1 = await said_hello(host, CODE, seat=0)  # the game's code, the kept seat
        given, _, w2 = await said_hello(host, CODE)  # the game's code, any seat
        own, _, w3 = await said_hello(host, OWN.lower())  # the seat's own code
        for w in (w1, w2, w3):
            w.close()
        task.cancel()
        return asked, given, own

    asked, given, own = asyncio.run(run())
    assert asked == {"type": "bye", "reason": "every seat of this game is taken"}
    assert given["type"] == "welcome" and given["seat"] == 1
    assert own["type"] == "welcome" and own["seat"] == 0


def test_a_seats_own_code_takes_no_other_seat():
    async def run():
        host = Host(GAME, [REMOTE, REMOTE], pick_decks(GAME, 2, 1), 1, code=CODE,
                    kept={0: OWN}, log=lambda _: None)  # fmt: skip
        task = await started(host)
        first, _, w1 = await said_hello(host, OWN)
        again, _, w2 = await said_hello(host, OWN, seat=1)  # its seat taken: not another one
        for w in (w1, w2):
            w.close()
        task.cancel()
        return first, again

    first, again = asyncio.run(run())
    assert first["seat"] == 0
    assert again == {"type": "bye", "reason": "every seat of this game is taken"}
