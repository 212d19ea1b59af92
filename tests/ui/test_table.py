"""The table, driven with posted mouse events as a player would."""

import threading
import time

import pygame

from tabletop.engine import HIDDEN
from tabletop.ui.dice import die_face
from tabletop.ui.scenes import GameOverScene, TitleScene, new_table
from tabletop.ui.table import Setup, TableScene

from ..games.ewc.helpers import cid, give
from .helpers import (
    DECKS,
    GAME,
    centre,
    click,
    concede,
    drag,
    hotseat,
    key,
    pause_button,
    refresh,
    settle,
    take_screen,
    until_curtain,
    until_idle,
)


def test_a_card_dragged_from_hand_to_the_field_is_played_and_paid(app):
    table = hotseat(app)
    dagger = give(table.state, 0, "Venom Dagger", "hand")
    refresh(table)
    field = table.layout.by_key[(0, "field")].rect
    drag(app, centre(table, dagger), field.center)
    assert table.state.cards[dagger].zone == (0, "field")
    assert table.state.data.tp[0] == 0
    settle(app)
    assert table.layout.by_key[(0, "field")].rect.collidepoint(table.sprites[dagger].rect().center)


def test_legal_places_light_up_while_dragging(app):
    table = hotseat(app)
    dagger = give(table.state, 0, "Venom Dagger", "hand")
    refresh(table)
    start = centre(table, dagger)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0)
        )
    )
    app.pump()
    assert table.drag is not None
    assert table.drag_targets[1] == {(0, "field")}


def test_a_card_dropped_where_it_cannot_go_returns_and_the_reason_is_shown(app):
    table = hotseat(app)
    spear = give(table.state, 0, "Longspear", "hand")  # costs 3; Player 1 has 1 TP
    refresh(table)
    home = table.sprites[spear].target
    before = table.state.snapshot()
    drag(app, centre(table, spear), table.layout.by_key[(0, "field")].rect.center)
    assert table.state.snapshot() == before
    assert table.state.cards[spear].zone == (0, "hand")
    assert "Longspear costs 3 TP, you have 1" in table.toast[0]
    settle(app, 1.0)
    sprite = table.sprites[spear]
    assert (sprite.x, sprite.y) == home  # it slid back to its place in the hand


def test_a_card_dropped_on_nothing_returns_to_the_hand(app):
    table = hotseat(app)
    dagger = give(table.state, 0, "Venom Dagger", "hand")
    refresh(table)
    home = table.sprites[dagger].target
    before = table.state.snapshot()
    drag(app, centre(table, dagger), (1100, 500))  # onto the log
    assert table.state.snapshot() == before
    settle(app, 1.0)
    assert (table.sprites[dagger].x, table.sprites[dagger].y) == home


def test_clicking_a_card_in_play_turns_it_and_it_is_drawn_sideways(app):
    table = hotseat(app)
    brand = cid(table.state, 0, "Ember Brand")
    upright = table.sprites[brand].rect()
    assert upright.width < upright.height
    table.speed = 1.0  # normal speed
    click(app, centre(table, brand))
    assert table.state.cards[brand].turned and table.state.data.tp[0] == 2
    app.pump(frames=12, dt=0.02)
    # the turn is animated, for long enough to be seen: a quarter turn in 0.3 s
    assert 0 < table.sprites[brand].angle < 90
    settle(app, 0.5)
    drawn = table.sprites[brand].rect()
    assert drawn.width > drawn.height
    image = table.art.image(table.view.cards[brand].card, table.sprites[brand].size, True, 90)
    assert image.get_width() > image.get_height()


def test_clicking_the_hero_in_training_shows_why_it_cannot_be_turned(app):
    table = hotseat(app)
    hero = table.state.data.heroes[0]
    click(app, centre(table, hero))
    assert "except for your Hero or Allies" in table.toast[0]
    assert not table.state.cards[hero].turned


