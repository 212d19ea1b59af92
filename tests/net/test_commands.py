"""``tabletop host`` and ``tabletop join`` as a player types them: the host prints the port
it took (port 0) and the code on its first line; computer players join with the code and
play; a wrong code is refused in one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def tabletop(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tabletop", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )


def test_a_headless_host_and_a_computer_player_joining_play_a_game_over_loopback():
    host = tabletop(
        "host", "--game", "ewc", "--seats", "remote,easy", "--port", "0", "--bind",
        "127.0.0.1", "--code", "ZQ42XY",
    )  # fmt: skip
    try:
        first = host.stdout.readline()
        assert first.startswith("hosting ewc on port ") and first.rstrip().endswith("code ZQ42XY")
        port = first.split("port ")[1].split(",")[0]
        wrong = tabletop("join", f"127.0.0.1:{port}", "--code", "NOPE99")
        _, err = wrong.communicate(timeout=60)
        assert wrong.returncode == 1 and "not this game's code" in err
        player = tabletop("join", f"127.0.0.1:{port}", "--code", "zq42xy", "--bot", "easy")
        out, err = player.communicate(timeout=300)
        assert player.returncode == 0, err
        joined = json.loads(out.splitlines()[-1])
        rest, _ = host.communicate(timeout=60)
    finally:
        host.kill()
    summary = json.loads(rest.splitlines()[-1])
    assert joined["seat"] == 0 and joined["refused"] == []
    assert joined["results"] == [g["winners"] for g in summary["games"]]
    assert summary["bytes_sent"] > 0
    # what the player received on the wire, after the greeting: what the host sent it
    assert 0 < summary["bytes_sent"] <= joined["bytes_received"] <= summary["bytes_sent"] + 200


def test_join_refuses_an_address_that_is_not_host_and_port():
    player = tabletop("join", "nowhere", "--code", "X")
    _, err = player.communicate(timeout=60)
    assert player.returncode == 2 and "HOST:PORT" in err


def test_host_refuses_a_computer_player_that_does_not_exist_before_it_listens():
    for args in (["--seats", "remote,bogus"], ["--hand-over", "bogus"]):
        host = tabletop("host", "--game", "ewc", "--port", "0", "--bind", "127.0.0.1", *args)
        out, err = host.communicate(timeout=60)
        assert host.returncode == 2 and "no bot 'bogus'" in err and "hosting" not in out


def test_a_seat_left_open_is_played_with_the_deck_its_computer_player_brings():
    host = tabletop(
        "host", "--game", "ewc", "--seats", "remote,easy", "--decks", "open,hexblade",
        "--port", "0", "--bind", "127.0.0.1", "--code", "ZQ42XY",
    )  # fmt: skip
    try:
        port = host.stdout.readline().split("port ")[1].split(",")[0]
        bogus = tabletop("join", f"127.0.0.1:{port}", "--code", "ZQ42XY", "--deck", "nope")
        _, err = bogus.communicate(timeout=60)
        assert bogus.returncode == 2 and "EWC has no deck 'nope'" in err
        player = tabletop(
            "join", f"127.0.0.1:{port}", "--code", "ZQ42XY", "--bot", "easy", "--deck",
            "windrunner",
        )  # fmt: skip
        _, err = player.communicate(timeout=300)
        assert player.returncode == 0, err
        rest, _ = host.communicate(timeout=60)
    finally:
        host.kill()
    assert "seat 1 plays Windrunner" in rest
