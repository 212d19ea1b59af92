"""The licence notices of everything the built program bundles, for its licenses/ folder.

build.spec loads this file by its path (``runpy.run_path``), never as a package: the folder
is called ``packaging``, like the PyPI package of that name. It calls::

    unknown = gather(Path(DISTPATH) / "tabletop" / "licenses", [dest for dest, *_ in a.binaries])

which writes the folder and returns the shared libraries it found no entry for, for the build
to print as a warning (add their entries to packaging/licenses/libraries.toml, see the
README.md there). By hand, to look at the folder a build would get::

    python packaging/licenses.py OUT_DIR [DIR_WITH_THE_BUNDLED_LIBRARIES]
"""

import fnmatch
import re
import shutil
import sys
import tomllib
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DATA = HERE / "licenses"
TABLE = DATA / "libraries.toml"

# The Python distributions the program bundles (pydantic's own dependencies included).
BUNDLED_DISTRIBUTIONS = (
    "pygame",
    "pydantic",
    "pydantic_core",
    "platformdirs",
    "typing_extensions",
    "annotated_types",
    "typing_inspection",
)

# Where a Debian-like build machine keeps the copyright file of each of its packages.
DEBIAN_DOCS = Path("/usr/share/doc")

_LICENCE_WORDS = ("LICENSE", "LICENCE", "COPYING", "NOTICE")
_CODE_SUFFIXES = {".py", ".pyc", ".pyi", ".so", ".pyd", ".dll", ".dylib"}

# A Python extension module belongs to a Python distribution (or to Python itself), whose
# licence covers it: "_ssl.cpython-311-x86_64-linux-gnu.so", "x.abi3.so", "_ssl.pyd".
_EXTENSION = re.compile(r"\.(?:cpython-|pypy|graalpy|abi3)[^/\\]*\.so$|\.pyd$")
# The tag auditwheel (8 hex digits), delocate and delvewheel (32) insert into a file name.
_HASH = re.compile(r"-[0-9a-f]{8}(?:[0-9a-f]{24})?(?=[.-]|$)")
_ARCH = re.compile(r"[-_](?:x64|x86|x86_64|amd64|arm64|aarch64|win32|win64)$")
_VERSION = re.compile(r"(?:[-_.]\d+)+$")
_PYTHON = re.compile(r"python\d+(?:\.\d+)?[a-z]*")


def normalise(filename: str) -> str:
    """The name a shared library is looked up by in libraries.toml.

    1. The file name alone (a path's folders go), in lower case.
    2. The library suffix goes, with the version that follows it on Linux:
       ".so" / ".so.1.0.2", ".dll", ".dylib".
    3. The hash auditwheel, delocate or delvewheel inserted goes ("-1667c208").
    4. A leading "lib" goes, then a trailing architecture ("-x64").
    5. A trailing version goes: every trailing run of "-N", "_N" or ".N" ("-2.0.0",
       "-16", ".6", "_1"), except in pythonX.Y, whose version is part of its name.

        libSDL2-2-1667c208.0.so.0.2800.4  -> sdl2        SDL2_mixer.dll      -> sdl2_mixer
        libSDL2_mixer-2.0.0.dylib         -> sdl2_mixer  libpng16-16.dll     -> png16
        libdw-0-780627ce.176.so           -> dw          libcrypto-3-x64.dll -> crypto
        libpython3.11.so.1.0              -> python3.11  python311.dll       -> python311
        libstdc++.so.6                    -> stdc++      VCRUNTIME140_1.dll  -> vcruntime140
    """
    name = re.split(r"[/\\]", filename)[-1].lower()
    linux = re.match(r"(.+?)\.so(?:\.[\d.]*)?$", name)
    name = linux.group(1) if linux else re.sub(r"\.(?:dll|dylib)$", "", name)
    name = _HASH.sub("", name)
    if name.startswith("lib") and len(name) > 3:
        name = name[3:]
    name = _ARCH.sub("", name)
    if _PYTHON.fullmatch(name):
        return name
    return _VERSION.sub("", name) or name


def is_extension_module(filename: str) -> bool:
    """Whether a collected binary is a Python extension module rather than a library."""
    return bool(_EXTENSION.search(filename.lower()))


def load_table(path: Path = TABLE) -> dict:
    with open(path, "rb") as f:
        table = tomllib.load(f)
    for section in ("texts", "distributions", "libraries", "components"):
        table.setdefault(section, {})
    return table


def match(table: dict, filename: str) -> str | None:
    """The key of the [libraries] entry a shared library's file name belongs to, or None."""
    name = normalise(filename)
    libraries = table["libraries"]
    if name in libraries:
        return name
    for key, entry in libraries.items():
        if any(fnmatch.fnmatchcase(name, alias) for alias in entry.get("aliases", ())):
            return key
    return None