def test_right_click_offers_the_cards_actions(app):
    table = hotseat(app)
    brand = cid(table.state, 0, "Ember Brand")
    click(app, centre(table, brand), button=3)
    labels = [label for label, _ in table.menu.items]
    assert labels == ["Activate Ember Brand for 1 TP"]
    item = table.menu.rect.top + table.menu.row * 1 + table.menu.row // 2 + 4
    click(app, (table.menu.rect.centerx, item))
    assert table.state.cards[brand].turned


def test_space_ends_the_phase_and_the_phase_bar_follows(app):
    table = hotseat(app)
    key(app, pygame.K_SPACE)
    assert table.state.phase == "combat"
    assert table.view.phase == "combat"


def test_an_attack_is_dragged_onto_the_opposing_hero_and_its_dice_roll(app):
    table = hotseat(app)
    key(app, pygame.K_SPACE)  # to Combat
    table.state.rng.force(5, 2)
    hero, target = table.state.data.heroes
    drag(app, centre(table, hero), centre(table, target))
    assert table.arrow == (hero, target)
    # Lyra may answer before her Defense roll: the screen is covered for her first.
    settle(app, 1.0)
    assert table.curtain == 1
    assert [d.face for d in table.dice] == [5]
    die = table.dice[0]
    assert die.pos[0] > table.sprites[hero].rect().right  # beside the attacking Hero
    click(app, (640, 360))
    assert table.near == 1 and table.state.top_prompt.name == "before_defense"
    assert table.bar_title() == "Player 2 to answer"  # in Player 1's Combat Phase
    # The board turned to Lyra: the die went with Kael's Hero, now at the top.
    beside = table.sprites[hero].rect()
    assert beside.top <= die.pos[1] <= beside.bottom and die.pos[0] > beside.right
    pass_button = next(b for b in table._buttons() if b.label == "Pass")
    click(app, pass_button.rect.center)
    settle(app, 1.2)
    assert [d.face for d in table.dice] == [5, 2]
    assert any(f.words.startswith("Hit for 3") for f in table.flashes)


def test_the_result_of_an_answer_stays_up_before_the_curtain_and_is_shown_again_after(app):
    table = hotseat(app)
    key(app, pygame.K_SPACE)  # to Combat
    table.state.rng.force(5, 2)
    hero, target = table.state.data.heroes
    drag(app, centre(table, hero), centre(table, target))
    take_screen(app, table)  # Lyra may answer before her Defense roll
    assert table.near == 1
    pass_button = next(b for b in table._buttons() if b.label == "Pass")
    click(app, pass_button.rect.center)
    settle(app, 1.2)  # the Defense die lands, the hit shows: Lyra sees it
    assert table.curtain is None and table.near == 1
    assert any(f.words.startswith("Hit for 3") for f in table.flashes)
    until_curtain(app, table)
    assert table.curtain == 0
    click(app, (640, 360))  # Kael comes back to the screen
    assert table.near == 0
    assert any(f.words.startswith("Hit for 3") for f in table.flashes)  # shown again
    table.dirty = True
    app.pump()
    lines = [line for line, _ in table._log_cache[1]]
    away = lines.index("— while you were away —")
    assert any("Hit for 3" in line or "hit" in line.lower() for line in lines[away:])


def test_the_six_die_faces_are_drawn_distinctly(app):
    faces = [pygame.image.tobytes(die_face(f, 48, icon_face=6), "RGBA") for f in range(1, 7)]
    assert len(set(faces)) == 6
    icon = die_face(6, 48, icon_face=6)
    plain = die_face(6, 48, icon_face=None)
    assert pygame.image.tobytes(icon, "RGBA") != pygame.image.tobytes(plain, "RGBA")
    assert icon.get_at((24, 6))[:3] != plain.get_at((24, 6))[:3]  # a gold body


def test_the_hot_seat_curtain_hides_the_hand_between_turns(app):
    table = hotseat(app)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)  # end the turn: Player 2 is next
    until_idle(app, table)
    app.pump()
    assert table.curtain == 1
    table.dirty = True
    app.pump()
    hand = table.layout.by_key[(0, "hand")].rect
    pixels = {
        app.screen.get_at((x, y))[:3]
        for x in range(hand.left, hand.right, 7)
        for y in range(hand.top, hand.bottom, 7)
    }
    assert pixels == {(12, 14, 16)}  # nothing of either hand shows
    click(app, (640, 360))
    assert table.near == 1 and table.curtain is None
    assert all(table.view.cards[c].card is HIDDEN for c in table.view.zones[(0, "hand")])
    assert all(table.view.cards[c].card is not HIDDEN for c in table.view.zones[(1, "hand")])


