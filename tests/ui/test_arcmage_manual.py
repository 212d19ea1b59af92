"""ARC-mage by hand at the table: a right-click on a card lists, after what the rules allow,
the player's own corrections under a "By hand" heading; picking one changes the game and
writes a "By hand:" line in the log."""

import pygame

from tabletop.games.arcmage import rules
from tabletop.ui.table import MANUAL_HEADING

from .helpers import centre, click, refresh, until_idle
from .test_arcmage_table import give, hotseat, to_play_phase


def pick(app, table, label: str) -> None:
    """Click the menu row that reads ``label``."""
    menu = table.menu
    labels = [text for text, _ in menu.items]
    i = labels.index(label)
    row = menu.rect.top + 4 + menu.row * (i + (1 if menu.title else 0)) + menu.row // 2
    click(app, (menu.rect.centerx, row))


def test_a_card_is_marked_by_hand_from_its_right_click_menu_and_the_log_says_so(app):
    table, me = hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    runt = give(state, me, "Cinder Runt", rules.ARMY)
    refresh(table)
    click(app, centre(table, runt), button=3)
    assert table.menu is not None and table.menu.title == "Cinder Runt"
    labels = [text for text, _ in table.menu.items]
    heading = labels.index(MANUAL_HEADING)
    assert labels.index("By hand: mark Cinder Runt") > heading
    assert "By hand: 1 damage to Cinder Runt" in labels
    assert all(not text.startswith("By hand:") for text in labels[:heading])
    pick(app, table, "By hand: mark Cinder Runt")
    until_idle(app, table)
    assert state.cards[runt].turned
    who = state.seat_names[me]
    assert table.events[-1].text == f"By hand: {who} marks Cinder Runt"
    assert table.match.record.actions[-1].endswith("mark")
    app.pump(frames=2)  # the log draws the line
    # a correction by hand that revealed nothing is taken back like any action
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))
    app.pump()
    assert not table.state.cards[runt].turned


def test_the_deck_menu_draws_a_card_by_hand(app):
    table, me = hotseat(app)
    state = table.state
    deck = state.zones[(me, rules.DECK)]
    before = len(state.zones[(me, rules.HAND)])
    top = max(deck, key=lambda c: table.sprites[c].z)  # the card drawn on top of the pile
    click(app, centre(table, top), button=3)
    pick(app, table, "By hand: draw a card")
    until_idle(app, table)
    assert len(state.zones[(me, rules.HAND)]) == before + 1
    assert table.events[-1].text_for(1 - me) == f"By hand: {state.seat_names[me]} draws a card"
