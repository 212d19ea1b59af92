"""The screens around the table, clicked through as a player would."""

import pygame
import pytest

from tabletop.services.settings import load_settings
from tabletop.ui.scenes import DeckScene, GameOverScene, GameScene, ModeScene, TitleScene
from tabletop.ui.seats import BotSeat, Human
from tabletop.ui.table import TableScene

from .helpers import click, concede, deck_choice, hotseat, key, until_idle


def button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def test_title_to_table_versus_the_computer(app):
    app.go(TitleScene(app))
    app.pump()
    click(app, button(app.scene, "New game").rect.center)
    assert isinstance(app.scene, GameScene)
    click(app, button(app.scene, "EWC").rect.center)
    assert isinstance(app.scene, ModeScene)
    click(app, button(app.scene, "Versus computer: Normal").rect.center)
    decks = app.scene
    assert isinstance(decks, DeckScene)
    stonewall = next(b for b in decks.buttons if b.label == "Stonewall")  # the left column: you
    click(app, stonewall.rect.center)
    assert decks.choice[0] == "stonewall"
    key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene)
    assert isinstance(table.seats[0], Human) and isinstance(table.seats[1], BotSeat)
    assert table.match.record.decks[0].name == "Stonewall"


def test_the_level_chosen_on_the_mode_screen_plays_and_is_kept_for_next_time(app):
    app.go(TitleScene(app))
    click(app, button(app.scene, "New game").rect.center)
    click(app, button(app.scene, "EWC").rect.center)
    assert "your last choice" in button(app.scene, "Versus computer: Normal").detail
    click(app, button(app.scene, "Versus computer: Hard").rect.center)
    assert app.settings.bot == "hard" and load_settings()[0].bot == "hard"
    key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene) and table.seats[1].name == "hard"
    assert table.seats[1].host is table.host is not None
    table.closing()


def test_escape_goes_back_a_screen(app):
    app.go(TitleScene(app))
    click(app, button(app.scene, "New game").rect.center)
    click(app, button(app.scene, "EWC").rect.center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GameScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)


def test_automatic_phases_are_lit_on_the_bar_as_they_pass(app):
    table = hotseat(app)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    lit = []
    for _ in range(200):
        app.pump()
        if table.phase_lit and (not lit or lit[-1] != table.phase_lit):
            lit.append(table.phase_lit)
        if not table.timeline:
            break
    assert lit == ["pass", "ready", "draw"]


def test_game_over_says_who_won_and_why(app):
    table = hotseat(app)
    table.on_over = lambda t: app.go(GameOverScene(app, t))
    concede(app, table)
    until_idle(app, table)
    app.pump(frames=120)
    over = app.scene
    assert isinstance(over, GameOverScene)
    assert over.headline == "Player 2 wins!"
    assert over.detail == "Player 1 concedes"  # the concession says why itself
    click(app, button(over, "Back to title").rect.center)
    assert isinstance(app.scene, TitleScene)


def test_each_deck_to_choose_says_what_it_holds_under_its_name(app):
    decks = deck_choice(app, "War of the Arcane")
    details = [b.detail for b in decks.buttons if b.label not in ("Start", "Your decks")]
    assert details and "Mystic Stone" not in details  # not the first card every deck lists
    assert details[0] == "Venom Adder, Frost Mage, Hex Witch and 8 more · 5 Traps"
    assert len(set(details)) == len(details) // 2  # each deck alike in both columns, told apart


def test_every_screen_that_esc_leaves_has_a_back_button_doing_the_same(app):
    decks = deck_choice(app, "EWC")
    app.pump()
    assert decks.back_button is not None and decks.back_button.label == "Back"
    click(app, decks.back_button.rect.center)
    assert isinstance(app.scene, ModeScene)  # where Esc goes from the deck choice
    mode = app.scene
    app.pump()
    click(app, mode.back_button.rect.center)
    assert isinstance(app.scene, GameScene)


def test_a_long_label_stays_inside_its_button(app):
    from tabletop.ui.widgets import Button

    title = (
        "ARC-mage: Resolving combat, with several defenders: the attacking player "
        "divides the damage among them, in any shares adding up to its ATK"
    )
    for detail in ("", "What the puzzle asks of you, in a line that is also far too long to fit"):
        surface = pygame.Surface((1280, 200))
        surface.fill((1, 2, 3))
        rect = pygame.Rect(340, 60, 600, 56)
        Button(rect, title, lambda: None, detail=detail).draw(surface, (0, 0), 17)
        outside = [
            (x, y)
            for x in (*range(0, rect.left, 7), *range(rect.right, 1280, 7))
            for y in range(0, 200, 5)
        ]
        assert all(surface.get_at(p)[:3] == (1, 2, 3) for p in outside)


