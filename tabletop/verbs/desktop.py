"""``tabletop desktop``: put Tabletop in the desktop's menu (Linux and the other desktops
that follow freedesktop.org), with its icon, starting the very program that ran the verb,
wherever it lies: the built program in any folder, or the ``tabletop`` of a virtual
environment or of pipx. The entry names the program by its absolute path (``Exec`` and
``TryExec``), so it does not rely on a folder being on the desktop's ``PATH``, and a desktop
hides it, rather than showing a broken one, if the program is moved away. Run the verb
again after moving the program.

Written into ``$XDG_DATA_HOME`` (``~/.local/share`` unless set): ``applications/
tabletop.desktop`` and ``icons/hicolor/NxN/apps/tabletop.png``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from ..engine.files import atomic_write, sweep_leftovers
from ..system.paths import shipped

ENTRY = "tabletop.desktop"


def this_program() -> Path:
    """The program the player started, as an absolute path: the built executable, or the
    ``tabletop`` command of the environment this Python belongs to."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve()
    name = "tabletop.exe" if os.name == "nt" else "tabletop"
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name == name and started.exists():
        return started.resolve()
    beside = Path(sys.executable).parent / name  # the environment's own scripts
    if beside.exists():
        return beside.absolute()
    found = shutil.which(name)
    if found is None:
        raise ValueError("the tabletop command was not found: install Tabletop first")
    return Path(found).resolve()


def exec_value(program: Path) -> str:
    """``program`` as a desktop entry's ``Exec`` names it: quoted, with the characters the
    specification reserves escaped (and ``%``, its field codes' mark, doubled)."""
    text = str(program).replace("%", "%%")
    if any(c in text for c in " \t\n\"'\\><~|&;$*?#()`"):
        text = '"' + "".join("\\" + c if c in '"`$\\' else c for c in text) + '"'
    return text


def entry_text(program: Path) -> str:
    """The entry that comes with Tabletop (``assets/tabletop.desktop``), starting
    ``program``."""
    template = (shipped("assets") / ENTRY).read_text(encoding="utf-8")
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            line = f"Exec={exec_value(program)}"
        elif line.startswith("TryExec="):
            line = f"TryExec={str(program).replace('%', '%%')}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(data_home: Path | None = None, program: Path | None = None) -> list[Path]:
    """Write the entry and the icons; the files written."""
    from ..ui import icon

    if data_home is None:
        data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    program = program or this_program()
    written = [data_home / "applications" / ENTRY]
    # The folder is every program's: only an earlier run's own leftovers are swept.
    sweep_leftovers([written[0].parent], only=ENTRY)
    atomic_write(written[0], entry_text(program))
    for size in icon.LINUX_SIZES:
        path = data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "tabletop.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icon.png(size))
        written.append(path)
    return written
