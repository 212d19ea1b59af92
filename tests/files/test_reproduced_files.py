"""The files that once locked players out of the program or were accepted though no game
can reach them, each refused by name (or, where a player would expect it, read sensibly)."""

from __future__ import annotations

import json
import os

import pytest

from tabletop.cli import main
from tabletop.engine.scenario import ScenarioError, build, load, run_file
from tabletop.games import get, registry
from tabletop.services.saves import SaveError, Store
from tabletop.services.settings import Settings, load_settings
from tabletop.system.paths import shipped

from .hostile import deep_json
from .test_readers import a_real_save

SCENARIO = shipped("scenarios") / "ewc" / "a_hit_deals_the_difference.toml"


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path)


def edited(path, change) -> None:
    data = json.loads(path.read_bytes())
    change(data)
    path.write_text(json.dumps(data))


# -- saves ---------------------------------------------------------------------------------
def test_a_save_without_a_time_zone_is_read_as_local_time_beside_the_others(store, tmp_path):
    plain = a_real_save(tmp_path)
    other = store.saves / "other.json"
    other.write_bytes(plain.read_bytes())
    edited(other, lambda d: d.update(saved="2020-01-01T10:00:00"))
    entries, problems = store.listing()
    assert not problems
    assert [e.path for e in entries] == [plain, other]  # newest first
    assert entries[1].save.saved.tzinfo is not None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda d: d.update(seats=["human", "deep-blue"]),
            'seats: \'deep-blue\' is neither "human", "remote" nor a computer player',
        ),
        (
            lambda d: d.update(seats=["remote", "remote"]),
            'seats: a network game has one "human" seat: the host\'s',
        ),
        (lambda d: d.update(seats=["human"]), "1 seat(s) for a game of 2 decks"),
        (lambda d: d.update(seats=["human"] * 100), "seats: List should have at most 8 items"),
        (
            lambda d: d.update(seats=["human"] * 100_000),
            "seats: 100,000 items in one list (at most 50,000)",
        ),
        (lambda d: d.update(finished=True, winners=[7]), "winners [7] are not seats of this game"),
        (lambda d: d.update(winners=[1]), "winners are named but the game is not marked finished"),
    ],
)
def test_a_save_that_no_game_could_have_written_is_refused_naming_the_field(
    store, tmp_path, change, words
):
    path = a_real_save(tmp_path)
    edited(path, change)
    entries, problems = store.listing()
    assert not entries
    assert len(problems) == 1 and problems[0].startswith(path.name + ": ")
    assert words in problems[0]
    assert (store.refused / path.name).exists()


def test_a_save_claiming_a_finished_game_its_record_does_not_finish_is_refused(store, tmp_path):
    path = a_real_save(tmp_path)
    edited(path, lambda d: d.update(finished=True, winners=[1]))
    (entry,), _ = store.listing()
    with pytest.raises(
        SaveError,
        match="finished: the file says the game is finished, but "
        "its record plays to a game in progress",
    ):
        store.open(entry.path, registry())
    assert (store.refused / path.name).exists() and not path.exists()


def test_a_save_claiming_another_turn_than_its_record_reaches_is_refused(store, tmp_path):
    path = a_real_save(tmp_path)
    edited(path, lambda d: d.update(turn=99))
    (entry,), _ = store.listing()
    with pytest.raises(
        SaveError, match="turn: the file says turn 99, but its record plays to turn 3"
    ):
        store.open(entry.path, registry())


def test_a_pipe_and_a_link_to_dev_zero_among_the_saves_are_set_aside(store, tmp_path):
    good = a_real_save(tmp_path)
    os.mkfifo(store.saves / "pipe.json")
    os.symlink("/dev/zero", store.saves / "zero.json")
    entries, problems = store.listing()
    assert [e.path for e in entries] == [good]
    assert sorted(p.split(":")[0] for p in problems) == ["pipe.json", "zero.json"]
    assert (store.refused / "pipe.json").is_fifo()
    assert os.readlink(store.refused / "zero.json") == "/dev/zero"


# -- settings ------------------------------------------------------------------------------
def test_a_window_larger_than_any_display_is_brought_back_to_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(Settings(window=(100_000, 100_000)).model_dump_json())
    got, message = load_settings(path)
    assert message is None and got.window == (16384, 16384)


