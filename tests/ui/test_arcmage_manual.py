"""ARC-mage by hand at the table: while a card whose text is not enforced is in play, on the
stack or in a graveyard, a right-click on a card lists, after what the rules allow, the
player's corrections under a "By hand" heading (on the other seat's cards in play too);
picking one changes the game and writes a "By hand:" line in the log."""

import pygame

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard
from tabletop.ui.table import MANUAL_HEADING

from .helpers import centre, click, refresh, until_idle
from .test_arcmage_table import give, hotseat, to_play_phase

RIDDLE = ArcCard(
    name="Test Riddler",
    type="creature",
    faction="red_banner",
    cost=1,
    attack=1,
    defense=1,
    text="When I come into play, deal 1 damage to target creature.",
    unenforced="When I come into play, deal 1 damage to target creature.",
)


def riddler(state, seat: int) -> int:
    """A creature whose text is not enforced, in ``seat``'s army: what calls for by hand."""
    return state.create(RIDDLE, seat, (seat, rules.ARMY)).id


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
    riddler(state, me)
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
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0
        )
    )
    app.pump()
    assert not table.state.cards[runt].turned


def test_the_deck_menu_draws_a_card_by_hand(app):
    table, me = hotseat(app)
    state = table.state
    riddler(state, me)
    refresh(table)
    deck = state.zones[(me, rules.DECK)]
    before = len(state.zones[(me, rules.HAND)])
    top = max(deck, key=lambda c: table.sprites[c].z)  # the card drawn on top of the pile
    click(app, centre(table, top), button=3)
    pick(app, table, "By hand: draw a card")
    until_idle(app, table)
    assert len(state.zones[(me, rules.HAND)]) == before + 1
    assert table.events[-1].text_for(1 - me) == f"By hand: {state.seat_names[me]} draws a card"


def test_by_hand_is_offered_only_while_a_card_with_unenforced_text_is_about(app):
    table, me = hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    runt = give(state, me, "Cinder Runt", rules.ARMY)
    refresh(table)
    click(app, centre(table, runt), button=3)
    labels = [text for text, _ in table.menu.items] if table.menu else []
    assert MANUAL_HEADING not in labels  # every card's text is enforced: nothing to correct
    table.menu = None
    riddler(state, me)
    refresh(table)
    click(app, centre(table, runt), button=3)
    assert MANUAL_HEADING in [text for text, _ in table.menu.items]


def test_by_hand_reaches_the_other_seats_creature_in_play(app):
    table, me = hotseat(app)
    state = table.state
    foe = 1 - me
    to_play_phase(app, table, me)
    riddler(state, me)
    guard = give(state, foe, "Bramble Warden", rules.ARMY)
    refresh(table)
    click(app, centre(table, guard), button=3)
    labels = [text for text, _ in table.menu.items]
    assert "By hand: 1 damage to Bramble Warden" in labels
    assert f"By hand: put Bramble Warden into {state.seat_names[foe]}'s hand" in labels
    pick(app, table, "By hand: 1 damage to Bramble Warden")
    until_idle(app, table)
    assert state.cards[guard].damage == 1
    assert table.events[-1].text.startswith(
        f"By hand: {state.seat_names[me]} gives Bramble Warden 1 damage"
    )
