"""Three and four at the table: every seat's area laid out, the board turned to whoever is
at the screen, seats out of the game greyed, the seats ranked at the end."""

import time

import pygame
import pytest

from tabletop.cli import main
from tabletop.engine import legal_actions, pick_decks, to_act
from tabletop.games import get
from tabletop.ui.app import play_to
from tabletop.ui.layout import PLAY_W, Layout
from tabletop.ui.scenes import DeckScene, GameOverScene
from tabletop.ui.table import Setup, TableScene

from .helpers import click, key, take_screen

SIZE = (1280, 720)


def placed_zones(layout, seat):
    return {p.key[1] for p in layout.placed if p.key[0] == seat}


@pytest.mark.parametrize("game_id", ["ewc", "arcmage"])
@pytest.mark.parametrize("seats", [3, 4])
def test_every_seats_areas_are_laid_out_apart_inside_the_play_area(game_id, seats):
    spec = get(game_id).table()
    two = Layout(spec, SIZE, 0, 2)
    for near in range(seats):
        layout = Layout(spec, SIZE, near, seats)
        assert layout.others == [(near + i) % seats for i in range(1, seats)]
        assert placed_zones(layout, near) == placed_zones(two, 0)
        for seat in layout.others:  # an opponent has every zone the far side has with two
            assert placed_zones(layout, seat) == placed_zones(two, 1)
        right = round(PLAY_W * SIZE[0] / 1280)
        for p in layout.placed:
            assert p.rect.width > 0 and p.rect.left >= 0 and p.rect.right <= right
            assert p.size[1] <= max(p.rect.height, layout.cards["hand"][1])
        mine = [(p.key[0], p.rect) for p in layout.placed if p.key[0] is not None]
        for i, (seat, rect) in enumerate(mine):
            for other, r in mine[i + 1 :]:
                assert seat == other or not rect.colliderect(r), (seat, other, rect, r)
        # within a seat, areas apart too (but a pile that peeks out from under the next)
        apart = [p for p in layout.placed if p.key[0] is not None and p.area.style != "peek"]
        for i, p in enumerate(apart):
            for q in apart[i + 1 :]:
                if p.key[0] == q.key[0]:
                    assert not p.rect.colliderect(q.rect), (p.key, q.key)
        for seat, ((x, y), room) in layout.plates.items():
            plate = pygame.Rect(x, y, room or layout.status_width, layout.px(56))
            for other, r in mine:
                assert other == seat or not plate.colliderect(r), (seat, other, plate, r)


def bots_table(app, game_id, seats, seed=3):
    game = get(game_id)
    setup = Setup(game, pick_decks(game, seats, seed), ["greedy"] * seats, seed)
    table = TableScene(app, setup, instant=True, on_over=lambda t: app.go(GameOverScene(app, t)))
    app.go(table)
    return table


def test_a_four_seat_game_plays_through_the_table_greys_the_seats_out_and_ranks_them(app):
    table = bots_table(app, "ewc", 4)
    greyed = False
    for _ in range(40_000):
        if table.state.over:
            break
        table.step_instant()
        out = table.game.out(table.state)
        if out and not greyed:
            table.drawn = []
            table.draw(app.screen)
            greyed_plates = [d.rect for d in table.drawn if d.kind == "out"]
            assert len(greyed_plates) == len(out) and set(table.out_order) == set(out)
            greyed = True
    assert table.state.over and greyed
    assert sorted(table.out_order) == sorted(set(range(4)) - set(table.state.winners))
    app.pump(frames=200)
    over = app.scene
    assert isinstance(over, GameOverScene)
    assert len(over.ranks) == 4
    winner = table.state.winners[0]
    assert over.ranks[0].startswith("1st") and table.known_as(winner) in over.ranks[0]
    last_out = table.out_order[-1]
    assert table.known_as(last_out) in over.ranks[1] and "out 3rd" in over.ranks[1]
    assert table.known_as(table.out_order[0]) in over.ranks[3] and "out 1st" in over.ranks[3]


def test_in_hot_seat_for_three_the_board_turns_to_each_player_behind_the_curtain(app):
    game = get("arcmage")
    setup = Setup(game, pick_decks(game, 3, 2), ["human"] * 3, 2)
    table = TableScene(app, setup, instant=True)
    app.go(table)
    seen = set()
    for _ in range(12):
        take_screen(app, table)
        seat = to_act(table.state)
        assert table.near == seat and table.layout.near == seat
        assert table.layout.others == [(seat + 1) % 3, (seat + 2) % 3]
        seen.add(seat)
        if len(seen) == 3:
            break
        before = seat
        while to_act(table.state) == before and not table.state.over:
            actions = table.legal()
            pick = next((a for a in actions if a.kind in ("found", "pass", "end")), actions[0])
            table._apply(pick)
            app.pump()
    assert seen == {0, 1, 2}