def test_the_setup_hand_is_replaced_by_marking_cards(app):
    table = TableScene(
        app, Setup(GAME, [DECKS["ember_vanguard"], DECKS["windrunner"]], ["human", "human"], 4)
    )
    app.go(table)
    take_screen(app, table)
    first = table.state.zones[(0, "hand")][0]
    click(app, centre(table, first))
    assert table.selected == {first}
    button = next(b for b in table._buttons() if b.label == "Replace 1")
    click(app, button.rect.center)
    assert table.state.zones[(0, "deck")][-1] == first


def test_escape_opens_the_menu_and_concede_ends_the_game_once_confirmed(app):
    table = hotseat(app)
    key(app, pygame.K_ESCAPE)
    assert table.paused
    click(app, pause_button(table, "Concede (Player 1)").rect.center)
    assert not table.state.over and table.confirm == "concede"
    click(app, pause_button(table, "No").rect.center)  # thought better of it
    assert not table.state.over and table.confirm is None and table.paused
    click(app, pause_button(table, "Concede").rect.center)
    click(app, pause_button(table, "Yes, Player 1 concedes").rect.center)
    assert table.state.over and table.state.winners == (1,)


def test_quitting_to_the_title_asks_first(app):
    table = hotseat(app)
    key(app, pygame.K_ESCAPE)
    click(app, pause_button(table, "Quit to title").rect.center)
    assert app.scene is table and table.confirm == "quit"
    key(app, pygame.K_ESCAPE)  # Esc answers no
    assert app.scene is table and table.confirm is None
    click(app, pause_button(table, "Quit to title").rect.center)
    click(app, pause_button(table, "Yes").rect.center)
    assert isinstance(app.scene, TitleScene)


def test_escape_on_the_curtain_shows_the_menu_above_it_and_no_click_reaches_the_table(app):
    table = hotseat(app)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)  # end the turn: the screen is covered for Player 2
    until_curtain(app, table)
    key(app, pygame.K_ESCAPE)
    assert table.paused and table.curtain == 1
    table.dirty = True
    app.pump()
    box = table._pause_box()
    assert app.screen.get_at(box.center)[:3] != (12, 14, 16)  # the menu is drawn, on top
    click(app, (20, 20))  # outside the menu: nothing
    assert not table.state.over and table.curtain == 1 and table.paused
    click(app, pause_button(table, "Concede (Player 2)").rect.center)
    assert table.confirm == "concede" and not table.state.over
    click(app, pause_button(table, "No").rect.center)
    click(app, pause_button(table, "Resume").rect.center)
    assert table.curtain == 1 and not table.paused and not table.state.over
    click(app, (640, 360))
    assert table.curtain is None and table.near == 1


def test_a_new_hot_seat_game_starts_behind_the_curtain(app):
    table = TableScene(
        app, Setup(GAME, [DECKS["ember_vanguard"], DECKS["windrunner"]], ["human", "human"], 4)
    )
    app.go(table)
    app.pump()
    assert table.curtain == 0
    key(app, pygame.K_SPACE)  # keys do not reach the table either
    assert not table.match.record.actions
    click(app, (640, 360))
    assert table.curtain is None and table.near == 0


def test_a_whole_greedy_against_random_game_reaches_the_game_over_screen(app):
    setup = Setup(GAME, [DECKS["stonewall"], DECKS["hexblade"]], ["greedy", "random"], 12)
    table = new_table(app, setup)
    table.instant = True
    app.go(table)
    for _ in range(4000):
        if isinstance(app.scene, GameOverScene):
            break
        table.step_instant()
        app.step(0.0)
    assert isinstance(app.scene, GameOverScene)
    assert table.state.over
    assert app.scene.headline.endswith("wins!")
    loser = 1 - table.state.winners[0]
    fallen = table.state.cards[table.state.data.heroes[loser]].card.name
    assert app.scene.detail == f"{fallen}'s Life reached 0."  # why, not the last log line
    app.pump()


