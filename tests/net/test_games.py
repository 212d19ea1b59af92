"""Whole games over loopback: every game, computer players at both ends, each game the same,
action for action, as the same seeds played at one table; a host that plays some seats
itself; several games in a row; a player that drops and joins again into its seat."""

from __future__ import annotations

import asyncio
import random

import pytest

from tabletop.bots import make
from tabletop.engine import pick_decks
from tabletop.games import registry
from tabletop.net.client import Steady, join
from tabletop.net.codec import Codec
from tabletop.net.host import REMOTE
from tabletop.net.remote import Remote, Said
from tabletop.verbs.selfplay import play_game

from .helpers import BOT_SEED, CODE, LOOPBACK, hosted, started, two_joining

GAMES = list(registry())


def local(game, seats, seed, bot="random"):
    """The same game at one table: each seat's bot as it plays over the wire (a joined
    player's draws its random numbers from each view: ``Steady``)."""
    decks = pick_decks(game, len(seats), seed)
    codec = Codec(game)
    bots = [
        Steady(bot, BOT_SEED + s, codec) if kind == REMOTE else make(kind, BOT_SEED + s)
        for s, kind in enumerate(seats)
    ]
    return play_game(game, decks, seed, bots)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_played_over_the_network_is_the_game_played_at_one_table(game_id):
    game = registry()[game_id]
    seats = [REMOTE] * game.min_seats
    results, players, host = hosted(game, seats, seed=11)
    (over,) = results
    here = local(game, seats, 11)
    assert over.record.actions == here.record.actions
    assert [p.results for p in players] == [[over.winners]] * len(seats)
    assert all(not p.refusals for p in players)
    assert host.bytes > 0


@pytest.mark.parametrize("game_id", ["ewc", "coe"])
def test_the_host_plays_its_own_seats_beside_players_joining(game_id):
    game = registry()[game_id]
    seats = [REMOTE, "random"]
    results, players, _ = hosted(game, seats, seed=12)
    assert results[0].record.actions == local(game, seats, 12).record.actions
    assert players[0].seat == 0


def test_a_host_plays_several_games_in_a_row_each_with_the_next_seed():
    game = registry()["ewc"]
    results, players, _ = hosted(game, [REMOTE, REMOTE], seed=20, games=2)
    assert [r.seed for r in results] == [20, 21]
    assert players[0].results == [r.winners for r in results]


def test_a_player_that_drops_joins_again_into_its_seat_and_the_game_goes_on():
    game = registry()["ewc"]

    async def run():
        host = two_joining(game, 14)
        task = await started(host)
        steady = asyncio.create_task(join(LOOPBACK, host.port, CODE, "random", 1, seat=0))
        gone = await join(LOOPBACK, host.port, CODE, "random", 2, seat=1, stop_after=15)
        assert gone.seat == 1 and not gone.results
        while 1 in host.players:  # the host notices it gone
            await asyncio.sleep(0.01)
        taken = host.actions
        back = await join(LOOPBACK, host.port, CODE, "random", 3, seat=1, keep_views=True)
        await steady
        return await task, back, taken

    (over,), back, taken = asyncio.run(run())
    assert back.seat == 1
    assert back.views[0][0] >= taken  # it finds the game where it was, not at the start
    assert back.results == [over.winners]


async def _dropping(game, seed: int, rng: random.Random):
    """A game whose seat 2 drops after a random number of updates, again and again, each
    time joining again; the game, and the drops."""
    host = two_joining(game, seed)
    task = await started(host)
    steady = asyncio.create_task(join(LOOPBACK, host.port, CODE, "random", BOT_SEED, seat=0))
    drops = 0
    while not task.done():
        try:
            played = await join(LOOPBACK, host.port, CODE, "random", BOT_SEED + 1, seat=1,
                                stop_after=rng.randint(1, 40))  # fmt: skip
        except ConnectionRefusedError:  # its last action ended the game: the host has gone
            break
        if played.results:
            break
        drops += 1
        while 1 in host.players:  # the host notices it gone
            await asyncio.sleep(0.002)
    await steady
    return (await task)[0], drops


def test_a_player_killed_and_joining_again_at_random_moments_finishes_the_same_game():
    """A hundred drops, at random moments of seeded games: each game ends as the same
    seeds end at one table."""
    game = registry()["ewc"]
    rng = random.Random(5)
    drops, seed = 0, 30
    while drops < 100:
        over, dropped = asyncio.run(_dropping(game, seed, rng))
        here = local(game, [REMOTE, REMOTE], seed)
        assert over.record.actions == here.record.actions, (seed, dropped)
        drops += dropped
        seed += 1


def test_a_seat_left_empty_is_handed_to_the_computer_and_the_game_ends():
    game = registry()["ewc"]
    lines: list[str] = []

    async def run():
        host = two_joining(game, 14, lines.append)
        task = asyncio.create_task(host.serve(LOOPBACK, 0, hand_over="random", after=0.2))
        while not host.port:
            await asyncio.sleep(0.005)
        steady = asyncio.create_task(join(LOOPBACK, host.port, CODE, "random", 1, seat=0))
        gone = await join(LOOPBACK, host.port, CODE, "random", 2, seat=1, stop_after=5)
        stayed = await steady
        return await task, gone, stayed

    (over,), gone, stayed = asyncio.run(run())
    assert not gone.results  # it left before the end, and never came back
    assert stayed.results == [over.winners] and not over.capped
    assert "seat 2 is played by the computer (random)" in lines


def test_a_line_of_chat_reaches_every_player_with_its_seat():
    game = registry()["ewc"]

    async def run():
        host = two_joining(game, 14)
        task = await started(host)
        first = Remote(LOOPBACK, host.port, CODE, seat=0)
        second = Remote(LOOPBACK, host.port, CODE, seat=1)
        while host.match is None:
            await asyncio.sleep(0.01)
        first.chat("good luck")
        heard: list = []
        for _ in range(300):
            heard += [m for m in second.poll() if isinstance(m, Said) and m.kind == "chat"]
            if heard:
                break
            await asyncio.sleep(0.01)
        first.close(), second.close()
        task.cancel()
        return heard

    (said,) = asyncio.run(run())
    assert (said.seat, said.text) == (0, "good luck")
