"""Every reader refuses a damaged or hostile file in one sentence naming it, and loses nothing.

Each test takes a real file of its kind, puts a variant of it in its place (cut short, bytes
flipped, nested deeply, huge numbers, wrong types, empty, another kind of file, a link to
``/dev/zero`` or out of the folder, a pipe, a folder, a file too large: see ``hostile.py``)
and reads it the way the program does. Whatever the variant: no exception but the reader's
own escapes, a refusal names the file, and no file the player owns is changed or lost (the
bad one stays where it was or is moved aside whole).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import tomllib
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tabletop.engine import CardDataError, Match, legal_actions, pick_decks
from tabletop.engine.cards import load_card_set
from tabletop.engine.scenario import run_file
from tabletop.games import get, registry
from tabletop.services.saves import SaveError, Store
from tabletop.services.settings import Settings, load_settings
from tabletop.system.paths import shipped

from .hostile import damage, kept_whole, snapshot, write_variant

EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def folder():
    with tempfile.TemporaryDirectory() as d:
        yield Path(d)


def a_real_save(root: Path) -> Path:
    game = get("ewc")
    match = Match(game, pick_decks(game, 2, 3), 3)
    while match.state.turn < 3 and not match.state.over:
        match.apply(legal_actions(match.state)[-1])
    store = Store(root)
    path = store.new_path("ewc")
    store.write(path, match.record, ["human", "greedy"], match.state)
    return path


@pytest.fixture(scope="module")
def save_bytes(tmp_path_factory) -> bytes:
    return a_real_save(tmp_path_factory.mktemp("real")).read_bytes()


def one_sentence(message: str, name: str) -> None:
    assert name in message, message
    assert "\n" not in message and "Traceback" not in message, message


@EXAMPLES
@given(variant=damage())
def test_a_hostile_save_is_refused_by_name_and_the_good_one_beside_it_kept(save_bytes, variant):
    kind, n = variant
    with folder() as home:
        store = Store(home / "data")
        store.saves.mkdir(parents=True)
        (store.saves / "good.json").write_bytes(save_bytes)
        bad = store.saves / "bad.json"
        write_variant(bad, kind, save_bytes, "json", n, other=b'{"window": [800, 600]}')
        before = snapshot(home)
        entries, problems = store.listing()
        names = [e.path.name for e in entries]
        assert "good.json" in names
        for message in problems:
            one_sentence(message, "bad.json")
        assert ("bad.json" in names) != any("bad.json" in p for p in problems)
        for entry in entries:  # Continue / Load game replays what was listed
            try:
                store.open(entry.path, registry())
            except SaveError as e:
                assert entry.path.name == "bad.json"
                one_sentence(str(e), "bad.json")
        after = snapshot(home)
        assert not kept_whole(before, after, "data/saves/bad.json", ["data/refused/bad.json"])


@pytest.fixture(scope="module")
def settings_bytes() -> bytes:
    return (
        Settings(
            window=(1000, 700),
            ui_scale=1.15,
            sound=False,
            decks={"ewc": ["hexblade", "windrunner"]},
        )
        .model_dump_json(indent=1)
        .encode()
    )


@EXAMPLES
@given(variant=damage())
def test_hostile_settings_give_the_defaults_with_one_message_and_are_kept_aside(
    settings_bytes, variant
):
    kind, n = variant
    with folder() as home:
        path = home / "config" / "settings.json"
        path.parent.mkdir()
        write_variant(path, kind, settings_bytes, "json", n, other=b'{"app": "tabletop"}')
        before = snapshot(home)
        got, message = load_settings(path)
        assert isinstance(got, Settings)
        if message is not None:
            one_sentence(message, "settings.json")
            assert got == Settings()
        w, h = got.window
        assert 640 <= w <= 16384 and 360 <= h <= 16384
        assert not kept_whole(
            before, snapshot(home), "config/settings.json", ["config/settings.json.bad"]
        )


SCENARIO = shipped("scenarios") / "ewc" / "a_hit_deals_the_difference.toml"


@EXAMPLES
@given(variant=damage(), as_json=st.booleans())
def test_a_hostile_scenario_fails_in_one_sentence_naming_it(variant, as_json):
    kind, n = variant
    original = SCENARIO.read_bytes()
    if as_json:
        original = json.dumps(tomllib.loads(original.decode())).encode()
    with folder() as home:
        (home / "puzzles").mkdir()
        path = home / "puzzles" / ("bad.json" if as_json else "bad.toml")
        write_variant(
            path, kind, original, "json" if as_json else "toml", n, other=b'{"app": "tabletop"}'
        )
        before = snapshot(home)
        results = run_file(path, registry(), inside=path.parent)  # as Puzzles reads it
        if results and results[0].index == 0 and not results[0].ok:
            for message in results[0].problems:
                assert str(path) in message, message
        assert snapshot(home) == before


CARD_GAMES = ("ewc", "wota", "arcmage")


def _card_files(gid: str) -> list[Path]:
    base = shipped("cards") / gid
    return sorted(base.glob("*.toml")) + sorted((base / "decks").glob("*.toml"))


@EXAMPLES
@given(variant=damage(), gid=st.sampled_from(CARD_GAMES), pick=st.integers(0, 100))
# a cut at a card's end leaves a shorter file that reads: the tokens after the cut are gone
@example(variant=("cut", 21290), gid="arcmage", pick=1)
def test_a_hostile_card_or_deck_file_is_refused_naming_the_file(variant, gid, pick):
    kind, n = variant
    game = get(gid)
    files = _card_files(gid)
    target = files[pick % len(files)]
    with folder() as home:
        root = home / "cards"
        shutil.copytree(shipped("cards") / gid, root / gid)
        rel = target.relative_to(shipped("cards")).as_posix()
        bad = root / rel
        write_variant(
            bad,
            kind,
            target.read_bytes(),
            "toml",
            n,
            other=(Path(__file__).resolve().parents[2] / "pyproject.toml").read_bytes(),
        )
        before = snapshot(home)
        try:
            load_card_set(
                gid, root / gid, game.card_model, game.deck_rules, game.set_rules, shown_root=root
            )
        except CardDataError as e:
            assert e.messages
            for message in e.messages:
                assert "Traceback" not in message
            # The damaged file is named, or, where the damage still reads as cards (a name
            # changed by a flipped byte, a file cut at a card's end), the file that now names
            # a card not there: a deck, or a card file whose card makes a token gone.
            assert any(
                rel in m
                or (f"{gid}/decks/" in m and "is not a card of this game" in m)
                or (re.match(rf"{gid}/[^/:]+\.toml: ", m) and ", which is not " in m)
                for m in e.messages
            ), e.messages
        assert snapshot(home) == before


@EXAMPLES
@given(variant=damage())
@example(variant=("link_outside", 0))  # was read: the deck reader followed links out
def test_a_hostile_deck_of_the_players_is_named_and_the_decks_beside_it_kept(variant):
    from tabletop.services import decks

    kind, n = variant
    game = get("ewc")
    original = decks.deck_text(game.card_set().decks["hexblade"]).encode()
    with folder() as home:
        where = home / "data" / "decks" / "ewc"
        where.mkdir(parents=True)
        (where / "good.toml").write_bytes(original)
        write_variant(where / "bad.toml", kind, original, "toml", n, other=b'{"app": 1}')
        before = snapshot(home)
        old = os.environ.get("TABLETOP_HOME")
        os.environ["TABLETOP_HOME"] = str(home)
        try:
            listing = decks.listing(game)
        finally:
            if old is None:
                del os.environ["TABLETOP_HOME"]
            else:
                os.environ["TABLETOP_HOME"] = old
        mine = [e.path.name for e in listing.entries if e.own]
        assert "good.toml" in mine
        for message in listing.unreadable:
            one_sentence(message, "bad.toml")
        assert ("bad.toml" in mine) != any("bad.toml" in m for m in listing.unreadable)
        if kind in ("link_outside", "link_dev_zero"):  # a link out of the folder is not read
            assert "bad.toml" not in mine
        assert snapshot(home) == before
