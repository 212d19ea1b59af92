"""How a game says why it ended: every game tells the rule that decided it, in words every
seat may read, just before it names the winner; a concession says so itself."""

import pytest

from tabletop.bots import greedy_bot
from tabletop.engine import CONCEDE, Action, Match, legal_actions, pick_decks, to_act
from tabletop.games import get, registry

GAMES = sorted(registry())


def _played_out(game_id: str, seed: int = 1):
    game = get(game_id)
    match = Match(game, pick_decks(game, game.min_seats, seed), seed)
    bots = [greedy_bot(seed + i) for i in range(game.min_seats)]
    events = []
    for _ in range(5000):
        if match.state.over:
            break
        seat = to_act(match.state)
        events.extend(match.apply(bots[seat](match.view(seat))))
    assert match.state.over
    return match.state, events


@pytest.mark.parametrize("game_id", GAMES)
def test_a_decided_game_tells_every_seat_why_before_it_names_the_winner(game_id):
    state, events = _played_out(game_id)
    assert events[-1].kind == "win"
    why = events[-2]
    assert why.kind == "ended" and why.text.endswith(".") and why.text[0].isupper()
    assert why.seen_by is None and why.secret is None  # the same words for every seat
    # It names the seat that lost, or the card it lost by (its Hero, its Vanquisher).
    losers = [s for s in range(state.seats) if s not in state.winners]
    assert losers
    named = {state.seat_names[s] for s in losers} | {
        inst.card.name for inst in state.cards.values() if inst.owner in losers
    }
    assert any(name in why.text for name in named), why.text
    assert sum(e.kind == "ended" for e in events) == 1


# A game of two, which a concession ends (with more, or teams, the others play on).
TWO = [g for g in GAMES if get(g).min_seats == 2]


@pytest.mark.parametrize("game_id", TWO)
def test_a_concession_that_ends_the_game_says_so_and_cites_no_rule(game_id):
    game = get(game_id)
    match = Match(game, pick_decks(game, 2, 3), 3)
    for _ in range(40):  # into the game, past any setup
        if match.state.turn > 1:
            break
        match.apply(legal_actions(match.state)[0])
    seat = to_act(match.state)
    events = match.apply(Action(CONCEDE, seat))
    assert match.state.over and match.state.winners == (1 - seat,)
    assert [e.kind for e in events[-2:]] == ["concede", "win"]
    assert events[-1].text.endswith("wins the game by concession.")
    assert not any(e.kind == "ended" for e in events)


def test_ewc_names_the_last_hero_standing_among_three():
    from tabletop.games.ewc.rules import data, hero

    game = get("ewc")
    state = Match(game, pick_decks(game, 3, 2), 2).state
    data(state).out[0] = data(state).out[2] = True
    assert game.winner(state) == (1,)
    assert game.ending(state) == f"{hero(state, 1).card.name} is the last Hero standing"


def test_ewc_says_both_heroes_fell_together_when_the_game_is_a_draw():
    from tabletop.games.ewc.rules import data, hero

    game = get("ewc")
    state = Match(game, pick_decks(game, 2, 2), 2).state
    for seat in (0, 1):
        hero(state, seat).damage = hero(state, seat).card.life
        data(state).out[seat] = True
    assert game.winner(state) == ()
    names = [hero(state, s).card.name for s in (0, 1)]
    assert game.ending(state) == f"{names[0]} and {names[1]} reached 0 Life together"


def test_wota_says_both_mystic_stones_fell_when_the_game_is_a_draw():
    from tabletop.games.wota.rules import GRAVE, data

    game = get("wota")
    state = Match(game, pick_decks(game, 2, 2), 2).state
    stones = data(state).stones
    assert all(s >= 0 for s in stones)
    for s in (0, 1):
        state.move(stones[s], (s, GRAVE))
    assert game.winner(state) == ()
    assert game.ending(state) == "both Mystic Stones were destroyed"
