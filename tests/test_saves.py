"""Saved games and replays: exact resumption, atomic writes, bad files refused and moved
aside."""

import json
import logging
import os
import subprocess
import sys
import textwrap
from datetime import timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine import CONCEDE, Action, Match, legal_actions, pick_decks
from tabletop.games import get, registry
from tabletop.services.saves import SAVE_FORMAT, SaveError, Store, read_save

GAME = get("ewc")


def played(turns=3, seed=5):
    match = Match(GAME, pick_decks(GAME, 2, seed), seed)
    while match.state.turn < turns and not match.state.over:
        match.apply(legal_actions(match.state)[-1])
    return match


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path)


def test_a_save_resumes_the_exact_position(store):
    match = played()
    path = store.new_path("ewc")
    store.write(path, match.record, ["human", "greedy"], match.state)
    save, state = store.open(path, registry())
    assert state.snapshot() == match.state.snapshot()  # seed, hands, deck order, phase
    assert save.seats == ["human", "greedy"] and save.turn == match.state.turn
    assert save.format == SAVE_FORMAT


def test_a_failed_write_leaves_the_previous_save_whole(store, monkeypatch):
    match = played()
    path = store.new_path("ewc")
    store.write(path, match.record, ["human", "human"], match.state)
    before = path.read_bytes()

    def crash(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    match.apply(legal_actions(match.state)[0])
    with pytest.raises(OSError):
        store.write(path, match.record, ["human", "human"], match.state)
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_a_program_killed_while_saving_leaves_a_whole_save(store, tmp_path):
    match = played()
    path = store.new_path("ewc")
    store.write(path, match.record, ["human", "human"], match.state)
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from tabletop.services.saves import Store, read_save
        from tabletop.engine import CONCEDE, Action, Match, legal_actions
        from tabletop.games import get
        from tabletop.engine import pick_decks
        game = get("ewc")
        store = Store(Path({str(tmp_path)!r}))
        path = Path({str(path)!r})
        match = Match(game, pick_decks(game, 2, 5), 5)
        print("saving", flush=True)
        while True:
            if match.state.over:
                match = Match(game, pick_decks(game, 2, 5), 5)
            match.apply(legal_actions(match.state)[-1])
            store.write(path, match.record, ["human", "human"], match.state)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "saving"
    import time

    time.sleep(1.0)
    proc.kill()
    proc.wait()
    save = read_save(path, inside=None)  # whole, whichever write it was
    assert save.record.game == "ewc"
    store.open(path, registry())


@pytest.mark.parametrize(
    "content, words",
    [
        (b'{"app": "tabletop", "format": 1, "saved": "2026-', "cut off near the end"),
        (b"\x00\xff\x10garbage", "damaged or not a text file"),
        (b'{"name": "my shopping list"}', "not a Tabletop saved game"),
        (b"[1, 2, 3]", "not a Tabletop saved game"),
        (b'{"app": "tabletop", "format": 99}', "saved by a newer Tabletop (format 99"),
        (
            b'{"app": "tabletop", "format": 1, "saved": "2026-11-21T10:00:00", "seats": ["human"],'
            b' "turn": "three", "record": {}}',
            "turn",
        ),
    ],
)
def test_a_bad_save_is_refused_naming_the_file_and_moved_aside(store, content, words, caplog):
    good = played()
    keep = store.new_path("ewc")
    store.write(keep, good.record, ["human", "human"], good.state)
    bad = store.saves / "ewc-broken.json"
    bad.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="tabletop"), pytest.raises(SaveError) as e:
        store.open(bad, registry())
    assert "ewc-broken.json" in str(e.value) and words in str(e.value)
    assert str(e.value) in caplog.text  # the log keeps what the screen said
    assert not bad.exists() and (store.refused / "ewc-broken.json").read_bytes() == content
    assert read_save(keep, inside=None).record == good.record  # nothing else changed


def test_a_save_whose_actions_do_not_replay_is_refused(store):
    match = played()
    path = store.new_path("ewc")
    store.write(path, match.record, ["human", "human"], match.state)
    data = json.loads(path.read_text())
    data["record"]["actions"].insert(3, 'P1: play "Excalibur"')
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not replay"):
        store.open(path, registry())
    assert not path.exists()


def test_the_saves_list_keeps_good_files_and_moves_bad_ones_aside(store):
    match = played()
    good = store.new_path("ewc")
    store.write(good, match.record, ["human", "greedy"], match.state)
    (store.saves / "junk.json").write_text("{")
    entries, problems = store.listing()
    assert [e.path for e in entries] == [good]
    assert len(problems) == 1 and "junk.json" in problems[0] and "moved to" in problems[0]
    assert store.latest_unfinished().path == good


def test_a_finished_game_becomes_a_replay_and_its_save_goes(store):
    match = played()
    match.apply(Action(CONCEDE, 0))
    assert match.state.over and match.state.winners == (1,)
    save_path = store.new_path("ewc")
    store.write(save_path, match.record, ["human", "human"], match.state)
    replay = store.finish(save_path, match.record, ["human", "human"], match.state)
    assert not save_path.exists()
    assert replay.parent == store.replays
    save = read_save(replay, inside=None)
    assert save.finished and save.winners == list(match.state.winners)
    assert store.latest_unfinished() is None


@settings(max_examples=300, deadline=None)
@given(
    when=st.datetimes(),
    zone=st.none() | st.integers(-23 * 60 - 59, 23 * 60 + 59),
)
def test_a_save_of_any_time_in_any_zone_reads_sorts_and_shows_when_it_was_saved(when, zone):
    from tabletop.services.saves import EARLIEST, LATEST, SaveFile
    from tabletop.ui.scenes import save_when

    if zone is not None:
        when = when.replace(tzinfo=timezone(timedelta(minutes=zone)))
    record = played(turns=1).record
    save = SaveFile.model_validate(
        {"saved": when.isoformat(), "seats": ["human", "human"], "turn": 1, "record": record}
    )
    assert EARLIEST <= save.saved <= LATEST and save.saved.utcoffset() == timedelta(0)
    if zone is not None and EARLIEST + timedelta(days=1) < when < LATEST - timedelta(days=1):
        assert save.saved == when  # the same moment, kept in UTC
    assert save_when(save)[:3] in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
    assert sorted([save.saved, EARLIEST, LATEST]) == [EARLIEST, save.saved, LATEST]
