"""A card's name in the log and the refusals (``engine.card_name``): with its owner's when
another seat's card of that name lies face up in play too (a mirror match), read from what
every seat sees, so the name a seat reads never depends on a card hidden from it."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import Match, card_name, legal_actions, pick_decks, view
from tabletop.engine.state import Visibility
from tabletop.games import get, registry


def _mirror(game_id: str = "ewc"):
    """A game of one deck against itself, played a few turns: cards of one name on both
    sides."""
    game = get(game_id)
    deck = pick_decks(game, 1, 1)[0]
    match = Match(game, [deck] * game.min_seats, 1)
    rng = random.Random(1)
    while match.state.turn < 6 and not match.state.over:
        match.apply(rng.choice(legal_actions(match.state)))
    return match.state


def _public(state, inst) -> bool:
    return not inst.face_down and state.game.zones[inst.zone[1]].visibility is Visibility.PUBLIC


def test_a_card_whose_name_another_seat_shows_too_is_named_with_its_owner():
    state = _mirror()
    twins = [
        (a, b)
        for a in state.cards.values()
        for b in state.cards.values()
        if a.card.name == b.card.name
        and a.owner != b.owner
        and _public(state, a)
        and _public(state, b)
    ]
    assert twins  # the mirror shows one name on both sides
    a, b = twins[0]
    assert card_name(state, a.id) == f"{a.card.name} ({state.seat_names[a.owner]}'s)"
    assert card_name(state, b.id) == f"{b.card.name} ({state.seat_names[b.owner]}'s)"


def test_a_card_alone_of_its_name_in_view_keeps_its_plain_name():
    state = _mirror()
    for inst in state.cards.values():
        others = [
            o
            for o in state.cards.values()
            if o.card.name == inst.card.name and o.owner != inst.owner and _public(state, o)
        ]
        if not others or not _public(state, inst):
            assert card_name(state, inst.id) == inst.card.name


def test_a_twin_turned_face_down_or_taken_into_a_hand_no_longer_counts():
    state = _mirror()
    a = next(
        a
        for a in state.cards.values()
        if _public(state, a) and card_name(state, a.id) != a.card.name
    )
    for b in state.cards.values():
        if b.card.name == a.card.name and b.owner != a.owner and _public(state, b):
            b.face_down = True
    assert card_name(state, a.id) == a.card.name


@pytest.mark.parametrize("game_id", sorted(registry()))
def test_the_name_a_seat_reads_is_the_same_in_its_view(game_id):
    """Whatever a seat cannot see takes no part: each public card is named alike in the real
    game and in the seat's view (rebuilt from the view's own cards)."""
    game = get(game_id)
    rng = random.Random(3)
    match = Match(game, pick_decks(game, game.max_seats, 3), 3)
    state = match.state
    checked = 0
    for _ in range(120):
        if state.over:
            break
        match.apply(rng.choice(legal_actions(state)))
        for seat in range(state.seats):
            seen = view(state, seat)
            assert seen.names is None  # a view carries no map of the real cards' names
            for cid, inst in state.cards.items():
                if _public(state, inst):
                    assert card_name(seen, cid) == card_name(state, cid)
                    checked += 1
    assert checked
