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
