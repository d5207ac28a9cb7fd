"""Materialising a plan in the IR: demotion, or prologue / steady loop / epilogue."""

from __future__ import annotations

from mlir import ir
from mlir.dialects import scf

from ..cloning import Cloner, Clones
from ..dialect import MEMBERSHIP_ATTR, PIPELINE_STAGES_ATTR, POP_OPS
from .plan import Copy, SkewPlan


def demote(loop: ir.Operation) -> None:
    """A plain sequential loop, body unchanged."""
    del loop.attributes[PIPELINE_STAGES_ATTR]


class _Half:
    """One half as it is copied: its ops, its cloner, and its tagged ops."""

    def __init__(self, ops: tuple[ir.Operation, ...], buffers: frozenset[ir.Operation],
                 untagged: int = 0):
        """Buffer-producing ops are tagged, but for pops (the buffer is a FIFO
        slot) and the first `untagged` ops (recomputed scalars)."""
        self.cloner = Cloner(ops)
        # (position, text its tag extends: an existing membership and ';', or
        # nothing), worked out once per half rather than once per copy.
        self.tags: list[tuple[int, str]] = []
        for i, op in enumerate(ops[untagged:], untagged):
            if op in buffers and op.name not in POP_OPS:
                attributes = op.attributes
                old = attributes[MEMBERSHIP_ATTR] if MEMBERSHIP_ATTR in attributes else None
                self.tags.append((i, f"{old.value};" if isinstance(old, ir.StringAttr) else ""))


def _source(value: ir.Value, position: dict[ir.Operation, int]
            ) -> tuple[int, int] | ir.Value:
    """Where a yielded value comes from in a consumer copy: a clone's result
    (position, result number), or else the value itself (the IV, an
    iter_arg, or a loop invariant), remapped per copy."""
    if isinstance(value, ir.OpResult):
        index = position.get(value.owner)
        if index is not None:
            return index, value.result_number
    return value


class _Emitter:
    def __init__(self, plan: SkewPlan, group: int | None):
        self.plan = plan
        self.group = group
        halves = plan.halves
        arguments = list(plan.loop.regions[0].blocks[0].arguments)
        self.iv = arguments[0]
        self.iter_args = arguments[1:]
        self.producer = _Half(halves.producer, halves.buffers)
        consumer_ops = halves.recompute + halves.consumer
        self.consumer = _Half(consumer_ops, halves.buffers, untagged=len(halves.recompute))
        position = {op: i for i, op in enumerate(consumer_ops)}
        self.yield_sources = [_source(v.maybe_downcast(), position)
                              for v in halves.yielded]
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

    def copy(self, half: _Half, copy: Copy, mapping: dict[ir.Value, ir.Value]) -> Clones:
        tags = () if self.group is None else [
            (i, MEMBERSHIP_ATTR, self.label(prefix, copy.slot)) for i, prefix in half.tags]
        return half.cloner.clone(mapping, tags)

    def label(self, prefix: str, slot: int) -> ir.StringAttr:
        key = (prefix, slot)
        if key not in self.labels:
            self.labels[key] = ir.StringAttr.get(f"{prefix}{self.group}:{slot}")
        return self.labels[key]

    def produce(self, copy: Copy, iv: ir.Value | None) -> Clones:
        return self.copy(self.producer, copy, {} if iv is None else {self.iv: iv})

    def consume(self, copy: Copy, iv: ir.Value | None, carried: list[ir.Value]
                ) -> tuple[Clones, list[ir.Value]]:
        """A consumer copy (its scalar chains recomputed first), and the
        iter_arg values it yields."""
        mapping = dict(zip(self.iter_args, carried))
        if iv is not None:
            mapping[self.iv] = iv
        clones = self.copy(self.consumer, copy, mapping)
        return clones, [clones[source[0]].results[source[1]] if isinstance(source, tuple)
                        else mapping.get(source, source) for source in self.yield_sources]

    def steady_iv(self, k: ir.Value, offset: int, used: bool) -> ir.Value | None:
        """k + offset, for a half that uses its IV (else None: nothing dead
        is emitted)."""
        if not used:
            return None
        if not offset:
            return k
        name = "arith.addi" if offset > 0 else "arith.subi"
        return ir.Operation.create(name, results=[k.type],
                                   operands=[k, self.constants[abs(offset)]]).result

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
        start, stop, step = plan.steady_range
        constants = self.constants
        with loop.location, ir.InsertionPoint(loop):
            produced, consumed = (plan.halves.producer_uses_iv,
                                  plan.halves.consumer_uses_iv)
            self.make_constants(
                [c.iv for c in plan.prologue if produced] + [start, stop, step]
                + [abs(c.iv) for c in plan.steady_producers if c.iv and produced]
                + [abs(c.iv) for c in plan.steady_consumers if c.iv and consumed]
                + [c.iv for c in plan.epilogue if consumed])
            for c in plan.prologue:
                self.created.append(self.produce(c, constants[c.iv] if produced else None))
            steady = scf.ForOp(constants[start], constants[stop], constants[step],
                               list(loop.opview.initArgs))
            self.created.append(steady.operation)
            for name in loop.attributes:
                if name != PIPELINE_STAGES_ATTR:
                    steady.attributes[name] = loop.attributes[name]
            with ir.InsertionPoint(steady.body):
                k = steady.induction_variable
                for c in plan.steady_producers:
                    self.produce(c, self.steady_iv(k, c.iv, produced))
                carried = list(steady.inner_iter_args)
                for c in plan.steady_consumers:
                    carried = self.consume(c, self.steady_iv(k, c.iv, consumed), carried)[1]
                scf.YieldOp(carried)
            carried = list(steady.results)
            for c in plan.epilogue:
                clones, carried = self.consume(
                    c, constants[c.iv] if consumed else None, carried)
                self.created.append(clones)
        return carried


def emit_skew(plan: SkewPlan, group: int | None) -> None:
    """Replace the plan's loop by its skewed form; `group` is the membership
    group of its copies (None: no tags)."""
    _Emitter(plan, group).emit()
