"""Shared helpers of the simulator tests (conftest.py: lit does not run it)."""

from pathlib import Path

import numpy as np
import pytest
from mlir import ir

import skew_mlir
from skew_mlir.sim.scheduler import simulate

HERE = Path(__file__).parent
INPUTS = HERE / "Inputs"
ROOT = HERE.parent.parent
EXAMPLE = ROOT / "examples" / "flash_decode_qk_pv.mlir"
SKEW = "builtin.module(pto-skew-cross-core)"


@pytest.fixture(autouse=True)
def context():
    with skew_mlir.make_context() as ctx:
        yield ctx


def parse(text: str) -> ir.Module:
    return ir.Module.parse(text)


def load(name: str) -> ir.Module:
    return ir.Module.parseFile(str(INPUTS / name))


def run_function(text: str, *args, name: str = "f", **kwargs) -> list:
    """Run one function (as a lone cube kernel) on the given arguments."""
    module = parse(text)
    return simulate(module, cube=name, inputs={"cube": list(args)}, **kwargs).outputs["cube"]


def f32(*values) -> np.ndarray:
    return np.array(values, dtype=np.float32)
