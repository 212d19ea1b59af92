"""The deck builder and the decks screen, driven with real mouse and key events."""

import itertools

import pygame
import pytest

from tabletop.engine import DeckList
from tabletop.games import get
from tabletop.services import decks as store
from tabletop.ui import theme
from tabletop.ui.deckbuilder import DeckBuilderScene
from tabletop.ui.decks_scene import DecksScene
from tabletop.ui.scenes import DeckScene, GameScene, ModeScene, TitleScene
from tabletop.ui.table import TableScene

from .helpers import click, drag, hover, key

EWC = get("ewc")
STONEWALL = EWC.card_set().decks["stonewall"]


def button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def type_in(app, words):
    for ch in words:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0)
        )
    app.pump()


def search(app, words):
    key(app, pygame.K_u, pygame.KMOD_CTRL)  # the search cleared
    type_in(app, words)


def cell_of(scene, name):
    i = next(i for i, c in enumerate(scene.browser.shown) if c.name == name)
    return scene.browser.cell(i).center


def builder(app, entry=None):
    scene = DeckBuilderScene(app, EWC, entry, lambda: DecksScene(app, EWC, lambda: TitleScene(app)))
    app.go(scene)
    app.pump()
    return scene


def test_a_deck_built_from_empty_to_legal_is_saved_chosen_and_played(app):
    app.go(TitleScene(app))
    app.pump()
    click(app, button(app.scene, "Decks").rect.center)
    click(app, button(app.scene, "EWC").rect.center)
    assert isinstance(app.scene, DecksScene)
    click(app, button(app.scene, "New deck").rect.center)
    scene = app.scene
    assert isinstance(scene, DeckBuilderScene) and not scene.counts
    click(app, scene.name.rect.center)
    type_in(app, "Granite")
    key(app, pygame.K_RETURN)  # the name is done: typing searches again
    assert scene.name.text == "Granite" and scene.search.focused
    first = None
    for name, n in STONEWALL.cards.items():
        search(app, name)
        for _ in range(n):
            click(app, cell_of(scene, name))
        if first is None:
            first = list(scene.problems)
    assert any("30 cards" in p for p in first)  # live: the Hero alone is not a deck
    assert scene.counts == STONEWALL.cards and scene.problems == []
    click(app, button(scene, "Save").rect.center)
    assert "it is legal" in scene.message
    key(app, pygame.K_ESCAPE)  # nothing unsaved: straight back
    assert isinstance(app.scene, DecksScene)
    assert button(app.scene, "Granite").detail.startswith("Yours")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    click(app, button(app.scene, "New game").rect.center)
    click(app, button(app.scene, "EWC").rect.center)
    click(app, button(app.scene, "Two players (hot-seat)").rect.center)
    choice = app.scene
    assert isinstance(choice, DeckScene)
    click(app, next(b for b in choice.buttons if b.label == "Granite").rect.center)
    assert choice.choice[0] == "mine:granite"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)
    assert app.scene.match.record.decks[0] == DeckList(name="Granite", cards=STONEWALL.cards)
    app.scene.closing()


def test_a_card_dragged_onto_the_deck_is_added_and_a_row_dragged_back_is_taken_away(app):
    scene = builder(app)
    search(app, "Iron Sword")
    drag(app, cell_of(scene, "Iron Sword"), scene.panel.rect.center)
    drag(app, cell_of(scene, "Iron Sword"), scene.panel.rect.center)
    assert scene.counts == {"Iron Sword": 2}
    drag(app, cell_of(scene, "Iron Sword"), scene.browser.rect.center)  # dropped off the deck
    assert scene.counts == {"Iron Sword": 2}
    row = (scene.panel.rect.centerx, scene.panel.list_top + scene.panel.row_h // 2)
    drag(app, row, scene.browser.rect.center)
    assert scene.counts == {"Iron Sword": 1}
    click(app, row)  # a click on the row takes one away too
    assert scene.counts == {}


def test_enter_adds_the_highlighted_card_and_delete_takes_one_away(app):
    scene = builder(app)
    search(app, "sword")
    shown = scene.browser.shown[0].name
    assert "sword" in scene.browser.texts[shown]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DELETE)
    assert scene.counts == {shown: 1}
    key(app, pygame.K_RIGHT)
    assert scene.browser.highlight == min(1, len(scene.browser.shown) - 1)


