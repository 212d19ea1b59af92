"""What a wider audience installs: the wheel's data, the version, the desktop entry and
the PyInstaller recipe's branches for each system (read with PyInstaller's own names
stood in, so they are checked here, on Linux, without building)."""

from __future__ import annotations

import ast
import configparser
import importlib.metadata
import os
import runpy
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import tabletop
from tabletop.system import paths

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = ROOT / "assets" / "tabletop.desktop"


def test_the_version_is_written_once_and_the_installed_metadata_agrees():
    assert importlib.metadata.version("tabletop-tcg") == tabletop.__version__
    assert "version =" not in (ROOT / "pyproject.toml").read_text().split("[project]")[1].split(
        "["
    )[0].replace("dynamic", "")


def test_every_shipped_folder_is_in_the_repository_where_paths_says():
    for name, source in paths.SHIPPED.items():
        assert (ROOT / source).is_dir(), name


def test_an_installed_package_finds_its_copies_before_the_repository(tmp_path, monkeypatch):
    # The layout a wheel installs: tabletop/_data/<name> beside tabletop/system/paths.py.
    package = tmp_path / "tabletop"
    (package / "system").mkdir(parents=True)
    shutil.copy(paths.__file__, package / "system" / "paths.py")
    for name in paths.SHIPPED:
        (package / paths.PACKED / name).mkdir(parents=True)
    monkeypatch.delenv("TABLETOP_DATA", raising=False)
    installed = runpy.run_path(str(package / "system" / "paths.py"))
    assert installed["shipped"]("cards") == (package / paths.PACKED / "cards").resolve()
    assert installed["shipped"]("scenarios") == (package / paths.PACKED / "scenarios").resolve()
    # And a checkout, with no _data, reads the repository's own folders.
    assert paths.shipped("scenarios") == ROOT / "tests" / "scenarios"


def test_the_desktop_entry_opens_the_program_by_its_icon_and_window_class():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str
    entry.read(DESKTOP, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Exec"] == "tabletop"
    assert section["TryExec"] == "tabletop"  # not on the PATH: hidden, not broken
    assert section["Icon"] == "tabletop" and section["Terminal"] == "false"
    assert section["StartupWMClass"] == "tabletop"  # the class tabletop/__init__.py sets
    assert "Game" in section["Categories"].split(";")


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate (Debian's desktop-file-utils) is not installed",
)
def test_the_desktop_entry_passes_desktop_file_validate():
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "", result.stdout


# -- build.spec, read as PyInstaller reads it ---------------------------------------------
class _Stand:
    """One of PyInstaller's spec names (Analysis, EXE...): records how it was called."""

    calls: dict[str, list[tuple[tuple, dict]]]

    def __init__(self, kind, *args, **kwargs):
        self.kind = kind
        self.args, self.kwargs = args, kwargs
        self.binaries = [("libSDL2-2.0.so.0", "/x/libSDL2-2.0.so.0", "BINARY")]
        self.pure = self.scripts = self.datas = ()


def _read_spec(monkeypatch, tmp_path, platform: str, *argv: str) -> dict[str, _Stand]:
    made: dict[str, _Stand] = {}

    def stand(kind):
        def make(*args, **kwargs):
            made[kind] = _Stand(kind, *args, **kwargs)
            return made[kind]

        return make

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: [name]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, sys.modules.get(name) or types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", ["build.spec", *argv])
    spec = tmp_path / "build.spec"
    shutil.copy(ROOT / "build.spec", spec)
    for part in ("packaging", "tabletop", "cards", "assets", "tests", "LICENSE"):
        (tmp_path / part).symlink_to(ROOT / part)
    runpy.run_path(
        str(spec),
        init_globals={
            "SPECPATH": str(tmp_path),
            "DISTPATH": str(tmp_path / "dist"),
            **{kind: stand(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")},
        },
    )
    return made


def test_the_windows_program_carries_its_icon_and_version_information(monkeypatch, tmp_path):
    made = _read_spec(monkeypatch, tmp_path, "win32")
    exe = made["EXE"].kwargs
    assert exe["console"] is False and not exe["strip"]
    assert Path(exe["icon"]).read_bytes()[:4] == b"\0\0\1\0"  # an .ico
    text = Path(exe["version"]).read_text(encoding="utf-8")
    assert f"StringStruct('ProductVersion', '{tabletop.__version__}')" in text
    assert "BUNDLE" not in made
    # PyInstaller reads the file on Windows only (as Python, with its versioninfo classes
    # as the names): here, its syntax and its numbers are checked by reading it likewise.
    tree = ast.parse(text, mode="eval")
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)}
    assert called == {
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    }
    fixed = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and node.func.id == "FixedFileInfo"
    )
    numbers = {k.arg: ast.literal_eval(k.value) for k in fixed.keywords if k.arg.endswith("vers")}
    expected = (*(int(n) for n in tabletop.__version__.split(".")), 0)
    assert numbers == {"filevers": expected, "prodvers": expected}


