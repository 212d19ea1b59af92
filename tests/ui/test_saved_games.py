"""Saved games, Continue and Load, undo at the table, the replay viewer, settings and
puzzles, driven with real mouse and key events."""

import pygame

from tabletop.engine import CONCEDE, Action, apply, parse
from tabletop.games import get
from tabletop.ui.replay import ReplayScene
from tabletop.ui.scenes import PuzzlesScene, SavesScene, TitleScene
from tabletop.ui.settings_scene import SettingsScene
from tabletop.ui.table import Setup, TableScene

from ..games.ewc.helpers import cid
from .helpers import DECKS, GAME, centre, click, hotseat, key, take_screen, until_idle


def button(scene, label):
    buttons = (
        scene._buttons()
        if isinstance(scene, TableScene) and not scene.paused
        else scene._pause_buttons()
        if isinstance(scene, TableScene)
        else scene.buttons
    )
    return next(b for b in buttons if b.label.startswith(label))


def saved_hotseat(app):
    """A hot-seat game that saves itself, in Player 1's Training Phase. Nothing is forced:
    a saved game is its seed and its actions, so the seed is one where Player 1 goes first."""
    decks = [DECKS["ember_vanguard"], DECKS["windrunner"]]
    seed = next(s for s in range(1, 100) if first_player(decks, s) == 0)
    table = TableScene(app, Setup(GAME, decks, ["human", "human"], seed, save=True))
    app.go(table)
    app.pump()
    for _ in (0, 1):
        take_screen(app, table)
        click(app, button(table, "Keep hand").rect.center)
        app.pump()
    until_idle(app, table)
    take_screen(app, table)
    assert table.state.phase == "training" and table.near == 0
    return table


def first_player(decks, seed):
    state = GAME.new_game(decks, seed)
    for text in ("P1: keep", "P2: keep"):
        apply(state, parse(state, text))
    return state.active


def ctrl_z(app):
    pygame.event.post(
        pygame.event.Event(
            pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0
        )
    )
    app.pump()


def test_the_game_is_saved_and_continue_resumes_it_exactly(app):
    table = saved_hotseat(app)
    click(app, centre(table, cid(table.state, 0, "Ember Brand")))  # 1 TP
    key(app, pygame.K_ESCAPE)
    click(app, button(table, "Quit to title").rect.center)
    assert table.confirm == "quit" and app.scene is table  # it asks first
    click(app, button(table, "Yes").rect.center)  # saves where it stands
    assert isinstance(app.scene, TitleScene)
    cont = button(app.scene, "Continue")
    assert cont.detail.startswith("EWC · Hot-seat · turn 1")
    before = table.state.snapshot()
    click(app, cont.rect.center)
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.state.snapshot() == before  # same seed, hands, deck order, phase
    assert resumed.curtain == 0  # a hot-seat game resumes behind the curtain


def test_a_new_turn_is_saved_by_itself(app):
    table = saved_hotseat(app)
    entry = app.store.latest_unfinished()
    assert entry.save.turn == 1
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)  # Combat, then Pass: Player 2's turn begins
    until_idle(app, table)
    assert table.state.turn == 2
    assert app.store.latest_unfinished().save.turn == 2


def test_load_lists_the_saves_with_game_seats_turn_and_date_and_deletes(app):
    saved_hotseat(app)
    app.go(SavesScene(app, "saves"))
    app.pump()
    rows = [b for b in app.scene.buttons if b.label != "Delete"]
    assert len(rows) == 1 and rows[0].label == "EWC · Hot-seat · turn 1"
    assert "2026" in rows[0].detail or rows[0].detail  # the date and time it was saved
    click(app, button(app.scene, "Delete").rect.center)
    assert len(app.scene.rows) == 1  # a first click asks
    click(app, button(app.scene, "Sure?").rect.center)
    assert app.scene.rows == [] and app.store.latest_unfinished() is None


