"""A seat whose deck the host leaves open: its player brings one, which the host checks as a
deck of the game before the game begins; the game waits for it."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.games import registry
from tabletop.net.client import join
from tabletop.net.host import REMOTE, Host
from tabletop.net.wire import (
    FROM_HOST,
    deck_message,
    frame,
    host_message,
    player_message,
    receive,
)

from .helpers import CODE, LOOPBACK, said_hello, started

GAME = registry()["ewc"]
DECKS = GAME.card_set().decks


def open_first(seed: int = 2) -> Host:
    """A host for two players joining; the first brings its own deck."""
    return Host(GAME, [REMOTE, REMOTE], [None, DECKS["hexblade"]], seed, code=CODE,
                log=lambda _: None)  # fmt: skip


async def _next(reader, kind: str) -> dict:
    while True:
        m = host_message(await asyncio.wait_for(receive(reader, FROM_HOST, packed=True), 5))
        if m["type"] == kind:
            return m


def test_the_player_of_an_open_seat_plays_the_deck_it_brings():
    async def run():
        host = open_first()
        task = await started(host)
        await asyncio.gather(
            join(LOOPBACK, host.port, CODE, "random", 1, seat=0, deck="windrunner"),
            join(LOOPBACK, host.port, CODE, "random", 2, seat=1, deck="stonewall"),
        )
        return await task

    (over,) = asyncio.run(run())
    assert [d.name for d in over.record.decks] == [DECKS["windrunner"].name, "Hexblade"]


def test_a_deck_that_is_not_legal_is_refused_with_the_rule_and_the_game_waits_for_another():
    async def run():
        host = open_first()
        task = await started(host)
        welcome, reader, writer = await said_hello(host, seat=0)
        other = asyncio.create_task(join(LOOPBACK, host.port, CODE, "random", 2, seat=1))
        writer.write(frame({"type": "deck", "name": "Two cards", "cards": {"Parry": 2}}))
        refused = await _next(reader, "refused")
        await asyncio.sleep(0.2)
        waiting = host.match is None  # the game has not begun without the deck
        writer.write(frame(deck_message(DECKS["stonewall"])))
        taken = await _next(reader, "deck")
        first = await _next(reader, "update")
        writer.close()
        task.cancel()
        other.cancel()
        return welcome, refused, waiting, taken, first

    welcome, refused, waiting, taken, first = asyncio.run(run())
    assert welcome["choose_deck"] is True
    assert refused["reason"].startswith("Two cards: ")
    assert waiting
    assert taken["name"] == DECKS["stonewall"].name
    assert first["at"] == 0


def test_a_deck_for_a_seat_the_host_chose_is_refused():
    async def run():
        host = open_first()
        task = await started(host)
        welcome, reader, writer = await said_hello(host, seat=1)
        writer.write(frame(deck_message(DECKS["stonewall"])))
        refused = await _next(reader, "refused")
        writer.close()
        task.cancel()
        return welcome, refused

    welcome, refused = asyncio.run(run())
    assert welcome["choose_deck"] is False
    assert refused["reason"] == "the host chose this seat's deck"


def test_a_computer_player_at_the_host_needs_a_deck():
    with pytest.raises(ValueError, match="needs a deck"):
        Host(GAME, [REMOTE, "normal"], [DECKS["hexblade"], None], 1)


@pytest.mark.parametrize(
    "cards",
    [
        {"Parry": 10**9},  # copies past any deck
        {f"Card {i}": 1 for i in range(201)},  # names past any deck
        {"": 1},
        {"x" * 81: 1},
    ],
)
def test_a_deck_message_past_what_a_deck_holds_is_not_a_message(cards):
    import json

    with pytest.raises(ValueError, match="not one"):
        player_message(json.dumps({"type": "deck", "name": "Big", "cards": cards}).encode())
