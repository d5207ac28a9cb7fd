"""`depth=auto`: the smallest skew depth whose own work hides the round trip.

A cube loop skewed at depth D issues D produces, then D consumes, so between
pushing a block and popping its answer it runs (2D-1) P + D C cycles of its
own work (P, C: its producer and consumer halves). The answer comes back a
round trip R after the push: 2 pipe hops plus the peer's work from its pop to
its answer. The pass picks the smallest D >= 2 with (2D-1) P + D C >= R
(benchmarks/schedule_quality.py prints the same rule against the simulator).

P, C and R are estimated statically from the ops' types under the cost
model the simulator charges by (skew_mlir/op_costs.py: the same parameters,
op classes and formulas); test/skew/test_auto_depth.py checks the estimate
against the simulator's measured steady state.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from mlir import ir

from ..dialect import FREE_OPS, POP_OPS, PUSH_OPS
from ..fifo_model import pipe_of
from .. import tile_types
from ..effects import memory_effects
from ..op_costs import (CONTRACTION_OPS, COPY_OPS, TILE_CONTRACTION_OPS, TILE_COPY_OPS,
                        TILE_GM_OPS, TILE_SCALAR_OPS, TILE_TRANSCENDENTAL_OPS,
                        TRANSCENDENTAL_OPS, CostModel, element_bytes, element_name)
from .depth import Remainder
from .pairing import VisiblePeers, at_most
from .plan import SkewPlan

FREE_OF_COST = frozenset({"tensor.empty", "arith.constant", "scf.yield"})
# The skew needs two buffers per stage (spec: depth >= 2).
MIN_DEPTH = 2


class Estimate(NamedTuple):
    produce: int  # P
    consume: int  # C
    round_trip: int  # R

    def hiding_work(self, depth: int) -> int:
        return (2 * depth - 1) * self.produce + depth * self.consume

    def depth(self, limit: int) -> int:
        """The smallest depth in [MIN_DEPTH, limit] that hides R, else limit."""
        p, c, r = self.produce, self.consume, self.round_trip
        # (2D-1) P + D C >= R  <=>  D >= (R + P) / (2P + C)
        needed = math.ceil((r + p) / (2 * p + c)) if 2 * p + c else MIN_DEPTH
        return max(1, min(limit, max(MIN_DEPTH, needed)))


def estimate(plan: SkewPlan, peer: ir.Operation | None, cost: CostModel) -> Estimate:
    """P and C of `plan`'s loop, R against the `peer` kernel (None: the peer's
    work is unknown and counted as nothing)."""
    halves = plan.halves
    produce = sum(op_cycles(op, cost) for op in halves.ops(halves.producer))
    consume = sum(op_cycles(op, cost) for op in halves.ops(halves.recompute + halves.consumer))
    pushed = next(pipe_of(op) for op in halves.ops(halves.producer)
                  if op.name in PUSH_OPS)
    answer = _answer_work(peer, pushed, cost) if peer is not None else 0
    return Estimate(produce, consume, 2 * cost.pipe_latency + answer)


def _answer_work(peer: ir.Operation, pipe, cost: CostModel) -> int:
    """The peer's cycles from its pop of a message on `pipe` to its next
    push, in the first loop that has both; 0 when there is none."""
    found: list[int] = []

    def visit(op):
        if found or op.name != "scf.for":
            return ir.WalkResult.ADVANCE
        ops = [o.operation for o in op.regions[0].blocks[0].operations]
        start = next((i for i, o in enumerate(ops) if o.name in POP_OPS
                      and pipe_of(o) == pipe), None)
        end = next((i for i, o in enumerate(ops) if start is not None and i > start
                    and o.name in PUSH_OPS), None)
        if end is not None:
            found.append(sum(op_cycles(o, cost) for o in ops[start:end + 1]))
        return ir.WalkResult.ADVANCE
    peer.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found[0] if found else 0


def op_cycles(op: ir.Operation, cost: CostModel) -> int:
    """Busy cycles of `op` (and the ops nested in it) under `cost`, as the
    simulator charges them for static shapes: an op the model prices counts
    as a whole, any other as the ops nested in it (one native walk, however
    deep the nesting)."""
    total = 0

    def visit(nested):
        nonlocal total
        cycles = _own_cycles(nested.operation, cost)
        if cycles is None:
            return ir.WalkResult.ADVANCE
        total += cycles
        return ir.WalkResult.SKIP
    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return total


def _own_cycles(op: ir.Operation, cost: CostModel) -> int | None:
    """Busy cycles of an op the model prices, else None (the ops nested in
    it count)."""
    name = op.name
    if name in PUSH_OPS:
        return cost.push(_bytes(op.operands[0].type))
    if name in POP_OPS:
        return cost.pop(_bytes(op.results[0].type))
    tiles = [tile_types.tile_buf(v.type) for v in op.operands]
    if any(tiles):
        # A view of a tile (subview, a slot of a multi-tile) moves nothing.
        if memory_effects(op) == []:
            return 0
        return _tile_cycles(name, [t for t in tiles if t], cost)
    if name in FREE_OPS:
        return cost.free_cycles
    if name in FREE_OF_COST:
        return 0
    if name in CONTRACTION_OPS:
        lhs, rhs = (v.type for v in list(op.operands)[:2])
        flops = 2 * math.prod(lhs.shape) * (rhs.shape[-1] if rhs.rank >= 2 else 1)
        return cost.matmul(flops, element_name(lhs.element_type))
    if name == "linalg.fill":
        # On tensors the result, on memrefs (no result) the buffer filled.
        return cost.vector(_bytes((op.results[0] if len(op.results) else op.operands[-1]).type))
    if name in COPY_OPS:
        source = op.operands[0].type if name == "tensor.insert_slice" else op.results[0].type
        if name.startswith("linalg.") and not len(op.results):
            source = op.operands[-1].type
        return cost.copy(_bytes(source))
    if name.startswith("linalg.") and op.regions:
        return _structured(op, cost)
    if name.startswith(("arith.", "math.")) and len(op.results):
        result = op.results[0].type
        if isinstance(result, ir.ShapedType):
            return cost.vector(_bytes(result), name in TRANSCENDENTAL_OPS)
        return cost.scalar_op_cycles
    return None if op.regions else 0


def _tile_cycles(name: str, tiles: list, cost: CostModel) -> int:
    """A tile op over the tile buffers `tiles` (its operands in order, the
    destination last), at their static shape."""
    if name in TILE_GM_OPS:
        return cost.gm(_tile_bytes(tiles[0]))
    if name in TILE_SCALAR_OPS:
        return cost.scalar_op_cycles
    if name in TILE_COPY_OPS:
        return cost.copy(_tile_bytes(tiles[-1]))
    if name in TILE_CONTRACTION_OPS:
        # tmatmul.acc's accumulator comes first, tmatmul.bias's bias third.
        lhs, rhs = (tiles[1], tiles[2]) if name == "pto.tmatmul.acc" else (tiles[0], tiles[1])
        return cost.matmul(2 * lhs.rows * lhs.cols * rhs.cols, element_name(lhs.element))
    return cost.vector(_tile_bytes(tiles[-1]), name in TILE_TRANSCENDENTAL_OPS)


def _tile_bytes(tile) -> int:
    return tile.rows * tile.cols * element_bytes(tile.element)


def _structured(op: ir.Operation, cost: CostModel) -> int:
    """A linalg op whose body runs vectorised over its iteration domain."""
    body = [o.operation for o in op.regions[0].blocks[0].operations][:-1]
    heavy = sum(o.name in TRANSCENDENTAL_OPS for o in body)
    shaped = [v.type for v in op.operands if isinstance(v.type, ir.ShapedType)]
    outputs = [v.type for v in op.results] or shaped[-1:]
    elements = max(math.prod(t.shape) for t in shaped)
    itemsize = max(element_bytes(t.element_type) for t in outputs)
    nbytes = elements * itemsize
    return (len(body) - heavy) * cost.vector(nbytes) + heavy * cost.vector(nbytes, True)


def _bytes(type_: ir.Type) -> int:
    tile = tile_types.tile_buf(type_)
    if tile is not None:
        return _tile_bytes(tile)
    shaped = ir.ShapedType(type_)
    return math.prod(shaped.shape) * element_bytes(shaped.element_type)


def auto_depth(plan: SkewPlan, visible: VisiblePeers, bound: int, cost: CostModel
               ) -> tuple[SkewPlan, str]:
    """`plan` at the smallest depth (at most `bound`, and what the trip
    allows under the plan's remainder rule) that hides the round trip, and
    the remark's note on the choice."""
    e = estimate(plan, visible.peer(plan.loop), cost)
    limit = min(bound, plan.trip_depth)
    wanted = e.depth(limit)
    # Under remainder=shrink the wanted depth may not divide the trip: the
    # smallest dividing one above it, else the deepest below.
    depth = next((d for d in range(wanted, min(limit, wanted + 64) + 1)
                  if plan.remainder is not Remainder.SHRINK or plan.trip % d == 0), wanted)
    chosen = at_most(plan, depth)
    if chosen is None:
        return plan, ""
    d = chosen.depth
    work = (f"(2D-1)P + DC = {e.hiding_work(d)} {{}} R = {e.round_trip} at D = {d}, "
            f"P {e.produce}, C {e.consume}")
    if e.hiding_work(d) >= e.round_trip:
        return chosen, f"auto: the smallest depth that hides the round trip: {work.format('>=')}"
    if d >= bound:
        limit = "the pipes' slots allow no deeper skew"
    elif d >= plan.trip_depth:
        trip = "the IV's type" if plan.guarded else f"trip {plan.trip}"
        limit = f"{trip} allows no deeper skew"
    else:
        limit = f"remainder=shrink: no deeper depth divides trip {plan.trip}"
    return chosen, (f"auto: no depth hides the round trip, {limit}: {work.format('<')}")
