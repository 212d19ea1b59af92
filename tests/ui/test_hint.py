"""The hint: "What would the computer do?" at the table, worked out by the Hard level in its
worker processes from the near seat's own view, shown and never played."""

import time

import pygame

from tabletop.engine import check, legal_actions, to_act
from tabletop.ui.table import Setup, TableScene

from .helpers import DECKS, GAME, click, hotseat, key


def _wait_for_hint(app, table, limit=60.0):
    deadline = time.monotonic() + limit
    while table.hinting and time.monotonic() < deadline:
        app.pump()
    assert not table.hinting, "the hint never came"


def test_h_shows_what_the_computer_would_do_without_doing_it(app):
    table = hotseat(app)
    before = list(table.match.record.actions)
    me = table.near
    key(app, pygame.K_h)
    assert table.hinting and table.host is not None
    _wait_for_hint(app, table)
    words, _, _ = table.toast
    assert words.startswith("The computer would: ")
    assert table.match.record.actions == before and to_act(table.state) == me
    cards, _ = table.hinted
    legal = legal_actions(table.state)
    assert any(set((*a.cards, *a.targets)) == set(cards) for a in legal)
    table.closing()


def test_the_hint_button_asks_too_and_the_hint_is_a_legal_move(app):
    table = hotseat(app)
    button = next(b for b in table._buttons() if b.label == "Hint")
    click(app, button.rect.center)
    _wait_for_hint(app, table)
    label = table.toast[0].removeprefix("The computer would: ")
    offered = [table.spec.action_label(table.view, a) for a in legal_actions(table.state)]
    assert label in offered
    table.closing()


def test_a_hint_is_not_given_while_the_other_seat_decides(app):
    table = TableScene(
        app, Setup(GAME, [DECKS["ember_vanguard"], DECKS["windrunner"]], ["normal", "human"], 3)
    )
    app.go(table)
    assert to_act(table.state) == 0  # the computer keeps its hand or not, at its pace
    key(app, pygame.K_h)
    assert not table.hinting and table.host is None
    assert "wait until you are to act" in table.toast[0]
    table.closing()


def test_a_table_with_a_hard_seat_lets_it_think_in_worker_processes(app):
    table = TableScene(
        app,
        Setup(GAME, [DECKS["ember_vanguard"], DECKS["windrunner"]], ["hard", "normal"], 4),
        instant=True,
    )
    app.go(table)
    assert table.host is not None and table.seats[0].host is table.host
    assert table.seats[1].host is None  # the others think on a thread here
    played = len(table.match.record.actions)
    deadline = time.monotonic() + 120
    while len(table.match.record.actions) < played + 6 and time.monotonic() < deadline:
        table.step_instant()
    assert len(table.match.record.actions) >= played + 6
    assert check(table.state, legal_actions(table.state)[0]) is None
    procs = table.host.procs
    table.closing()
    assert all(not p.is_alive() for p in procs)


def test_if_the_worker_processes_stop_the_computer_thinks_here_and_the_game_goes_on(app):
    table = TableScene(
        app,
        Setup(GAME, [DECKS["ember_vanguard"], DECKS["windrunner"]], ["hard", "normal"], 5),
        instant=True,
    )
    app.go(table)
    for proc in table.host.procs:
        proc.kill()
        proc.join()
    played = len(table.match.record.actions)
    deadline = time.monotonic() + 60
    while len(table.match.record.actions) < played + 4 and time.monotonic() < deadline:
        table.step_instant()
    assert table.host is None and table.seats[0].host is None
    assert len(table.match.record.actions) >= played + 4
    table.closing()
