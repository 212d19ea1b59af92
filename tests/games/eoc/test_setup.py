"""EoC, Start the Game: the Vanquisher in Stage 1, 7 cards, the redraws of a hand with no
playable creature (ruling 2), the coin (ruling 18), the starting turn without a draw, and
losing to an empty deck (ruling 13)."""

from tabletop.engine import PASS, Action, legal_actions, settle
from tabletop.games.eoc.rules import MOVES, R_REDRAW

from .helpers import (
    CARDS,
    DECK,
    GAME,
    HAND,
    VANQUISHER,
    do,
    new_game,
    next_turn,
    refused,
    rules,
    start,
    take,
    texts,
)

PLAYABLE = [
    "Cinder Newt",
    "Ember Shard",
    "Flame Lance",
    "Battle Surge",
    "Overclock",
    "Banner of the Blazing Host",
    "Blazing Riposte",
]
UNPLAYABLE = [
    "Ashback Salamander",
    "Ember Shard",
    "Flame Lance",
    "Battle Surge",
    "Overclock",
    "Banner of the Blazing Host",
    "Blazing Riposte",
]  # 2 Fire needed, 1 held


def dealt(
    p1: list[str],
    p2: list[str],
    deck1: list[str] | None = None,
    deck2: list[str] | None = None,
    seed: int = 1,
    coin: int = 0,
):
    """The opening hands as given (and the decks, top first, if given), then the deal
    played out as the game plays it: redraws asked, then the coin (forced to ``coin``)."""
    state = new_game(seed)
    state.prompts = ()
    state.data.redraws = [0, 0]
    state.data.first = None
    for seat, hand, deck in ((0, p1, deck1), (1, p2, deck2)):
        for cid in list(state.zones[(seat, HAND)]):
            state.move(cid, (seat, DECK))
        for n in hand:
            take(state, seat, n, HAND)
        if deck is not None:
            for cid in state.zones[(seat, DECK)]:
                del state.cards[cid]
            state.zones[(seat, DECK)] = []
            for n in deck:
                state.create(CARDS[n], seat, (seat, DECK))
    state.phase, state.turn, state.active = "deal", 1, 0
    state.rng.force(coin)
    events: list = []
    GAME.phases["deal"].enter(state, events)
    settle(state, events)
    return state, events


def hand(state, seat):
    return sorted(state.cards[c].card.name for c in state.zones[(seat, HAND)])


def test_each_player_plays_its_vanquisher_in_stage_1_and_draws_7_cards():
    state = new_game(seed=3)
    for seat in (0, 1):
        (v,) = state.zones[(seat, VANQUISHER)]
        assert state.cards[v].card.type == "vanquisher"
        assert state.data.stage[seat] == 1
        assert len(state.zones[(seat, HAND)]) == 7
        assert len(state.zones[(seat, DECK)]) == 53
        assert all(state.cards[c].card.type != "vanquisher" for c in state.zones[(seat, DECK)])


def test_a_playable_hand_is_one_creature_and_the_essence_of_the_same_hand_to_create_it():
    state, _ = dealt(PLAYABLE, PLAYABLE)
    assert rules.playable(state, 0)
    for names, ok in (
        (["Ashback Salamander", "Ember Shard", "Smouldering Coal"], True),
        (["Ashback Salamander", "Heart of the Pyre"], True),
        (["Ashback Salamander", "Ember Shard"], False),
        (["Ashback Salamander", "Gray Mist", "Ember Shard"], True),  # Gray pays
        (["Wandering Automaton", "Ember Shard", "Tide Pearl", "Halo Mote"], True),
        (["Cinder Newt", "Tide Pearl"], False),
        (["Ember Shard", "Heart of the Pyre"], False),
    ):  # no creature at all
        for cid in list(state.zones[(0, HAND)]):
            state.move(cid, (0, DECK))
        for n in names:
            take(state, 0, n, HAND)
        assert rules.playable(state, 0) is ok, names


def test_a_playable_hand_is_not_asked_to_redraw_and_the_coin_follows():
    state, events = dealt(PLAYABLE, PLAYABLE, coin=0)
    assert not state.prompts
    assert state.phase == "prep" and state.turn == 1
    assert not any(e.kind == "reveal" for e in events)


def test_an_unplayable_hand_must_be_redrawn_it_cannot_be_kept():
    state, _ = dealt(UNPLAYABLE, PLAYABLE)
    assert state.phase == "deal"
    assert state.top_prompt.seat == 0 and state.top_prompt.name == "redraw"
    assert [a.kind for a in legal_actions(state, verify=True)] == ["redraw"]
    assert "cannot be passed" in refused(state, "P1: pass")


def test_a_playable_hand_cannot_be_redrawn():
    state, _ = dealt(PLAYABLE, PLAYABLE)
    assert "before the game starts" in refused(state, "P1: redraw")
    # Even asked (the check itself): this hand has one.
    reason = MOVES["redraw"].check(state, Action("redraw", 0))
    assert reason == f"{R_REDRAW} (this hand has one)"


