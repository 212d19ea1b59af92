"""What a seat knows of the cards hidden from it, and the possible worlds dealt from it."""

import random
from collections import Counter

from tabletop.engine import HIDDEN, CardSet, Event, GameState, Match, view
from tabletop.engine.knowledge import Dealer, Knowledge, Memory

from .toy import CARDS, DECK, Sums

OTHER = DECK.model_copy(update={"name": "fives", "cards": {"5": 10}})


class Dealt(Sums):
    """Sums with a card set, so hidden cards can be dealt by name."""

    id = "dealt"

    def card_set(self):
        return CardSet(self.id, CARDS, {"numbers": DECK, "fives": OTHER})


GAME = Dealt()


def _hand(state: GameState, seat: int) -> list[int]:
    return list(state.zones[(seat, "hand")])


def test_a_dealt_world_keeps_every_card_the_seat_can_see_and_deals_the_rest_from_its_lists():
    match = Match(GAME, [DECK, OTHER], 3, remember=True)
    seen = match.view(0)
    for k in range(20):
        world = Dealer(seen).deal(random.Random(k))
        for cid in _hand(match.state, 0):
            assert world.cards[cid].card is match.state.cards[cid].card
        assert all(
            world.cards[c].card.name == "5"
            for c in match.state.cards
            if match.state.cards[c].owner == 1
        )
        mine = Counter(i.card.name for i in world.cards.values() if i.owner == 0)
        assert mine == Counter(DECK.cards)


def test_a_deck_nobody_showed_is_dealt_from_the_games_card_pool():
    match = Match(GAME, [DECK, OTHER], 3, remember=True)
    match.memory.open_decks = False
    names = set()
    for k in range(20):
        world = Dealer(match.view(0)).deal(random.Random(k))
        names |= {i.card.name for i in world.cards.values() if i.owner == 1}
    assert names - {"5"}  # not only its real list: any card of the pool


def test_dealing_depends_only_on_what_the_seat_knows_not_on_the_hidden_truth():
    match = Match(GAME, [DECK, DECK], 5, remember=True)
    knows = match.memory.knowledge(0)
    truth = match.state
    other = truth.clone()  # the same game with the other seat's hand and both decks changed
    hidden = [
        c for c in other.cards if other.cards[c].zone[0] == 1 or other.cards[c].zone[1] == "deck"
    ]
    for cid in hidden:
        other.cards[cid].card = CARDS["1"] if other.cards[cid].card.name != "1" else CARDS["2"]
    assert view(truth, 0).snapshot() == view(other, 0).snapshot()
    a = Dealer(view(truth, 0, knows)).deal(random.Random(9))
    b = Dealer(view(other, 0, knows)).deal(random.Random(9))
    assert a.snapshot() == b.snapshot()


def _memory(state: GameState) -> Memory:
    return Memory(state, [DECK, DECK])


def test_a_card_seen_then_returned_to_a_hand_is_remembered_by_the_seat_that_saw_it():
    state = GAME.new_game([DECK, DECK], 1)
    memory = _memory(state)
    cid = _hand(state, 1)[0]
    state.move(cid, (1, "pile"))
    memory.observe(state, ())
    state.move(cid, (1, "hand"))
    memory.observe(state, ())
    assert memory.knowledge(0).cards == {cid: state.cards[cid].card}
    world = Dealer(view(state, 0, memory.knowledge(0))).deal(random.Random(1))
    assert world.cards[cid].card is state.cards[cid].card
    assert view(state, 0).cards[cid].card is HIDDEN  # the view itself shows nothing more


def test_a_card_revealed_by_an_event_is_remembered_only_by_the_seats_that_read_it():
    state = GAME.new_game([DECK, DECK], 1)
    memory = _memory(state)
    cid = _hand(state, 1)[0]
    memory.observe(
        state,
        [Event("info", "reveals", seat=1, reveals=(cid,), seen_by=frozenset({0, 1}), secret="")],
    )
    assert cid in memory.knowledge(0).cards
    other = _hand(state, 1)[1]
    memory.observe(
        state, [Event("info", "looks", seat=1, reveals=(other,), seen_by=frozenset({1}), secret="")]
    )
    assert other not in memory.knowledge(0).cards


def test_a_card_that_went_into_a_deck_is_forgotten_even_if_it_comes_back_at_once():
    state = GAME.new_game([DECK, DECK], 1)
    memory = _memory(state)
    cid = _hand(state, 1)[0]
    state.move(cid, (1, "pile"))
    memory.observe(state, ())
    state.move(cid, (1, "deck"))  # shuffled in and, before anyone looks, drawn again:
    state.shuffle((1, "deck"))  # the id may now be any card of the deck
    state.move(cid, (1, "hand"))
    memory.observe(state, ())
    assert memory.knowledge(0).cards == {}


def test_a_seat_knows_every_deck_list_when_the_decks_were_chosen_in_the_open():
    match = Match(GAME, [DECK, OTHER], 1)
    assert match.memory.knowledge(0).decks == (DECK, OTHER)
    assert match.view(1).knows == Knowledge(1, (DECK, OTHER), {})
    match.memory.open_decks = False
    assert match.memory.knowledge(0).decks == (DECK, None)


def test_a_match_not_asked_to_remember_knows_the_lists_only_and_keeps_no_journal():
    match = Match(GAME, [DECK, OTHER], 1)
    assert match.state.journal is None
    state = match.state
    cid = _hand(state, 1)[0]
    state.move(cid, (1, "pile"))
    match.memory.observe(state, ())
    state.move(cid, (1, "hand"))
    match.memory.observe(state, ())
    assert match.memory.knowledge(0) == Knowledge(0, (DECK, OTHER), {})