def licence_ids(expression: str) -> list[str]:
    """The licence and exception identifiers of an SPDX expression, in order, each once."""
    words = re.findall(r"[A-Za-z0-9.+\-]+", expression)
    ids = [w for w in words if w not in ("AND", "OR", "WITH")]
    return list(dict.fromkeys(ids))


def used_expression(entry: dict) -> str:
    """The licence the program takes a component under: the chosen option of an "A OR B"."""
    return entry.get("chosen") or entry["license"]


def text_files(table: dict, licence_id: str) -> list[Path]:
    """The file(s) holding a licence's text: a long one of [texts], else texts/<id>.txt."""
    if licence_id in table["texts"]:
        return [DATA / name for name in table["texts"][licence_id]]
    return [DATA / "texts" / f"{licence_id}.txt"]


def python_licence() -> Path:
    """The running Python's own licence file."""
    base = Path(sys.base_prefix)
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [
        base / "LICENSE.txt",  # Windows
        base / "lib" / f"python{version}" / "LICENSE.txt",
        base / "lib" / f"python{version}t" / "LICENSE.txt",  # free-threaded
        *sorted(base.glob("lib*/python3*/LICENSE*")),
        *sorted(base.glob("LICENSE*")),
        DEBIAN_DOCS / f"python{version}" / "copyright",  # Debian's own Python
    ]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"no licence file for the Python in {base}")


def distribution_licences(dist: metadata.Distribution) -> list[tuple[str, Path]]:
    """A distribution's own licence files, as (name in licenses/, installed path)."""
    name = dist.metadata["Name"]
    found = []
    for file in dist.files or ():
        parts = file.parts
        in_info = parts[0].endswith(".dist-info")
        under_licences = in_info and len(parts) > 2 and parts[1].lower() == "licenses"
        named = (
            any(word in file.name.upper() for word in _LICENCE_WORDS)
            and file.suffix.lower() not in _CODE_SUFFIXES
        )
        if not (under_licences or named):
            continue
        rest = parts[2:] if under_licences else parts[1:] if in_info else parts
        found.append((f"{name}-{'-'.join(rest)}", Path(str(dist.locate_file(file)))))
    return found


