"""Make upstream `PassManager.run` safe for Python passes on worker threads.

The bindings' `run` keeps the GIL while MLIR's thread pool runs nested
pipelines; a Python pass on a worker thread then waits for the GIL forever.
`import skew_mlir` swaps in a `run` that releases the GIL (and captures
errors into an `MLIRError` exactly as upstream does).
"""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.passmanager import PassManager

from . import _native


@dataclasses.dataclass(frozen=True)
class DiagnosticInfo:
    """Same fields as `ir.DiagnosticInfo`, which Python cannot construct."""

    severity: ir.DiagnosticSeverity
    location: ir.Location
    message: str
    notes: tuple["DiagnosticInfo", ...] = ()


def _info(capsule, message, notes=()) -> DiagnosticInfo:
    return DiagnosticInfo(
        ir.DiagnosticSeverity.ERROR, ir.Location._CAPICreate(capsule), message,
        tuple(_info(loc, text) for loc, text in notes))


def run(pass_manager: PassManager, operation) -> None:
    """Run the pass manager on the operation, raising `MLIRError` on failure."""
    errors = _native.run_pass_manager(pass_manager._CAPIPtr,
                                      operation.operation._CAPIPtr)
    if errors is not None:
        raise ir.MLIRError("Failure while executing pass pipeline",
                           [_info(*e) for e in errors])


run.__doc__ = PassManager.run.__doc__


def install() -> None:
    PassManager.run = run
