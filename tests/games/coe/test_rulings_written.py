"""Every ruling C.O.E's rules cite, in their source or in a refusal, is written in
docs/rulings/coe.md (a refusal resting on a ruling says "(ruling N)": the player must be able
to read it)."""

import re
from pathlib import Path

from .helpers import rules

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "tabletop" / "games" / "coe"
RULINGS = ROOT / "docs" / "rulings" / "coe.md"
# "ruling 5", "Ruling 27", "rulings 41, 46, 47", "rulings 20-23, 30", "rulings 53 and 54"
CITED = re.compile(r"\b[Rr]ulings?\s+(\d+(?:\s*(?:,|-|–|and)\s*\d+)*)")


def cited(text: str) -> set[int]:
    out: set[int] = set()
    for group in CITED.findall(text):
        for part in re.split(r"\s*(?:,|and)\s*", group):
            bounds = [int(n) for n in re.findall(r"\d+", part)]  # "20-23": 20 to 23
            out.update(range(bounds[0], bounds[-1] + 1))
    return out


def written() -> set[int]:
    return {int(n) for n in re.findall(r"^\*\*(\d+)\. ", RULINGS.read_text(), re.M)}


def refusals() -> list[str]:
    return [v for k, v in vars(rules).items() if k.startswith("R_") and isinstance(v, str)]


def test_the_citations_are_read_with_their_ranges():
    assert cited("rulings 20-23, 30 and ruling 5; Ruling 27 (rulings 53 and 54)") == {
        20,
        21,
        22,
        23,
        30,
        5,
        27,
        53,
        54,
    }


def test_every_ruling_the_rules_cite_is_written():
    sources = {p: p.read_text() for p in sorted(PACKAGE.rglob("*.py"))}
    by_number: dict[int, list[str]] = {}
    for path, text in sources.items():
        for n in cited(text):
            by_number.setdefault(n, []).append(path.relative_to(ROOT).as_posix())
    for text in refusals():
        for n in cited(text):
            by_number.setdefault(n, []).append(f"the refusal {text!r}")
    assert len(by_number) > 30  # the scan finds the citations
    missing = {n: where for n, where in sorted(by_number.items()) if n not in written()}
    assert not missing, f"docs/rulings/coe.md lacks rulings the rules cite: {missing}"
