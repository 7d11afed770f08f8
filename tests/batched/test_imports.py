"""JAX stays inside ``tricktable.batched``: no other module imports it, and nothing outside
the package imports the package (docs/architecture.md), so that tricktable needs no JAX."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[2] / "src" / "tricktable"
BATCHED = SOURCES / "batched"


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (absolute names), lazily or not."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_only_the_batched_package_imports_jax_and_nothing_imports_it() -> None:
    found = []
    for path in SOURCES.rglob("*.py"):
        if BATCHED in path.parents:
            continue
        for module in imported_modules(path):
            root = module.split(".")[0]
            if root in ("jax", "jaxlib") or module.startswith("tricktable.batched"):
                found.append(f"{path.relative_to(SOURCES)} imports {module}")
    assert not found, "\n".join(found)


def test_the_batched_package_imports_jax() -> None:
    """The check above looks where it should: the package itself does import JAX."""
    assert "jax" in imported_modules(BATCHED / "euchre.py")
