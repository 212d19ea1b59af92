"""Ending a phase with points or resources that could still buy a card is worth a question
(the table asks it; a setting turns it off): what each game counts as unspent, and when."""

from tabletop.engine import legal_actions, view

from .coe import helpers as coe
from .ewc import helpers as ewc
from .wota import helpers as wota


def unspent(state):
    seat = state.active
    return state.game.table().unspent(view(state, seat), seat, legal_actions(state))


def test_ewc_training_points_left_while_a_card_could_be_bought():
    state = ewc.start()
    state.data.tp[0] = 5
    assert unspent(state) == "5 TP"
    state.data.tp[0] = 0
    assert unspent(state) is None  # nothing left: nothing to ask


def test_war_of_the_arcane_action_points_left_in_the_main_phase():
    state = wota.start()
    assert unspent(state) == "3 action points"
    state.data.ap = 1
    assert unspent(state) == "1 action point"


def test_coe_ready_resources_left_while_a_card_could_be_played():
    state = coe.prep()
    seat = state.active
    assert unspent(state) is None  # no resource to spend
    deck = [state.cards[c].card.name for c in state.zones[(seat, "deck")]]
    for kind, name in zip(("mana", "shells", "enchanted") * 2, deck[:6], strict=True):
        coe.resource(state, seat, name, kind)
    assert any(a.kind == "play" for a in legal_actions(state))
    assert unspent(state) == "6 ready resources"