def test_a_damaged_save_is_reported_in_the_list_and_moved_aside(app):
    app.store.saves.mkdir(parents=True)
    (app.store.saves / "ewc-1.json").write_text('{"app": "tabletop", "format": 1')
    app.go(SavesScene(app, "saves"))
    app.pump()
    assert app.scene.rows == []
    assert "ewc-1.json: cut off near the end" in app.scene.problems[0]
    assert (app.store.refused / "ewc-1.json").exists()


def test_ctrl_z_takes_back_a_card_turned_for_tp(app):
    table = hotseat(app)
    brand = cid(table.state, 0, "Ember Brand")
    before = table.state.snapshot()
    click(app, centre(table, brand))
    assert table.state.cards[brand].turned
    ctrl_z(app)
    assert table.state.snapshot() == before
    assert "takes back" in table.events[-1].text
    until_idle(app, table)
    assert table.sprites[brand].angle == 0


def test_the_undo_button_says_why_when_it_cannot(app):
    table = hotseat(app)
    click(app, button(table, "Undo").rect.center)
    assert table.toast[0] == "There is nothing to undo this turn"


def test_a_finished_game_is_kept_as_a_replay_and_the_viewer_steps_and_jumps(app):
    table = saved_hotseat(app)
    click(app, centre(table, cid(table.state, 0, "Ember Brand")))
    table.attempt(Action(CONCEDE, 0))
    app.pump(frames=120)
    assert app.store.latest_unfinished() is None
    app.go(SavesScene(app, "replays"))
    app.pump()
    row = app.scene.buttons[0]
    assert "Player 2 won" in row.detail
    click(app, row.rect.center)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.pos == 0
    total = len(viewer.actions)
    key(app, pygame.K_RIGHT)
    until_idle(app, viewer)
    assert viewer.pos == 1
    assert viewer.message()[0].splitlines()[1] == "Player 1: Keep hand"
    key(app, pygame.K_END)
    assert viewer.pos == total and viewer.state.over
    assert viewer.message()[0].splitlines()[1] == "Player 1: Concede"
    key(app, pygame.K_LEFT)
    assert viewer.pos == total - 1 and not viewer.state.over
    # each step in words, never its record's syntax ('tp "Ember Brand"#12')
    assert viewer.message()[0].splitlines()[1] == "Player 1: Activate Ember Brand for 1 TP"
    track = viewer._track()
    click(app, (track.left + 1, track.centery))  # the slider's start
    assert viewer.pos == 0


def test_the_replay_shows_either_seats_view_or_both_hands_open(app):
    table = saved_hotseat(app)
    table.attempt(Action(CONCEDE, 1))
    app.pump(frames=120)
    app.go(SavesScene(app, "replays"))
    app.pump()
    click(app, app.scene.buttons[0].rect.center)
    viewer = app.scene
    key(app, pygame.K_END)
    other_hand = viewer.state.zones[(1, "hand")]
    assert all(not viewer.view.cards[c].known for c in other_hand)
    key(app, pygame.K_v)
    assert viewer.near == 1 and all(viewer.view.cards[c].known for c in other_hand)
    key(app, pygame.K_v)
    assert viewer.open_hands and viewer.near == 0
    assert all(viewer.view.cards[c].known for c in other_hand)
    assert all(not viewer.view.cards[c].known for c in viewer.state.zones[(1, "deck")])


def test_settings_change_at_once_and_are_kept(app):
    app.go(SettingsScene(app, back=lambda: TitleScene(app)))
    app.pump()
    scene = app.scene
    animation = next(
        b for (name, _, _), b in zip(scene.rows, scene.buttons, strict=True) if name == "Animation"
    )
    click(app, animation.rect.center)
    assert app.settings.animation == "slow"
    from tabletop.services.settings import load_settings

    assert load_settings()[0].animation == "slow"
    size = next(
        b
        for (name, _, _), b in zip(scene.rows, scene.buttons, strict=True)
        if name.startswith("Text and card size")
    )
    click(app, size.rect.center)
    assert app.settings.ui_scale == 1.15
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)