def test_deck_choice_seats_four_with_people_and_computers_mixed(app):
    game = get("arcmage")
    scene = DeckScene(app, game, "hotseat")
    app.go(scene)
    app.pump()

    def players():
        return next(b for b in scene.buttons if b.label.startswith("Players"))

    assert players().label == "Players: 2"
    click(app, players().rect.center)
    click(app, players().rect.center)
    assert scene.count == 4
    who = [b for b in scene.buttons if b.label in ("A person",) or b.label.startswith("Comp")]
    assert [b.label for b in who] == ["A person"] * 4
    click(app, who[2].rect.center)  # Player 3: the computer, at the first level
    click(app, who[3].rect.center, button=3)  # Player 4: back round to the hardest
    assert scene.who[:4] == ["human", "human", "easy", "hard"]
    key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene) and table.state.seats == 4
    assert [s.is_bot for s in table.seats] == [False, False, True, True]
    assert table.hotseat  # two people share the screen
    table.closing()


def test_the_players_button_comes_round_again_and_a_game_for_two_has_none(app):
    scene = DeckScene(app, get("ewc"), "computer")
    app.go(scene)
    for count in (3, 4, 2):
        key(app, pygame.K_p)
        assert scene.count == count
    two = DeckScene(app, get("wota"), "computer")
    assert not any(b.label.startswith("Players") for b in two.buttons)


def test_the_screenshot_verb_plays_four_seats_through_the_table(tmp_path, capsys):
    out = tmp_path / "four.png"
    assert main(["screenshot", "--game", "arcmage", "--seats", "4", "--turns", "5", str(out)]) == 0
    assert "4 players" in capsys.readouterr().out
    assert pygame.image.load(str(out)).get_size() == SIZE
    assert main(["screenshot", "--game", "wota", "--seats", "3", str(tmp_path / "x.png")]) == 2
    assert "played by 2 players" in capsys.readouterr().err
    # without --seats, a game's fewest: three for a team format
    assert main(["screenshot", "--game", "arcmage_aminduna", "--turns", "1", str(out)]) == 0
    assert "3 players" in capsys.readouterr().out


def test_a_four_seat_table_draws_without_a_blow_up(app):
    table = bots_table(app, "arcmage", 4, seed=5)
    play_to(app, table, 6)
    times = []
    for _ in range(30):
        table.dirty = True
        start = time.perf_counter()
        table.draw(app.screen)
        times.append(time.perf_counter() - start)
    times.sort()
    assert times[len(times) // 2] < 0.05  # the bench measures it properly; this catches a blow-up


def test_an_attack_is_aimed_at_any_opponent_by_dragging_onto_their_hero(app):
    """Three at an EWC table: the weapon's drag lights both opponents' Heroes, and the one
    it is dropped on is attacked."""
    import random

    from tabletop.engine.record import Match

    from .helpers import drag

    game = get("ewc")
    decks = pick_decks(game, 3, 1)
    match = Match(game, decks, 1)
    rng = random.Random(1)
    while not any(a.kind == "attack" for a in legal_actions(match.state)):
        match.apply(rng.choice(legal_actions(match.state)))
    setup = Setup(game, decks, ["human", "greedy", "greedy"], 1, actions=match.record.actions)
    table = TableScene(app, setup, instant=True)
    app.go(table)
    app.pump()
    attacks = [a for a in table.legal() if a.kind == "attack"]
    weapon = attacks[0].cards[0]
    heroes = {a.targets[0] for a in attacks if a.cards[0] == weapon}
    owners = {table.state.cards[h].owner for h in heroes}
    assert owners == {1, 2}  # both opponents, each in a column of the top
    assert heroes <= table.drop_targets(weapon)[0]
    far = next(h for h in heroes if table.state.cards[h].owner == table.layout.others[1])
    drag(app, table.sprites[weapon].rect().center, table.sprites[far].rect().center)
    last = table.match.record.actions[len(match.record.actions)]
    assert "attack" in last and f"#{far}" in last


def test_a_table_with_no_animation_time_makes_no_decision_an_answer_cancelled():
    """With no animation time (screenshots, tests) a bot decides on the table's thread when
    its decision is wanted: one cancelled first never runs, so it takes nothing from the
    bot's random numbers and the same command makes the same game under any load."""
    from tabletop.engine.record import Match
    from tabletop.ui.seats import BotSeat

    calls = []

    def bot(view):
        calls.append(view.turn)
        return legal_actions(view)[0]

    game = get("ewc")
    match = Match(game, pick_decks(game, 2, 1), 1)
    seat = BotSeat(bot, "counting")
    seat.at_once = True
    seat.start(match, to_act(match.state))
    seat.cancel()
    assert calls == [] and not seat.thinking
    seat.start(match, to_act(match.state))
    assert seat.result(match.state) in legal_actions(match.state) and len(calls) == 1
