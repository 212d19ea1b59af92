"""The table's few sounds: a card laid down, dice rattling, a hit landing.

They are synthesised when first needed (a few milliseconds of arithmetic, no sound files to
ship), in whatever format the mixer opened with. No audio device, or sound turned off in
the settings, and they are simply not played.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

from ..system.logs import log, native_messages


def _samples(name: str, rate: int) -> list[float]:
    """One mono sound, as floats in [-1, 1]."""
    rng = random.Random(name)  # the same sound every time
    out: list[float] = []
    if name == "card":  # a soft, short swish: filtered noise with a quick decay
        n = int(rate * 0.07)
        last = 0.0
        for i in range(n):
            last = last * 0.7 + rng.uniform(-1, 1) * 0.3
            out.append(last * math.exp(-i / (n / 5)) * 0.9)
    elif name == "die":  # a rattle: a few clicks, closer and softer as it settles
        n = int(rate * 0.45)
        out = [0.0] * n
        t = 0.0
        gap = 0.07
        while t < 0.42:
            start = int(t * rate)
            for i in range(int(rate * 0.012)):
                if start + i < n:
                    out[start + i] += rng.uniform(-1, 1) * math.exp(-i / (rate * 0.003)) * 0.8
            t += gap * rng.uniform(0.7, 1.3)
            gap *= 0.85
    elif name == "hit":  # a low thump
        n = int(rate * 0.16)
        for i in range(n):
            f = 90 - 40 * i / n
            out.append(math.sin(2 * math.pi * f * i / rate) * math.exp(-i / (n / 4)) * 0.9)
    return out


class Sounds:
    NAMES = ("card", "die", "hit")

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] | None = None

    def _load(self) -> dict[str, pygame.mixer.Sound]:
        self._sounds = {}
        try:
            if not pygame.mixer.get_init():
                with native_messages("SDL audio"):  # ALSA's complaints, with no sound card
                    pygame.mixer.init()
            rate, size, channels = pygame.mixer.get_init()
        except pygame.error as e:
            log.info("no sound: %s", e)
            return self._sounds
        if size != -16:
            log.info("no sound: the mixer opened with %d-bit samples", size)
            return self._sounds
        for name in self.NAMES:
            data = array("h")
            for v in _samples(name, rate):
                data.extend([int(max(-1.0, min(1.0, v)) * 20000)] * channels)
            self._sounds[name] = pygame.mixer.Sound(buffer=data.tobytes())
        return self._sounds

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        sounds = self._sounds if self._sounds is not None else self._load()
        sound = sounds.get(name)
        if sound is not None:
            sound.play()
