"""EWC's five phases: Ready, Draw, Training, Combat, Pass Turn; clockwise turns."""

from tabletop.games.ewc.rules import R_ACTIVATE_IN_COMBAT, R_ATTACK_IN_COMBAT, STALEMATE_ROUNDS

from .helpers import (
    BRANN,
    DECK,
    FIELD,
    HAND,
    KAEL,
    LYRA,
    VESH,
    attack,
    cid,
    do,
    give,
    life,
    refused,
    roll,
    start,
    texts,
    to_combat,
)


def phases_of(events):
    return [e.value[0] for e in events if e.kind == "phase"]


def test_a_turn_runs_ready_draw_training_combat_pass_in_order():
    state = start(KAEL, LYRA)
    events = do(state, "end")
    assert phases_of(events) == ["combat"]
    events = do(state, "end")
    assert phases_of(events) == ["pass", "ready", "draw", "training"]
    assert state.active == 1


def test_automatic_phases_name_the_player_whose_turn_it_is():
    state = start(KAEL, LYRA)
    to_combat(state)
    texts = [e.text for e in do(state, "end") if e.kind == "phase"]
    assert texts == [
        "Player 1: Pass Turn Phase",
        "Player 2: Ready Phase",
        "Player 2: Draw Phase",
        "Player 2: Training Phase",
    ]


def test_draw_phase_draws_one_card_from_the_top_of_the_deck():
    state = start(KAEL, LYRA)
    top = state.zones[(1, DECK)][0]
    hand = len(state.zones[(1, HAND)])
    to_combat(state)
    do(state, "end")
    assert state.zones[(1, HAND)][-1] == top
    assert len(state.zones[(1, HAND)]) == hand + 1


def test_there_is_no_hand_size_limit():
    state = start(KAEL, LYRA)
    give(state, 0, "Scout Ahead", FIELD)  # draw 1 card
    for name in [
        "Iron Sword",
        "Longspear",
        "Chainmail",
        "Parry",
        "Fireball",
        "Battle Cry",
        "Rally",
        "Sabotage",
        "Great Axe",
    ]:
        give(state, 0, name, HAND)
    hand = state.zones[(0, HAND)]
    held = len(hand)
    assert held == 12
    to_combat(state)
    do(state, "end")  # Player 1's Pass Turn Phase
    assert state.active == 1 and len(hand) == held
    to_combat(state)
    do(state, "end")  # Player 2's turn ends; Player 1's Ready and Draw Phases
    assert state.active == 0 and state.phase == "training"
    assert len(hand) == held + 1
    to_combat(state)
    do(state, 'use "Scout Ahead"')
    assert len(hand) == held + 2
    do(state, "end")  # Player 1's Pass Turn Phase again
    assert state.active == 1 and len(hand) == held + 2
    assert state.zones[(0, "discard")] == []


def test_ready_phase_readies_every_activated_card():
    state = start(KAEL, LYRA)
    do(state, 'tp "Ember Brand"')
    do(state, 'tp "Squire\'s Shield"')
    to_combat(state)
    do(state, "end")  # Player 2's turn
    to_combat(state)
    do(state, "end")  # back to Player 1: Ready Phase has run
    assert not any(state.cards[i].turned for i in state.zones[(0, FIELD)])


def test_cards_stay_turned_until_their_owners_ready_phase():
    state = start(KAEL, LYRA)
    do(state, 'tp "Ember Brand"')
    to_combat(state)
    do(state, "end")
    assert state.active == 1
    assert state.cards[cid(state, 0, "Ember Brand")].turned


def test_training_points_do_not_carry_over_to_later_turns():
    state = start(KAEL, LYRA)
    do(state, 'tp "Ember Brand"')
    assert state.data.tp[0] == 2
    to_combat(state)
    do(state, "end")
    assert state.data.tp[0] == 0
    to_combat(state)
    do(state, "end")
    assert state.data.tp[0] == 1  # only the Hero's free TP again


