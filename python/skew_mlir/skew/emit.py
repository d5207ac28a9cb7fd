"""Materialising a plan in the IR: demotion, or prologue / steady loop / epilogue."""

from __future__ import annotations

from mlir import ir
from mlir.dialects import scf

from ..cloning import Carry, Clones, Cloner, Copy
from ..dialect import MEMBERSHIP_ATTR, PIPELINE_STAGES_ATTR, POP_OPS
from . import plan as schedule
from .plan import SkewPlan


def demote(loop: ir.Operation) -> None:
    """A plain sequential loop, body unchanged."""
    del loop.attributes[PIPELINE_STAGES_ATTR]


class _Half:
    """One half as it is copied: its ops, its cloner, and its tagged ops."""

    def __init__(self, ops: tuple[ir.Operation, ...], buffers: frozenset[ir.Operation],
                 uses_iv: bool, untagged: int = 0):
        """Buffer-producing ops are tagged, but for pops (the buffer is a FIFO
        slot) and the first `untagged` ops (recomputed scalars)."""
        self.cloner = Cloner(ops)
        self.uses_iv = uses_iv
        # (position, text its tag extends: an existing membership and ';', or
        # nothing), worked out once per half rather than once per copy.
        self.tags: list[tuple[int, str]] = []
        for i, op in enumerate(ops[untagged:], untagged):
            if op in buffers and op.name not in POP_OPS:
                attributes = op.attributes
                old = attributes[MEMBERSHIP_ATTR] if MEMBERSHIP_ATTR in attributes else None
                self.tags.append((i, f"{old.value};" if isinstance(old, ir.StringAttr) else ""))


class _Emitter:
    def __init__(self, plan: SkewPlan, group: int | None):
        self.plan = plan
        self.group = group
        halves = plan.halves
        arguments = list(plan.loop.regions[0].blocks[0].arguments)
        self.iv = arguments[0]
        self.iter_args = arguments[1:]
        self.yielded = halves.yielded
        self.producer = _Half(halves.producer, halves.buffers, halves.producer_uses_iv)
        self.consumer = _Half(halves.recompute + halves.consumer, halves.buffers,
                              halves.consumer_uses_iv, untagged=len(halves.recompute))
        self.labels: dict[tuple[str, int], ir.StringAttr] = {}
        self.constants: dict[int, ir.Value] = {}
        # Everything emitted next to the loop, in order, so that a failure
        # part-way can take it all back (see `emit`).
        self.created: list[ir.Operation | Clones] = []

    def make_constants(self, values: list[int]) -> None:
        """All constants up front, ahead of the prologue, so each dominates
        every copy that uses it. The loop's own bounds are reused."""
        self.constants.update(self.plan.bound_values)
        iv_type = self.iv.type
        for value in values:
            if value not in self.constants:
                # Generic creation: the generated builders cost twice as much.
                constant = ir.Operation.create(
                    "arith.constant", results=[iv_type],
                    attributes={"value": ir.IntegerAttr.get(iv_type, value)})
                self.created.append(constant)
                self.constants[value] = constant.result

    def label(self, prefix: str, slot: int) -> ir.StringAttr:
        key = (prefix, slot)
        if key not in self.labels:
            self.labels[key] = ir.StringAttr.get(f"{prefix}{self.group}:{slot}")
        return self.labels[key]

    def tags(self, half: _Half, copy: schedule.Copy) -> list[tuple[int, str, ir.Attribute]]:
        if self.group is None:
            return []
        return [(i, MEMBERSHIP_ATTR, self.label(prefix, copy.slot)) for i, prefix in half.tags]

    def outside(self, half: _Half, copy: schedule.Copy) -> Copy:
        """A copy outside the steady loop: its induction value is a constant."""
        mapping = {self.iv: self.constants[copy.iv]} if half.uses_iv else {}
        return Copy(mapping, (), self.tags(half, copy))

    def inside(self, half: _Half, copy: schedule.Copy, k: ir.Value) -> Copy:
        """A steady-loop copy: its induction value is k + copy.iv, computed
        just before it (nothing dead is emitted for a half without IV uses)."""
        if not half.uses_iv:
            return Copy({}, (), self.tags(half, copy))
        if not copy.iv:
            return Copy({self.iv: k}, (), self.tags(half, copy))
        name = "arith.addi" if copy.iv > 0 else "arith.subi"
        return Copy({}, [(self.iv, name, (k, self.constants[abs(copy.iv)]))],
                    self.tags(half, copy))

    def emit(self) -> None:
        """Build the skewed form next to the loop, then swap it in. Nothing
        before the swap touches the loop, so on any failure erasing what was
        built (users first) leaves the IR exactly as it was."""
        try:
            results = self.build()
        except BaseException:
            for item in reversed(self.created):
                for op in reversed(list(item) if isinstance(item, Clones) else [item]):
                    op.erase()
            raise
        loop = self.plan.loop
        for old, new in zip(loop.results, results):
            old.replace_all_uses_with(new)
        loop.erase()

    def build(self) -> list[ir.Value]:
        """The skewed loop, placed before the original; returns the values
        that replace the original's results."""
        plan, loop = self.plan, self.plan.loop
        producer, consumer = self.producer, self.consumer
        start, stop, step = plan.steady_range
        constants = self.constants
        with loop.location, ir.InsertionPoint(loop):
            self.make_constants(
                [c.iv for c in plan.prologue if producer.uses_iv] + [start, stop, step]
                + [abs(c.iv) for c in plan.steady_producers if c.iv and producer.uses_iv]
                + [abs(c.iv) for c in plan.steady_consumers if c.iv and consumer.uses_iv]
                + [c.iv for c in plan.epilogue if consumer.uses_iv])
            self.created.append(producer.cloner.clone(
                [self.outside(producer, c) for c in plan.prologue])[0])
            steady = scf.ForOp(constants[start], constants[stop], constants[step],
                               list(loop.opview.initArgs))
            self.created.append(steady.operation)
            for name in loop.attributes:
                if name != PIPELINE_STAGES_ATTR:
                    steady.attributes[name] = loop.attributes[name]
            with ir.InsertionPoint(steady.body):
                k = steady.induction_variable
                producer.cloner.clone([self.inside(producer, c, k)
                                       for c in plan.steady_producers])
                carried = consumer.cloner.clone(
                    [self.inside(consumer, c, k) for c in plan.steady_consumers],
                    Carry(self.iter_args, list(steady.inner_iter_args), self.yielded))[1]
                scf.YieldOp(carried)
            clones, carried = consumer.cloner.clone(
                [self.outside(consumer, c) for c in plan.epilogue],
                Carry(self.iter_args, list(steady.results), self.yielded))
            self.created.append(clones)
        return carried


def emit_skew(plan: SkewPlan, group: int | None) -> None:
    """Replace the plan's loop by its skewed form; `group` is the membership
    group of its copies (None: no tags)."""
    _Emitter(plan, group).emit()
