"""The built program's licenses/ folder: every bundled library has its notice and its licence's
text (packaging/licenses.py, packaging/licenses/libraries.toml)."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load():
    # By its path, as build.spec loads it: "packaging" is also a PyPI package's name.
    spec = importlib.util.spec_from_file_location(
        "tabletop_licenses", ROOT / "packaging" / "licenses.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


licenses = _load()

# What PyInstaller collects on Linux (a real build's a.binaries), with a Windows and a macOS
# name, two extension modules and one library nobody knows.
BINARIES = [
    "libpython3.11.so.1.0",
    "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
    "pydantic_core/_pydantic_core.cpython-311-x86_64-linux-gnu.so",
    "libcrypto.so.3",
    "libssl.so.3",
    "libz.so.1",
    "libffi.so.8",
    "liblzma.so.5",
    "libbz2.so.1.0",
    "libstdc++.so.6",
    "libgcc_s.so.1",
    "pygame.libs/libSDL2-2-1667c208.0.so.0.2800.4",
    "pygame.libs/libSDL2_ttf-2-e6bdbc24.0.so.0.2000.1",
    "pygame.libs/libfreetype-402bc0e3.so.6.18.3",
    "pygame.libs/libjpeg-4617cdcb.so.62.3.0",
    "pygame.libs/libmpg123-fad61782.so.0.47.0",
    "pygame.libs/libdw-0-780627ce.176.so",
    "SDL2_mixer.dll",
    "libpng16.16.dylib",
    "libmadeup-1.2.so.3",
]


def _pygame_bundled_libraries() -> list[Path]:
    """The shared libraries the installed pygame wheel carries (Linux, macOS or Windows)."""
    package = Path(importlib.util.find_spec("pygame").origin).parent
    found = [
        *(package.parent / "pygame.libs").glob("*"),
        *(package / ".dylibs").glob("*"),
        *package.glob("*.dll"),
    ]
    return sorted(p for p in found if p.is_file())


def test_every_library_pygame_bundles_has_its_notice():
    bundled = _pygame_bundled_libraries()
    if not bundled:
        pytest.skip("this pygame carries no shared libraries of its own")
    table = licenses.load_table()
    unknown = [p.name for p in bundled if licenses.match(table, p.name) is None]
    assert unknown == []


@pytest.mark.parametrize(
    ("filename", "name"),
    [
        ("libSDL2-2-1667c208.0.so.0.2800.4", "sdl2"),
        ("libSDL2_mixer-2-673d03d7.0.so.0.600.3", "sdl2_mixer"),
        ("libdw-0-780627ce.176.so", "dw"),
        ("libpython3.11.so.1.0", "python3.11"),
        ("pygame.libs/libpulsecommon-14-80414fd3.2.so", "pulsecommon"),
        ("libstdc++.so.6", "stdc++"),
        ("SDL2_mixer.dll", "sdl2_mixer"),
        ("libpng16-16.dll", "png16"),
        ("libcrypto-3-x64.dll", "crypto"),
        ("VCRUNTIME140_1.dll", "vcruntime140"),
        ("C:\\app\\_internal\\zlib1.dll", "zlib1"),
        ("libSDL2-2.0.0.dylib", "sdl2"),
        ("libpng16.16.dylib", "png16"),
        ("libpython3.12.dylib", "python3.12"),
    ],
)
def test_a_library_file_name_normalises_to_its_project(filename, name):
    assert licenses.normalise(filename) == name


def test_the_licenses_folder_has_every_notice_and_names_the_unknown_libraries(tmp_path):
    target = tmp_path / "licenses"
    unknown = licenses.gather(target, BINARIES)

    assert unknown == ["libmadeup-1.2.so.3"]  # extension modules are not libraries
    assert (target / "Tabletop-LICENSE.txt").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert (target / "DejaVu-fonts-LICENSE.txt").read_bytes() == (
        ROOT / "assets" / "fonts" / "LICENSE-DejaVu.txt"
    ).read_bytes()
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in (target / "Python-LICENSE.txt").read_text()
    assert "Pydantic" in (target / "pydantic-LICENSE").read_text()

    document = (target / "THIRD-PARTY.md").read_text(encoding="utf-8")
    sdl2 = document.split("### SDL2 (Simple DirectMedia Layer)")[1].split("\n### ")[0]
    assert "`libSDL2-2-1667c208.0.so.0.2800.4`" in sdl2 and "Licence: Zlib" in sdl2
    assert "Copyright (C) 1997-2023 Sam Lantinga <slouken@libsdl.org>" in sdl2
    zlib_text = (ROOT / "packaging" / "licenses" / "texts" / "Zlib.txt").read_text().strip()
    assert f"### Zlib\n\n```text\n{zlib_text}\n```" in document
    pygame = document.split("### pygame\n")[1].split("\n### ")[0]
    assert "Licence: LGPL-2.1-or-later" in pygame
    assert "Version 2.1, February 1999" in (target / "LGPL-2.1.txt").read_text()
    assert "based in part on the work of the Independent JPEG Group" in document
    assert "Portions of this software are copyright © 2022 The FreeType Project" in document
    for name in ("mpg123 (libmpg123)", "elfutils (libelf, libdw)", "zlib", "OpenSSL"):
        assert f"### {name}" in document
    assert "libmadeup" not in document


def test_every_licence_the_table_uses_has_its_text():
    table = licenses.load_table()
    entries = [
        *table["libraries"].values(),
        *table["components"].values(),
        *table["distributions"].values(),
    ]
    used = {i for entry in entries for i in licenses.licence_ids(licenses.used_expression(entry))}
    missing = sorted(i for i in used if not all(p.is_file() for p in licenses.text_files(table, i)))
    assert missing == []
    for entry in entries:  # and an "A OR B" licence says which option the program takes
        assert " OR " not in licenses.used_expression(entry), entry["name"]
