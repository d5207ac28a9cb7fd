"""The passes of skew-mlir, registered in MLIR's pass registry on import."""

from __future__ import annotations

from .registry import register_pass
from .skew.pipeline_pass import SkewCrossCorePipeline

register_pass(SkewCrossCorePipeline)


def skew_cross_core_pipeline(**options) -> SkewCrossCorePipeline:
    """The pass as an object: call it on a module or operation, or put
    `pipeline_text()` into a PassManager pipeline (under func.func)."""
    return SkewCrossCorePipeline(**options)
