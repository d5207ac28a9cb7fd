"""Memory hazards that running the producer half ahead would expose.

Producer copies move up to D iterations ahead of the consumer copies, so the
producer half may not read memory that the consumer half may write (it
would read too early), and may write memory only where the writes of the
iterations in flight cannot meet: a tile buffer the core allocates, which
the skew gives one copy per iteration in flight (multibuffer.py decides
whether it can). A write of global memory, a memref or memory MLIR cannot
name would land early and is a hazard. Two values may be the same memory
unless provably distinct (see tile_memory.may_alias).
Effects come from MLIR's interfaces; an op whose effects are unknown counts
as writing anything, an effect on an unknown value as touching any memory.

Global memory (anything but the core's own allocations and FIFO slots:
aliasing.private_memory) is shared with the peer kernel, and the messages
order the two cores' accesses to it. The skew runs a producer copy ahead of
the pops of earlier iterations, and a consumer copy behind the pushes of
later ones: so the producer half may not read global memory the peer may
write (the pop that orders the peer's store would come after the load), and
the consumer half may not touch global memory the peer may write, nor
write global memory the peer may read (the push that orders the peer's
access after ours would come before it). PeerMemory says which of those the
peer may do.
"""

from __future__ import annotations

from mlir import ir

from ..aliasing import private_memory
from ..effects import Effect
from ..attributes import integer_value
from ..tile_memory import (buffer_root, describe, first_overlap, is_allocation, is_tile_memory,
                           may_alias, placed_address)
from .disjoint import moves_every_iteration
from .body_effects import op_effects
from .peer_memory import UNKNOWN_PEER, PeerMemory
from .plan import CannotSkew, Halves


def _effectful(halves: Halves, positions: list[int]) -> list[ir.Operation]:
    """The ops at `positions` but those MLIR knows to touch no memory (FIFO
    ops, unknown to MLIR, are never among those)."""
    return halves.ops([i for i in positions if not halves.effect_free[i]])


def _producer_write(op: ir.Operation, effect: Effect, halves: Halves, peer: PeerMemory,
                    fresh: set[ir.Operation]) -> ir.Value | None:
    """The tile buffer a producer-half write lands in (an allocation of the
    core's made before the loop, or placed at an address), or None for
    memory the producer half allocates itself (fresh in every copy: the ops
    `fresh`) and for a
    window of global memory that only this op touches and that moves every
    iteration (_moving_window); raises CannotSkew for any other write."""
    value = effect.value
    if effect.kind == "write" and value is not None:
        root = buffer_root(value)
        if is_allocation(root):
            if root.owner.operation in fresh and placed_address(root) is None:
                return None  # placed at an address, it is the same bytes every time
            if is_tile_memory(root.type):
                return root
        if not private_memory(value):
            if _moving_window(op, value, halves, peer):
                return None
            raise CannotSkew(f"producer-half op '{op.name}' writes global memory that does "
                             "not provably move every iteration, or that the peer or another "
                             "op of the loop touches: the skew would write it ahead of the "
                             "iterations in flight")
    raise CannotSkew(f"producer-half op '{op.name}' writes memory that is no tile "
                     "buffer of the core (only those get a copy per iteration in flight)")


def _moving_window(writer: ir.Operation, window: ir.Value, halves: Halves,
                   peer: PeerMemory) -> bool:
    """Whether an early write of global `window` cannot be seen: the window
    is disjoint in every iteration (disjoint.moves_every_iteration), no
    other op of the loop touches that memory and the peer neither reads
    nor writes it."""
    loop = halves.terminator.parent
    step = _step(loop)
    if not moves_every_iteration(window, loop, step):
        return False
    if peer.may_read(window) or peer.may_write(window):
        return False
    for position in [*halves.producer, *halves.consumer]:
        other = halves.handles[position]
        if other == writer or halves.effect_free[position]:
            continue
        effects = op_effects(other)
        if effects is None or any(e.kind in ("read", "write", "free")
                                  and may_alias(e.value, window) for e in effects):
            return False
    return True


def _step(loop: ir.Operation) -> int:
    """The loop's constant step, else 1 (scf.for's step is positive)."""
    step = loop.operands[2]
    if isinstance(step, ir.OpResult) and step.owner.name == "arith.constant":
        return integer_value(step.owner.attributes["value"]) or 1
    return 1


def check_memory(halves: Halves, peer: PeerMemory = UNKNOWN_PEER) -> list[ir.Value]:
    """Raise CannotSkew unless the producer half can safely run ahead of the
    consumer, on this core and against the peer's accesses to global memory,
    given a copy of every tile buffer it writes per iteration in flight;
    returns those buffers (their allocations), in body order."""
    reads: list[tuple[ir.Value | None, ir.Operation]] = []
    written: dict[ir.Value, ir.Operation] = {}
    fresh = set(halves.ops(halves.producer))
    for op in _effectful(halves, halves.producer):
        effects = op_effects(op)
        if effects is None:
            raise CannotSkew(f"producer-half op '{op.name}' has unknown memory effects")
        for effect in effects:
            if effect.kind in ("write", "free"):
                buffer = _producer_write(op, effect, halves, peer, fresh)
                if buffer is not None:
                    written.setdefault(buffer, op)
            if effect.kind == "read":
                if peer.may_write(effect.value):
                    raise CannotSkew(
                        f"producer-half op '{op.name}' reads global memory that "
                        f"{peer.who} may write: the skew would run it ahead of the pops "
                        "that order the peer's stores")
                reads.append((effect.value, op))
    # A read of unknown memory conflicts with any write.
    unknown_reader = next((op for value, op in reads if value is None), None)
    writes: list[tuple[ir.Value | None, ir.Operation]] = []
    for op in _effectful(halves, halves.consumer):
        effects = op_effects(op)
        if effects is None:
            if reads or written:
                what = f"reads memory ('{reads[0][1].name}')" if reads else "writes tile buffers"
                raise CannotSkew(f"consumer-half op '{op.name}' has unknown memory "
                                 f"effects and the producer half {what}")
            effects = [Effect("write", None)]
        for effect in effects:
            if effect.kind == "read" and peer.may_write(effect.value):
                raise CannotSkew(
                    f"consumer-half op '{op.name}' reads global memory that {peer.who} "
                    "may write: the skew would run it behind the pushes that order the "
                    "peer's stores after it")
            if effect.kind not in ("write", "free"):
                continue
            if effect.kind == "write" and (peer.may_read(effect.value)
                                           or peer.may_write(effect.value)):
                raise CannotSkew(
                    f"consumer-half op '{op.name}' writes global memory that {peer.who} "
                    "may read or write: the skew would run it behind the pushes that "
                    "order the peer's accesses")
            if reads and (effect.value is None or unknown_reader is not None):
                _conflict(unknown_reader or reads[0][1], op)
            writes.append((effect.value, op))
    if not reads and not written:
        return []  # the producer half touches no memory the consumer's writes could meet
    buffers = list(written)
    both = first_overlap(buffers, [value for value, _ in writes])
    if both is not None:
        raise CannotSkew(f"{describe(buffers[both[0]])} is written by both halves "
                         f"('{written[buffers[both[0]]].name}' in the producer half, "
                         f"'{writes[both[1]][1].name}' in the consumer half)")
    pair = first_overlap([value for value, _ in reads], [value for value, _ in writes])
    if pair is not None:
        _conflict(reads[pair[0]][1], writes[pair[1]][1])
    return buffers


def _conflict(reader: ir.Operation, writer: ir.Operation):
    raise CannotSkew(f"producer-half op '{reader.name}' reads memory "
                     f"that consumer-half op '{writer.name}' may write")
