"""The passes of skew-mlir, registered in MLIR's pass registry on import."""

from __future__ import annotations

from .registry import register_pass
from .skew.pipeline_pass import SkewCrossCorePipeline
from .verify.verify_pass import VerifyFifo

register_pass(SkewCrossCorePipeline)
register_pass(VerifyFifo)


def skew_cross_core_pipeline(**options) -> SkewCrossCorePipeline:
    """The pass as an object: call it on a module, or put `pipeline_text()`
    into a PassManager pipeline at builtin.module, where it proves each
    cube/vector pair (under func.func the peer is not visible, and a loop
    whose skew could deadlock some peer is demoted)."""
    return SkewCrossCorePipeline(**options)


def verify_fifo(**options) -> VerifyFifo:
    """The FIFO verifier as an object: call it on a module, or put
    `pipeline_text()` into a PassManager pipeline (under builtin.module)."""
    return VerifyFifo(**options)