@pytest.mark.parametrize(
    "text", ['{"window": [1e20, 1e20]}', '{"window": ' + deep_json(5000).decode() + "}"]
)
def test_impossible_settings_give_the_defaults_and_are_kept_aside(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    got, message = load_settings(path)
    assert got == Settings()
    assert message.startswith("settings.json: ") and "using the default settings" in message
    assert (tmp_path / "settings.json.bad").read_text() == text


# -- scenarios -----------------------------------------------------------------------------
def scenario_with(tmp_path, old: str, new: str, name: str = "s.toml"):
    text = SCENARIO.read_text()
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'field = ["Iron Sword"]',
            'field = ["Iron Sword"]\nhero = []',
            "seats[0].zones.hero: a player's Hero zone holds exactly one Hero",
        ),
        (
            'field = ["Iron Sword"]',
            "hand = [" + ", ".join(['"Iron Sword"'] * 500) + "]",
            "seats[0].zones.hand: List should have at most 200 items",
        ),
        (
            'field = ["Iron Sword"]',
            "hand = [" + ", ".join(['"Iron Sword"'] * 10_000) + "]",
            "seats[0].zones.hand: 10,000 items in one list (at most 1,000)",
        ),
        (
            'field = ["Iron Sword"]',
            'field = [{ card = "Iron Sword", attached_to = "Iron Sword" }]',
            "seats[0].zones.field[0].attached_to: a card cannot be attached to itself",
        ),
        (
            'field = ["Iron Sword"]',
            'field = [{ card = "Iron Sword", damage = 1e20 }]',
            "seats[0].zones.field[0].damage: the number 1e+20 is far too large",
        ),
        (
            'field = ["Iron Sword"]',
            'field = [{ card = "Iron Sword", damage = 5000 }]',
            "seats[0].zones.field[0].damage: Input should be less than or equal to 999",
        ),
        (
            'field = ["Iron Sword"]',
            'field = [{ card = "Iron Sword", counters = { x = -3 } }]',
            "the position breaks the game's rules: Iron Sword has -3 x counters",
        ),
    ],
)
def test_a_position_no_game_can_reach_is_refused_naming_the_file_and_field(
    tmp_path, old, new, words
):
    path = scenario_with(tmp_path, old, new)
    (result,) = run_file(path, registry())
    assert not result.ok and result.index == 0
    assert result.problems[0].startswith(str(path)) and words in result.problems[0]


def test_a_die_forced_beyond_its_faces_fails_its_step_and_names_the_range(tmp_path):
    path = scenario_with(tmp_path, "random = [5, 2]", "random = [99, 2]")
    results = run_file(path, registry())
    failed = [r for r in results if not r.ok]
    assert [r.problems for r in failed] == [["random: forced random result 99 is outside 1..6"]]


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_a_scenario_nested_thousands_deep_is_refused_by_the_verb(tmp_path, capsys, fmt):
    path = tmp_path / f"deep.{fmt}"
    path.write_bytes(deep_json() if fmt == "json" else b"x = " + deep_json())
    assert main(["scenario", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: nested more than" in out and "Traceback" not in out


def test_a_scenario_the_game_allows_still_builds(tmp_path):
    """The limits leave real positions alone (the scenarios the tests run are all real)."""
    sc = load(SCENARIO, inside=None)
    assert build(sc, get(sc.game), "x") is not None
    with pytest.raises(ScenarioError):
        build(
            load(scenario_with(tmp_path, 'field = ["Iron Sword"]', "hero = []"), inside=None),
            get("ewc"),
            "x",
        )


# -- card and deck files -------------------------------------------------------------------
@pytest.fixture
def cards_copy(tmp_path, monkeypatch):
    import shutil

    shutil.copytree(shipped("cards"), tmp_path / "cards")
    monkeypatch.setenv("TABLETOP_DATA", str(tmp_path))
    for game in registry().values():
        game._card_set = None
    yield tmp_path / "cards"
    for game in registry().values():
        game._card_set = None


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"name = 'x'\ncards = " + deep_json(), "nested more than"),
        (bytes(range(256)) * 4, "damaged or not a text file (binary data)"),
    ],
)
def test_validate_names_a_hostile_deck_file(cards_copy, capsys, content, words):
    (cards_copy / "ewc" / "decks" / "hexblade.toml").write_bytes(content)
    assert main(["validate", "--game", "ewc"]) == 1
    err = capsys.readouterr().err
    assert f"ewc/decks/hexblade.toml: {words}" in err and "Traceback" not in err


# -- the log -----------------------------------------------------------------------------------
def test_a_file_name_that_is_not_utf8_is_logged_with_replacement_characters_not_a_traceback(
    tmp_path,
):
    """A save whose name is not UTF-8 (or holds a NUL or control characters) is refused and
    logged: the log line shows it with replacement characters, and nothing is printed."""
    import subprocess
    import sys

    code = (
        "import json, os\n"
        "from pathlib import Path\n"
        "from tabletop.system.logs import setup_logging, log_path\n"
        "from tabletop.services.saves import Store\n"
        "setup_logging()\n"
        "store = Store()\n"
        "store.saves.mkdir(parents=True)\n"
        "(store.saves / os.fsdecode(b'bad\\xff\\x1b[2J.json')).write_text('{')\n"
        "entries, problems = store.listing()\n"
        "print(problems[0])\n"
        "print(log_path().read_text(encoding='utf-8'))\n"
    )
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    message, logged = result.stdout.split("\n", 1)
    assert message.startswith("bad\ufffd\ufffd[2J.json: ")
    assert "save refused: bad\ufffd\ufffd[2J.json: " in logged
    assert (tmp_path / "data" / "refused" / os.fsdecode(b"bad\xff\x1b[2J.json")).exists()