def test_the_search_reads_card_text_and_the_filters_narrow_it(app):
    scene = builder(app)
    search(app, "discard")
    assert scene.browser.shown and all(
        "discard" in scene.browser.texts[c.name] for c in scene.browser.shown
    )
    everything = len(scene.browser.shown)
    kind = next(b for heading, b in scene.browser.facet_buttons if heading == "Type")
    click(app, kind.rect.center)
    picked = scene.browser.chosen["Type"]
    shown = next(b for heading, b in scene.browser.facet_buttons if heading == "Type")
    assert picked is not None and shown.label == f"Type: {picked}" and shown.selected
    assert all(c.type.capitalize() == picked for c in scene.browser.shown)
    assert len(scene.browser.shown) <= everything
    click(app, next(b for h, b in scene.browser.facet_buttons if h == "Type").rect.center, button=3)
    assert scene.browser.chosen["Type"] is None and len(scene.browser.shown) == everything


def test_a_right_click_offers_to_add_or_take_away(app):
    scene = builder(app)
    search(app, "Iron Sword")
    click(app, cell_of(scene, "Iron Sword"), button=3)
    assert scene.menu is not None
    labels = [label for label, _ in scene.menu.items]
    assert labels[0] == "Add a copy" and scene.menu.items[1][1] is None  # none to take yet
    at = scene.menu.rect.left + 10, scene.menu.rect.top + 4 + scene.menu.row * 3 // 2
    click(app, at)
    assert scene.counts == {"Iron Sword": 1}


def test_an_illegal_deck_is_saved_as_a_draft_and_deck_choice_will_not_play_it(app):
    scene = builder(app)
    click(app, scene.name.rect.center)
    type_in(app, "Half done")
    key(app, pygame.K_RETURN)
    search(app, "Iron Sword")
    click(app, cell_of(scene, "Iron Sword"))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "as a draft" in scene.message
    entry = next(e for e in store.listing(EWC).entries if e.own)
    assert entry.deck.cards == {"Iron Sword": 1} and not entry.legal
    app.go(DeckScene(app, EWC, "hotseat"))
    app.pump()
    draft = next(b for b in app.scene.buttons if b.label == "Half done")
    assert draft.muted and draft.detail.startswith("Draft: ")
    click(app, draft.rect.center)  # chosen, and saying why it cannot be played
    assert app.scene.choice[0] == "mine:half-done" and app.scene.drafts() == [0]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, DeckScene)


def test_leaving_with_changes_unsaved_asks_first(app):
    scene = builder(app)
    search(app, "Iron Sword")
    click(app, cell_of(scene, "Iron Sword"))
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None and app.scene is scene
    click(app, button(scene.dialog, "Cancel").rect.center)
    assert scene.dialog is None and scene.counts == {"Iron Sword": 1}
    key(app, pygame.K_ESCAPE)
    click(app, button(scene.dialog, "Discard").rect.center)
    assert isinstance(app.scene, DecksScene)
    assert not any(e.own for e in store.listing(EWC).entries)


def test_a_deck_that_came_with_the_game_is_edited_as_a_copy(app):
    decks = DecksScene(app, EWC, lambda: GameScene(app, decks=True))
    app.go(decks)
    app.pump()
    click(app, button(decks, "Stonewall").rect.center)
    scene = app.scene
    assert scene.name.text == "Stonewall (2)" and scene.counts == STONEWALL.cards
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    names = {e.deck.name for e in store.listing(EWC).entries}
    assert {"Stonewall", "Stonewall (2)"} <= names


def test_the_decks_screen_renames_copies_and_deletes_after_asking(app):
    store.save("ewc", STONEWALL.model_copy(update={"name": "Mine"}))
    decks = DecksScene(app, EWC, lambda: ModeScene(app, EWC))
    app.go(decks)
    app.pump()
    row = button(decks, "Mine").rect
    rename = next(b for b in decks.buttons if b.label == "Rename" and b.rect.top == row.top)
    click(app, rename.rect.center)
    key(app, pygame.K_u, pygame.KMOD_CTRL)
    type_in(app, "Ours")
    key(app, pygame.K_RETURN)
    assert [e.deck.name for e in store.listing(EWC).entries if e.own] == ["Ours"]
    row = button(decks, "Ours").rect
    copy = next(b for b in decks.buttons if b.label == "Copy" and b.rect.top == row.top)
    click(app, copy.rect.center)
    assert [e.deck.name for e in store.listing(EWC).entries if e.own] == ["Ours", "Ours (2)"]
    row = button(decks, "Ours (2)").rect
    delete = next(b for b in decks.buttons if b.label == "Delete" and b.rect.top == row.top)
    click(app, delete.rect.center)
    assert decks.dialog is not None  # nothing gone yet
    assert len([e for e in store.listing(EWC).entries if e.own]) == 2
    click(app, button(decks.dialog, "Delete").rect.center)
    assert [e.deck.name for e in store.listing(EWC).entries if e.own] == ["Ours"]