def test_an_unplayable_hand_is_revealed_to_the_opponent_as_soon_as_it_is_found():
    state, events = dealt(UNPLAYABLE, PLAYABLE)
    (reveal,) = [e for e in events if e.kind == "reveal"]
    assert set(reveal.reveals) == set(state.zones[(0, HAND)]) and reveal.visible_to(1)
    assert "has no playable creature and reveals their hand: Ashback Salamander" in reveal.text_for(
        1
    )


def test_a_redraw_shuffles_the_hand_back_and_draws_7_new_cards():
    deck = ["Flame Lance"] * 20
    state, _ = dealt(UNPLAYABLE, PLAYABLE, deck1=deck)
    events = do(state, "P1: redraw")
    assert len(state.zones[(0, HAND)]) == 7 and len(state.zones[(0, DECK)]) == 20
    assert state.data.redraws[0] == 1
    assert "shuffles it back and draws 7 new cards" in texts(events)
    # The new hand has no playable creature either: it is revealed in its turn.
    (reveal,) = [e for e in events if e.kind == "reveal"]
    assert set(reveal.reveals) == set(state.zones[(0, HAND)])


def test_a_playable_redrawn_hand_is_kept():
    deck = ["Cinder Newt", "Ember Shard"] * 10
    state, _ = dealt(UNPLAYABLE, PLAYABLE, deck1=deck, seed=1)
    events = do(state, "P1: redraw")
    assert rules.playable(state, 0) and not any(e.kind == "reveal" for e in events)
    assert state.phase == "prep"


def test_redraws_are_asked_in_seat_order_before_the_coin():
    never = ["Flame Lance"] * 30  # a deck that never gives a playable hand
    state, _ = dealt(UNPLAYABLE, UNPLAYABLE, deck1=never, deck2=never, coin=1)
    assert state.top_prompt.seat == 0
    do(state, "P1: redraw")
    assert state.top_prompt.seat == 0, "Player 1's second hand is asked before Player 2"
    do(state, "P1: redraw")
    assert state.top_prompt.seat == 1 and state.phase == "deal"
    do(state, "P2: redraw")
    events = do(state, "P2: redraw")
    assert [e.kind for e in events].count("coin") == 1
    assert state.phase == "prep" and state.active == 1


def test_at_most_two_redraws_the_third_hand_is_final():
    never = ["Flame Lance"] * 30
    state, _ = dealt(UNPLAYABLE, PLAYABLE, deck1=never)
    do(state, "P1: redraw")
    events = do(state, "P1: redraw")
    assert "the third hand is final" in texts(events)
    assert not rules.playable(state, 0) and state.data.redraws[0] == 2
    assert not state.prompts and state.phase == "prep"
    reason = MOVES["redraw"].check(state, Action("redraw", 0))
    assert reason == (
        "EoC, Start the Game: this can be repeated up to 2 times: the 3rd hand is final"
    )


def test_the_coin_heads_player_1_goes_first_tails_player_2():
    for face, first in ((0, 0), (1, 1)):
        state, events = dealt(PLAYABLE, PLAYABLE, coin=face)
        (coin,) = [e for e in events if e.kind == "coin"]
        assert ("heads" if face == 0 else "tails") in coin.text
        assert state.active == first and state.data.first == first and state.phase == "prep"


def test_no_card_is_drawn_on_the_starting_turn_of_the_game():
    state, events = dealt(PLAYABLE, PLAYABLE, coin=0)
    assert len(state.zones[(0, HAND)]) == 7
    assert "draws no card on the starting turn" in texts(events)


def test_the_second_players_first_turn_draws_a_card():
    state, _ = dealt(PLAYABLE, PLAYABLE, coin=0)
    events = next_turn(state)
    assert state.active == 1 and state.phase == "prep" and state.turn == 2
    assert len(state.zones[(1, HAND)]) == 8
    assert any(e.kind == "move" and "draws" in e.text and e.seat == 1 for e in events)
    next_turn(state)
    assert len(state.zones[(0, HAND)]) == 8  # Player 1's second turn draws too


def test_a_player_who_cannot_draw_in_the_preparation_phase_loses():
    state = start(first=0)
    next_turn(state)  # the starting turn is over
    for cid in list(state.zones[(0, DECK)]):
        state.move(cid, (0, rules.GRAVE))
    events = next_turn(state)
    assert state.over and state.winners == (1,)
    assert "deck is depleted" in texts(events)


def test_the_last_card_drawn_is_not_a_loss():
    state = start(first=0)
    next_turn(state)
    for cid in list(state.zones[(0, DECK)])[1:]:
        state.move(cid, (0, rules.GRAVE))
    next_turn(state)
    assert not state.over and len(state.zones[(0, DECK)]) == 0 and state.active == 0


def test_if_both_players_lose_at_once_the_game_is_a_draw():
    state = start()
    state.data.lost = ["Ignara was defeated in both stages", "Player 2's deck ran out"]
    assert GAME.winner(state) == ()


def test_passing_a_redraw_is_not_offered():
    state, _ = dealt(UNPLAYABLE, PLAYABLE)
    assert Action(PASS, 0) not in legal_actions(state, verify=True)
