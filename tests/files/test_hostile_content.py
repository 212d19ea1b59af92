"""Every reader, given a real file of its kind with hostile content in one of its places
(``strategies.py``: hundreds of thousands of keys or items, a million characters, control
characters, NUL, undecodable bytes, direction marks, dates at the ends of time, numbers
beyond any game's, deep nesting, tens of thousands of TOML tables), either refuses it in one
sentence naming the file and what is wrong, or reads it — and in both cases within a CPU
budget per file (the work grows with the file's size at most linearly, and stops at the
first limit), and what it says or keeps can be shown, logged and written back.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tabletop.engine import CardDataError
from tabletop.engine.scenario import run_file
from tabletop.games import get, registry
from tabletop.games.arcmage import library
from tabletop.services import decks as deck_store
from tabletop.services.saves import SaveError, Store
from tabletop.services.settings import Settings, load_settings, save_settings, settings_path
from tabletop.system.paths import shipped

from ..games.arcmage_library import card, deck, wire
from .strategies import Payload, payloads, put, shown_safely, within_budget
from .test_readers import a_real_save

EXAMPLES = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
WHERE = st.integers(0, 10_000)


@contextmanager
def home():
    """A player's folders of its own for one example."""
    old = os.environ.get("TABLETOP_HOME")
    with tempfile.TemporaryDirectory() as d:
        os.environ["TABLETOP_HOME"] = d
        try:
            yield Path(d)
        finally:
            if old is None:
                del os.environ["TABLETOP_HOME"]
            else:
                os.environ["TABLETOP_HOME"] = old


def refusal(message: str, name: str) -> None:
    assert name in message, message
    assert "Traceback" not in message, message
    shown_safely(message)


@pytest.fixture(scope="module")
def save_bytes(tmp_path_factory) -> bytes:
    return a_real_save(tmp_path_factory.mktemp("real")).read_bytes()


@EXAMPLES
@given(payload=payloads(), where=WHERE, kind=st.sampled_from(["saves", "replays"]))
# Reproduced: 300,000 unknown keys hung every start; these dates crashed it, or Load game.
@example(payload=Payload("keys", 300_000), where=0, kind="saves")
@example(payload=Payload("date", value="9999-12-31T23:59:59-12:00"), where=1, kind="saves")
@example(payload=Payload("date", value="0001-01-01T00:00:00+14:00"), where=1, kind="replays")
# Found: a save of a game this version lacks, named by a bidi control, listed under that name.
@example(payload=Payload("text", 1, "direction"), where=11, kind="saves")
def test_a_save_or_replay_with_hostile_content_is_read_or_refused_by_name_within_budget(
    save_bytes, payload, where, kind
):
    from tabletop.ui.scenes import save_label, save_when

    with home() as root:
        store = Store(root / "data")
        folder = store.saves if kind == "saves" else store.replays
        folder.mkdir(parents=True)
        (folder / "bad.json").write_bytes(put(save_bytes, "json", payload, where))
        with within_budget(f"{payload} in a save"):
            entries, problems = store.listing(kind)
            for entry in entries:
                try:
                    store.open(entry.path, registry())
                except SaveError as e:
                    refusal(str(e), "bad.json")
        for message in problems:
            refusal(message, "bad.json")
            assert "\n" not in message
        for entry in entries:  # listed: its row can be shown
            shown_safely(save_label(entry.save) + save_when(entry.save))


@EXAMPLES
@given(payload=payloads(), where=WHERE)
@example(payload=Payload("keys", 20_000), where=0)  # 215 KB of them froze the start for 23 s
def test_settings_with_hostile_content_give_the_defaults_or_are_read_and_can_be_written_back(
    payload, where
):
    original = Settings(decks={"ewc": ["hexblade", "windrunner"]}).model_dump_json().encode()
    with home():
        path = settings_path()
        path.parent.mkdir(parents=True)
        path.write_bytes(put(original, "json", payload, where))
        with within_budget(f"{payload} in settings"):
            got, message = load_settings()
        if message is not None:
            refusal(message, "settings.json")
            assert "\n" not in message and got == Settings()
        assert save_settings(got) is None  # whatever was read can be kept again
        assert load_settings() == (got, None)


def a_deck_file() -> bytes:
    return deck_store.deck_text(get("ewc").card_set().decks["hexblade"]).encode()