def test_a_deck_file_dropped_on_the_decks_screen_is_imported_or_refused_by_name(app, tmp_path):
    decks = DecksScene(app, EWC, lambda: TitleScene(app))
    app.go(decks)
    app.pump()
    good = store.export(STONEWALL, tmp_path)
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Bad"\n[cards]\n"Moon Blade" = 2\n')
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    app.pump()
    words, _, _ = app.notice
    assert "Nothing was imported" in words and "'Moon Blade'" in words
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    app.pump()
    assert "Stonewall (2)" in app.notice[0]
    assert button(decks, "Stonewall (2)").detail.startswith("Yours")
    assert not app.dropped  # the screen took the files: no card import was started


def add_by_clicks(app, scene, cards):
    for name, n in cards.items():
        search(app, name)
        for _ in range(n):
            click(app, cell_of(scene, name))


def test_the_summary_of_a_deck_without_its_hero_has_no_stray_dot(app):
    scene = builder(app)
    add_by_clicks(app, scene, {"Iron Sword": 3, "Chainmail": 4})
    assert scene.panel.summary(scene.deck()) == ["7 cards", "4 armors · 3 weapons"]


def test_every_game_summarises_a_deck_of_one_card_without_a_stray_dot(app):
    from tabletop.games import registry

    for game in registry().values():
        for card in game.card_set().cards.values():
            scene = DeckBuilderScene(app, game, None, lambda: TitleScene(app))
            scene.counts[card.name] = 1
            for line in scene.panel.summary(scene.deck()):
                assert line.strip() == line and line, (game.id, card.name, line)
                assert not line.startswith("·") and not line.endswith("·"), (game.id, line)
                assert "·  ·" not in line and "· ·" not in line, (game.id, line)


def test_dotted_joins_only_the_parts_there_are():
    from tabletop.ui.widgets import dotted

    assert dotted("", "7 cards") == "7 cards"
    assert dotted(" · 7 cards") == "7 cards"
    assert dotted("Kael · ", "", "1 hero · 2 weapons") == "Kael · 1 hero · 2 weapons"
    assert dotted("Half·Elf") == "Half·Elf"  # a dot inside a word stays
    assert dotted("", "") == ""


def covered(scene, shown):
    """What a card read large must never hide: the search field and what the mouse is on."""
    mouse = scene.app.input.pos
    assert not shown.box.colliderect(scene.search.rect)
    assert not shown.box.collidepoint(mouse)
    if shown.source == "browser":
        i = next(i for i, c in enumerate(scene.browser.shown) if c.name == shown.card.name)
        assert not shown.box.colliderect(scene.browser.cell(i))
    assert shown.box.bottom <= scene.app.size[1] and shown.box.right <= scene.app.size[0]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (1920, 1080), (1024, 768)])
