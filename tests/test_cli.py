"""The headless verbs."""

import json
import shutil
import subprocess
import sys

from tabletop.cli import main
from tabletop.paths import cards_dir


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
    assert main(["selfplay", "--game", "ewc", "--games", "4", "--seed", "3",
                 "--bots", "greedy,random"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4
    assert set(summary["wins_per_seat"]) == {"seat 1 (greedy)", "seat 2 (random)"}
    assert sum(summary["wins_per_seat"].values()) + summary["draws"] == 4
    assert summary["actions_per_second"] > 0 and summary["average_turns"] > 0


def test_selfplay_with_unknown_deck_says_so(capsys):
    assert main(["selfplay", "--game", "ewc", "--games", "1", "--decks", "nope"]) == 2
    assert "no deck 'nope'" in capsys.readouterr().err


def test_python_dash_m_tabletop_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "tabletop", "validate"], capture_output=True,
                         text=True)
    assert out.returncode == 0 and "ewc:" in out.stdout
