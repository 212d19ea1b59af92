"""Every ruling a game's source cites exists: where a refusal, a comment or a docstring under
``tabletop/games/<game>/`` says "ruling N", "(ruling N)", "rulings N, M and K" or
"rulings N-M", ``docs/rulings/<game>.md`` numbers a ruling N (a paragraph opening
``**N.``). ARC-mage's team formats are rules of its package, and their rulings are in its
file."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("ewc", "wota", "arcmage", "eoc", "coe")

# "ruling 7", "Ruling 58", "rulings 41, 46, 47", "rulings 53 and 54", "rulings 20-23, 30".
CITED = re.compile(r"\brulings?\s+(\d+(?:\s*(?:,\s*and|,|and|[-–])\s*\d+)*)", re.I)
NUMBERED = re.compile(r"^\*\*(\d+)\.", re.M)


def numbers(cited: str) -> list[int]:
    """The ruling numbers in what follows "ruling(s)": a range counts each number in it."""
    out: list[int] = []
    for part in re.split(r"\s*(?:,\s*and|,|and)\s*", cited):
        first, _, last = part.partition("-") if "-" in part else part.partition("–")
        out.extend(range(int(first), int(last or first) + 1))
    return out


def citations(game: str) -> dict[int, list[str]]:
    """Each ruling number the game's source cites, with where (file:line)."""
    out: dict[int, list[str]] = {}
    for path in sorted((ROOT / "tabletop" / "games" / game).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in CITED.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            for n in numbers(m.group(1)):
                out.setdefault(n, []).append(f"{path.relative_to(ROOT)}:{line}")
    return out


def numbered(game: str) -> set[int]:
    """The rulings ``docs/rulings/<game>.md`` numbers."""
    text = (ROOT / "docs" / "rulings" / f"{game}.md").read_text(encoding="utf-8")
    return {int(n) for n in NUMBERED.findall(text)}


class KnownGap(AssertionError):
    """The gap a game's xfail names, exactly: any other gap fails outright."""


# The rulings other games' sources cite that their rulings files do not number yet (their
# engineers own those files and will close the gaps, then remove the xfail here). Closing
# some of a gap but not all of it fails too: the numbers listed must be exactly those missing.
KNOWN_GAPS: dict[str, set[int]] = {}


def _param(game: str):
    gap = KNOWN_GAPS.get(game)
    if not gap:
        return game
    missing = ", ".join(map(str, sorted(gap)))
    reason = f"{game}'s source cites rulings {missing}, which its rulings file does not number"
    return pytest.param(game, marks=pytest.mark.xfail(strict=True, raises=KnownGap, reason=reason))


@pytest.mark.parametrize("game", [_param(g) for g in GAMES])
def test_every_ruling_a_games_source_cites_is_numbered_in_its_rulings_file(game):
    cited = citations(game)
    assert cited, f"{game} cites no ruling by number"
    missing = {n: where for n, where in sorted(cited.items()) if n not in numbered(game)}
    if missing and set(missing) == KNOWN_GAPS.get(game):
        raise KnownGap(f"{game} cites rulings its file does not number: {missing}")
    known = (
        f" (its xfail names {sorted(KNOWN_GAPS[game])}: update it)" if game in KNOWN_GAPS else ""
    )
    assert not missing, (
        f"docs/rulings/{game}.md numbers no ruling {sorted(missing)}, cited at {missing}{known}"
    )


def test_a_citation_is_read_as_the_numbers_it_names():
    text = (
        "(ruling 7); Ruling 58: x; rulings 41, 46, 47), rulings 53 and 54; rulings 20-23, 30;"
        " rulings 49, 51-54; ruling 3, and not 4 (a ruling)"
    )
    found = [numbers(m.group(1)) for m in CITED.finditer(text)]
    assert found == [
        [7],
        [58],
        [41, 46, 47],
        [53, 54],
        [20, 21, 22, 23, 30],
        [49, 51, 52, 53, 54],
        [3],
    ]
