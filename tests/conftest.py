"""Every test gets its own player folders (settings, saves, logs): nothing is written to
the real user's folders.

The long runs are marked ``slow`` here, in one list: many seeded games (self-play, fuzzing,
the leak checks that play each action in other possible worlds), the monkey and the bench
on the real table, processes started and interrupted, the wheel built. ``pytest -m "not
slow"`` is the quick selection a contributor runs at every change (every rule's own tests,
the engine, the scenarios, the files and the screens); CI runs everything."""

import pytest

SLOW = (
    "tests/games/arcmage/test_fuzz_real.py",
    "tests/games/arcmage/test_selfplay_real.py",
    "tests/games/arcmage/test_selfplay.py",
    "tests/games/coe/test_selfplay.py",
    "tests/games/eoc/test_selfplay.py",
    "tests/games/ewc/test_selfplay.py",
    "tests/games/wota/test_selfplay.py",
    "tests/games/test_hidden_information.py",
    "tests/harness/test_fuzz.py::test_a_short_fuzz_of_every_game_finds_nothing",
    "tests/harness/test_monkey.py",
    "tests/harness/test_bench.py",
    "tests/bots/test_levels.py",
    "tests/files/test_leftovers.py::test_a_writer_killed_half_way",
    "tests/test_cli.py::test_ctrl_c",
    "tests/ui/test_delivery.py::test_a_second_copy",
    "tests/test_packaging.py::test_building_the_wheel",
    "tests/test_packaging.py::test_the_program_runs_without_ssl",
    "tests/net/test_games.py",
    "tests/net/test_leaks.py",
    "tests/engine/test_determinism.py",
    "tests/test_arena.py",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _no_broadcasts(monkeypatch):
    """A hosted game announces itself to the loopback address only, and the join screen
    listens there on a port of the system's choosing: no test reaches another network."""
    from tabletop.net import beacon

    monkeypatch.setattr(beacon, "SEND_TO", ("127.0.0.1", beacon.PORT))
    monkeypatch.setattr(beacon, "HEAR_ON", ("127.0.0.1", 0))
