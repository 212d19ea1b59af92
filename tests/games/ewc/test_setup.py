"""EWC setup: Hero and starting cards in play, Allies behind, shuffle, draw 2, the one-time
replace, the first-player roll, and the Hero ability after setup."""

from tabletop.engine import Event
from tabletop.games.ewc.rules import R_SETUP_ONCE

from .helpers import (
    BEHIND,
    DECK,
    DECKS,
    FIELD,
    GAME,
    HAND,
    HERO,
    KAEL,
    LYRA,
    MIRA,
    VESH,
    do,
    names,
    new_game,
    refused,
    roll,
    start,
)


def test_hero_and_its_two_starting_cards_begin_in_play():
    state = new_game(KAEL, LYRA)
    assert names(state, 0, HERO) == [KAEL]
    assert names(state, 0, FIELD) == ["Ember Brand", "Squire's Shield"]
    assert names(state, 1, FIELD) == ["Twin Daggers", "Evasive Roll"]
    for i in state.zones[(0, FIELD)]:
        assert state.cards[i].card.cost == 0 and state.cards[i].card.starter


def test_ally_tokens_start_behind_the_hero_not_in_the_deck():
    state = new_game(MIRA, LYRA)
    assert sorted(names(state, 0, BEHIND)) == ["Grey Wolf", "Spirit Hawk", "Stone Guardian"]
    assert not {"Grey Wolf", "Spirit Hawk", "Stone Guardian"} & set(names(state, 0, DECK))


def test_each_player_shuffles_and_draws_two_cards():
    state = new_game(KAEL, LYRA)
    for seat in (0, 1):
        assert len(state.zones[(seat, HAND)]) == 2
        assert len(state.zones[(seat, DECK)]) == 28


def test_the_shuffle_comes_from_the_seed():
    a, b = new_game(KAEL, LYRA, seed=5), new_game(KAEL, LYRA, seed=5)
    c = new_game(KAEL, LYRA, seed=6)
    assert names(a, 0, DECK) == names(b, 0, DECK)
    assert names(a, 0, DECK) != names(c, 0, DECK)


def test_replaced_cards_go_to_the_bottom_and_are_replaced_from_the_top():
    state = new_game(KAEL, LYRA)
    first, second = state.zones[(0, HAND)]
    top = state.zones[(0, DECK)][0]
    do(state, f"replace #{first}")
    assert state.zones[(0, DECK)][-1] == first
    assert state.zones[(0, HAND)] == [second, top]
    assert len(state.zones[(0, DECK)]) == 28


def test_both_cards_drawn_may_be_replaced():
    state = new_game(KAEL, LYRA)
    hand = list(state.zones[(0, HAND)])
    top2 = state.zones[(0, DECK)][:2]
    do(state, f"replace #{hand[0]}, #{hand[1]}")
    assert state.zones[(0, DECK)][-2:] == hand
    assert state.zones[(0, HAND)] == top2


def test_replace_is_allowed_only_once_and_only_at_setup():
    state = new_game(KAEL, LYRA)
    do(state, f"replace #{state.zones[(0, HAND)][0]}")
    assert state.phase == "setup" and state.active == 1  # Player 1's hand is decided
    do(state, "keep")
    assert state.phase == "training"
    hand = state.zones[(state.active, HAND)]
    reason = refused(state, f"P{state.active + 1}: replace #{hand[0]}")
    assert reason == R_SETUP_ONCE
    assert reason == (
        "EWC, Setup: you may choose to replace any of the 2 cards you drew; you "
        "can only do this once and only at the setup"
    )


def test_each_seat_decides_its_hand_in_turn():
    state = new_game(KAEL, LYRA)
    assert state.phase == "setup" and state.active == 0
    do(state, "keep")
    assert state.phase == "setup" and state.active == 1
    reason = refused(state, "P1: keep")
    assert "Player 2" in reason


def test_highest_die_plus_spd_goes_first():
    state = new_game(KAEL, LYRA)  # Kael SPD 1, Lyra SPD 3
    roll(state, 5, 2)  # 6 against 5
    do(state, "keep")
    do(state, "keep")
    assert state.data.first == 0 and state.active == 0
    state = new_game(KAEL, LYRA)
    roll(state, 3, 2)  # 4 against 5
    do(state, "keep")
    do(state, "keep")
    assert state.data.first == 1 and state.active == 1


def test_tied_players_roll_again():
    state = new_game(KAEL, LYRA)
    roll(state, 5, 3, 1, 2)  # 6 against 6, then 2 against 5
    do(state, "keep")
    events = do(state, "keep")
    rolls = [e for e in events if e.kind == "roll"]
    assert [e.value[2] for e in rolls] == [6, 6, 2, 5]
    assert any("roll again" in e.text for e in events)
    assert state.data.first == 1


def test_only_the_tied_leaders_roll_again():
    state = new_game(KAEL, LYRA, VESH)  # SPD 1, 3, 2
    roll(state, 5, 3, 1, 4, 1)  # 6, 6, 3: seats 0 and 1 roll again: 5 against 4
    for _ in range(3):
        events = do(state, "keep")
    rolls = [e for e in events if e.kind == "roll"]
    assert [e.seat for e in rolls] == [0, 1, 2, 0, 1]
    assert state.data.first == 0


def test_the_icon_counts_as_six_on_the_first_player_roll():
    state = new_game(KAEL, LYRA)  # SPD 1 and 3
    # The Icon + 1 = 7 against 4 + 3 = 7: a tie (as a 5 Lyra would go first, as a 7 Kael
    # would), so both roll again: 5 + 1 = 6 against 1 + 3 = 4.
    roll(state, 6, 4, 5, 1)
    do(state, "keep")
    events = do(state, "keep")
    rolls = [e for e in events if e.kind == "roll"]
    assert [e.value for e in rolls] == [
        ("initiative", 6, 7),
        ("initiative", 4, 7),
        ("initiative", 5, 6),
        ("initiative", 1, 4),
    ]
    assert rolls[0].text == "Player 1 rolls the Icon (6) + SPD 1 = 7"
    assert state.data.first == 0


def test_hero_ability_takes_effect_after_first_player_is_decided():
    state = new_game(LYRA, KAEL)
    roll(state, 1, 6)  # Kael goes first; Lyra still draws after setup
    do(state, "keep")
    events = do(state, "keep")
    order = [e.text for e in events]
    goes_first = next(i for i, t in enumerate(order) if "goes first" in t)
    ability = next(i for i, t in enumerate(order) if "Lyra Swiftwind's ability" in t)
    assert goes_first < ability
    assert len(state.zones[(0, HAND)]) == 3  # 2 + her ability; her own Draw Phase is later


def test_on_your_first_turn_you_have_three_cards_in_the_draw_phase():
    state = start(KAEL, LYRA)
    assert len(state.zones[(0, HAND)]) == 3


def test_setup_events_say_what_was_put_into_play():
    events: list[Event] = []
    state = GAME.new_game([DECKS["ember_vanguard"], DECKS["windrunner"]], 3, events)
    assert state.phase == "setup"
    assert any(
        "plays Kael, the Ember Knight with Ember Brand and Squire's Shield" in e.text
        for e in events
    )
    draws = [e for e in events if e.kind == "move" and e.seat == 0]
    assert all(e.text_for(1) == "Player 1 draws a card" for e in draws)