def test_every_setting_fits_the_window_apart_from_the_others(app):
    app.go(SettingsScene(app, back=lambda: TitleScene(app)))
    for size in ((1280, 720), (640, 360), (1024, 768), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.pump()
        scene = app.scene
        w, h = app.size
        screen = app.screen.get_rect().inflate(0, -2 * scene.s(60))  # title and note aside
        footer = pygame.Rect(0, h - scene.s(52), w, scene.s(16))  # the note's line
        assert len(scene.buttons) == len(scene.rows) >= 14
        for i, b in enumerate(scene.buttons):
            assert screen.contains(b.rect), (size, scene.rows[i][0])
            assert not b.rect.colliderect(footer), (size, scene.rows[i][0])
            assert not b.rect.colliderect(scene.back_button.rect), size
            assert not any(b.rect.colliderect(o.rect) for o in scene.buttons[i + 1 :])


def test_hot_seat_players_may_choose_to_be_asked_only_when_they_can_answer(app):
    app.go(SettingsScene(app, back=lambda: TitleScene(app)))
    app.pump()
    scene = app.scene
    row = next(
        b
        for (name, _, _), b in zip(scene.rows, scene.buttons, strict=True)
        if name == "With people: ask to answer"
    )
    assert row.label == "At every chance (private)" and not app.settings.answer_only_when_able
    click(app, row.rect.center)
    assert app.settings.answer_only_when_able
    from tabletop.services.settings import load_settings

    assert load_settings()[0].answer_only_when_able


def test_the_ui_scale_enlarges_the_tables_cards(app):
    table = hotseat(app)
    hand = table.layout.by_key[(0, "hand")].size
    app.settings.ui_scale = 1.3
    app.save_settings()
    bigger = table.layout.by_key[(0, "hand")].size
    assert bigger[0] > hand[0] and bigger[1] > hand[1]


def test_animation_off_shows_results_at_once(app):
    app.settings.animation = "off"
    table = hotseat(app)
    brand = cid(table.state, 0, "Ember Brand")
    click(app, centre(table, brand))
    app.pump()
    assert table.sprites[brand].angle == 90


def test_puzzles_list_the_scenarios_and_open_one_on_the_table(app):
    app.go(PuzzlesScene(app))
    app.pump()
    scene = app.scene
    names = [label for label, *_ in scene.rows]
    assert (
        len(names) >= 20
        and any(n.startswith("EWC: ") for n in names)
        and any(n.startswith("War of the Arcane: ") for n in names)
    )
    pick = next(i for i, n in enumerate(names) if "Sabotage" in n)
    scene.scroll = max(0, pick - 3)
    scene.layout_buttons()
    row = next(b for b in scene.buttons if "Sabotage" in b.label)
    click(app, row.rect.center)
    table = app.scene
    assert isinstance(table, TableScene) and table.curtain is None
    assert table.state.phase == "combat"
    assert table.events[-1].text.startswith("Puzzle: Sabotage")
    key(app, pygame.K_h)  # the walk-through's next legal step, in words
    assert table.toast[0] == (
        "Activate Sabotage on Riposte. Riposte is ready: Sabotage turns it, "
        "and Sabotage itself is used."
    )


def test_a_scenario_file_dropped_on_the_puzzles_screen_opens(app, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('game = "ewc"\ntitle = "Mine"\nphase = "training"\n')
    app.go(PuzzlesScene(app))
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.pump()
    assert isinstance(app.scene, TableScene) and app.scene.state.phase == "training"
    assert get("ewc").id == app.scene.game.id


def test_the_title_screen_says_which_save_it_had_to_set_aside(app):
    app.store.saves.mkdir(parents=True)
    (app.store.saves / "ewc-2.json").write_text("{")
    title = TitleScene(app)
    assert "ewc-2.json: cut off near the end" in title.message
    assert not any(b.label == "Continue" for b in title.buttons)
