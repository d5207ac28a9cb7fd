# RUN: %python -m pytest -q -p no:cacheprovider %s
"""`import skew_mlir` loads mlir.ir without numpy, yet the dense-elements
attribute builders that mlir.ir registers with numpy still work (see
skew_mlir/mlir_import.py). Each case runs in a fresh interpreter."""

import subprocess
import sys

import pytest

BUILDERS = """
from mlir import ir
kinds = {"F64ElementsAttr": [1.5, 2.0], "I32ElementsAttr": [1, -2],
         "I64ElementsAttr": [3, 4], "IndexElementsAttr": [5, 6]}
with ir.Context() as context:
    for kind, values in kinds.items():
        print(kind, ir.AttrBuilder.get(kind)(values, context))
"""


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], check=True,
                          capture_output=True, text=True).stdout


def test_numpy_is_not_imported():
    assert _run("import sys, skew_mlir; print('numpy' in sys.modules)") == "False\n"


@pytest.mark.parametrize("first", ["import skew_mlir", "import numpy, skew_mlir"])
def test_the_builders_match_upstreams(first):
    upstream = _run("import mlir.ir\n" + BUILDERS)
    assert "dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf64>" in upstream
    assert _run(first + "\n" + BUILDERS) == upstream
