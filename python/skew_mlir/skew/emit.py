"""Materialising a plan in the IR: demotion, or prologue / steady loop / epilogue."""

from __future__ import annotations

from mlir import ir

from ..attributes import integer_attr
from ..cloning import Carry, Clones, Cloner, CloneJob, CloneSpec, clone_all
from ..dialect import MEMBERSHIP_ATTR, PIPELINE_STAGES_ATTR, POP_OPS
from .emit_buffers import BufferCopies
from .plan import Copy, DemotionPlan, Halves, SkewPlan


def emit_demotion(plan: DemotionPlan) -> None:
    """A plain sequential loop, body unchanged."""
    del plan.loop.attributes[PIPELINE_STAGES_ATTR]


class ConstantPool:
    """The induction constants of the skewed loops, shared by all the loops
    of a block: each is built just before the first loop that needs it, which
    dominates the block's later loops, and the pass rewrites a block's loops
    in order."""

    def __init__(self):
        self.constants: dict[tuple[ir.Block, ir.Type], dict[int, ir.Value]] = {}

    def of(self, block: ir.Block, type_: ir.Type) -> dict[int, ir.Value]:
        return self.constants.setdefault((block, type_), {})


class Part:
    """One part of a loop body (a half, a stage) as it is copied: its
    cloner, which tags its buffer-producing ops, nested ones included (pops
    excepted: their buffer is a FIFO slot), with their membership, and
    whether its copies need an induction value."""

    def __init__(self, halves: Halves, positions: list[int], uses_iv: bool,
                 group: int | None, untagged: int = 0):
        """Clones the body ops at `positions` (of `halves`, or anything with
        its `handles`, `names` and `buffers`); the first `untagged` of them
        (recomputed scalars) are never tagged."""
        buffers, names = halves.buffers, halves.names
        tagged = [k for k, i in enumerate(positions[untagged:], untagged)
                  if buffers[i] and names[i] not in POP_OPS]
        # Ops nested in the copies (an inner loop's tiles) are tagged too.
        self.cloner = Cloner([halves.handles[i] for i in positions],
                             None if group is None else MEMBERSHIP_ATTR, tagged, POP_OPS)
        self.uses_iv = uses_iv
        self.group = group

    def tag(self, copy: Copy) -> str | None:
        return None if self.group is None else f"{self.group}:{copy.slot}"


class LoopEmitter:
    """Builds a new form of a plan's loop next to it and swaps it in (`emit`).

    A form is a subclass that overrides `build` (the new form, built before
    the loop without touching it, recording every op it makes in `created`;
    returns the values that replace the loop's results) and, when the
    original loop is kept, `retire`. The pieces a form is made of are
    `make_constants` and `steady_loop`. The plan gives `loop` and `bounds`
    (its start / stop / step as read, None where not a constant)."""

    def __init__(self, plan, pool: ConstantPool, buffers: tuple = ()):
        """`buffers`: the tile buffers the form copies (multibuffer.Buffered)."""
        self.plan = plan
        arguments = list(plan.loop.regions[0].blocks[0].arguments)
        self.iv = arguments[0]
        # Values defined outside the loop are read now, not at analysis: an
        # earlier loop's rewrite may have replaced them (see plan.py).
        self.iter_args = arguments[1:]
        # The value of each induction value or offset a copy names (see
        # SkewEmitter.inside): the constants, unless a subclass scales them.
        self.offsets: dict[int, ir.Value] = {}
        self.pool = pool.of(plan.loop.block, self.iv.type)
        self.constants: dict[int, ir.Value] = {}
        # Everything emitted next to the loop, in order, and the constants it
        # added to the pool, so that a failure part-way can take it all back
        # (see `emit`).
        self.created: list[ir.Operation | Clones] = []
        self.pooled: list[int] = []
        self.buffers = BufferCopies(buffers, plan.depth, self.created)

    def make_constants(self, values: tuple[int, ...]) -> None:
        """All constants up front, ahead of the prologue, so each dominates
        every copy that uses it. The loop's own bounds are reused, then the
        block's pooled constants."""
        constants = self.constants
        # On equal values the lower bound wins (inserted last); a bound known
        # at run time only (None) is no constant.
        operands = self.plan.loop.operands
        constants.update({value: operand for value, operand
                          in reversed(list(zip(self.plan.bounds, operands)))
                          if value is not None})
        iv_type = self.iv.type
        for value in values:
            if value in constants:
                continue
            if value not in self.pool:
                # Generic creation: the generated builders cost twice as much.
                constant = ir.Operation.create(
                    "arith.constant", results=[iv_type],
                    attributes={"value": integer_attr(iv_type, value)})
                self.created.append(constant)
                self.pooled.append(value)
                self.pool[value] = constant.result
            constants[value] = self.pool[value]
        self.offsets = constants

    def emit(self) -> None:
        """Build the skewed form next to the loop, then swap it in. Nothing
        before the swap touches the loop, so on any failure erasing what was
        built (users first) leaves the IR exactly as it was."""
        try:
            with ir.InsertionPoint(self.plan.loop), self.plan.loop.location:
                self.buffers.allocate()
            results = self.build()
        except BaseException:
            for item in reversed(self.created):
                for op in reversed(list(item) if isinstance(item, Clones) else [item]):
                    op.erase()
            for value in self.pooled:
                del self.pool[value]
            raise
        loop = self.plan.loop
        for old, new in zip(loop.results, results):
            old.replace_all_uses_with(new)
        self.retire()
        self.buffers.release()

    def retire(self) -> None:
        """What becomes of the original loop once its uses are replaced."""
        self.plan.loop.erase()

    def steady_loop(self, start: ir.Value, stop: ir.Value, step: ir.Value,
                    init: list[ir.Value] | None = None) -> tuple[ir.Operation, ir.Block]:
        """scf.for start to stop step step, its iter_args starting at `init`
        (None: the original's initial values), its attributes but the
        pipeline marker, and an empty body; and the body."""
        loop = self.plan.loop
        attributes = loop.attributes
        attributes = {name: attributes[name] for name in attributes
                      if name != PIPELINE_STAGES_ATTR}
        if init is None:
            init = list(loop.operands[3:])
        types = [v.type for v in init]
        # Generic creation, as for constants.
        steady = ir.Operation.create(
            "scf.for", results=types,
            operands=[start, stop, step, *init],
            attributes=attributes, regions=1)
        self.created.append(steady)
        body = ir.Block.create_at_start(steady.regions[0], [self.iv.type, *types],
                                        [loop.location] * (1 + len(types)))
        return steady, body


