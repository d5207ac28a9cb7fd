# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The pass and the simulator share op costs through a neutral module
(skew_mlir.op_costs), not through each other: the pass imports nothing of
the simulator (its cost model, op tables or value types), the simulator
nothing of the pass, and the op-cost facts have one home."""

import ast
from pathlib import Path

import skew_mlir
from skew_mlir import op_costs

PACKAGE = Path(skew_mlir.__file__).parent


def _imports(package: str) -> list[tuple[str, str, list[str]]]:
    """(file, imported module as an absolute name, names) for every import
    in skew_mlir/<package>/."""
    found = []
    for path in sorted((PACKAGE / package).glob("*.py")):
        here = ["skew_mlir", package]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = here[:len(here) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                found.append((path.name, module, [a.name for a in node.names]))
            elif isinstance(node, ast.Import):
                found.extend((path.name, a.name, []) for a in node.names)
    return found


def _reaches(module: str, names: list[str], package: str) -> bool:
    target = f"skew_mlir.{package}"
    return (module == target or module.startswith(target + ".")
            or (module == "skew_mlir" and package in names))


def test_the_pass_does_not_import_the_simulator():
    bad = [(f, m, n) for f, m, n in _imports("skew") if _reaches(m, n, "sim")]
    assert not bad, bad


def test_the_simulator_does_not_import_the_pass():
    bad = [(f, m, n) for f, m, n in _imports("sim") if _reaches(m, n, "skew")]
    assert not bad, bad


def test_op_costs_import_no_private_name_and_no_package():
    for package in ("skew", "sim"):
        for file, module, names in _imports(package):
            if module == "skew_mlir.op_costs":
                assert not [n for n in names if n.startswith("_")], (package, file, names)
    # Near a leaf: it imports no module of the package but leaves (the
    # config-file reader), which import none.
    def package_imports(path: Path) -> list[str]:
        source = ast.parse(path.read_text())
        return [n.module for n in ast.walk(source) if isinstance(n, ast.ImportFrom)
                and (n.level or n.module.startswith("skew_mlir"))]

    here = Path(op_costs.__file__).parent
    imported = package_imports(Path(op_costs.__file__))
    assert imported == ["config_files"], imported
    assert not package_imports(here / "config_files.py")


def test_the_simulator_prices_the_ops_the_pass_prices():
    from skew_mlir.sim import arith_ops, linalg_ops  # noqa: F401  (fill HANDLERS)
    from skew_mlir.sim.dispatch import HANDLERS
    assert op_costs.CONTRACTION_OPS <= HANDLERS.keys()
    assert op_costs.TRANSCENDENTAL_OPS <= HANDLERS.keys()
    assert op_costs.COPY_OPS <= HANDLERS.keys()
