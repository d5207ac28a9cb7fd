"""Errors of the JIT executor: SimErrors, so `pto-sim` reports them as it
reports the interpreter's (one located message, never a traceback)."""

from __future__ import annotations

from ..sim.errors import Deadlock, SimError, describe, where

__all__ = ["Deadlock", "JitError", "SimError", "describe", "where"]


class JitError(SimError):
    """Something the JIT executor cannot compile or run; the message names
    the op and its location where there is one."""
