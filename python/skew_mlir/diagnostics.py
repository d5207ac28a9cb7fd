"""Emit MLIR diagnostics (error / warning / remark / note) at a location,
and format the ones a Python handler receives.

They go through the context's diagnostic engine, so pto-opt prints them as
`file:line:col: remark: ...` and `--verify-diagnostics` matches them;
`format_diagnostic` gives a Python handler the same text.
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


def format_diagnostic(diagnostic) -> str:
    """`file:line:col: severity: message`, one line per note after it, as
    pto-opt prints it. `diagnostic`: what a handler attached with
    `Context.attach_diagnostic_handler` receives, or an entry of
    `MLIRError.error_diagnostics`."""
    severity = str(diagnostic.severity.name).lower()
    lines = [f"{place(diagnostic.location)}: {severity}: {diagnostic.message}"]
    lines += [f"{place(note.location)}: note: {note.message}" for note in diagnostic.notes]
    return "\n".join(lines)


def place(location: ir.Location) -> str:
    """The `file:line:col` of `location`, as MLIR's source manager handler
    picks it: a name's child, a call site's callee, a fusion's first known."""
    if location.is_a_file():
        return f"{location.filename}:{location.start_line}:{location.start_col}"
    if location.is_a_name():
        return place(location.child_loc)
    if location.is_a_callsite():
        return place(location.callee)
    if location.is_a_fused():
        known = [place(part) for part in location.locations]
        return next((where for where in known if where != UNKNOWN), UNKNOWN)
    return UNKNOWN


UNKNOWN = "<unknown>:0"


def site_name(location: ir.Location) -> str:
    """`place(location)`, or for a location naming a site without a file
    position (`loc("S")`) that name, quoted."""
    where = place(location)
    if where == UNKNOWN and location.is_a_name():
        return f'"{location.name_str}"'
    return where
