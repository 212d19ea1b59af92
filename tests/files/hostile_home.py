"""A player's folders holding one hostile file of every kind: the files that once locked
players out or crashed a screen (a save of 300,000 unknown keys, settings of 20,000, a
puzzle of 100,000 tables, a deck of 30,000 cards, a deck named with 200,000 characters or a
NUL, saves dated at the ends of time, file names that are not UTF-8, a deck linked from
outside its folder, the leftovers of killed writes, ``refused`` as a plain file, an imported
deck named with a NUL) and one damaged variant of each kind of ``hostile.py`` in every
folder that is read (saves, replays, puzzles, decks).

    python -m tests.files.hostile_home FOLDER

fills FOLDER as a ``TABLETOP_HOME`` (CI then runs ``tabletop --smoke`` on it); the tests
call :func:`seed`.
"""

from __future__ import annotations

import json
import os
import sys
import time
import tomllib
from pathlib import Path

from .hostile import KINDS, write_variant

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "tests" / "scenarios" / "ewc" / "a_hit_deals_the_difference.toml"
DECK = REPO / "cards" / "ewc" / "decks" / "hexblade.toml"
OLD = time.time() - 3 * 3600  # the leftovers of writes killed hours ago


def a_real_save_record() -> dict:
    from tabletop.engine import Match, legal_actions, pick_decks
    from tabletop.games import get
    from tabletop.services.saves import SaveFile

    game = get("ewc")
    match = Match(game, pick_decks(game, 2, 3), 3)
    while match.state.turn < 3 and not match.state.over:
        match.apply(legal_actions(match.state)[-1])
    from datetime import datetime

    save = SaveFile(
        saved=datetime.now().astimezone(),
        seats=["human", "greedy"],
        turn=match.state.turn,
        record=match.record,
    )
    return json.loads(save.model_dump_json())


def _deck(name: str = "Mine", extra: str = "") -> str:
    cards = tomllib.loads(DECK.read_text())["cards"]
    lines = "\n".join(f'"{k}" = {v}' for k, v in cards.items())
    return f"name = {json.dumps(name)}\n\n[cards]\n{lines}\n{extra}"


def _leftover(folder: Path, name: str) -> Path:
    path = folder / f".{name}.k3j_x9zq.tmp"
    path.write_text("{ half a file")
    os.utime(path, (OLD, OLD))
    return path


def seed(home: Path) -> dict[str, list[Path]]:
    """Fill ``home`` (a ``TABLETOP_HOME``); what was put where, by kind."""
    os.environ["TABLETOP_HOME"] = str(home)
    data, config = home / "data", home / "config"
    saves, replays, puzzles = data / "saves", data / "replays", data / "puzzles"
    decks = data / "decks" / "ewc"
    for folder in (saves, replays, puzzles, decks, config):
        folder.mkdir(parents=True, exist_ok=True)
    made: dict[str, list[Path]] = {"leftovers": []}
    record = a_real_save_record()
    real = json.dumps(record).encode()

    def save(folder: Path, name: str | bytes, change=None) -> Path:
        d = json.loads(real)
        if change:
            change(d)
        path = folder / (os.fsdecode(name) if isinstance(name, bytes) else name)
        path.write_text(json.dumps(d))
        return path

    # -- the reproduced files -------------------------------------------------------------
    save(saves, "keys.json", lambda d: d.update({f"k{i}": i for i in range(300_000)}))
    save(saves, "late.json", lambda d: d.update(saved="9999-12-31T23:59:59-12:00"))
    save(replays, "early.json", lambda d: d.update(saved="0001-01-01T00:00:00+14:00"))
    save(saves, b"not-utf8-\xff\xfe.json")
    (config / "settings.json").write_text(json.dumps({f"k{i}": i for i in range(20_000)}))
    text = SCENARIO.read_text()
    (puzzles / "tables.toml").write_text(text + "".join(f"\n[t{i}]" for i in range(100_000)))
    refused = "\n[[steps]]\ndo = 'P1: play \"No Such Card\"'\n"
    (puzzles / "refused-4mb.toml").write_text(text + refused * 100_000)
    (puzzles / "refused-steps.toml").write_text(text + refused * 150)
    (puzzles / "nul.toml").write_text(text.replace('title = "', 'title = "N\\u0000UL ', 1))
    (decks / "keys.toml").write_text(_deck() + "".join(f'"c{i}" = 1\n' for i in range(30_000)))
    (decks / "long-name.toml").write_text(_deck("A" * 200_000))
    (decks / "nul.toml").write_text(_deck("Mi\x00ne"))
    (decks / os.fsdecode(b"\x01not-utf8-\xff.toml")).write_text(_deck("Latin-1 name"))
    outside = home / "outside.toml"
    outside.write_text(_deck("Linked from outside"))
    os.symlink(outside, decks / "linked.toml")
    (data / "refused").write_text("a file where the folder for refused saves would be")
    for folder, name in ((saves, "x.json"), (decks, "y.toml"), (config, "settings.json")):
        made["leftovers"].append(_leftover(folder, name))
    _imported_deck_named_with_a_nul()

    # -- one damaged variant of each kind, in every folder read ---------------------------
    scenario_json = json.dumps(tomllib.loads(text)).encode()
    for kind in KINDS:
        write_variant(saves / f"{kind}.json", kind, real, "json", 7, other=b"{}")
        write_variant(replays / f"{kind}.json", kind, real, "json", 9_001, other=b"{}")
        write_variant(puzzles / f"{kind}.toml", kind, text.encode(), "toml", 7, other=b"x")
        write_variant(puzzles / f"{kind}.json", kind, scenario_json, "json", 9_001)
        write_variant(decks / f"{kind}.toml", kind, _deck().encode(), "toml", 7, other=b"x")
    return made


def _imported_deck_named_with_a_nul() -> None:
    """An arcmage.org deck whose name holds a NUL, imported as a player would."""
    from tabletop.games import get
    from tabletop.games.arcmage import library

    game = get("arcmage")
    folder = Path(os.environ["TABLETOP_HOME"]) / "import"
    folder.mkdir()

    def card(name: str, kind: str = "Creature") -> dict:
        record = {
            "name": name,
            "type": {"name": kind},
            "faction": {"name": "Gaian"},
            "cost": "2",
            "loyalty": 1,
            "attack": "2",
            "defense": "2",
            "ruleText": "",
        }
        if kind == "City":
            record.update(cost="S", loyalty=0, attack=None, defense="7")
        return record

    entries = [{"quantity": 3, "card": card(f"Nul City {i}", "City")} for i in range(3)]
    entries += [{"quantity": 3, "card": card(f"Nul Creature {i}")} for i in range(12)]
    deck = {"name": "Gaian\u0000Grove", "deckCards": entries}
    (folder / "decks.json").write_text(json.dumps([deck]))
    game._card_set = None
    library.import_files(game, [folder / "decks.json"])
    game._card_set = None


if __name__ == "__main__":
    where = Path(sys.argv[1])
    where.mkdir(parents=True, exist_ok=True)
    made = seed(where)
    print(f"{where}: a player's folders with one hostile file of each kind")
