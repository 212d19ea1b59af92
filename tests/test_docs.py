"""The documents point at things that exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_a_ruling_names_exists():
    for rulings in (ROOT / "docs" / "rulings").glob("*.md"):
        game = rulings.stem
        sources = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
        named = re.findall(r"`(?:[\w/]+\.py::)?(test_\w+)`", rulings.read_text())
        assert named, rulings
        missing = [n for n in named if f"def {n}(" not in sources]
        assert not missing, f"{game} rulings name tests that do not exist: {missing}"


def test_the_scenario_examples_in_the_docs_run_and_pass(tmp_path):
    from tabletop.engine.scenario import run_file
    from tabletop.games import registry

    examples = re.findall(r"```toml\n(.*?)```", (ROOT / "docs" / "scenarios.md").read_text(),
                          re.S)
    assert examples
    for i, text in enumerate(examples):
        path = tmp_path / f"example{i}.toml"
        path.write_text(text)
        results = run_file(path, registry())
        assert results and all(r.ok for r in results), (text, [r.problems for r in results])
