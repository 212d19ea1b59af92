"""Every test gets its own player folders (settings, saves, logs): nothing is written to
the real user's folders."""

import pytest


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))
