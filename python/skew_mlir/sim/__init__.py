"""Executable semantics of cube/vector kernel pairs: an interpreter for the
kernels, a two-core simulator of the cross-core pipes with a cycle cost
model, a differential check of pass pipelines, and timeline plots.

    from skew_mlir.sim import simulate, timing
    with skew_mlir.dialect.make_context():
        module = ir.Module.parseFile("examples/flash_decode_qk_pv.mlir")
        result = simulate(module)
        print("\\n".join(timing(result).lines()))
"""

from __future__ import annotations

from ..op_costs import CostModel, load_cost_model
from .errors import Deadlock, SimError, StepLimitExceeded, UnsupportedOp
from .scheduler import RunResult, simulate
from .timing import Timing, timing


__all__ = ["CostModel", "Deadlock", "RunResult", "SimError", "StepLimitExceeded", "Timing",
           "UnsupportedOp", "load_cost_model", "simulate", "timing"]
