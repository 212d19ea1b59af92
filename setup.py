"""The build's one step beyond pyproject.toml: a wheel carries what the program ships.

``cards/``, ``assets/`` and the rulebook walk-throughs (``tests/scenarios/``, the Puzzles
menu's puzzles) stay at the top of the repository; the build copies them into the
package as ``tabletop/_data/<name>``, where ``tabletop.system.paths`` looks for them in an
installed program. An editable install reads them where they are.
"""

import atexit
import importlib.util
import shutil
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

# The one list of what is shipped, read from the module that finds it (without importing
# the package, whose dependencies need not be installed while it is built).
_spec = importlib.util.spec_from_file_location("_paths", HERE / "tabletop/system/paths.py")
paths = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(paths)


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "tabletop" / paths.PACKED
        for name, source in paths.SHIPPED.items():
            shutil.copytree(
                HERE / source,
                target / name,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("__pycache__", "*.py[cod]"),
            )


def scratch(name: str) -> str:
    """A folder of this build's own, outside the source tree, gone when the build ends: so
    that ``pip install .`` leaves no ``build/`` or ``*.egg-info`` behind in the checkout."""
    folder = tempfile.mkdtemp(prefix=f"tabletop-{name}-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


setup(
    cmdclass={"build_py": BuildWithData},
    options={"build": {"build_base": scratch("build")}, "egg_info": {"egg_base": scratch("egg")}},
)
