"""Whole games over loopback: every game, computer players at both ends, each game the same,
action for action, as the same seeds played at one table; a host that plays some seats
itself; several games in a row; a player that drops and joins again into its seat."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.bots import make
from tabletop.engine import pick_decks
from tabletop.games import registry
from tabletop.net.client import join
from tabletop.net.host import REMOTE, Host
from tabletop.verbs.selfplay import play_game

from .helpers import BOT_SEED, CODE, LOOPBACK, hosted, started

GAMES = list(registry())


def local(game, seats, seed, bot="random"):
    """The same game at one table: each seat's bot with the seed it has over the wire."""
    decks = pick_decks(game, len(seats), seed)
    bots = [make(bot if kind == REMOTE else kind, BOT_SEED + s) for s, kind in enumerate(seats)]
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
        host = Host(game, [REMOTE, REMOTE], pick_decks(game, 2, 13), 13, code=CODE,
                    log=lambda _: None)  # fmt: skip
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
