"""The client's modules import each other without cycles, counting the imports
made inside functions too (only `if TYPE_CHECKING:` blocks are left out: they
never run); and screens do not import each other: one screen opens another by
name through the app (`app.show`, the names in `screens.SCREENS`)."""

from __future__ import annotations

import ast
from pathlib import Path

from havana_game.client.scenes.base import Scene
from havana_game.client.screens import SCREENS, screen_class

PACKAGE = Path(__file__).parent.parent / "havana_game"
CLIENT = PACKAGE / "client"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, outside `if TYPE_CHECKING:` blocks."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        stack += [child for child in ast.iter_child_nodes(node) if not _type_checking(child)]
    return found


def imports(path: Path, known: set[str]) -> set[str]:
    """Modules of `known` that `path` imports, at module level or in a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _import_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] \
                if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if candidate in known else target)
        else:
            found.update(alias.name for alias in node.names)
    return found & known


def _graph() -> dict[str, set[str]]:
    paths = list(CLIENT.rglob("*.py"))
    known = {module_name(p) for p in paths}
    return {module_name(p): imports(p, known) for p in paths}


def test_no_import_cycles_in_the_client():
    graph = _graph()
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
    assert "havana_game.client.ui.art" in graph["havana_game.client.table.seats"]  # it does look
    assert "havana_game.client.session.netlink" in graph["havana_game.client.cli"]  # deferred


def test_screens_do_not_import_each_other():
    """Only the app's screen table names the screens; a screen imports no other
    screen (their shared base aside), and nothing else imports a screen."""
    graph = _graph()
    screens = {m for m in graph if m.startswith("havana_game.client.scenes.")} \
        - {"havana_game.client.scenes.base"}
    offending = {module: sorted(graph[module] & screens) for module in graph
                 if graph[module] & screens}
    assert offending == {}


def test_every_screen_is_named_once():
    classes = [screen_class(name) for name in SCREENS]
    assert all(issubclass(cls, Scene) for cls in classes)
    assert len(set(classes)) == len(classes)
    modules = {cls.__module__ for cls in classes}
    assert modules == {module_name(p) for p in (CLIENT / "scenes").glob("*.py")} \
        - {"havana_game.client.scenes", "havana_game.client.scenes.base"}
