"""A second executor for cube/vector kernel pairs: the kernels compiled to
machine code by MLIR's own upstream lowering and ExecutionEngine, run on one
thread per core (cube, vector or its two sub-blocks) joined by bounded
FIFOs of the native runtime. It shares no code with the interpreter
(skew_mlir.sim) beyond the pairing and the seeded inputs, so the two
executors check each other.

    tile_ir.py   tile IR (PTOAS's form) lowered to memrefs and scf loops
    rewrite.py   the FIFO ops become runtime calls, before bufferization
    lowering.py  entries per kernel, refusals, the upstream pipeline
    engine.py    ExecutionEngine, arguments, the threaded run
    child.py     each execution in a child process with a hard timeout
    differential.py  pto-sim check --jit
    compare.py   JIT vs JIT (bitwise) and JIT vs interpreter (tolerance)
"""

from __future__ import annotations

from ..sim.values import DEFAULT_MAX_VALUE_BYTES
from .child import Job, job, run_jobs
from .engine import JitResult
from .errors import JitError, JitUnsupported

__all__ = ["Job", "JitError", "JitResult", "JitUnsupported", "job", "run_jobs", "run"]


def run(module, pair, inputs, *, fifo_depth=None, max_pipe_bytes=512 << 20,
        max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES, timeout: float = 300) -> JitResult:
    """Run the pair once in a child process: its JitResult, or the SimError
    (Deadlock, JitError) it failed with raised."""
    result = run_jobs([job(module, pair, inputs, fifo_depth, max_pipe_bytes, max_value_bytes)],
                      timeout)[0]
    if isinstance(result, Exception):
        raise result
    return result