class SkewEmitter(LoopEmitter):
    """A producer skew's constant-trip form: prologue, steady loop, epilogue
    from the copies of the two halves (`producer`, `consumer`); a form of
    another kind overrides `build` (emit_guarded.py)."""

    def __init__(self, plan: SkewPlan, group: int | None, pool: ConstantPool):
        super().__init__(plan, pool, plan.buffers)
        halves = plan.halves
        self.yielded = list(halves.terminator.operands)
        self.producer = Part(halves, halves.producer, halves.producer_uses_iv, group)
        self.consumer = Part(halves, halves.recompute + halves.consumer,
                              halves.consumer_uses_iv, group, untagged=len(halves.recompute))

    def outside(self, half: Part, copy: Copy) -> CloneSpec:
        """A copy outside the steady loop of a constant trip count: its
        induction value is a constant, and so is its iteration's group."""
        mapping = {self.iv: self.offsets[copy.iv]} if half.uses_iv else {}
        start, _, step = self.plan.bounds
        mapping.update(self.buffers.mapping(
            copy, (copy.iv - start) // step // self.plan.depth))
        return CloneSpec(mapping, (), half.tag(copy))

    def inside(self, half: Part, copy: Copy, k: ir.Value,
               parity: int | ir.Value = 0) -> CloneSpec:
        """A steady-loop copy: its induction value is k + copy.iv (k: the
        steady loop's IV), computed just before it (nothing dead is emitted
        for a half without IV uses); `parity`: its group's (emit_buffers)."""
        mapping = self.buffers.mapping(copy, parity)
        if not half.uses_iv:
            return CloneSpec(mapping, (), half.tag(copy))
        if not copy.iv:
            return CloneSpec({self.iv: k, **mapping}, (), half.tag(copy))
        name = "arith.addi" if copy.iv > 0 else "arith.subi"
        return CloneSpec(mapping, [(self.iv, name, (k, self.offsets[abs(copy.iv)]))],
                         half.tag(copy))

    def parities(self, group) -> tuple[int | ir.Value, int | ir.Value]:
        """The parities of group `group()` (an integer value, built at the
        current insertion point) and of the group after it: (0, 0) when no
        buffer crosses the halves (nothing is built)."""
        if not any(buffer.crossing for buffer in self.buffers.buffers):
            return 0, 0
        value = group()
        return self.buffers.parity(value), self.buffers.parity(value, previous=True)

    def build(self) -> list[ir.Value]:
        """The skewed loop, placed before the original; returns the values
        that replace the original's results."""
        loop, schedule = self.plan.loop, self.plan.schedule
        producer, consumer = self.producer, self.consumer
        start, stop, step = schedule.steady_range
        before_loop = ir.InsertionPoint(loop)
        with loop.location:
            with before_loop:
                self.make_constants(schedule.constants(producer.uses_iv, consumer.uses_iv))
                constants = self.constants
                steady, body = self.steady_loop(constants[start], constants[stop],
                                                constants[step])
            k, *inner_iter_args = body.arguments
            in_body = ir.InsertionPoint(body)
            with in_body:
                # The group of the steady iteration's consumer copies, the
                # producer copies' the next.
                consuming, producing = self.parities(lambda: _binary(
                    "arith.divui" if step > 0 else "arith.divsi",
                    _binary("arith.subi", k, constants[start]), constants[step]))
            # All copies in one native call: the prologue ahead of the steady
            # loop, its body, and the epilogue after it.
            (prologue, _), _, (_, carried), (remainder, _), (epilogue, results) = clone_all([
                CloneJob(producer.cloner, ir.InsertionPoint(steady),
                         [self.outside(producer, c) for c in schedule.prologue]),
                CloneJob(producer.cloner, in_body,
                         [self.inside(producer, c, k, producing)
                          for c in schedule.steady_producers]),
                CloneJob(consumer.cloner, in_body,
                         [self.inside(consumer, c, k, consuming)
                          for c in schedule.steady_consumers],
                         Carry(self.iter_args, inner_iter_args, self.yielded)),
                CloneJob(producer.cloner, before_loop,
                         [self.outside(producer, c) for c in schedule.remainder]),
                CloneJob(consumer.cloner, before_loop,
                         [self.outside(consumer, c) for c in schedule.epilogue],
                         Carry(self.iter_args, steady.results, self.yielded)),
            ])
            # In block order, so that taking them back erases users first.
            self.created[-1:-1] = [prologue]
            self.created += [remainder, epilogue]
            ir.Operation.create("scf.yield", operands=carried, ip=in_body)
        return results


def _binary(name: str, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    return ir.Operation.create(name, results=[lhs.type], operands=[lhs, rhs]).results[0]


def emit_skew(plan: SkewPlan, group: int | None, pool: ConstantPool) -> None:
    """Replace the plan's loop by its skewed form; `group` is the membership
    group of its copies (None: no tags); its constants come from `pool`."""
    SkewEmitter(plan, group, pool).emit()