@pytest.mark.parametrize("onefile", [False, True])
def test_the_macos_build_is_an_app_bundle_with_its_icon(monkeypatch, tmp_path, onefile):
    made = _read_spec(monkeypatch, tmp_path, "darwin", *(["--onefile"] if onefile else []))
    bundle = made["BUNDLE"]
    assert bundle.kwargs["name"] == "Tabletop.app"
    assert bundle.args[0] is (made["EXE"] if onefile else made["COLLECT"])
    assert Path(bundle.kwargs["icon"]).read_bytes()[:4] == b"icns"
    assert bundle.kwargs["info_plist"]["CFBundleShortVersionString"] == tabletop.__version__
    assert made["EXE"].kwargs["console"] is False


def test_the_linux_build_puts_its_desktop_entry_icons_and_notices_beside_it(monkeypatch, tmp_path):
    made = _read_spec(monkeypatch, tmp_path, "linux")
    assert "BUNDLE" not in made and "COLLECT" in made
    beside = tmp_path / "dist" / "tabletop"
    assert (
        beside / "share" / "applications" / "tabletop.desktop"
    ).read_text() == DESKTOP.read_text()
    for size in (16, 48, 256):
        png = beside / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "tabletop.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (beside / "licenses" / "Tabletop-LICENSE.txt").read_text() == (
        ROOT / "LICENSE"
    ).read_text()
    shipped = {name for _, name in made["Analysis"].kwargs["datas"]}
    assert shipped == set(paths.SHIPPED)


def test_building_the_wheel_leaves_no_build_or_egg_info_in_the_source_tree(tmp_path):
    """``pip install .`` builds in the checkout: what the build makes on the way (``build/``,
    ``*.egg-info``) goes to folders of its own, removed when it ends."""

    tree = tmp_path / "tree"
    tree.mkdir()
    for part in ("tabletop", "cards", "assets"):
        shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tests" / "scenarios", tree / "tests" / "scenarios")
    for part in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy(ROOT / part, tree / part)
    before = sorted(p.relative_to(tree) for p in tree.rglob("*"))
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    built = subprocess.run(
        [*pip, "-w", str(tmp_path / "out"), str(tree)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    assert len(list((tmp_path / "out").glob("*.whl"))) == 1
    assert sorted(p.relative_to(tree) for p in tree.rglob("*")) == before


def test_the_program_runs_without_ssl_which_the_build_leaves_out():
    # As in the build: no ssl module. asyncio (network play) asks for it and does without.
    code = (
        "import sys\n"
        "sys.modules['ssl'] = sys.modules['_ssl'] = None\n"
        "import pkgutil, importlib, tabletop\n"
        "for m in pkgutil.walk_packages(tabletop.__path__, 'tabletop.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "from tabletop.games import registry\n"
        "[g.card_set() for g in registry().values()]\n"
        "import multiprocessing.connection, concurrent.futures.process\n"
        "from tests.net.helpers import hosted\n"
        "results, players, _ = hosted(registry()['ewc'], ['remote', 'remote'], 3)\n"
        "print(len(results), [p.results for p in players] == [[results[0].winners]] * 2)\n"
    )
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1 True"
    assert {"ssl", "_ssl"} <= set(_read_spec_excludes())


def _read_spec_excludes() -> list[str]:
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "excludes":
            return ast.literal_eval(node.value)
    raise AssertionError("build.spec names no excludes")