def _licence_of(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    short = (meta.get("License") or "").strip()
    if short and "\n" not in short and len(short) <= 60:
        return short
    classifiers = [
        c.split(" :: ")[-1] for c in meta.get_all("Classifier") or () if c.startswith("License ::")
    ]
    return ", ".join(classifiers) or "see its licence file"


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _entry_block(entry: dict, files: list[str], within: list[str]) -> list[str]:
    lines = [f"### {entry['name']}", ""]
    if files:
        lines.append("- Files: " + ", ".join(f"`{f}`" for f in files))
    if within:
        lines.append("- Part of: " + ", ".join(within) + " (see its entry)")
    licence = entry["license"]
    if entry.get("chosen"):
        licence += f" (distributed here under {entry['chosen']})"
    lines.append(f"- Licence: {licence}")
    if entry.get("version"):
        lines.append(f"- Version: {entry['version']}")
    lines.append(f"- Source: {entry['source']}")
    if entry.get("copyright"):
        lines += ["- Copyright:", ""]
        lines += [f"      {line}" for line in entry["copyright"]]
        lines.append("")
    if entry.get("notice"):
        lines.append(f"- Notice: {entry['notice']}")
    if entry.get("note"):
        lines.append(f"- Note: {' '.join(entry['note'].split())}")
    while lines[-1] == "":
        lines.pop()
    return [*lines, ""]


def gather(target: Path, binaries: Iterable[str]) -> list[str]:
    """Write the licence notices of the program, its packages and `binaries` into `target`.

    `binaries` are the names (or paths) of the shared libraries PyInstaller collected;
    Python extension modules among them are skipped, their distribution's licence covers
    them. Returns the names that match no entry of libraries.toml, in their order.
    """
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    table = load_table()
    ids: list[str] = []

    shutil.copyfile(REPO / "LICENSE", target / "Tabletop-LICENSE.txt")
    shutil.copyfile(
        REPO / "assets" / "fonts" / "LICENSE-DejaVu.txt", target / "DejaVu-fonts-LICENSE.txt"
    )
    shutil.copyfile(python_licence(), target / "Python-LICENSE.txt")

    # Python distributions: their own licence files, or their entry in the table.
    shipped_rows: list[str] = []
    table_blocks: list[str] = []
    within: dict[str, list[str]] = {}  # component key -> what it is part of
    for wanted in BUNDLED_DISTRIBUTIONS:
        try:
            dist = metadata.distribution(wanted)
        except metadata.PackageNotFoundError:
            continue  # not installed, so not bundled
        files = distribution_licences(dist)
        for name, path in files:
            shutil.copyfile(path, target / name)
        entry = table["distributions"].get(_key(dist.metadata["Name"]))
        for part in (entry or {}).get("includes", ()):
            within.setdefault(part, []).append(entry["name"])
        if files:
            listed = ", ".join(f"`{name}`" for name, _ in files)
            shipped_rows.append(
                f"| {dist.metadata['Name']} | {dist.version} | {_licence_of(dist)} | {listed} |"
            )
        elif entry:
            table_blocks += _entry_block({**entry, "version": dist.version}, [], [])
            ids += licence_ids(used_expression(entry))
        else:
            raise LookupError(
                f"{dist.metadata['Name']} ships no licence file and has no "
                f"[distributions] entry in {TABLE}"
            )

    # Native libraries: match each file name to an entry.
    files_of: dict[str, list[str]] = {"python": []}
    unknown: list[str] = []
    for binary in binaries:
        binary = str(binary)
        if is_extension_module(binary):
            continue
        key = match(table, binary)
        if key is None:
            if binary not in unknown:
                unknown.append(binary)
            continue
        name = re.split(r"[/\\]", binary)[-1]
        if name not in files_of.setdefault(key, []):
            files_of[key].append(name)
    for key in files_of:
        for part in table["libraries"][key].get("includes", ()):
            within.setdefault(part, []).append(table["libraries"][key]["name"])

    blocks: dict[str, list[str]] = {"libraries": [], "components": []}
    for section, entries in blocks.items():
        for key, entry in table[section].items():
            if key not in files_of and key not in within:
                continue
            entries += _entry_block(entry, files_of.get(key, []), within.get(key, []))
            ids += licence_ids(used_expression(entry))
            package = entry.get("debian")
            copyright_file = DEBIAN_DOCS / str(package) / "copyright"
            if package and key in files_of and copyright_file.is_file():
                # Named after the folder it really is in: libgcc-s1, libgomp1 and
                # libstdc++6 share gcc-NN-base's.
                real = copyright_file.resolve()
                (target / "debian").mkdir(exist_ok=True)
                shutil.copyfile(real, target / "debian" / f"{real.parent.name}-copyright.txt")

    # Each licence's text, once: short ones inline, long ones as files beside.
    text_blocks: list[str] = []
    separate: dict[tuple[str, ...], list[str]] = {}
    for licence_id in sorted(dict.fromkeys(ids), key=str.lower):
        paths = text_files(table, licence_id)
        if licence_id in table["texts"]:
            separate.setdefault(tuple(p.name for p in paths), []).append(licence_id)
            continue
        text = paths[0].read_text(encoding="utf-8").rstrip()
        text_blocks += [f"### {licence_id}", "", "```text", text, "```", ""]
    for names, licence_ids_ in separate.items():
        for name in names:
            shutil.copyfile(DATA / name, target / name)
        files = " and ".join(f"`{name}`" for name in names)
        text_blocks += [
            f"### {', '.join(licence_ids_)}",
            "",
            f"The full text is in {files} beside this file.",
            "",
        ]

    document = [
        "# Third-party software in Tabletop",
        "",
        "Tabletop itself is under the MIT licence (`Tabletop-LICENSE.txt`). The program "
        "carries the Python interpreter, the Python packages and the native libraries listed "
        "below, each with its licence, the copyright notices that licence asks to be "
        "reproduced, and where its source code can be had; the full text of every licence "
        "follows the lists. The other files in this folder are licence files as the "
        "packages ship them.",
        "",
        "## Fonts",
        "",
        "- DejaVu fonts: Bitstream Vera and Arev fonts licences, with the DejaVu changes in "
        "the public domain (`DejaVu-fonts-LICENSE.txt`).",
        "",
        "## Python packages",
        "",
        "| Package | Version | Licence | Licence files |",
        "| --- | --- | --- | --- |",
        *shipped_rows,
        "",
        *table_blocks,
        "## Native libraries",
        "",
        "The libraries pygame's wheels carry were built by the pygame project from the "
        "upstream sources named below; its build recipes are in pygame's source, under "
        "buildconfig/ (https://github.com/pygame/pygame). The other libraries come from "
        "the machine the program was built on. Where that machine had the Debian copyright "
        "file of a library's project, it is in `debian/` here: the notices of each of that "
        "project's files, as that distribution lists them.",
        "",
        *blocks["libraries"],
        "## Parts of the packages and libraries above",
        "",
        "Code built into one of the packages or libraries listed above, under terms of its own.",
        "",
        *blocks["components"],
        "## Licence texts",
        "",
        *text_blocks,
    ]
    (target / "THIRD-PARTY.md").write_text("\n".join(document).rstrip() + "\n", encoding="utf-8")
    return unknown


def _main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(
            "usage: python packaging/licenses.py OUT_DIR [DIR_WITH_THE_BUNDLED_LIBRARIES]",
            file=sys.stderr,
        )
        return 2
    binaries = (
        [
            str(p)
            for p in Path(argv[1]).rglob("*")
            if p.is_file() and re.search(r"\.so(\.|$)|\.dll$|\.dylib$", p.name)
        ]
        if len(argv) == 2
        else []
    )
    unknown = gather(Path(argv[0]), binaries)
    for name in unknown:
        print(f"no licence entry for {name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
