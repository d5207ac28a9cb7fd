# RUN: %python -m pytest -q -p no:cacheprovider %s
"""What the pass costs before it starts: importing skew_mlir and running the
pass on a kernel pair of linalg ops imports neither numpy (upstream's
mlir/ir.py imports it for list attribute builders only) nor linalg's Python
module (its OpDSL, imported whenever the bindings make an OpView of a linalg
op). Both are a large part of pto-opt's start-up; the simulator and the
builders still get numpy on first use."""

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "flash_decode_qk_pv.mlir"


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running `code`."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\n"
                          "print('\\n'.join(sorted(sys.modules)))"],
                         check=True, capture_output=True, text=True).stdout
    return set(out.split())


def test_the_pass_imports_neither_numpy_nor_linalg_dialect_module():
    modules = _modules_after(f"""
import skew_mlir
from mlir import ir
from skew_mlir.passes import skew_cross_core_pipeline, verify_fifo
with skew_mlir.make_context():
    module = ir.Module.parseFile({str(EXAMPLE)!r})
    skew_cross_core_pipeline(remarks=True)(module.operation)
    verify_fifo()(module.operation)
    str(module)
""")
    assert "numpy" not in modules
    assert not {m for m in modules if m.startswith("mlir.dialects.linalg")}


def test_numpy_is_there_on_first_use():
    modules = _modules_after("""
import skew_mlir
import numpy
assert numpy.add(numpy.array([1, 2]), 1).tolist() == [2, 3]
from mlir import ir
with skew_mlir.make_context() as context:
    attribute = ir.AttrBuilder.get("I64ElementsAttr")([1, 2], context)
    assert str(attribute) == "dense<[1, 2]> : tensor<2xi64>", attribute
""")
    assert "numpy" in modules


def test_an_early_numpy_import_is_the_real_module():
    modules = _modules_after("""
import numpy
import skew_mlir
import sys
assert sys.modules["numpy"] is numpy
""")
    assert "numpy" in modules
