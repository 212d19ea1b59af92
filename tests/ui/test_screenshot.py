"""The headless screenshot verb."""

import pygame

from tabletop.cli import main


def test_screenshot_saves_the_table_as_the_player_sees_it(tmp_path, capsys):
    out = tmp_path / "table.png"
    assert (
        main(
            [
                "screenshot",
                "--game",
                "ewc",
                "--seed",
                "4",
                "--turns",
                "3",
                "--size",
                "1024x576",
                str(out),
            ]
        )
        == 0
    )
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 576)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1024, 16) for y in range(0, 576, 16)}
    assert len(colours) > 50  # a drawn table, not a blank window
    assert "saved" in capsys.readouterr().out


def _shot(tmp_path, *more):
    out = tmp_path / "table.png"
    args = ["screenshot", "--game", "arcmage", "--seed", "7", "--turns", "8", "--text-size"]
    return main([*args, "115", "--size", "1024x600", "--check-layout", *more, str(out)])


def test_check_layout_passes_a_table_that_lays_out(tmp_path, capsys):
    assert _shot(tmp_path) == 0
    assert "layout:" not in capsys.readouterr().err


def test_check_layout_names_each_problem_and_exits_1(tmp_path, capsys, monkeypatch):
    from tabletop.ui import layout_check

    monkeypatch.setattr(
        layout_check, "problems", lambda table: ["button (1, 2, 3, 4) overlaps phase", "x"]
    )
    assert _shot(tmp_path) == 1
    err = capsys.readouterr().err
    assert "layout: button (1, 2, 3, 4) overlaps phase" in err and "layout: x" in err
