"""Materialising a plan in the IR: demotion, or prologue / steady loop / epilogue."""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, scf

from ..cloning import clone_ops
from ..dialect import MEMBERSHIP_ATTR, PIPELINE_STAGES_ATTR, POP_OPS
from .plan import Copy, SkewPlan


def demote(loop: ir.Operation) -> None:
    """A plain sequential loop, body unchanged."""
    del loop.attributes[PIPELINE_STAGES_ATTR]


def _produces_buffer(op: ir.Operation) -> bool:
    return op.name not in POP_OPS and any(
        isinstance(r.type, (ir.RankedTensorType, ir.UnrankedTensorType,
                            ir.MemRefType, ir.UnrankedMemRefType))
        for r in op.results)


def _tag_prefixes(ops: tuple[ir.Operation, ...]) -> list[str | None]:
    """Per op, None when its copies are not tagged, else the text its tag
    extends (an existing membership and ';', or nothing)."""
    prefixes: list[str | None] = []
    for op in ops:
        prefix = None
        if _produces_buffer(op):
            old = op.attributes[MEMBERSHIP_ATTR] if MEMBERSHIP_ATTR in op.attributes else None
            prefix = f"{old.value};" if isinstance(old, ir.StringAttr) else ""
        prefixes.append(prefix)
    return prefixes


class _Emitter:
    def __init__(self, plan: SkewPlan, group: int | None):
        self.plan = plan
        self.group = group
        halves = plan.halves
        arguments = list(plan.loop.regions[0].blocks[0].arguments)
        self.iv = arguments[0]
        self.iter_args = arguments[1:]
        self.consumer_ops = halves.recompute + halves.consumer
        # Tags are worked out once per half, not once per copy.
        self.producer_tags = _tag_prefixes(halves.producer)
        self.consumer_tags = [None] * len(halves.recompute) + _tag_prefixes(halves.consumer)
        self.labels: dict[tuple[str, int], ir.StringAttr] = {}
        self.constants: dict[int, ir.Value] = {}

    def constant(self, value: int) -> ir.Value:
        return self.constants[value]

    def make_constants(self, values: list[int]) -> None:
        """All constants up front, ahead of the prologue, so each dominates
        every copy that uses it."""
        iv_type = self.iv.type
        for value in values:
            if value not in self.constants:
                self.constants[value] = arith.constant(iv_type, value)

    def copy(self, ops: tuple[ir.Operation, ...], tags: list[str | None],
             copy: Copy, mapping: dict[ir.Value, ir.Value]) -> None:
        """Clone `ops` at the current insertion point; `mapping` (original ->
        copy values) is extended with their results."""
        clones = clone_ops(ops, mapping)
        if self.group is None:
            return
        for clone, prefix in zip(clones, tags):
            if prefix is not None:
                clone.attributes[MEMBERSHIP_ATTR] = self.label(prefix, copy.slot)

    def label(self, prefix: str, slot: int) -> ir.StringAttr:
        key = (prefix, slot)
        if key not in self.labels:
            self.labels[key] = ir.StringAttr.get(f"{prefix}{self.group}:{slot}")
        return self.labels[key]

    def produce(self, copy: Copy, iv: ir.Value) -> None:
        self.copy(self.plan.halves.producer, self.producer_tags, copy, {self.iv: iv})

    def consume(self, copy: Copy, iv: ir.Value, carried: list[ir.Value]) -> list[ir.Value]:
        """A consumer copy (its scalar chains recomputed first); returns the
        iter_arg values it yields."""
        mapping = {self.iv: iv, **dict(zip(self.iter_args, carried))}
        self.copy(self.consumer_ops, self.consumer_tags, copy, mapping)
        return [mapping.get(v, v) for v in self.plan.halves.yielded]

    def steady_iv(self, k: ir.Value, offset: int) -> ir.Value:
        if offset > 0:
            return arith.addi(k, self.constant(offset))
        if offset < 0:
            return arith.subi(k, self.constant(-offset))
        return k

    def emit(self) -> None:
        plan, loop = self.plan, self.plan.loop
        for_op = loop.opview
        start, stop, step = plan.steady_range
        with loop.location, ir.InsertionPoint(loop):
            self.make_constants(
                [c.iv for c in plan.prologue] + [start, stop, step]
                + [abs(c.iv) for c in plan.steady_producers + plan.steady_consumers
                   if c.iv] + [c.iv for c in plan.epilogue])
            for c in plan.prologue:
                self.produce(c, self.constant(c.iv))
            steady = scf.ForOp(self.constant(start), self.constant(stop),
                               self.constant(step), list(for_op.initArgs))
            for name in loop.attributes:
                if name != PIPELINE_STAGES_ATTR:
                    steady.attributes[name] = loop.attributes[name]
            with ir.InsertionPoint(steady.body):
                k = steady.induction_variable
                for c in plan.steady_producers:
                    self.produce(c, self.steady_iv(k, c.iv))
                carried = list(steady.inner_iter_args)
                for c in plan.steady_consumers:
                    carried = self.consume(c, self.steady_iv(k, c.iv), carried)
                scf.YieldOp(carried)
            carried = list(steady.results)
            for c in plan.epilogue:
                carried = self.consume(c, self.constant(c.iv), carried)
        for old, new in zip(loop.results, carried):
            old.replace_all_uses_with(new)
        loop.erase()


def emit_skew(plan: SkewPlan, group: int | None) -> None:
    """Replace the plan's loop by its skewed form; `group` is the membership
    group of its copies (None: no tags)."""
    _Emitter(plan, group).emit()