def test_f11_opens_the_display_full_screen_at_the_desktop_size_and_back(app, monkeypatch):
    """(Under a window manager, seen with openbox in Xvfb: the window becomes
    _NET_WM_STATE_FULLSCREEN at the screen's size, and F11 again gives the window back.)
    Here the display's answers are stood in for: the dummy driver has no screen to fill."""
    asked = []
    screens = {0: pygame.Surface((1920, 1080)), pygame.RESIZABLE: pygame.Surface((1280, 720))}

    def set_mode(size, flags=0):
        asked.append((tuple(size), flags))
        return _Screen(screens[flags & pygame.RESIZABLE], flags)

    class _Screen:
        def __init__(self, surface, flags):
            self.surface, self.flags = surface, flags

        def get_flags(self):
            return self.flags

        def __getattr__(self, name):
            return getattr(self.surface, name)

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app.settings.window = (1280, 720)
    key(app, pygame.K_F11)
    assert asked[-1] == ((0, 0), pygame.FULLSCREEN) and app.settings.fullscreen
    assert app.size == (1920, 1080)
    key(app, pygame.K_F11)
    assert asked[-1] == ((1280, 720), pygame.RESIZABLE) and not app.settings.fullscreen
    assert app.size == (1280, 720)


@pytest.mark.parametrize(
    ("display", "offered"),
    [
        ((1280, 800), [(1024, 576), (1280, 720)]),
        ((1920, 1080), [(1024, 576), (1280, 720), (1600, 900)]),
        ((2560, 1440), [(1024, 576), (1280, 720), (1600, 900), (1920, 1080)]),
        ((800, 600), [(1024, 576)]),
    ],
)
def test_settings_offer_only_the_window_sizes_that_fit_the_display(
    app, monkeypatch, display, offered
):
    from tabletop.ui.settings_scene import SettingsScene

    monkeypatch.setattr(app, "display_size", lambda: display)
    scene = SettingsScene(app, back=lambda: scene)
    app.go(scene)
    seen = set()
    for _ in range(2 * len(offered)):
        scene._window(1)
        seen.add(app.size)
    assert seen == set(offered)


def start_button(scene):
    return next(b for b in scene.buttons if b.label == "Start")


@pytest.mark.parametrize("mode", ["Two players (hot-seat)", "Versus computer: Normal"])
def test_a_draft_picked_in_deck_choice_says_why_and_start_waits_for_a_legal_deck(app, mode):
    from tabletop.engine import DeckList
    from tabletop.games import get
    from tabletop.services import decks as store

    ewc = get("ewc")
    store.save("ewc", DeckList(name="Half done", cards={"Iron Sword": 1}))
    problems = ewc.validate_deck(DeckList(name="Half done", cards={"Iron Sword": 1}))
    app.go(TitleScene(app))
    click(app, button(app.scene, "New game").rect.center)
    click(app, button(app.scene, "EWC").rect.center)
    click(app, button(app.scene, mode).rect.center)
    choice = app.scene
    assert isinstance(choice, DeckScene) and start_button(choice).enabled
    click(app, button(choice, "Hexblade").rect.center)  # a legal deck first
    draft = next(b for b in choice.buttons if b.label == "Half done")  # the left column
    click(app, draft.rect.center)
    # the draft is the choice shown, says why it cannot be played, and Start waits
    assert choice.choice[0] == "mine:half-done"
    assert next(b for b in choice.buttons if b.label == "Half done").selected
    assert not next(b for b in choice.buttons if b.label == "Hexblade").selected
    assert problems[0] in choice.why_not(0)
    assert not start_button(choice).enabled
    whose = "your deck" if mode.startswith("Versus") else "Player 1's deck"
    assert whose in choice.waiting()
    click(app, start_button(choice).rect.center)
    key(app, pygame.K_RETURN)
    assert app.scene is choice  # nothing started, least of all Hexblade
    click(app, button(choice, "Stonewall").rect.center)
    assert start_button(choice).enabled and not choice.waiting()
    click(app, start_button(choice).rect.center)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.match.record.decks[0].name == "Stonewall"
    table.closing()
