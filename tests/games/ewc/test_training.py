"""EWC Training Points and putting cards into play."""

from tabletop.games.ewc.rules import (
    R_ALLY_ALIVE,
    R_NO_PLAY_IN_COMBAT,
    R_TP_NOT_HERO,
    R_TP_ONCE,
    R_TP_PHASE,
    R_TURNED_FOR_TP,
)

from .helpers import ALLIES, FIELD, HAND, KAEL, LYRA, MIRA, cid, do, give, refused, start, to_combat


def test_the_hero_provides_one_tp_for_free():
    state = start(KAEL, LYRA)
    assert state.phase == "training"
    assert state.data.tp[0] == 1


def test_activating_a_card_turns_it_90_degrees_for_one_tp():
    state = start(KAEL, LYRA)
    do(state, 'tp "Ember Brand"')
    assert state.cards[cid(state, 0, "Ember Brand")].turned
    assert state.data.tp[0] == 2
    do(state, 'tp "Squire\'s Shield"')
    assert state.data.tp[0] == 3


def test_each_card_activated_grants_only_one_tp():
    state = start(KAEL, LYRA)
    do(state, 'tp "Ember Brand"')
    assert refused(state, 'tp "Ember Brand"') == R_TP_ONCE


def test_hero_cannot_be_turned_for_tp():
    state = start(KAEL, LYRA)
    assert refused(state, f'tp "{KAEL}"') == R_TP_NOT_HERO


def test_ally_cannot_be_turned_for_tp():
    state = start(MIRA, LYRA)
    give(state, 0, "Grey Wolf", ALLIES)
    assert refused(state, 'tp "Grey Wolf"') == R_TP_NOT_HERO


def test_a_card_holding_its_ally_in_play_cannot_be_turned_for_tp():
    state = start(MIRA, LYRA)
    to_combat(state)
    do(state, 'use "Wolf Call"')  # the Grey Wolf enters play; Wolf Call stays turned
    do(state, "end")
    to_combat(state)
    do(state, "end")  # Mira's next Training Phase
    assert state.active == 0 and state.phase == "training"
    assert refused(state, 'tp "Wolf Call"') == R_ALLY_ALIVE


def test_card_activated_for_tp_cannot_use_its_abilities_while_turned():
    state = start(KAEL, LYRA)
    do(state, 'tp "Ember Brand"')
    to_combat(state)
    assert refused(state, f'attack "Ember Brand" -> "{LYRA}"') == R_TURNED_FOR_TP


def test_putting_a_card_into_play_pays_its_cost_in_tp():
    state = start(KAEL, LYRA)
    sword = give(state, 0, "Iron Sword", HAND)
    do(state, 'tp "Ember Brand"')
    do(state, f'play "Iron Sword"#{sword}')
    assert state.cards[sword].zone == (0, FIELD)
    assert state.data.tp[0] == 0
    assert not state.cards[sword].turned


def test_cannot_put_a_card_into_play_without_enough_tp():
    state = start(KAEL, LYRA)
    give(state, 0, "Longspear", HAND)
    reason = refused(state, 'play "Longspear"')
    assert reason.startswith("EWC, Playing Cards: to put a card into play you must pay its cost")
    assert "Longspear costs 3 TP, you have 1" in reason


def test_cannot_put_cards_into_play_in_combat_phase():
    state = start(KAEL, LYRA)
    give(state, 0, "Venom Dagger", HAND)
    to_combat(state)
    reason = refused(state, 'play "Venom Dagger"')
    assert reason == R_NO_PLAY_IN_COMBAT
    assert reason == (
        "EWC, Combat Phase: once this phase begins, you can no longer put cards into play"
    )


def test_cards_are_not_turned_for_tp_in_combat_phase():
    state = start(KAEL, LYRA)
    to_combat(state)
    assert refused(state, 'tp "Ember Brand"') == R_TP_PHASE


def test_a_card_put_into_play_this_turn_can_be_turned_for_tp_at_once():
    state = start(KAEL, LYRA)
    give(state, 0, "Venom Dagger", HAND)
    do(state, 'play "Venom Dagger"')
    do(state, 'tp "Venom Dagger"')
    assert state.data.tp[0] == 1


def test_cannot_play_a_card_that_is_not_in_your_hand():
    state = start(KAEL, LYRA)
    give(state, 0, "Iron Sword", "deck", top=True)
    assert "is not in your hand" in refused(state, 'play "Iron Sword"')


def test_cannot_play_on_another_players_turn():
    state = start(KAEL, LYRA)
    give(state, 1, "Venom Dagger", HAND)
    assert refused(state, 'P2: play "Venom Dagger"') == "EWC: it is Player 1's turn to act"


def test_a_card_in_play_stays_in_play_after_the_turn():
    state = start(KAEL, LYRA)
    give(state, 0, "Venom Dagger", HAND)
    do(state, 'play "Venom Dagger"')
    to_combat(state)
    do(state, "end")
    assert cid(state, 0, "Venom Dagger") in state.zones[(0, FIELD)]
