"""The client's modules import each other without cycles (module-level imports;
a scene may still open another scene from inside a method)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "havana_game"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, known: set[str]) -> set[str]:
    """Modules of `known` that `path` imports at module level (TYPE_CHECKING excluded)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] \
                if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in known else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found & known


def test_no_import_cycles_in_the_client():
    paths = list((PACKAGE / "client").rglob("*.py"))
    known = {module_name(p) for p in paths}
    graph = {module_name(p): imports(p, known) for p in paths}
    cycles = []

    def visit(node: str, trail: list[str], done: set[str]) -> None:
        if node in trail:
            cycles.append(trail[trail.index(node):] + [node])
            return
        if node in done:
            return
        done.add(node)
        for neighbour in sorted(graph[node]):
            visit(neighbour, [*trail, node], done)

    finished: set[str] = set()
    for module in sorted(graph):
        visit(module, [], finished)
    assert not cycles, " / ".join(" -> ".join(c) for c in cycles)
    assert "havana_game.client.ui.art" in graph["havana_game.client.table.draw"]  # it does look
