"""Memory hazards that running the producer half ahead would expose.

Producer copies move up to D iterations ahead of the consumer copies, so the
producer half may not write memory (its writes would land early), and may not
read memory that the consumer half may write (it would read too early). Two
memrefs may be the same memory unless provably distinct (see aliasing.py).
Effects come from MLIR's interfaces; an op whose effects are unknown counts
as writing anything, an effect on an unknown value as touching any memory.
"""

from __future__ import annotations

from mlir import ir

from ..aliasing import first_alias
from ..dialect import FREE_OPS, POP_OPS, PUSH_OPS
from ..effects import Effect, memory_effects
from ..fifo_model import pipe_of
from .plan import CannotSkew, Halves


def _effects(op: ir.Operation) -> list[Effect] | None:
    """MLIR's effects of `op`; FIFO ops (IRDL: unknown to MLIR) are modelled
    from their definition: a push reads its tile, a pop writes the tile it
    returns, a free releases the tile it names (or, operand-less, the oldest
    popped one)."""
    name = op.name
    if name in PUSH_OPS:
        return _on_memref("read", op.operands[0])
    if name in POP_OPS:
        return _on_memref("write", op.results[0])
    if name in FREE_OPS:
        if len(op.operands):
            return _on_memref("free", op.operands[0])
        return _free_oldest(op)
    return memory_effects(op)


def _free_oldest(op: ir.Operation) -> list[Effect]:
    """An operand-less tfree releases the oldest popped slot of its pipe
    (fifo_model): some memref popped from that pipe in this function, or
    no memory of the program when its pops return tensors."""
    function = op.parent
    while "function_type" not in function.attributes:
        function = function.parent
    pipe = pipe_of(op)
    memrefs = []

    def visit(other):
        if (other.name in POP_OPS and pipe_of(other) == pipe
                and isinstance(other.results[0].type, ir.MemRefType)):
            memrefs.append(other)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return [Effect("free", None)] if memrefs else []


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
                reads.append((effect.value, op))
    if not reads:
        return
    # A read of unknown memory conflicts with any write.
    unknown_reader = next((op for value, op in reads if value is None), None)
    writes: list[tuple[ir.Value, ir.Operation]] = []
    for op in _effectful(halves, halves.consumer):
        effects = _effects(op)
        if effects is None:
            raise CannotSkew(f"consumer-half op '{op.name}' has unknown memory "
                             f"effects and the producer half reads memory "
                             f"('{reads[0][1].name}')")
        for effect in effects:
            if effect.kind not in ("write", "free"):
                continue
            if effect.value is None or unknown_reader is not None:
                _conflict(unknown_reader or reads[0][1], op)
            writes.append((effect.value, op))
    pair = first_alias([value for value, _ in reads], [value for value, _ in writes])
    if pair is not None:
        _conflict(reads[pair[0]][1], writes[pair[1]][1])


def _conflict(reader: ir.Operation, writer: ir.Operation):
    raise CannotSkew(f"producer-half op '{reader.name}' reads memory "
                     f"that consumer-half op '{writer.name}' may write")