def test_the_bot_thinks_off_the_ui_thread(app):
    setup = Setup(GAME, [DECKS["stonewall"], DECKS["hexblade"]], ["greedy", "greedy"], 5)
    table = TableScene(app, setup)
    app.go(table)
    release = threading.Event()
    for seat in table.seats:
        slow = seat.bot
        seat.bot = lambda v, slow=slow: (release.wait(5), slow(v))[1]  # a bot deep in thought
    app.pump()
    assert any(seat.thinking for seat in table.seats)
    frames = app.frames
    for _ in range(10):
        table.dirty = True
        app.pump()  # returns at once: the decision is being made elsewhere
    assert app.frames >= frames + 10
    assert not table.match.record.actions
    release.set()
    for _ in range(200):
        app.pump()
        if table.match.record.actions:
            break
        time.sleep(0.01)
    assert table.match.record.actions  # the decision arrived and was played


def test_resizing_keeps_every_zone_on_screen(app):
    table = hotseat(app)
    for size in ((800, 600), (1920, 1080), (1024, 768), (1280, 720)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.pump()
        screen = app.screen.get_rect()
        assert screen.size == size
        for placed in table.layout.placed:
            assert screen.contains(placed.rect), (size, placed.key, placed.rect)
        settle(app, 0.3)
        for sprite in table.sprites.values():
            assert screen.contains(sprite.rect()), (size, sprite.cid)
        for rect in (table.layout.zoom, table.layout.log, table.layout.bar):
            assert screen.contains(rect)


def test_the_menu_cannot_concede_a_game_that_is_over(app):
    table = hotseat(app)
    concede(app, table)
    assert table.state.over
    key(app, pygame.K_ESCAPE)  # during the moment before the game-over screen
    concede_button = pause_button(table, "Concede")
    assert not concede_button.enabled
    click(app, concede_button.rect.center)  # nothing happens, nothing breaks
    assert table.state.winners == (1,)


def test_the_zoom_panel_forgets_the_other_players_card_behind_the_curtain(app):
    table = hotseat(app)
    hand_card = table.state.zones[(0, "hand")][0]
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=centre(table, hand_card), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.pump()
    assert table.zoomed is table.state.cards[hand_card].card
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    until_idle(app, table)
    app.pump()
    click(app, (640, 360))  # Player 2 takes the screen
    assert table.near == 1 and table.zoomed is None


def test_the_phase_bar_names_the_seats_as_you_and_the_computer_against_the_computer(app):
    from tabletop.ui.table import Setup, TableScene

    table = TableScene(
        app, Setup(GAME, [DECKS["stonewall"], DECKS["hexblade"]], ["human", "greedy"], 5)
    )
    app.go(table)
    app.pump()
    assert table.known_as(0) == "You" and table.known_as(1) == "Computer"
    assert table.bar_title().split(" to answer")[0] in ("You", "Computer")  # never "Player 1"
    hot = hotseat(app)
    assert (hot.known_as(0), hot.known_as(1)) == ("Player 1", "Player 2")


def test_new_lines_keep_the_scrolled_log_still_and_a_click_on_the_mark_jumps_back(app):
    table = hotseat(app)
    log = table.layout.log
    over_log = (log.centerx, log.centery)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=over_log, rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(3):  # the wheel, over the log, up to older lines
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.pump()
    assert table.log_scroll > 0
    top, lines = table.log_top, table.log_lines
    key(app, pygame.K_SPACE)  # Player 1 ends its Training: new lines arrive
    until_idle(app, table)
    app.pump()
    added = table.log_lines - lines
    assert added > 0
    assert table.log_top == top  # what was being read has not moved
    assert table.log_unread == added and table.log_jump is not None
    click(app, table.log_jump.center)
    app.pump()
    assert table.log_scroll == 0 and table.log_unread == 0 and table.log_jump is None
