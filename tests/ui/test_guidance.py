"""The table guides the hand: it asks before a phase ends with points that could still buy
something (a setting turns that off), dims the hand's cards that cannot be used now and
lights those that can, and says per phase what can be done."""

import pygame

from tabletop.engine import to_act

from .helpers import click, hotseat, key, pause_button


def with_tp(table, tp):
    table.state.data.tp[0] = tp
    table.view = table.shown_view()
    table._legal = None  # (changed by hand: what is legal is worked out again)


def test_ending_training_with_tp_that_could_buy_a_card_asks_first(app):
    table = hotseat(app)
    with_tp(table, 5)
    assert any(a.kind == "play" for a in table.legal())
    key(app, pygame.K_SPACE)
    assert table.paused and table.state.phase == "training"
    assert table._question().startswith("Go to Combat with 5 TP unspent?")
    click(app, pause_button(table, "No, keep playing").rect.center)
    assert not table.paused and table.state.phase == "training"
    key(app, pygame.K_SPACE)
    click(app, pause_button(table, "Yes, Go to Combat").rect.center)
    assert not table.paused and table.state.phase == "combat"


def test_escape_answers_the_question_by_staying(app):
    table = hotseat(app)
    with_tp(table, 5)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_ESCAPE)
    assert not table.paused and table.confirm is None and table.state.phase == "training"


def test_the_question_is_not_asked_when_the_setting_is_off_or_nothing_could_be_bought(app):
    table = hotseat(app)
    app.settings.ask_unspent = False
    with_tp(table, 5)
    key(app, pygame.K_SPACE)
    assert not table.paused and table.state.phase == "combat"
    app.settings.ask_unspent = True
    table2 = hotseat(app)
    with_tp(table2, 0)  # nothing to spend: no question
    key(app, pygame.K_SPACE)
    assert not table2.paused and table2.state.phase == "combat"
    assert to_act(table2.state) == 0


def test_the_hand_lights_what_can_be_paid_for_and_dims_what_cannot(app):
    table = hotseat(app)
    with_tp(table, 2)
    lit, dim = table.hand_guide()
    hand = table.state.zones[(0, "hand")]
    costs = {c: table.state.cards[c].card.cost for c in hand}
    assert {c for c in hand if costs[c] <= 2} <= lit
    assert dim == {c for c in hand if costs[c] > 2} and dim
    table.curtain = 1  # not the seat's decision: nothing is lit or dimmed
    assert table.hand_guide() == (set(), set())


def test_every_phase_a_person_acts_in_says_what_can_be_done(app):
    table = hotseat(app)
    assert table.message()[0].startswith("Training (1 TP): click your ready cards")
    key(app, pygame.K_SPACE)
    assert table.state.phase == "combat"
    assert table.message()[0].startswith("Combat: drag your Hero")


def test_ending_an_arcmage_turn_with_resources_that_could_play_a_card_asks_first(app):
    from tabletop.engine import act
    from tabletop.games.arcmage import rules

    from .test_arcmage_table import give, resources, to_play_phase
    from .test_arcmage_table import hotseat as arc_hotseat

    table, me = arc_hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    table.attempt(act(state, "end", me))  # no attacker: the Attack phase passes over
    give(state, me, "Cinder Runt", rules.HAND)
    resources(state, me, "red_banner", 2)
    table.view, table._legal = table.shown_view(), None
    assert state.phase == "play2" and any(a.kind == "play" for a in table.legal())
    key(app, pygame.K_SPACE)
    assert table.paused and table._question().startswith("End turn with 2 resources unspent?")


def test_every_kind_a_click_must_confirm_is_one_a_click_may_mean():
    from tabletop.games import registry

    for game in registry().values():
        spec = game.table()
        assert spec.confirm_kinds <= spec.click_kinds, game.name
