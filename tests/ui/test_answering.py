"""Answering at the table: who is asked when, the Respond button, and what the screen shows
of it (ARC-mage, whose Events may be played at any time)."""

import pygame

from tabletop.engine import RESPOND, legal_actions, to_act
from tabletop.games.arcmage import rules
from tabletop.ui.table import Setup, TableScene

from .helpers import click, key, take_screen, until_curtain, until_idle
from .test_arcmage_table import DECKS, GAME, give, hotseat, resources, to_play_phase


def empty_hand(state, seat):
    for cid in list(state.zones[(seat, rules.HAND)]):
        state.move(cid, (seat, rules.DECK))


def play_a_runt(app, table, me):
    """``me``, to act in its Play phase, plays a Cinder Runt from its hand into its city."""
    state = table.state
    runt = give(state, me, "Cinder Runt", rules.HAND)
    table.attempt(rules.act(state, "play", me, (runt,), (rules.cities(state, me)[0],)))
    until_idle(app, table)
    return runt


def foe_without_an_event(app):
    """A hot-seat table in the Play phase of the seat at the screen, whose foe holds one card,
    a creature: nothing to answer with. Returns the table, that seat and its foe."""
    table, me = hotseat(app)
    to_play_phase(app, table, me)
    resources(table.state, me, "red_banner", 2)
    empty_hand(table.state, 1 - me)
    give(table.state, 1 - me, "Grove Tender", rules.HAND)
    return table, me, 1 - me


def test_in_hot_seat_the_other_player_is_asked_whatever_it_holds(app):
    table, me, foe = foe_without_an_event(app)
    state = table.state
    play_a_runt(app, table, me)
    until_curtain(app, table)
    assert table.curtain == foe  # the screen goes over all the same: nothing is given away
    click(app, (640, 360))
    assert table.near == foe and state.top_prompt.name == "respond"
    key(app, pygame.K_SPACE)  # pass
    take_screen(app, table)
    assert table.near == me


def test_players_who_choose_speed_are_not_asked_when_they_can_only_pass(app):
    app.settings.answer_only_when_able = True
    table, me, _ = foe_without_an_event(app)
    state = table.state
    empty_hand(state, me)
    runt = play_a_runt(app, table, me)
    for _ in range(90):
        app.pump()
        assert table.curtain is None
    assert rules.in_play(state, runt) and not state.prompts and table.near == me


def test_the_respond_button_lets_the_other_player_step_in_behind_the_curtain(app):
    table, me = hotseat(app)
    foe = 1 - me
    state = table.state
    to_play_phase(app, table, me)
    button = next(b for b in table._buttons() if b.label.startswith("Respond"))
    assert button.label == f"Respond ({state.seat_names[foe]})" and button.key == "R"
    click(app, button.rect.center)
    assert state.top_prompt.seat == foe and state.top_prompt.name == "interrupt"
    until_curtain(app, table)
    assert table.curtain == foe
    click(app, (640, 360))
    assert table.near == foe
    key(app, pygame.K_SPACE)  # nothing to play after all
    take_screen(app, table)
    assert table.near == me and state.phase == "play1" and not state.prompts


def versus_computer(app, seed=3):
    """Player 1 at the screen against the greedy bot, both first cities founded, the bot's
    turn on; returns the table and the bot's seat."""
    table = TableScene(
        app,
        Setup(
            GAME, [DECKS["emberfang_raiders"], DECKS["thornwood_circle"]], ["human", "greedy"], seed
        ),
    )
    app.go(table)
    state = table.state
    for _ in range(600):
        app.pump()
        if state.phase not in ("coin", "found") and to_act(state) == 1:
            break
        if to_act(state) == 0 and state.phase == "found":
            table.attempt(rules.act(state, "found", 0, (state.zones[(0, rules.UNBUILT)][0],)))
        elif to_act(state) == 0 and table.human_to_act():  # on to the computer's turn
            actions = legal_actions(state)
            table.attempt(next((a for a in actions if a.kind in ("draw", "end")), actions[0]))
    assert to_act(state) == 1
    return table


def test_against_the_computer_the_respond_key_opens_your_answer_in_its_turn(app):
    table = versus_computer(app)
    state = table.state
    assert [b.label for b in table._buttons()] == ["Respond"]
    key(app, pygame.K_r)
    until_idle(app, table)
    assert state.top_prompt.seat == 0 and state.top_prompt.name == "interrupt"
    assert table.human_to_act() and table.near == 0
    assert not table.seats[1].thinking  # the computer waits for the answer
    key(app, pygame.K_SPACE)
    assert to_act(state) == 1 and not state.prompts
    assert "P1: respond" in table.match.record.actions


def test_against_the_computer_a_question_you_can_only_pass_is_passed_for_you(app):
    table = versus_computer(app)
    state = table.state
    empty_hand(state, 0)
    give(state, 0, "Grove Tender", rules.HAND)
    for _ in range(9000):  # the computer plays its turn; you hold no Event
        app.pump()
        if state.active == 0:
            break
        assert not (
            state.prompts
            and state.top_prompt.seat == 0
            and table.human_to_act()
            and state.top_prompt.name == "respond"
        ), "asked though it could only pass"
    assert state.active == 0
    asked = [a for a in table.match.record.actions if a == "P1: pass"]
    assert asked  # it was asked (as the rules ask everyone holding a card), and passed for


def test_the_computer_considers_answering_after_your_moves(app):
    table, me = hotseat(app)  # a table to set the position up; then the computer sits down
    state = table.state
    foe = 1 - me
    to_play_phase(app, table, me)
    from tabletop.bots import make
    from tabletop.ui.seats import BotSeat

    table.seats[foe] = BotSeat(make("greedy", 1), "greedy")
    table.hotseat = False
    empty_hand(state, foe)
    resources(state, foe, "red_banner", 3)
    give(state, foe, "Cinderburst", rules.HAND)  # 2 damage to a creature, at any time
    target = give(state, me, "Cinder Runt", rules.ARMY)
    table.attempt(rules.act(state, "end", me))  # no card played: no round; it may step in
    assert f"P{foe + 1}: {RESPOND}" in table.match.record.actions
    # The computer thinks on its own thread: frames alone do not give it time on a busy
    # machine, so wait (a while, in real time) for it to have answered and the table to rest.
    import time

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        app.pump()
        if not state.prompts and not state.data.stack and not table.seats[foe].thinking:
            break
        time.sleep(0.002)
    assert state.cards[target].zone == (me, rules.GRAVE)


def test_war_of_the_arcane_the_screen_goes_over_for_an_attack_whatever_the_defender_holds(app):
    from tabletop.games.wota import rules as wota

    from ..games.wota.helpers import put
    from .test_wota_table import table_in_main

    table = table_in_main(app)  # Player 2 holds no Spell
    state = table.state
    ogre = put(state, 0, "Ogre Brute", "c3")
    footman = put(state, 1, "Footman", "c4")
    assert not any(state.cards[c].card.type == "spell" for c in state.zones[(1, wota.HAND)])
    table.attempt(wota.act(state, "attack", 0, (ogre,), (footman,)))
    until_curtain(app, table)  # the other player could not answer: it is asked all the same
    assert table.curtain == 1
    click(app, (640, 360))
    assert table.near == 1 and state.top_prompt.name == "respond_attack"
    key(app, pygame.K_SPACE)
    take_screen(app, table)
    assert table.near == 0 and state.cards[footman].zone == (1, wota.GRAVE)
