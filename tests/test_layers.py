"""The layering holds: Qt only in ardennes_qt.ui and editor; layers point down (import-linter);
no two modules import each other, however indirectly (type-only and late imports count too)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Qt lives only in the ui and the editor KEPT" in result.stdout


def test_core_layers_import_without_qt():
    code = (
        "import sys, ardennes_qt.core.state, ardennes_qt.engine, ardennes_qt.store.gamefile, "
        "ardennes_qt.rules.ardennes2.ruleset; "
        "sys.exit(1 if any(m.startswith('PySide6') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def _modules(package: str) -> dict[str, Path]:
    """Every module of a package, by its dotted name (a package by its own name)."""
    out = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports anywhere in it: at the top, in a function, or
    only for type annotations (``if TYPE_CHECKING:``) - each ties the two together."""
    base = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join(base.split(".")[: len(base.split(".")) - node.level + 1] + ([module] if module else []))
            # "from package import module" takes the module; "from module import name", the module
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _circles(package: str) -> list[list[str]]:
    """The groups of modules that import one another, round a circle (strongly connected)."""
    modules = _modules(package)
    edges = {name: _imported(name, path, modules) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(group) > 1:
                circles.append(sorted(group))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return circles


@pytest.mark.parametrize("package", ["ardennes_qt", "editor"])
def test_no_import_circles(package):
    assert _circles(package) == []
