"""Memory hazards that running the producer half ahead would expose.

Producer copies move up to D iterations ahead of the consumer copies, so the
producer half may not write memory (its writes would land early), and may not
read memory that the consumer half may write (it would read too early). Two
memrefs may be the same memory unless provably distinct (see aliasing.py).
Effects come from MLIR's interfaces; an op whose effects are unknown counts
as writing anything, an effect on an unknown value as touching any memory.

Global memory (anything but the core's own allocations and FIFO slots:
aliasing.private_memory) is shared with the peer kernel, and the messages
order the two cores' accesses to it. The skew runs a producer copy ahead of
the pops of earlier iterations, and a consumer copy behind the pushes of
later ones: so the producer half may not read global memory the peer may
write (the pop that orders the peer's store would come after the load), and
the consumer half may not write global memory the peer may read (the push
that orders the peer's load would come before the store). PeerMemory says
which of those the peer may do.
"""

from __future__ import annotations

from typing import NamedTuple

from mlir import ir

from .. import tile_types
from ..aliasing import first_alias, private_memory
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
    (fifo_model): some memref or tile buffer popped from that pipe in this
    function, or no memory of the program when its pops return tensors."""
    function = op.parent
    while "function_type" not in function.attributes:
        function = function.parent
    pipe = pipe_of(op)
    memrefs = []

    def visit(other):
        if (other.name in POP_OPS and pipe_of(other) == pipe
                and _is_memory(other.results[0].type)):
            memrefs.append(other)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return [Effect("free", None)] if memrefs else []


def _is_memory(type_: ir.Type) -> bool:
    """Whether a FIFO op's tile is memory (a memref or a tile buffer, which
    the ops around it read and write in place), not a tensor value."""
    return isinstance(type_, ir.MemRefType) or tile_types.tile_buf(type_) is not None


def _on_memref(kind: str, value: ir.Value) -> list[Effect]:
    return [Effect(kind, value)] if _is_memory(value.type) else []


def _effectful(halves: Halves, positions: list[int]) -> list[ir.Operation]:
    """The ops at `positions` but those MLIR knows to touch no memory (FIFO
    ops, unknown to MLIR, are never among those)."""
    return halves.ops([i for i in positions if not halves.effect_free[i]])


class PeerMemory(NamedTuple):
    """What the peer kernel may do to global memory, and how to name it."""

    reads: bool
    writes: bool
    who: str


UNKNOWN_PEER = PeerMemory(True, True, "the peer kernel (not visible)")
# Code outside the kernels: no peer runs against it (a skew in a function a
# kernel may call is demoted by the pair rules, docs/deadlock.md).
NO_PEER = PeerMemory(False, False, "no peer")


def _global(value: ir.Value | None) -> bool:
    return value is None or not private_memory(value)


def check_memory(halves: Halves, peer: PeerMemory = UNKNOWN_PEER) -> None:
    """Raise CannotSkew unless the producer half can safely run ahead of the
    consumer, on this core and against the peer's accesses to global memory."""
    reads: list[tuple[ir.Value | None, ir.Operation]] = []
    for op in _effectful(halves, halves.producer):
        effects = _effects(op)
        if effects is None:
            raise CannotSkew(f"producer-half op '{op.name}' has unknown memory effects")
        for effect in effects:
            if effect.kind in ("write", "free"):
                raise CannotSkew(f"producer-half op '{op.name}' writes memory")
            if effect.kind == "read":
                if peer.writes and _global(effect.value):
                    raise CannotSkew(
                        f"producer-half op '{op.name}' reads global memory that "
                        f"{peer.who} may write: the skew would run it ahead of the pops "
                        "that order the peer's stores")
                reads.append((effect.value, op))
    if not reads and not peer.reads:
        return
    # A read of unknown memory conflicts with any write.
    unknown_reader = next((op for value, op in reads if value is None), None)
    writes: list[tuple[ir.Value, ir.Operation]] = []
    for op in _effectful(halves, halves.consumer):
        effects = _effects(op)
        if effects is None:
            if reads:
                raise CannotSkew(f"consumer-half op '{op.name}' has unknown memory "
                                 f"effects and the producer half reads memory "
                                 f"('{reads[0][1].name}')")
            effects = [Effect("write", None)]
        for effect in effects:
            if effect.kind not in ("write", "free"):
                continue
            if effect.kind == "write" and peer.reads and _global(effect.value):
                raise CannotSkew(
                    f"consumer-half op '{op.name}' writes global memory that {peer.who} "
                    "may read: the skew would run it behind the pushes that order the "
                    "peer's loads")
            if not reads:
                continue
            if effect.value is None or unknown_reader is not None:
                _conflict(unknown_reader or reads[0][1], op)
            writes.append((effect.value, op))
    pair = first_alias([value for value, _ in reads], [value for value, _ in writes])
    if pair is not None:
        _conflict(reads[pair[0]][1], writes[pair[1]][1])


class PeerMemories:
    """What the peers of each kernel may do to global memory, each kernel's
    ops read once: a kernel touches it through an effect on a value that is
    not private (aliasing.private_memory) or on an unknown value, or through
    an op whose effects are unknown (a call, say)."""

    def __init__(self):
        self._access: dict[ir.Operation, tuple[bool, bool]] = {}

    def of(self, kernel: bool, peers: list[ir.Operation]) -> PeerMemory:
        """The peer of code in a kernel (`kernel`) whose peer may be any of
        `peers` (none: not visible, so it may do anything), or in a plain
        function."""
        if not kernel:
            return NO_PEER
        if not peers:
            return UNKNOWN_PEER
        access = [self._kernel(peer) for peer in peers]
        who = (f"@{ir.StringAttr(peers[0].attributes['sym_name']).value}" if len(peers) == 1
               else "a peer kernel")
        return PeerMemory(any(r for r, _ in access), any(w for _, w in access), who)

    def _kernel(self, function: ir.Operation) -> tuple[bool, bool]:
        found = self._access.get(function)
        if found is None:
            found = self._access[function] = _global_access(function)
        return found


def _global_access(function: ir.Operation) -> tuple[bool, bool]:
    """Whether `function` may read and whether it may write global memory."""
    access = [False, False]

    def visit(op):
        if len(op.regions):
            return ir.WalkResult.ADVANCE  # its nested ops say what it does
        effects = _effects(op)
        if effects is None:
            access[:] = [True, True]
            return ir.WalkResult.INTERRUPT
        for effect in effects:
            if effect.kind in ("read", "write") and _global(effect.value):
                access[effect.kind == "write"] = True
        return ir.WalkResult.ADVANCE

    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return access[0], access[1]


def _conflict(reader: ir.Operation, writer: ir.Operation):
    raise CannotSkew(f"producer-half op '{reader.name}' reads memory "
                     f"that consumer-half op '{writer.name}' may write")
