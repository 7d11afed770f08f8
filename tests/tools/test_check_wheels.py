"""tools/check_wheels.py: `make wheel`'s check of the pure and the compiled wheel, on wheels
made up here (a wheel is a zip file)."""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path
from types import ModuleType

TOOL = Path(__file__).resolve().parents[2] / "tools" / "check_wheels.py"
EXTENSION = ".cpython-311-x86_64-linux-gnu.so"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_wheels", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def write_wheel(path: Path, names: list[str]) -> None:
    with zipfile.ZipFile(path, "w") as wheel:
        for name in names:
            wheel.writestr(name, "")


def sources() -> list[str]:
    return ["tricktable/__init__.py", "tricktable/cli/main.py"]


def compiled(tool: ModuleType, leave_out: str = "") -> list[str]:
    names = ["0123__mypyc" + EXTENSION]
    for module in tool.compiled_modules():
        stem = module.replace(".", "/")
        names.append(stem + ".py")
        if module != leave_out:
            names.append(stem + EXTENSION)
    return names


def test_compiled_modules_are_read_from_setup_py() -> None:
    modules = load_tool().compiled_modules()
    assert "tricktable.core" in modules
    assert all(module.startswith("tricktable.") for module in modules)


def test_a_pure_and_a_complete_compiled_wheel_pass(tmp_path: Path) -> None:
    tool = load_tool()
    write_wheel(tmp_path / "tricktable-0.1.0-py3-none-any.whl", sources())
    write_wheel(
        tmp_path / "tricktable-0.1.0-cp311-cp311-linux_x86_64.whl", sources() + compiled(tool)
    )
    assert tool.problems(tmp_path) == []
    assert tool.main([str(tmp_path)]) == 0


def test_each_fault_is_named(tmp_path: Path) -> None:
    tool = load_tool()
    write_wheel(
        tmp_path / "tricktable-0.1.0-py3-none-any.whl",
        [*sources(), "tricktable/core" + EXTENSION],
    )
    write_wheel(
        tmp_path / "tricktable-0.1.0-cp311-cp311-linux_x86_64.whl",
        sources()[:1] + compiled(tool, leave_out="tricktable.tricks"),
    )
    found = tool.problems(tmp_path)
    assert len(found) == 3, found
    assert "holds compiled modules: ['tricktable/core" in found[0]
    assert "lacks the compiled module tricktable.tricks" in found[1]
    assert "lacks Python files of the pure wheel: ['tricktable/cli/main.py']" in found[2]
    assert tool.main([str(tmp_path)]) == 1


def test_a_missing_wheel_is_named(tmp_path: Path) -> None:
    tool = load_tool()
    write_wheel(tmp_path / "tricktable-0.1.0-py3-none-any.whl", sources())
    assert tool.problems(tmp_path) == [
        f"expected one pure and one compiled wheel in {tmp_path}, found "
        "['tricktable-0.1.0-py3-none-any.whl']"
    ]
