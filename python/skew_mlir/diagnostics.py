"""Emit MLIR diagnostics (error / warning / remark / note) at a location.

They go through the context's diagnostic engine, so pto-opt prints them as
`file:line:col: remark: ...` and `--verify-diagnostics` matches them.
"""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from . import _native


Note = tuple[ir.Location, str]


class LocatedError(Exception):
    """An error to report at `op`. Raised from a pass's `run`, it becomes an
    error diagnostic there and fails the pass (see registry.Pass)."""

    def __init__(self, op: ir.Operation, message: str):
        super().__init__(message)
        self.op = op


_SEVERITIES = {"error": _native.Severity.ERROR, "warning": _native.Severity.WARNING,
               "remark": _native.Severity.REMARK}


def emit(location: ir.Location, severity: str, message: str,
         notes: Sequence[Note] = ()) -> None:
    """`severity`: "error", "warning" or "remark"."""
    _native.emit_diagnostic(location, _SEVERITIES[severity], message, notes)


def error(location: ir.Location, message: str, notes: Sequence[Note] = ()) -> None:
    emit(location, "error", message, notes)


def warning(location: ir.Location, message: str) -> None:
    emit(location, "warning", message)


def remark(location: ir.Location, message: str) -> None:
    emit(location, "remark", message)


def place(location: ir.Location) -> str:
    """`file:line:col` of a location (through a name location), else the
    location as MLIR prints it."""
    if location.is_a_name() and location.child_loc.is_a_file():
        location = location.child_loc
    if location.is_a_file():
        return f"{location.filename}:{location.start_line}:{location.start_col}"
    return str(location)
