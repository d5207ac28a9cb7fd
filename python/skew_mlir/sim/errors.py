"""Errors of the simulator. Every message names the op and its location."""

from __future__ import annotations

from mlir import ir

from ..diagnostics import UNKNOWN, site_name


def where(op) -> str:
    """`file:line:col` of an op, or the name of a location naming a site
    without a file position (`loc("popsite")`), as pto-opt prints them. An
    op without a location of its own (the implicit body of a named linalg
    op, as linalg.erf's math.erf) is placed at its nearest located
    ancestor."""
    site = site_name(op.location)
    parent = getattr(op, "parent", None)
    while site == UNKNOWN and parent is not None:
        site, parent = site_name(parent.location), parent.parent
    return site


def describe(op) -> str:
    """`'dialect.op' at file:line:col`, the way every message refers to an op."""
    return f"'{op.name}' at {where(op)}"


class SimError(Exception):
    """A problem with the simulated program; the message is shown to the user as is."""


class UnsupportedOp(SimError):
    def __init__(self, op: ir.Operation | ir.OpView, why: str = ""):
        detail = f": {why}" if why else ""
        super().__init__(f"{where(op)}: unsupported op '{op.name}'{detail}")


class StepLimitExceeded(SimError):
    pass


class Deadlock(SimError):
    """Neither core can move. `report` holds the multi-line explanation."""

    def __init__(self, report: str):
        super().__init__(report)
        self.report = report
