"""Where the real arcmage.org extract is: ``ARCMAGE_DATA``, or ``../shared/arcmage`` beside
the repository. It is read, never copied into the project; tests that need it are skipped
on a machine without it."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def arcmage_data() -> Path:
    path = Path(os.environ.get("ARCMAGE_DATA", REPO.parent / "shared" / "arcmage"))
    if not (path / "cards.json").is_file():
        pytest.skip(f"the arcmage.org extract is not at {path}")
    return path