def test_turn_passes_clockwise():
    state = start(KAEL, LYRA, VESH, BRANN, first=2)
    order = []
    for _ in range(5):
        order.append(state.active)
        to_combat(state)
        do(state, "end")
    assert order == [2, 3, 0, 1, 2]


def test_empty_deck_draws_nothing_and_does_not_lose():
    state = start(KAEL, LYRA)
    for i in list(state.zones[(1, DECK)]):
        state.move(i, (1, "discard"))
    to_combat(state)
    events = do(state, "end")
    assert any(e.text == "Player 2 has no cards left to draw" for e in events)
    assert not state.over and state.phase == "training" and state.active == 1


def _empty_decks(state):
    for seat in range(state.seats):
        for i in list(state.zones[(seat, DECK)]):
            state.move(i, (seat, "discard"))


def _turns(state, n):
    """End ``n`` turns with nothing done in them; the events of the last."""
    events = []
    for _ in range(n):
        turn = state.turn
        while not state.over and state.turn == turn:
            events = do(state, "end")
    return events


def test_ten_rounds_with_empty_decks_and_nothing_changing_end_in_a_stalemate_draw():
    state = start(KAEL, LYRA)
    _empty_decks(state)
    # The first turn to end with the decks empty sets the mark; ten whole rounds after it.
    _turns(state, STALEMATE_ROUNDS * 2)
    assert not state.over
    events = _turns(state, 1)
    assert state.over and state.winners == ()
    assert "stalemate" in texts(events) and "(ruling)" in texts(events)


def test_a_hero_brought_lower_than_ever_keeps_a_game_with_empty_decks_going():
    state = start(KAEL, LYRA)
    _empty_decks(state)
    _turns(state, STALEMATE_ROUNDS * 2)  # one turn short of the stalemate
    assert not state.over
    to_combat(state)  # a Base Attack that lands: a new low for the Hero it hits
    seat = state.active
    before = life(state, 1 - seat)
    attack(state, f'attack "{(KAEL, LYRA)[seat]}" -> "{(LYRA, KAEL)[seat]}"', 6, 1)
    assert life(state, 1 - seat) < before
    _turns(state, 1)  # the turn of the hit ends: the count starts again
    _turns(state, STALEMATE_ROUNDS * 2 - 1)
    assert not state.over
    _turns(state, 1)
    assert state.over and state.winners == ()


def test_a_card_put_back_into_a_deck_starts_the_stalemate_count_afresh():
    state = start(KAEL, LYRA)
    _empty_decks(state)
    _turns(state, STALEMATE_ROUNDS * 2)  # one turn short of the stalemate
    back = state.zones[(0, "discard")][0]
    state.move(back, (0, DECK))
    _turns(state, 1)
    state.move(back, (0, "discard"))
    _turns(state, STALEMATE_ROUNDS * 2)
    assert not state.over
    _turns(state, 1)
    assert state.over and state.winners == ()


def test_cannot_attack_in_training_phase():
    state = start(KAEL, LYRA)
    reason = refused(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert reason == R_ATTACK_IN_COMBAT and "(ruling)" in reason  # ruling 19
    to_combat(state)
    roll(state, 5, 1)
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    while state.prompts:
        do(state, "pass")
    assert state.data.combat is None and life(state, 1) == 18 - 4


def test_cards_are_activated_for_their_effects_only_in_combat_phase():
    state = start(KAEL, LYRA)
    give(state, 0, "Scout Ahead", FIELD)
    reason = refused(state, 'use "Scout Ahead"')
    assert reason == R_ACTIVATE_IN_COMBAT and "(ruling)" in reason  # ruling 19
    hand = len(state.zones[(0, HAND)])
    to_combat(state)
    do(state, 'use "Scout Ahead"')
    assert len(state.zones[(0, HAND)]) == hand + 1


def test_a_player_cannot_act_in_another_players_turn():
    state = start(KAEL, LYRA)
    reason = refused(state, "P2: end")
    assert reason == "EWC: it is Player 1's turn to act"