@EXAMPLES
@given(payload=payloads(), where=WHERE)
@example(payload=Payload("keys", 30_000), where=1)  # hung the deck list
@example(payload=Payload("text", 200_000), where=0)  # a name that hung the Decks screen
@example(payload=Payload("text", 9, "control"), where=0)  # NUL in a name crashed it
def test_a_deck_of_the_players_with_hostile_content_is_listed_or_named_and_never_breaks_settings(
    payload, where
):
    game = get("ewc")
    with home():
        folder = deck_store.folder("ewc")
        folder.mkdir(parents=True)
        (folder / "bad.toml").write_bytes(put(a_deck_file(), "toml", payload, where))
        with within_budget(f"{payload} in a deck"):
            listing = deck_store.listing(game)
        for message in listing.unreadable:
            refusal(message, "bad.toml")
            assert "\n" not in message
        mine = [e for e in listing.entries if e.own]
        for entry in mine:
            shown_safely(deck_store.safe_text(entry.deck.name))
            for problem in entry.problems:
                shown_safely(problem)
        # Chosen and remembered: the settings can always be written back.
        settings = Settings(decks={"ewc": [e.id for e in mine if e.legal] or ["hexblade"]})
        assert save_settings(settings) is None


@EXAMPLES
@given(payload=payloads(), where=WHERE)
def test_a_deck_file_dropped_to_import_with_hostile_content_comes_in_or_is_refused_by_name(
    payload, where
):
    game = get("ewc")
    with home() as root:
        path = root / "dropped.toml"
        path.write_bytes(put(a_deck_file(), "toml", payload, where))
        with within_budget(f"{payload} in an imported deck"):
            try:
                stored, got = deck_store.import_deck(game, path)
            except deck_store.FileProblem as e:
                refusal(str(e), "dropped.toml")
                assert "\n" not in str(e)
                return
        assert deck_store.read_deck(stored, inside=stored.parent) == got


SCENARIO = shipped("scenarios") / "ewc" / "a_hit_deals_the_difference.toml"


@EXAMPLES
@given(payload=payloads(), where=WHERE, fmt=st.sampled_from(["toml", "json"]))
@example(payload=Payload("tables", 100_000), where=0, fmt="toml")  # hung the Puzzles screen
@example(payload=Payload("text", 9, "control"), where=1, fmt="toml")  # NUL in a title
def test_a_puzzle_or_scenario_with_hostile_content_runs_or_fails_naming_the_file_within_budget(
    payload, where, fmt
):
    import tomllib

    original = SCENARIO.read_bytes()
    if fmt == "json":
        original = json.dumps(tomllib.loads(original.decode())).encode()
    with home() as root:
        path = root / f"bad.{fmt}"
        path.write_bytes(put(original, fmt, payload, where))
        with within_budget(f"{payload} in a scenario"):
            results = run_file(path, registry(), inside=root)
        for result in results:
            for problem in result.problems:
                shown_safely(problem)
        if results and results[0].index == 0 and not results[0].ok:
            refusal(results[0].problems[0], str(path))


def _database() -> tuple[bytes, bytes]:
    cards = [card("Grove Warden"), card("River Scout"), card("Old Oak", "City")]
    return json.dumps({"items": cards}).encode(), json.dumps([deck("Green", 3, 12)]).encode()


@EXAMPLES
@given(payload=payloads(), where=WHERE, which=st.sampled_from(["cards", "decks"]))
# A key that is not text (a JSON escape of half a surrogate pair) was imported, then could
# not be written: the import crashed.
@example(payload=Payload("keys", 3, "undecodable"), where=0, which="decks")
def test_an_imported_database_with_hostile_content_is_imported_or_refused_by_name_within_budget(
    payload, where, which, monkeypatch
):
    game = wire(monkeypatch)
    cards, decks = _database()
    with home() as root:
        files = {"cards": root / "cards.json", "decks": root / "decks.json"}
        files["cards"].write_bytes(
            put(cards, "json", payload, where) if which == "cards" else cards
        )
        files["decks"].write_bytes(
            put(decks, "json", payload, where) if which == "decks" else decks
        )
        with within_budget(f"{payload} in an imported {which} file"):
            try:
                library.import_files(game, [files["cards"], files["decks"]])
            except CardDataError as e:
                assert any(files[which].name in m for m in e.messages), e.messages
                for message in e.messages:
                    shown_safely(message)
                return
        with within_budget(f"{payload} in the stored {which}"):
            game._card_set = None
            card_set = game.card_set()
        for name in card_set.decks:
            shown_safely(deck_store.safe_text(card_set.decks[name].name))
