"""The package's layers, as docs/architecture.md draws them: no import loops, and no layer
importing one above it. Read from the source (every import, those inside functions too,
but not those only for type checkers), so a loop hidden in a function is caught as well."""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop

ROOT = Path(tabletop.__file__).parent

# Each layer may import the layers listed after it, never one before it.
LAYERS = [
    "cli", "verbs", "ui", "net", "services", "bots", "games", "tablespec", "system", "engine",
]  # fmt: skip
# Screens lead to one another (the title to the table and back, a replay to its list):
# the one loop the design keeps, inside ``ui``. (The screens' base, ``ButtonScene``, is in
# ``widgets``, so the settings and the deck screens stand outside it.)
SCREENS = {
    "tabletop.ui.network_scenes",  # hosting, the lobby, joining: to the table and back
    "tabletop.ui.replay",
    "tabletop.ui.scenes",
    "tabletop.ui.table",
    "tabletop.ui.table.network",  # the table of a game across computers
}


def _modules() -> dict[str, tuple[Path, list[str]]]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ["tabletop", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
            package = parts
        else:
            package = parts[:-1]
        out[".".join(parts)] = (path, package)
    return out


def _imports(tree: ast.AST):
    """Every import node, skipping ``if TYPE_CHECKING:`` blocks."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            yield from (n for body in node.orelse for n in _imports_of(body))
            continue
        yield from _imports_of(node)


def _imports_of(node: ast.AST):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _imports(node)


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, (path, package) in modules.items():
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join(base + (node.module.split(".") if node.module else []))
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    graph[name].add(sub if sub in modules else module)
            else:
                graph[name].update(a.name for a in node.names)
        graph[name] = {m for m in graph[name] if m in modules and m != name}
    return graph


def loops(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_no_module_imports_one_that_imports_it_back():
    unexpected = [sorted(g) for g in loops(import_graph()) if g != SCREENS]
    assert unexpected == []


def test_no_layer_imports_a_layer_above_it():
    wrong = []
    for module, targets in import_graph().items():
        here = _layer(module)
        for target in targets:
            there = _layer(target)
            if here and there and here != there and LAYERS.index(there) < LAYERS.index(here):
                wrong.append(f"{module} imports {target}")
    assert wrong == []


def test_the_loop_finder_finds_a_loop():
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
