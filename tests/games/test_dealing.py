"""Every game, seeded random games: the possible worlds a bot deals from its view
(``engine.knowledge``) keep all the seat sees, deal the rest from what it knows, play on by
the rules, and depend on nothing the seat may not see; and what a seat remembers of cards
hidden from it since is only what it was shown."""

import random

import pytest

from tabletop.engine import HIDDEN, Match, apply, can_see, legal_actions, pick_decks, to_act, view
from tabletop.engine.invariants import card_problems, redeal, zone_problems
from tabletop.engine.knowledge import Dealer
from tabletop.games import registry

GAMES = sorted(registry())


def _play(game, seed, steps=500, every=9):
    """A seeded random game, yielding the match every ``every`` actions."""
    rng = random.Random(seed)
    match = Match(game, pick_decks(game, game.min_seats, seed), seed, remember=True)
    for step in range(steps):
        if match.state.over:
            return
        if step % every == 0:
            yield match, rng
        match.apply(rng.choice(legal_actions(match.state)))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_dealt_world_keeps_what_the_seat_sees_deals_the_rest_and_plays_on(game_id):
    game = registry()[game_id]
    looked = 0
    for match, rng in _play(game, 11):
        state = match.state
        for seat in range(state.seats):
            world = Dealer(match.view(seat)).deal(rng)
            looked += 1
            for cid, inst in state.cards.items():
                if can_see(state, seat, cid):
                    assert world.cards[cid].card is inst.card, (cid, inst)
                assert world.cards[cid].card is not HIDDEN
                assert not game.stand_in(world.cards[cid].card)
            assert not zone_problems(world) and not card_problems(world)
            assert not game.invariants(world), game.invariants(world)
            for _ in range(25):  # a dealt world is a game the rules can play on
                if world.over:
                    break
                apply(world, rng.choice(legal_actions(world)))
    assert looked >= 10


@pytest.mark.parametrize("game_id", GAMES)
def test_the_worlds_dealt_depend_only_on_what_the_seat_knows(game_id):
    """Two games that differ only behind a seat's back deal that seat the same worlds."""
    game = registry()[game_id]
    compared = 0
    for match, rng in _play(game, 12, every=15):
        state = match.state
        seat = to_act(state)
        knows = match.memory.knowledge(seat)
        other = redeal(state, seat, rng, keep=frozenset(knows.cards))
        assert view(other, seat).snapshot() == view(state, seat).snapshot()
        a = Dealer(view(state, seat, knows)).deal(random.Random(5))
        b = Dealer(view(other, seat, knows)).deal(random.Random(5))
        assert a.snapshot() == b.snapshot()
        compared += 1
    assert compared > 3


def _remembered(game, seed) -> int:
    """Plays a seeded random game checking that every card a seat remembers (hidden from
    it now) is a card it was shown, as that card, and still is; returns how many were
    remembered."""
    rng = random.Random(seed)
    seats = game.min_seats
    match = Match(game, pick_decks(game, seats, seed), seed, remember=True)
    shown: list[dict] = [{} for _ in range(seats)]  # seat -> every card id it has seen, as what
    events = list(match.setup_events)
    remembered = 0
    for _ in range(600):
        state = match.state
        for seat in range(seats):
            for e in events:
                if e.reveals and e.visible_to(seat):
                    shown[seat].update((c, state.cards[c].card) for c in e.reveals)
            shown[seat].update(
                (c, i.card) for c, i in state.cards.items() if can_see(state, seat, c)
            )
            for cid, card in match.memory.knowledge(seat).cards.items():
                assert not can_see(state, seat, cid)
                assert shown[seat].get(cid) is card, (seat, cid, card)
                assert state.cards[cid].card is card  # and it is still that card
                remembered += 1
        if state.over:
            break
        events = match.apply(rng.choice(legal_actions(state)))
    return remembered


def test_a_seat_remembers_only_cards_it_was_shown():
    """In some games cards seen are hidden again (returned to a hand, revealed from a deck
    into one); in every game, what is remembered was shown, and is never out of date (a
    card shuffled into a deck is forgotten)."""
    counts = {gid: _remembered(registry()[gid], 13) for gid in GAMES}
    assert sum(counts.values()) > 50, counts
