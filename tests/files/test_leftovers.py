"""Every writer killed half-way leaves the file it was replacing whole, and its temporary
file is swept away at the next start, wherever the writer writes (saves, replays,
settings, decks, exports, imports). Each writer runs in a process of its own, killed by
SIGKILL after it has written its temporary file and before the rename, as a crash or a
power cut would."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tabletop
from tabletop.services import folders

# Each writer of the program, as a few lines run in a fresh process with TABLETOP_HOME set:
# what comes before ``killed()`` is left to finish, the write after it is killed half-way.
SETUP = """
import os, signal, sys
from pathlib import Path
from tabletop.games import get
from tabletop.services import decks
GAME = get("ewc")
DECK = GAME.card_set().decks["hexblade"]
def killed():
    print("ready", flush=True)  # the test looks at the files now
    sys.stdin.readline()
    os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)
"""
WRITERS = {
    "save": """
from tabletop.engine import Match, pick_decks
from tabletop.services.saves import Store
match = Match(GAME, pick_decks(GAME, 2, 1), 1)
store = Store()
path = store.new_path("ewc")
store.write(path, match.record, ["human", "human"], match.state)
killed()
store.write(path, match.record, ["human", "human"], match.state)
""",
    "replay": """
from tabletop.engine import Match, pick_decks
from tabletop.services.saves import Store
match = Match(GAME, pick_decks(GAME, 2, 1), 1)
store = Store()
store.finish(None, match.record, ["human", "human"], match.state)
killed()
store.finish(None, match.record, ["human", "human"], match.state)
""",
    "settings": """
from tabletop.services.settings import Settings, save_settings
save_settings(Settings())
killed()
save_settings(Settings(sound=False))
""",
    "deck": """
path = decks.save("ewc", DECK)
killed()
decks.save("ewc", DECK, path.stem)
""",
    "rename": """
decks.save("ewc", DECK)
entry = next(e for e in decks.listing(GAME).entries if e.own)
killed()
decks.rename(entry, "Another name")
""",
    "export": """
from tabletop.system.paths import exports_dir
decks.export(DECK, exports_dir())
killed()
decks.export(DECK, exports_dir())
""",
    "import deck": """
from tabletop.system.paths import exports_dir
path = decks.export(DECK, exports_dir())
killed()
decks.import_deck(GAME, path)
""",
    "desktop entry": """
from tabletop.verbs.desktop import install
install(program=Path(sys.executable))
killed()
install(program=Path(sys.executable))
""",
    "import database": """
import json
sys.path.insert(0, os.environ["REPO"])
from tests.games.arcmage_library import card, deck
from tabletop.games.arcmage import library
folder = Path(os.environ["TABLETOP_HOME"]) / "dropped"
folder.mkdir(parents=True)
(folder / "decks.json").write_text(json.dumps([deck("Green")]))
killed()
library.import_files(get("arcmage"), [folder / "decks.json"])
""",
}
# Where each writer is, in the code: every call of atomic_write must be one of them.
WRITTEN_BY = {
    ("tabletop/services/saves.py", "write"): ("save", "replay"),
    ("tabletop/services/settings.py", "save_settings"): ("settings",),
    ("tabletop/services/decks.py", "save"): ("deck", "import deck"),
    ("tabletop/services/decks.py", "rename"): ("rename",),
    ("tabletop/services/decks.py", "export"): ("export",),
    ("tabletop/games/arcmage/library.py", "_import_files"): ("import database",),
    ("tabletop/verbs/desktop.py", "install"): ("desktop entry",),
}
# How each writer's leftovers are swept: at the program's next start, or, for the desktop
# entry (in a folder every program shares), by the next run of `tabletop desktop`.
SWEPT_BY = {"desktop entry": "desktop"}
REPO = Path(tabletop.__file__).resolve().parents[1]


def _leftovers(home: Path) -> list[Path]:
    return [p for p in home.rglob(".*.tmp") if p.is_file()]


def _snapshot(home: Path) -> dict[str, bytes]:
    return {
        p.relative_to(home).as_posix(): p.read_bytes()
        for p in home.rglob("*")
        if p.is_file() and not p.name.endswith(".tmp")
    }


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_writer_killed_half_way_leaves_the_old_file_whole_and_its_leftover_is_swept(
    writer, tmp_path, monkeypatch
):
    home = tmp_path / "home"
    env = {**os.environ, "TABLETOP_HOME": str(home), "REPO": str(REPO)}
    env["XDG_DATA_HOME"] = str(home / "xdg")  # the desktop's folders, here
    proc = subprocess.Popen(
        [sys.executable, "-c", SETUP + WRITERS[writer]],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
    before = _snapshot(home)  # what the first write left
    proc.stdin.write("\n")
    proc.stdin.flush()
    assert proc.wait(60) == -9, proc.stderr.read()  # SIGKILL, half-way through the next
    left = _leftovers(home)
    assert left, "the killed write left no temporary file: it was not killed half-way"
    assert _snapshot(home) == before  # every file whole, as it was
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", env["XDG_DATA_HOME"])
    sweep = _desktop_sweep if SWEPT_BY.get(writer) == "desktop" else folders.sweep
    assert sweep() == []  # a write under way (a few seconds old) is left alone
    old = time.time() - 3600
    for path in left:
        os.utime(path, (old, old))
    assert sorted(sweep()) == sorted(left)
    assert _leftovers(home) == [] and _snapshot(home) == before


def _desktop_sweep() -> list[Path]:
    """What a second run of ``tabletop desktop`` sweeps (and it writes the same entry)."""
    from tabletop.engine.files import sweep_leftovers
    from tabletop.verbs.desktop import ENTRY, install

    folder = Path(os.environ["XDG_DATA_HOME"]) / "applications"
    gone = sweep_leftovers([folder], only=ENTRY)
    install(program=Path(sys.executable))
    return gone


def test_every_call_of_atomic_write_is_a_writer_the_leftover_test_kills():
    calls = set()
    for path in (REPO / "tabletop").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", getattr(node.func, "attr", "")) == "atomic_write"
                    and fn.name != "atomic_write"
                ):
                    calls.add((path.relative_to(REPO).as_posix(), fn.name))
    assert calls == set(WRITTEN_BY)
    assert {w for ws in WRITTEN_BY.values() for w in ws} == set(WRITERS)


def test_the_sweep_takes_only_the_temporary_files_of_writes_and_follows_no_link(tmp_path):
    from tabletop.engine.files import sweep_leftovers

    old = time.time() - 3600
    mine = tmp_path / "data" / ".save.json.ab_c1234.tmp"
    theirs = tmp_path / "data" / "notes.tmp"  # a file of the player's, not a write's
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    far = outside / ".x.json.abcd1234.tmp"
    mine.parent.mkdir()
    for path in (mine, theirs, far):
        path.write_text("x")
        os.utime(path, (old, old))
    os.symlink(outside, tmp_path / "data" / "link")
    assert sweep_leftovers([tmp_path / "data"]) == [mine]
    assert theirs.exists() and far.exists()
