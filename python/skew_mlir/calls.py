"""What a call reaches: it counts as the FIFO ops its callee holds, directly
or through the functions that calls in turn. Callees are found through
MLIR's CallOpInterface by the nearest symbol table; a call whose callee
cannot be read (an indirect call, a declaration, an unknown symbol, or a
function outside the op a pass runs on, which another thread may be
rewriting) hides what it does, and says why (see native/call_summaries.h).

The one reader of calls for the pass, the verifier and the simulator: an op
is a call if and only if it implements CallOpInterface (one that merely
carries a `callee` attribute is none)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from mlir import ir

from . import _native


class CallSummary(NamedTuple):
    callee: str  # as written ("@f"); "" for an indirect call
    problem: str | None  # why what the call does is unknown, else None
    reached: frozenset[str]  # the ops of the asked names it reaches
    # the callables whose bodies it runs, directly or not, first seen first
    functions: tuple[ir.Operation, ...] = ()

    def describe(self, call: ir.Operation) -> str:
        """The call and its callee, for a diagnostic."""
        return f"'{call.name}' to {self.callee}" if self.callee else f"'{call.name}'"


def call_summaries(scope: ir.Operation, calls: Sequence[ir.Operation],
                   names: Iterable[str]) -> list[CallSummary]:
    """What each of `calls` (call ops under `scope`) reaches of the ops named
    `names`; callees are read only inside `scope`."""
    return [CallSummary(s.callee, s.problem, frozenset(s.reached), tuple(s.functions))
            for s in _native.call_summaries(scope, calls, sorted(names))]


def calls_under(op: ir.Operation) -> list[ir.Operation]:
    """Every call (CallOpInterface op) under `op`, in post-order."""
    calls, _ = _native.collect_ops(op, [], True)
    return calls
