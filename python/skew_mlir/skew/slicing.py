"""Splitting a loop body into the producer half and the consumer half.

Producer half = the lead group (the pushes ahead of the first pop) and its
backward slice inside the body along SSA edges, values captured by nested
regions included, and through memory: an op that reads a buffer depends on
the writes of that buffer that reach it within the iteration (reaching
definitions over the ops' memory effects, views counting as their buffer,
tile_memory.may_alias). Whatever the producer
half defines and the rest of the body uses is carried; only scalar arith
chains over the IV and loop invariants may be carried (they are recomputed).
"""

from __future__ import annotations

from mlir import ir

from .. import _native
from ..dialect import FIFO_OPS, POP_OPS
from ..tile_memory import may_alias
from .body_effects import op_effects, overwrites_whole
from .plan import CannotSkew, Halves


def split_halves(loop: ir.Operation) -> Halves:
    """Split at the lead group (every FIFO op of the loop is in the body
    itself)."""
    # The body's ops (the terminator last) and, per op, its name, the body ops
    # (i >= 0) and block arguments (-1 - n) that it and its nested ops use,
    # and whether it defines a tensor or memref, is a scalar op, or has no
    # memory effects, from one native walk: asking the bindings for every
    # operand's owner costs more than the rest of the analysis.
    ops, names, uses, buffers, scalars, effect_free = _native.block_facts(
        loop.regions[0].blocks[0])
    producer = set(_lead_group(names))
    writes = _ReachingWrites(ops, effect_free)
    work = list(producer)
    while work:
        i = work.pop()
        for source in (*uses[i], *writes.reaching(i)):
            if source >= 0:
                if source not in producer:
                    producer.add(source)
                    work.append(source)
            elif source < -1:  # -1 is the IV; the rest are iter_args
                raise CannotSkew(f"producer half reads iter_arg #{-2 - source} "
                             f"(in '{names[i]}')")

    # A pure scalar arith op over the IV, invariants and such ops. Body order
    # visits every in-body operand's definer (producer, by closure) first.
    recomputable: dict[int, bool] = {}
    for i in sorted(producer):
        recomputable[i] = (names[i].startswith("arith.") and scalars[i]
                           and all(recomputable[d] for d in uses[i] if d >= 0))

    # Carried values, first user in body order (the yield last).
    recompute: set[int] = set()
    for j, sources in enumerate(uses):
        if j in producer:
            continue
        for definer in sources:
            if definer not in producer or definer in recompute:
                continue
            if not recomputable[definer]:
                raise CannotSkew(f"the producer half's {_carried(ops[definer], ops[j])} "
                                 f"is used by '{names[j]}' in the consumer half (only "
                                 f"scalar arith is recomputed there)")
            chain = [definer]
            while chain:
                link = chain.pop()
                if link not in recompute:
                    recompute.add(link)
                    chain.extend(d for d in uses[link] if d >= 0)

    # Whether each half's copies need an induction value (the yield counts
    # for the consumer: it may yield the IV).
    uses_iv = [-1 in sources for sources in uses]
    *handles, terminator = ops
    consumer = [i for i in range(len(handles)) if i not in producer]
    return Halves(
        handles=handles, terminator=terminator, names=names, buffers=buffers, effect_free=effect_free,
        producer=sorted(producer), consumer=consumer, recompute=sorted(recompute),
        producer_uses_iv=any(uses_iv[i] for i in producer),
        consumer_uses_iv=any(uses_iv[i] for i in (*consumer, *recompute, len(handles))),
    )


class _ReachingWrites:
    """The ops of a body whose accesses reach each op's within one
    iteration, effects read on demand (ops MLIR knows to touch no memory
    are never asked)."""

    def __init__(self, ops: list[ir.Operation], effect_free: list[bool]):
        self.ops = ops
        self.effect_free = effect_free
        self.effects: dict[int, list | None] = {}

    def _of(self, i: int):
        if i not in self.effects:
            self.effects[i] = op_effects(self.ops[i])
        return self.effects[i]

    def reaching(self, i: int) -> list[int]:
        """The earlier ops that op `i`'s accesses to memory depend on:
        walking back from it, every op that may write memory it reads, or
        access memory it writes (an op of unknown effects may access any),
        back to and including one that overwrites exactly that value
        (overwrites_whole)."""
        if self.effect_free[i]:
            return []
        effects = self._of(i)
        # (value, writes): each access of op i; an unknown op reads and
        # writes anything.
        accessed = ([(None, True)] if effects is None else list(dict.fromkeys(
            (e.value, e.kind == "write") for e in effects if e.kind in ("read", "write"))))
        found: list[int] = []
        for value, writes in accessed:
            for j in range(i - 1, -1, -1):
                if self.effect_free[j]:
                    continue
                other = self._of(j)
                # Reads of what op i only reads need not stay before it.
                if other is not None and not any(
                        (writes or e.kind != "read") and may_alias(value, e.value)
                        for e in other if e.kind in ("read", "write", "free")):
                    continue
                found.append(j)
                if (value is not None and other is not None
                        and overwrites_whole(self.ops[j], other, value)):
                    break
        return found


def _lead_group(names: list[str]) -> list[int]:
    """The pushes ahead of the body's first pop (none can depend on it); or
    the first FIFO op alone when that is a pop (a consumer, which the
    analysis leaves unskewed before splitting). Several pushes, on one pipe or
    on several, run ahead together as a message group."""
    fifo = [i for i, name in enumerate(names) if name in FIFO_OPS]
    first_pop = next((i for i in fifo if names[i] in POP_OPS), len(names))
    pushes = [i for i in fifo if i < first_pop]
    return pushes or fifo[:1]


def _carried(definer: ir.Operation, user: ir.Operation) -> str:
    """Names the first result of `definer` that `user` (or an op nested in
    it) uses; only asked when the analysis demotes."""
    results = list(definer.results)
    found: list[int] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        for value in op.operands:
            if value in results:
                found.append(results.index(value))
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    user.walk(visit, ir.WalkOrder.PRE_ORDER)
    return f"result #{found[0]} of '{definer.name}'"
