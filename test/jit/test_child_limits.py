# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The JIT child's two time limits: the caller's bounds each run of the
kernels from its start; starting the child and compiling are bounded
apart (child.COMPILE_SECONDS), each a located error."""

from __future__ import annotations

import pathlib

import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir import jit
from skew_mlir.jit import JitError, child
from skew_mlir.sim.kernels import find_pair, make_inputs

INPUTS = pathlib.Path(__file__).parent / "Inputs"


def _run(name: str, timeout: float):
    with pto.make_context():
        module = ir.Module.parseFile(str(INPUTS / name))
        pair = find_pair(module)
        return jit.run(module, pair, make_inputs(module, pair, 0), timeout=timeout)


def test_a_run_is_timed_from_its_start():
    # A 0.5 s limit: less than starting Python and MLIR in the child alone.
    result = _run("group_pair.mlir", 0.5)
    assert result.messages("C2V")


def test_a_kernel_that_never_returns_is_stopped_at_the_limit():
    with pytest.raises(JitError, match=r"endless_pair.mlir:4:3: the pair of @cube: did not "
                                       r"finish within 1 s"):
        _run("endless_pair.mlir", 1)


def test_starting_and_compiling_have_a_limit_of_their_own(monkeypatch):
    monkeypatch.setattr(child, "COMPILE_SECONDS", 0)
    with pytest.raises(JitError, match=r": starting and compiling did not finish within 0 s"):
        _run("group_pair.mlir", 300)
