"""The engine's ability machinery, on the toy game (so no real game's rules stand in it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import DeckList, GameState, view
from tabletop.engine.abilities import (
    ALLY,
    ANY,
    CAN,
    CANNOT,
    ENEMY,
    ENTERS,
    MAX_DEPTH,
    OWN_TURN,
    PHASE_STARTS,
    SELF,
    TURN,
    TURNS,
    WHILE_ATTACHED,
    WHILE_IN_PLAY,
    Happening,
    Listener,
    Modifier,
    add,
    cancel_pending,
    emit,
    end_of_turn,
    hears,
    modifiers,
    next_pending,
    pend,
    permitted,
    total,
)

from .toy import Sums

DECK = DeckList(name="d", cards={"1": 2, "2": 2, "3": 2, "4": 2, "5": 2})


class Echoes(Sums):
    """Sums, where a card on a pile is in play, each "5" there gives every other card of its
    pile +1 value, and listeners are set by the test."""

    id = "echoes"

    def __init__(self, listening=()):
        self.listening = list(listening)
        self.heard: list[tuple] = []

    def in_play(self, state, card):
        return state.cards[card].zone[1] == "pile"

    def continuous(self, state):
        out = []
        for seat in range(state.seats):
            pile = state.zones[(seat, "pile")]
            for src in pile:
                if state.cards[src].card.value == 5:
                    out.extend(
                        Modifier(t, "value", 1, src, WHILE_IN_PLAY) for t in pile if t != src
                    )
        return out

    def listeners(self, state, trigger):
        return [x for x in self.listening if x.trigger == trigger]

    def react(self, state, listener, happening, events):
        self.heard.append((listener.card, happening.card))
        if listener.payload == "echo":  # answers by making the same thing happen again
            emit(state, events, *happening)


def game(listening=()):
    g = Echoes(listening)
    return g, g.new_game([DECK, DECK], seed=3)


def to_pile(state: GameState, seat: int, n: int = 1) -> list[int]:
    out = []
    for cid in list(state.zones[(seat, "deck")])[:n]:
        state.move(cid, (seat, "pile"))
        out.append(cid)
    return out


@given(st.lists(st.sampled_from([CAN, CANNOT]), min_size=1, max_size=6))
def test_a_cannot_beats_every_can_whatever_their_order(amounts):
    _, state = game()
    (card,) = to_pile(state, 0)
    for i, amount in enumerate(amounts):
        add(state, Modifier(card, "attack", amount, card))
        assert permitted(state, card, "attack", default=False) == (CANNOT not in amounts[: i + 1])
    assert permitted(state, card, "attack", default=True) == (CANNOT not in amounts)


def test_with_no_modifier_the_rulebook_default_stands():
    _, state = game()
    (card,) = to_pile(state, 0)
    assert permitted(state, card, "attack", default=True)
    assert not permitted(state, card, "attack", default=False)


def test_modifiers_for_the_turn_end_when_the_turn_ends():
    _, state = game()
    (card,) = to_pile(state, 0)
    add(state, Modifier(card, "atk", 2, card, TURN))
    assert total(state, card, "atk", 1) == 3
    ended = end_of_turn(state, 0)
    assert [m.amount for m in ended] == [2]
    assert total(state, card, "atk", 1) == 1


def test_modifiers_for_n_turns_count_only_their_seats_turns():
    _, state = game()
    (card,) = to_pile(state, 0)
    add(state, Modifier(card, "atk", 1, card, TURNS, turns=2, seat=1))
    end_of_turn(state, 0)
    assert total(state, card, "atk", 0) == 1
    end_of_turn(state, 1)
    assert total(state, card, "atk", 0) == 1
    end_of_turn(state, 0)
    end_of_turn(state, 1)
    assert total(state, card, "atk", 0) == 0


def test_a_modifier_while_attached_ends_when_its_source_is_moved_off():
    _, state = game()
    host, item = to_pile(state, 0, 2)
    state.cards[item].attached_to = host
    add(state, Modifier(host, "def", 3, item, WHILE_ATTACHED))
    assert total(state, host, "def", 1) == 4
    state.cards[item].attached_to = None
    assert total(state, host, "def", 1) == 1
    assert end_of_turn(state, 0)  # and it is cleared away at the turn's end


def test_continuous_modifiers_follow_their_source_in_and_out_of_play():
    _, state = game()
    cards = to_pile(state, 0, 10)
    five = next(c for c in cards if state.cards[c].card.value == 5)
    other = next(c for c in cards if c != five and state.cards[c].card.value != 5)
    fives = sum(1 for c in cards if state.cards[c].card.value == 5)
    assert total(state, other, "value", 0) == fives
    state.move(five, (0, "hand"))
    assert total(state, other, "value", 0) == fives - 1


def test_a_card_that_changes_zones_loses_the_modifiers_on_it():
    _, state = game()
    (card,) = to_pile(state, 0)
    add(state, Modifier(card, "atk", 2, card, TURNS, turns=3, seat=0))
    state.move(card, (0, "hand"))
    assert state.lasting == ()
    state.move(card, (0, "pile"))
    assert total(state, card, "atk", 0) == 0


def test_listeners_hear_their_own_their_allies_or_their_enemies_happenings():
    _, state = game()
    (mine,) = to_pile(state, 0)
    (ally,) = to_pile(state, 0)
    (enemy,) = to_pile(state, 1)
    on = Happening(ENTERS, card=mine, seat=0)
    assert hears(state, Listener(mine, ENTERS, SELF), on)
    assert not hears(state, Listener(ally, ENTERS, SELF), on)
    assert hears(state, Listener(ally, ENTERS, ALLY), on)
    assert not hears(state, Listener(mine, ENTERS, ALLY), on)  # not another card
    assert hears(state, Listener(enemy, ENTERS, ENEMY), on)
    assert not hears(state, Listener(ally, ENTERS, ENEMY), on)
    assert hears(state, Listener(enemy, ENTERS, ANY), on)
    assert not hears(state, Listener(mine, PHASE_STARTS, SELF), on)
    turn = Happening(PHASE_STARTS, seat=1, phase="draw")
    assert hears(state, Listener(enemy, PHASE_STARTS, OWN_TURN), turn)
    assert not hears(state, Listener(mine, PHASE_STARTS, OWN_TURN), turn)


def test_emit_asks_the_game_to_resolve_each_listener_that_hears_in_order():
    g, state = game()
    a, b = to_pile(state, 0, 2)
    g.listening = [Listener(b, ENTERS, ANY), Listener(a, ENTERS, ENEMY), Listener(a, ENTERS, ALLY)]
    emit(state, [], ENTERS, card=b, seat=0)
    assert g.heard == [(b, b), (a, b)]


def test_emit_says_whether_any_card_answered_so_nothing_need_be_asked_again():
    g, state = game()
    a, b = to_pile(state, 0, 2)
    assert emit(state, [], ENTERS, card=b, seat=0) is False  # nobody listens
    g.listening = [Listener(a, ENTERS, SELF)]
    assert emit(state, [], ENTERS, card=b, seat=0) is False  # a listens for itself only
    assert g.heard == []
    assert emit(state, [], ENTERS, card=a, seat=0) is True
    assert g.heard == [(a, a)]


def test_abilities_answering_each_other_stop_at_a_depth():
    g, state = game()
    (card,) = to_pile(state, 0)
    g.listening = [Listener(card, ENTERS, SELF, "echo")]
    emit(state, [], ENTERS, card=card, seat=0)
    assert len(g.heard) == MAX_DEPTH


def test_modifiers_are_copied_with_the_state_and_part_of_its_snapshot():
    _, state = game()
    (card,) = to_pile(state, 0)
    before = state.snapshot()
    copy = state.clone()
    add(state, Modifier(card, "atk", 1, card))
    assert state.snapshot() != before
    assert copy.lasting == () and copy.snapshot() == before
    assert state.clone().lasting == state.lasting


def test_a_seat_is_not_shown_modifiers_on_cards_it_cannot_see():
    _, state = game()
    (public,) = to_pile(state, 1)
    hand = state.zones[(1, "hand")][0]
    add(state, Modifier(public, "atk", 1, public))
    add(state, Modifier(hand, "atk", 1, hand))
    add(state, Modifier(public, "atk", 2, hand))  # from a card in a hand
    assert [m.target for m in view(state, 0).lasting] == [public]
    assert len(view(state, 1).lasting) == 3
    assert [m.amount for m in modifiers(view(state, 0), public)] == [1]


# -- effects waiting to resolve -----------------------------------------------------------

FAST, MIDDLE, SLOW = 0, 1, 2


def resolved(state, last_first=()):
    out = []
    while (p := next_pending(state, last_first)) is not None:
        out.append(p.key)
    return out


def test_waiting_effects_resolve_fastest_first_then_in_the_order_put():
    _, state = game()
    a, b, c = to_pile(state, 0, 3)
    pend(state, SLOW, a, 0, "slow 1")
    pend(state, FAST, b, 1, "fast 1")
    pend(state, SLOW, c, 0, "slow 2")
    pend(state, FAST, a, 0, "fast 2")
    pend(state, MIDDLE, b, 1, "middle")
    assert resolved(state) == ["fast 1", "fast 2", "middle", "slow 1", "slow 2"]
    assert state.pending == ()


def test_a_speed_the_game_names_resolves_the_last_put_first():
    _, state = game()
    a, b = to_pile(state, 0, 2)
    for key in ("counter 1", "counter 2", "counter 3"):
        pend(state, MIDDLE, a, 0, key)
    pend(state, FAST, b, 1, "conjure 1")
    pend(state, FAST, b, 1, "conjure 2")
    pend(state, SLOW, a, 0, "other 1")
    pend(state, SLOW, a, 0, "other 2")
    assert resolved(state, last_first={FAST, MIDDLE}) == [
        "conjure 2",
        "conjure 1",
        "counter 3",
        "counter 2",
        "counter 1",
        "other 1",
        "other 2",
    ]


def test_an_effect_put_while_others_resolve_takes_its_place_by_speed():
    _, state = game()
    a, b = to_pile(state, 0, 2)
    pend(state, SLOW, a, 0, "slow")
    pend(state, MIDDLE, a, 0, "middle")
    assert next_pending(state).key == "middle"
    pend(state, FAST, b, 1, "answer")  # put while the middle one resolved
    assert resolved(state) == ["answer", "slow"]


def test_the_waiting_effects_of_a_card_that_is_negated_are_taken_away():
    _, state = game()
    a, b = to_pile(state, 0, 2)
    pend(state, FAST, a, 0, "a1")
    pend(state, SLOW, b, 0, "b")
    pend(state, SLOW, a, 0, "a2")
    assert [p.key for p in cancel_pending(state, a)] == ["a1", "a2"]
    assert resolved(state) == ["b"]


def test_waiting_effects_are_copied_with_the_state_and_part_of_its_snapshot():
    _, state = game()
    (card,) = to_pile(state, 0)
    before = state.snapshot()
    copy = state.clone()
    pend(state, FAST, card, 0, "x")
    assert state.snapshot() != before
    assert copy.pending == () and copy.snapshot() == before
    assert state.clone().pending == state.pending


def test_a_seat_sees_that_an_effect_waits_but_not_which_when_it_cannot_see_the_card():
    _, state = game()
    hand = state.zones[(1, "hand")][0]
    (public,) = to_pile(state, 1)
    pend(state, FAST, hand, 1, "the secret", target=public)
    pend(state, SLOW, public, 1, "the open one")
    mine, theirs = view(state, 1).pending, view(state, 0).pending
    assert [p.key for p in mine] == ["the secret", "the open one"]
    assert [(p.key, p.card, p.target) for p in theirs] == [
        ("", hand, public),
        ("the open one", public, None),
    ]
