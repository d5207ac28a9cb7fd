"""Memory effects of an operation, as MLIR's side-effect interfaces state them."""

from __future__ import annotations

import dataclasses

from mlir import ir

from . import _native


@dataclasses.dataclass(frozen=True)
class Effect:
    kind: str  # "read" | "write" | "allocate" | "free"
    value: ir.Value | None  # the affected value, None when not known


def memory_effects(op: ir.Operation) -> list[Effect] | None:
    """Effects of `op` and its nested ops; None when MLIR cannot establish them."""
    raw = _native.memory_effects(op)
    if raw is None:
        return None
    return [Effect(kind, value) for kind, value in raw]
