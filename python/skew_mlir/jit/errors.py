"""Errors of the JIT executor: SimErrors, so `pto-sim` reports them as it
reports the interpreter's (one located message, never a traceback)."""

from __future__ import annotations

from ..sim.errors import Deadlock, SimError, describe, where

__all__ = ["Deadlock", "JitError", "JitUnsupported", "SimError", "describe", "where"]


class JitError(SimError):
    """Something the JIT executor cannot compile or run; the message names
    the op and its location where there is one."""


class JitUnsupported(JitError):
    """A pair the JIT cannot compile (an op it cannot lower, a call without
    a body, what would abort the compiler, a lone kernel): no verdict on
    the pair, unlike a failed run."""
