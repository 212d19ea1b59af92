"""UI tests run on SDL's dummy drivers and drive the table with posted events."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from tabletop.ui.app import App


@pytest.fixture
def app():
    app = App((1280, 720))
    yield app
    pygame.display.quit()
