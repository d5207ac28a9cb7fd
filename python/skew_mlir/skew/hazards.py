"""Memory hazards that running the producer half ahead would expose.

Producer copies move up to D iterations ahead of the consumer copies, so the
producer half may not write memory (its writes would land early), and may not
read a memref whose root the consumer half writes (it would read too early).
Effects come from MLIR's interfaces; an op whose effects are unknown counts
as writing anything.
"""

from __future__ import annotations

from mlir import ir

from ..dialect import FREE_OPS, POP_OPS, PUSH_OPS
from ..effects import Effect, memory_effects
from .plan import CannotSkew, Halves

# Ops that only re-view their source operand's memory.
_VIEW_OPS = frozenset({
    "memref.subview", "memref.cast", "memref.reinterpret_cast", "memref.view",
    "memref.expand_shape", "memref.collapse_shape", "memref.transpose",
    "memref.reshape", "memref.memory_space_cast", "memref.assume_alignment",
})


def _root(value: ir.Value | None) -> ir.Value | None:
    """The memref a view is carved from (None: unknown memory stays unknown)."""
    # Effect values come back as plain ir.Value: downcast to see the definer.
    value = value if value is None else value.maybe_downcast()
    while isinstance(value, ir.OpResult) and value.owner.name in _VIEW_OPS:
        value = value.owner.operands[0]
    return value


def _effects(op: ir.Operation) -> list[Effect] | None:
    """MLIR's effects of `op`; FIFO ops (IRDL: unknown to MLIR) are modelled
    from their definition: a push reads its tile, a pop writes the tile it
    returns, a free releases its tile."""
    name = op.name
    if name in PUSH_OPS:
        return _on_memref("read", op.operands[0])
    if name in POP_OPS:
        return _on_memref("write", op.results[0])
    if name in FREE_OPS:
        return _on_memref("free", op.operands[0])
    return memory_effects(op)


def _on_memref(kind: str, value: ir.Value) -> list[Effect]:
    return [Effect(kind, value)] if isinstance(value.type, ir.MemRefType) else []


def _effectful(halves: Halves, positions: list[int]) -> list[ir.Operation]:
    """The ops at `positions` but those MLIR knows to touch no memory (FIFO
    ops, unknown to MLIR, are never among those)."""
    return halves.ops([i for i in positions if not halves.effect_free[i]])


def check_memory(halves: Halves) -> None:
    """Raise CannotSkew unless the producer half can safely run ahead of the consumer."""
    reads: list[tuple[ir.Value | None, ir.Operation]] = []
    for op in _effectful(halves, halves.producer):
        effects = _effects(op)
        if effects is None:
            raise CannotSkew(f"producer-half op '{op.name}' has unknown memory effects")
        for effect in effects:
            if effect.kind in ("write", "free"):
                raise CannotSkew(f"producer-half op '{op.name}' writes memory")
            if effect.kind == "read":
                reads.append((_root(effect.value), op))
    if not reads:
        return
    roots = {root for root, _ in reads}
    for op in _effectful(halves, halves.consumer):
        effects = _effects(op)
        if effects is None:
            raise CannotSkew(f"consumer-half op '{op.name}' has unknown memory "
                         f"effects and the producer half reads memory "
                         f"('{reads[0][1].name}')")
        for effect in effects:
            if effect.kind not in ("write", "free"):
                continue
            root = _root(effect.value)
            if root is None or None in roots or root in roots:
                reader = next(r for v, r in reads
                              if root is None or v is None or v == root)
                raise CannotSkew(f"producer-half op '{reader.name}' reads memory "
                             f"that consumer-half op '{op.name}' writes")
