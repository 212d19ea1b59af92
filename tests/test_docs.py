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

    examples = re.findall(r"```toml\n(.*?)```", (ROOT / "docs" / "scenarios.md").read_text(), re.S)
    assert examples
    for i, text in enumerate(examples):
        path = tmp_path / f"example{i}.toml"
        path.write_text(text)
        results = run_file(path, registry())
        assert results and all(r.ok for r in results), (text, [r.problems for r in results])


def test_the_readme_pictures_are_exactly_what_their_commands_make(tmp_path):
    # Each picture's caption gives the command that made it; the table is captured with
    # its animations finished, so the same command makes the same pixels.
    import pygame

    from tabletop.cli import main

    commands = re.findall(
        r"`tabletop (screenshot [^`]*?) (docs/[\w-]+\.png)`", (ROOT / "README.md").read_text()
    )
    assert len(commands) == 5
    for args, picture in commands:
        out = tmp_path / Path(picture).name
        assert main([*args.split(), str(out)]) == 0
        made, shipped = pygame.image.load(str(out)), pygame.image.load(str(ROOT / picture))
        assert made.get_size() == shipped.get_size(), picture
        assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(shipped, "RGB"), (
            f"{picture} is not what 'tabletop {args} {picture}' makes now"
        )


def test_the_readme_states_the_limits_every_kind_of_file_is_read_within():
    from tabletop.engine.cards import CARD_FILE_LIMITS
    from tabletop.engine.files import KB, MB
    from tabletop.engine.scenario import MOST_STEPS, SCENARIO_LIMITS
    from tabletop.games.arcmage.database import DATABASE_LIMITS
    from tabletop.services.decks import DECK_LIMITS
    from tabletop.services.saves import SAVE_LIMITS
    from tabletop.services.settings import SETTINGS_LIMITS

    kinds = {
        "settings": SETTINGS_LIMITS,
        "saved game": SAVE_LIMITS,
        "deck": DECK_LIMITS,
        "scenario": SCENARIO_LIMITS,
        "card file": CARD_FILE_LIMITS,
        "arcmage.org database": DATABASE_LIMITS,
    }
    rows = re.findall(
        r"^\| (.+?) \| (\d+) (KB|MB) \| (.+?) \|$", (ROOT / "README.md").read_text(), re.M
    )
    said = {}
    for name, size, unit, rest in rows:
        kind = next(k for k in kinds if name.startswith(k))
        numbers = [int(n.replace(",", "")) for n in rest.split(" | ")]
        said[kind] = (int(size) * (KB if unit == "KB" else MB), *numbers)
        if kind == "scenario":
            assert f"at most {MOST_STEPS} steps" in name
    assert said == {k: (v.size, v.keys, v.items, v.values, v.text) for k, v in kinds.items()}
