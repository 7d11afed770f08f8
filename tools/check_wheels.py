"""Check the wheels `make wheel` built: ``python tools/check_wheels.py dist``.

The pure wheel (``py3-none-any``) must hold no compiled module, and the compiled one
(``cp3XX-cp3XX-<platform>``) an extension module for every module setup.py compiles
(``COMPILED_MODULES``), beside its Python source; both must hold the same Python files. Exits
non-zero, saying what is wrong, otherwise.
"""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTENSION_SUFFIXES = (".so", ".pyd")


def compiled_modules() -> list[str]:
    """setup.py's ``COMPILED_MODULES`` as dotted module names (read, not run)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES"
            for target in node.targets
        ):
            paths: list[str] = ast.literal_eval(node.value)
            return [
                path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in paths
            ]
    raise SystemExit("setup.py has no COMPILED_MODULES list")


def problems(dist: Path) -> list[str]:
    """What is wrong with the two wheels in ``dist`` (nothing when they are right)."""
    pure = sorted(dist.glob("tricktable-*-py3-none-any.whl"))
    compiled = sorted(dist.glob("tricktable-*-cp*-*.whl"))
    if len(pure) != 1 or len(compiled) != 1:
        wheels = [path.name for path in sorted(dist.glob("*.whl"))]
        return [f"expected one pure and one compiled wheel in {dist}, found {wheels}"]
    pure_names = set(zipfile.ZipFile(pure[0]).namelist())
    compiled_names = set(zipfile.ZipFile(compiled[0]).namelist())
    found: list[str] = []
    extensions = sorted(name for name in pure_names if name.endswith(EXTENSION_SUFFIXES))
    if extensions:
        found.append(f"{pure[0].name} holds compiled modules: {extensions}")
    for module in compiled_modules():
        stem = module.replace(".", "/")
        if not any(
            name.startswith(stem + ".") and name.endswith(EXTENSION_SUFFIXES)
            for name in compiled_names
        ):
            found.append(f"{compiled[0].name} lacks the compiled module {module}")
    sources = {name for name in pure_names if name.endswith(".py")}
    missing = sorted(sources - compiled_names)
    if missing:
        found.append(f"{compiled[0].name} lacks Python files of the pure wheel: {missing}")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/check_wheels.py DIST_DIRECTORY", file=sys.stderr)
        return 2
    found = problems(Path(argv[0]))
    for problem in found:
        print(f"check_wheels: {problem}", file=sys.stderr)
    if not found:
        print(f"check_wheels: {argv[0]}: a pure and a compiled wheel, as expected")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
