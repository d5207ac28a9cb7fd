"""Whether memrefs may address the same memory, conservatively: two values may
alias unless MLIR's LocalAliasAnalysis (through views, region branches such
as scf.if results and loop iter_args) proves them distinct allocations, or
one of them is a FIFO pop's tile or an argument declared `llvm.noalias`, or
their pto types place them in different memories (see native/aliasing.h for
the exact rule). A tile at a fixed address (`pto.alloc_tile addr = ...`) is
no allocation: it may alias the other tiles of its memory."""

from __future__ import annotations

from collections.abc import Sequence

from mlir import ir

from . import _native
from .dialect import POP_OPS

_SLOT_OPS = sorted(POP_OPS)


def first_alias(reads: Sequence[ir.Value], writes: Sequence[ir.Value]
                ) -> tuple[int, int] | None:
    """(i, j) of the first `writes[j]` (in order) that may alias a `reads[i]`
    (the first such), or None when every pair is provably distinct."""
    return _native.first_alias(reads, writes, _SLOT_OPS)


def private_memory(value: ir.Value) -> bool:
    """Whether `value` addresses memory of the running core alone: a tile
    buffer, an allocation made on the core or a FIFO slot, or a view of
    one; or no memory at all (a tensor, a value). Anything
    else may be global memory, which both cores of a pair address with the
    same pointers (see native/aliasing.h)."""
    return _native.private_memory(value, _SLOT_OPS)
