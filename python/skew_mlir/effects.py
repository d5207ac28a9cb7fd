"""Memory effects of an operation, as MLIR's side-effect interfaces state them."""

from __future__ import annotations

import dataclasses

from mlir import ir

from . import _native


# MLIR's names of the default resource, of the pto dialect's FIFOs and of
# the state a tile placed at an address is made with (native/pto_dialect.h).
DEFAULT_RESOURCE = "<Default>"
FIFO_RESOURCE = "pto.fifo"
TILE_STATE_RESOURCE = "pto.tile_state"


@dataclasses.dataclass(frozen=True)
class Effect:
    kind: str  # "read" | "write" | "allocate" | "free"
    value: ir.Value | None  # the affected value, None when not known
    # The resource affected: memory of the program, or another resource
    # (the pto dialect's FIFOs: FIFO_RESOURCE).
    resource: str = DEFAULT_RESOURCE

    def on(self, value: ir.Value) -> bool:
        """Whether the effect names `value` itself. (Never `self.value ==
        value` where the effect names no value: the bindings raise
        TypeError on comparing a value with None.)"""
        return self.value is not None and self.value == value


def memory_effects(op: ir.Operation) -> list[Effect] | None:
    """Effects of `op` and its nested ops; None when MLIR cannot establish them."""
    raw = _native.memory_effects(op)
    if raw is None:
        return None
    return [Effect(kind, value, resource) for kind, value, resource in raw]