def test_the_preview_follows_the_hover_and_leaves_with_it(app, size):
    app.resize(size)
    scene = builder(app)
    search(app, "Grey Wolf")
    wolf = cell_of(scene, "Grey Wolf")
    hover(app, wolf)
    shown = scene.preview()
    assert shown.card.name == "Grey Wolf" and shown.source == "browser"
    covered(scene, shown)
    click(app, wolf)  # added: and the card under the mouse still reads large
    assert scene.counts == {"Grey Wolf": 1} and scene.preview().card.name == "Grey Wolf"
    hover(app, (scene.panel.rect.centerx, scene.panel.rect.bottom - 20))  # no row there
    assert scene.preview() is None
    click(app, scene.search.rect.center)
    search(app, "Kael")  # a search with the mouse off the cards: nothing over the results
    assert scene.preview() is None
    hover(app, cell_of(scene, "Kael, the Ember Knight"))
    assert scene.preview().card.name == "Kael, the Ember Knight"
    covered(scene, scene.preview())
    row = (scene.panel.rect.centerx, scene.panel.list_top + scene.panel.row_h // 2)
    hover(app, row)  # the deck's Grey Wolf: read over the cards, under the search
    shown = scene.preview()
    assert shown.card.name == "Grey Wolf" and shown.source == "deck"
    covered(scene, shown)
    assert shown.box.top >= scene.browser.grid_top
    assert not any(shown.box.colliderect(b.rect) for _, b in scene.browser.facet_buttons)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    app.pump()
    assert scene.preview() is None


def test_the_arrow_keys_read_the_highlighted_card_until_the_mouse_moves(app):
    scene = builder(app)
    hover(app, (scene.panel.rect.centerx, scene.panel.rect.bottom - 20))
    key(app, pygame.K_RIGHT)
    shown = scene.preview()
    assert shown.card is scene.browser.shown[1] and shown.source == "keys"
    covered(scene, shown)
    assert not shown.box.colliderect(scene.browser.cell(1))
    hover(app, (scene.panel.rect.centerx, scene.panel.rect.bottom - 30))
    assert scene.preview() is None
    add_by_clicks(app, scene, {"Iron Sword": 1})
    search(app, "")  # every card again, the highlight on the first
    row = (scene.panel.rect.centerx, scene.panel.list_top + scene.panel.row_h // 2)
    for step in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT):
        hover(app, row)  # the mouse on the deck, the keys moving the highlight
        key(app, step)
        shown = scene.preview()
        assert shown.source == "keys"
        covered(scene, shown)
        assert not shown.box.colliderect(scene.browser.cell(scene.browser.highlight))


WOLVES = {"Grey Wolf": 5, "Iron Sword": 5, "Kael, the Ember Knight": 1, "Brann Stoneward": 1}


def opened(app, game, cards):
    """The builder on a deck of the player's holding ``cards``."""
    store.save(game.id, DeckList(name="Draft", cards=cards))
    entry = next(e for e in store.listing(game).entries if e.own)
    scene = DeckBuilderScene(app, game, entry, lambda: TitleScene(app))
    app.go(scene)
    app.pump()
    return scene


SIZES = [(1280, 720), (1024, 600)]
SCALES = [0.85, 1.0, 1.15]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_every_problem_opens_in_a_list_a_click_away(app, size, scale):
    app.settings.ui_scale = scale
    app.resize(size)
    scene = opened(app, EWC, WOLVES)
    problems = scene.panel.problem_list
    assert len(scene.problems) == 4 and len(problems.inline()) == 2
    assert problems.button.label == "Read all 4 problems"
    click(app, problems.button.rect.center)
    assert problems.open and scene.preview() is None  # no card read over the list
    shown = problems.list_rect()
    assert scene.panel.rect.contains(shown)
    assert not shown.colliderect(scene.search.rect)
    read = [" ".join(lines) for lines in problems._paragraphs()]
    assert read == [p[0].upper() + p[1:] for p in scene.problems]  # each in full
    assert problems._most_scroll() == 0  # and all at once, here
    click(app, scene.browser.cell(0).center)  # a click anywhere closes it, and only that
    assert not problems.open and scene.counts == WOLVES
    click(app, problems.button.rect.center)
    key(app, pygame.K_ESCAPE)  # so does Esc, without leaving the builder
    assert not problems.open and app.scene is scene


def test_a_list_of_problems_longer_than_the_deck_panel_scrolls(app):
    app.settings.ui_scale = 1.15
    app.resize((640, 360))
    wota = get("wota")
    scene = opened(app, wota, {n: 9 for n in list(wota.card_set().cards)[:4]})
    problems = scene.panel.problem_list
    assert len(scene.problems) == 9
    click(app, problems.button.rect.center)
    most = problems._most_scroll()
    assert most > 0 and scene.panel.rect.contains(problems.list_rect())
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.pump()
    assert problems.scroll == most  # the last problem reached


def test_a_problem_that_reads_in_full_needs_no_button(app):
    scene = opened(app, EWC, {**STONEWALL.cards, "Iron Sword": 3})
    problems = scene.panel.problem_list
    assert len(scene.problems) == 1 and problems.button is None
    arc = get("arcmage")
    cut = opened(app, arc, {n: 3 for n in list(arc.card_set().cards)[:3]})
    assert len(cut.problems) == 1 and cut.panel.problem_list.button.label == "Read it in full"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_deck_panel_stacks_without_overlap_at_every_size(app, size, scale):
    app.settings.ui_scale = scale
    app.resize(size)
    scene = opened(app, EWC, WOLVES)
    panel = scene.panel
    problems = panel.problem_list
    parts = [
        panel.summary_rect,
        problems.rect.union(problems.button.rect),
        panel.curve_rect,
        pygame.Rect(panel.rect.left, panel.list_top, panel.rect.width, 3 * panel.row_h),
    ]
    for above, below in itertools.pairwise(parts):
        assert above.bottom <= below.top, (above, below)
    assert all(panel.rect.contains(part) for part in parts)
    f = theme.font(panel.t(13))
    lines = theme.wrap("\n".join(panel.summary(scene.deck())), f, panel.summary_rect.width)
    assert len(lines) * f.get_linesize() <= panel.summary_rect.height
