"""The headless verbs."""

import json
import shutil
import subprocess
import sys

import pytest

import tabletop
from tabletop.cli import main
from tabletop.system.paths import cards_dir


def test_validate_passes_on_the_shipped_files(capsys):
    assert main(["validate"]) == 0
    assert "ewc: 52 cards, 5 decks: ok" in capsys.readouterr().out


def test_validate_fails_with_the_files_problems(tmp_path, monkeypatch, capsys):
    shutil.copytree(cards_dir("ewc"), tmp_path / "cards" / "ewc")
    deck = tmp_path / "cards" / "ewc" / "decks" / "stonewall.toml"
    deck.write_text(deck.read_text().replace('"Chainmail" = 3', '"Chainmail" = 2'))
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    assert main(["validate", "--game", "ewc"]) == 1
    err = capsys.readouterr().err
    assert "cards/ewc/decks/stonewall.toml: deck 'Stonewall': a deck has 30 cards" in err
    monkeypatch.delenv("TABLETOP_DATA")
    assert main(["validate", "--game", "ewc"]) == 0  # the shipped set is read afresh


def test_selfplay_prints_a_summary(capsys):
    assert (
        main(
            ["selfplay", "--game", "ewc", "--games", "4", "--seed", "3", "--bots", "greedy,random"]
        )
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4
    assert set(summary["wins_per_seat"]) == {"seat 1 (greedy)", "seat 2 (random)"}
    assert sum(summary["wins_per_seat"].values()) + summary["draws"] == 4
    assert summary["actions_per_second"] > 0 and summary["average_turns"] > 0


def test_selfplay_seats_a_team_format_at_its_fewest_players(capsys):
    """With no --bots, greedy plays random in every other seat the game needs: three for the
    One, Two, Three Headed Giant, which two would not start."""
    assert main(["selfplay", "--game", "arcmage_giant", "--games", "1", "--seed", "2"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert list(summary["wins_per_seat"]) == [
        "seat 1 (greedy)",
        "seat 2 (random)",
        "seat 3 (random)",
    ]
    assert main(["selfplay", "--game", "arcmage_giant", "--games", "1", "--bots", "random"]) == 0
    assert len(json.loads(capsys.readouterr().out)["wins_per_seat"]) == 3  # one bot: every seat


def test_selfplay_with_unknown_deck_says_so(capsys):
    assert main(["selfplay", "--game", "ewc", "--games", "1", "--decks", "nope"]) == 2
    assert "no deck 'nope'" in capsys.readouterr().err


def test_python_dash_m_tabletop_runs_the_cli():
    out = subprocess.run(
        [sys.executable, "-m", "tabletop", "validate"], capture_output=True, text=True
    )
    assert out.returncode == 0 and "ewc:" in out.stdout


def _exit_code(argv) -> int:
    try:
        return main(argv)
    except SystemExit as e:  # argparse refuses by exiting
        return e.code


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_says_the_packages_one_version(flag, capsys):
    assert _exit_code([flag]) == 0
    assert capsys.readouterr().out.strip() == f"tabletop {tabletop.__version__}"


def test_help_says_that_no_verb_opens_the_game(capsys):
    assert _exit_code(["--help"]) == 0
    words = " ".join(capsys.readouterr().out.split())  # as argparse wraps them
    assert "With no verb, 'tabletop' opens the game's window" in words


BAD_COMMANDS = [
    (["screenshot", "--game", "ewc", "{missing}/out.png"], "there is no folder"),
    (["screenshot", "--game", "ewc", "{tmp}"], "is a folder"),
    (["screenshot", "--game", "ewc", "--size", "99999x720", "{tmp}/x.png"], "outside 1x1"),
    (["screenshot", "--game", "ewc", "--size", "wide", "{tmp}/x.png"], "is not WIDTHxHEIGHT"),
    (["screenshot", "--game", "ewc", "--turns", "-1", "{tmp}/x.png"], "-1 is negative"),
    (["selfplay", "--game", "ewc", "--games", "-3"], "-3 is negative"),
    (["selfplay", "--game", "ewc", "--games", "1", "--bots", "nobody"], "no bot 'nobody'"),
    (["selfplay", "--game", "ewc", "--games", "1", "--decks", "nope"], "no deck 'nope'"),
    (["arena", "--game", "ewc", "--bots", "greedy", "--games", "2"], "give two bots"),
    (["arena", "--game", "ewc", "--bots", "greedy,nobody", "--games", "2"], "no bot"),
    (["fuzz", "--game", "ewc", "--jobs", "0"], "0 is too few"),
    (["fuzz", "--game", "ewc", "--games", "1", "--decks", "nope"], "no deck 'nope'"),
    (["monkey", "--game", "ewc", "--events", "-5"], "-5 is negative"),
    (["bench", "--game", "nope"], "invalid choice: 'nope'"),
]


@pytest.mark.parametrize(
    ("argv", "says"), BAD_COMMANDS, ids=[" ".join(a[:1] + a[3:5]) for a, _ in BAD_COMMANDS]
)
def test_a_headless_verb_refuses_a_bad_value_in_one_sentence_with_exit_code_2(
    argv, says, tmp_path, capsys
):
    argv = [a.format(tmp=tmp_path, missing=tmp_path / "missing") for a in argv]
    assert _exit_code(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], captured.err
    assert "Traceback" not in captured.err + captured.out
    assert not list(tmp_path.glob("*.png"))  # and nothing was written


@pytest.mark.parametrize(
    "verb",
    [
        ["selfplay", "--game", "ewc", "--games", "100000"],
        ["fuzz", "--game", "ewc", "--games", "100000", "--jobs", "2", "--progress", "0"],
        ["arena", "--game", "ewc", "--bots", "random,greedy", "--games", "100000", "--jobs", "2"],
    ],
    ids=lambda v: v[0],
)
def test_ctrl_c_stops_a_headless_verb_in_one_line_with_exit_130(verb, tmp_path):
    """Ctrl-C in a terminal interrupts every process of the program (the worker processes
    too): one line says it stopped, and the exit code is the shell's own for it."""
    import os
    import signal
    import time

    env = os.environ | {"TABLETOP_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop", *verb],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job is
    )
    time.sleep(4)  # under way (the workers started)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err == "tabletop: stopped (Ctrl-C)\n"


def test_a_scenario_file_not_found_is_one_line_on_stderr_and_exit_2(tmp_path, capsys):
    missing = tmp_path / "nowhere.toml"
    assert main(["scenario", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"tabletop scenario: {missing}: not found\n"


def test_the_desktop_verb_puts_an_entry_starting_this_very_program_in_the_menu(
    tmp_path, monkeypatch, capsys
):
    import configparser

    from tabletop.verbs.desktop import exec_value, install

    program = tmp_path / "my games" / "tabletop"  # a folder with a space in its name
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    written = install(tmp_path / "share", program)
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(written[0], encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"] == f'"{program}"' == exec_value(program)
    assert section["TryExec"] == str(program)  # moved away: the desktop hides the entry
    assert section["Icon"] == "tabletop" and section["StartupWMClass"] == "tabletop"
    assert (tmp_path / "share/icons/hicolor/256x256/apps/tabletop.png").read_bytes()[:4] == (
        b"\x89PNG"
    )
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(
            ["desktop-file-validate", str(written[0])], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert main(["desktop"]) == 0
    assert "Tabletop is in your desktop's menu (" in capsys.readouterr().out
    assert (tmp_path / "xdg" / "applications" / "tabletop.desktop").exists()
