"""War of the Arcane at the table, with posted mouse events."""

import pygame

from tabletop.engine import act
from tabletop.games import get
from tabletop.games.wota import rules
from tabletop.ui.scenes import GameOverScene, new_table
from tabletop.ui.table import Setup, TableScene

from ..games.wota.helpers import put, to_hand
from .helpers import centre, click, drag, key, refresh, take_screen, until_idle

GAME = get("wota")
DECKS = GAME.card_set().decks


def table_in_main(app) -> TableScene:
    """A hot-seat table, setup done through the table, Player 1 in its Main Phase."""
    table = TableScene(
        app, Setup(GAME, [DECKS["iron_vanguard"], DECKS["hexweavers"]], ["human", "human"], 3)
    )
    app.go(table)
    state = table.state
    for seat, sq in ((0, "c1"), (1, "c5")):
        table.attempt(act(state, "place", seat, (state.data.stones[seat],), (), (sq, "down")))
        if seat == 1:
            state.rng.force(0)  # heads: Player 1 first
        table.attempt(act(state, "ready", seat))
    for cid in list(state.zones[(1, rules.HAND)]):  # no Spell windows unless a test wants one
        if state.cards[cid].card.type == "spell":
            state.move(cid, (1, rules.DECK))
    until_idle(app, table)
    take_screen(app, table)
    assert state.phase == "main" and table.near == 0
    return table


def square(table, sq):
    return table.layout.by_key[(None, sq)].rect.center


def test_a_unit_dragged_onto_an_own_square_is_placed_face_up(app):
    table = table_in_main(app)
    unit = to_hand(table.state, 0, "Berserker")
    refresh(table)
    drag(app, centre(table, unit), square(table, "b2"))
    assert table.state.cards[unit].zone == (None, "b2")
    assert not table.state.cards[unit].face_down
    assert table.state.data.ap == 2


def test_a_unit_right_dragged_onto_a_square_is_placed_face_down(app):
    table = table_in_main(app)
    unit = to_hand(table.state, 0, "Shield Bearer")
    refresh(table)
    start, end = centre(table, unit), square(table, "d2")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
    for k in range(1, 5):
        p = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(0, 0, 1))
        )
        app.pump()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=3))
    app.pump()
    inst = table.state.cards[unit]
    assert inst.zone == (None, "d2") and inst.face_down
    assert rules.health_of(inst) == 6  # its face-down placement buff
    app.pump(frames=20)
    assert table.sprites[unit].marked and not table.sprites[unit].face_up


def test_shift_held_places_face_down_too(app):
    table = table_in_main(app)
    unit = to_hand(table.state, 0, "Footman")
    refresh(table)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    )
    drag(app, centre(table, unit), square(table, "a2"))
    pygame.event.post(
        pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    )
    app.pump()
    assert table.state.cards[unit].face_down


def test_a_card_dragged_to_an_adjacent_square_moves_and_far_squares_refuse(app):
    table = table_in_main(app)
    unit = put(table.state, 0, "Footman", "b2")
    refresh(table)
    drag(app, centre(table, unit), square(table, "b4"))  # two spaces away
    assert table.state.cards[unit].zone == (None, "b2")
    assert "any direction 1 space" in table.toast[0]
    until_idle(app, table)
    drag(app, centre(table, unit), square(table, "c3"))
    assert table.state.cards[unit].zone == (None, "c3")


def test_a_unit_dragged_onto_an_adjacent_enemy_attacks_it(app):
    table = table_in_main(app)
    ogre = put(table.state, 0, "Ogre Brute", "c3")
    footman = put(table.state, 1, "Footman", "c4")
    refresh(table)
    drag(app, centre(table, ogre), centre(table, footman))
    until_idle(app, table)
    assert table.state.top_prompt.name == "respond_attack"  # Player 2 may answer: passes
    assert (ogre, footman, "attack") in table.tethers()
    take_screen(app, table)
    key(app, pygame.K_SPACE)
    take_screen(app, table)
    assert table.state.cards[footman].zone == (1, rules.GRAVE)
    until_idle(app, table)
    assert not any(footman in t[:2] for t in table.tethers())  # never into the graveyard
    assert table.state.top_prompt.name == "advance"
    move_in = next(b for b in table._buttons() if b.label.startswith("Move into"))
    click(app, move_in.rect.center)
    assert table.state.cards[ogre].zone == (None, "c4")


def test_clicking_a_face_down_unit_flips_it(app):
    table = table_in_main(app)
    caller = put(table.state, 0, "Storm Caller", "c3", down=True)
    refresh(table)
    click(app, centre(table, caller))
    assert not table.state.cards[caller].face_down


def test_the_opponents_face_down_cards_show_backs_and_its_stone_health_is_hidden(app):
    table = table_in_main(app)
    hidden = put(table.state, 1, "Ogre Brute", "b4", down=True)
    refresh(table)
    sprite = table.sprites[hidden]
    assert not sprite.face_up and not sprite.marked
    status = dict(table.spec.status(table.view, 1))
    assert status["Stone"] == "?"
    assert dict(table.spec.status(table.view, 0))["Stone"] == "12/12"


def test_a_whole_bot_game_runs_through_the_table_to_the_game_over_screen(app):
    setup = Setup(GAME, [DECKS["iron_vanguard"], DECKS["hexweavers"]], ["greedy", "random"], 8)
    table = new_table(app, setup)
    table.instant = True
    app.go(table)
    for _ in range(6000):
        if isinstance(app.scene, GameOverScene):
            break
        table.step_instant()
        app.step(0.0)
    assert isinstance(app.scene, GameOverScene) and table.state.over
    lost = 1 - table.state.winners[0]
    assert app.scene.detail == f"{table.state.seat_names[lost]}'s Mystic Stone was destroyed."
    assert dict(table.spec.status(table.view, lost))["Stone"] == "destroyed"  # not "12/12"


def test_a_click_on_a_spell_in_hand_asks_before_casting_it(app):
    """Casting shows the card and cannot be taken back: one click never does it."""
    table = table_in_main(app)
    spell = to_hand(table.state, 0, "Arcane Insight")
    refresh(table)
    click(app, centre(table, spell))
    assert table.state.cards[spell].zone == (0, rules.HAND) and table.menu is not None
    assert [label for label, _ in table.menu.items] == ["Cast Arcane Insight"]
    row = table.menu.rect.top + 4 + table.menu.row // 2
    click(app, (table.menu.rect.centerx, row))
    assert table.state.cards[spell].zone != (0, rules.HAND)
    assert table.state.top_prompt.name == "respond_spell"  # cast: Player 2 may answer it
