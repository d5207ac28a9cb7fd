"""Materialising a skew whose trip count is known at run time only.

    %skew = (ub > lb) and ((ub - lb - 1) /u step >= 2D - 1)    // trip >= 2D
    %results = scf.if %skew {
      D producer copies at lb + i*step                           // prologue
      scf.for %j = 1 to G step 1 {                               // steady
        D producer copies at base + i*step, then D consumer copies at
        base - (D-i)*step, base = lb + j*(D*step)
      }
      producer copy t at lb + (G*D + t)*step, under scf.if r > t  // remainder
      D consumer copies at lb + ((G-1)*D + i)*step               // epilogue
      consumer copy t at lb + (G*D + t)*step, under scf.if r > t
    } else {
      the original loop, demoted
    }

with T = (ub - lb - 1) /u step + 1, G = T /u D and r = T %u D. Under ub > lb
the difference is exact as an unsigned number of the IV's width, so T is
too (T <= 2^w - 1). Every induction value is computed with wrapping
arithmetic and its true value lies in [lb, ub), so the wrapped one equals
it. The steady loop counts j rather than the IV, and compares unsigned
whatever the loop does: G <= T <= 2^w - 1 holds as an unsigned number of
the IV's width at every depth (at depth 1, G = T, which a signed comparison
would read as negative from 2^(w-1) on), and j + 1 <= G never wraps. A step known at run time only (provably positive:
loop_ranges.positive_at_run_time) scales the offsets at run time.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, scf

from ..cloning import Carry, CloneJob, clone_all
from ..dialect import PIPELINE_STAGES_ATTR
from .emit import ConstantPool, SkewEmitter
from .plan import SkewPlan


class BehindGuard:
    """For a LoopEmitter whose form runs in the then-branch of `self.guard`
    (an scf.if on the trip count, made by `build`): the original loop,
    demoted, becomes the else-branch."""

    def made(self, value: ir.Value) -> ir.Value:
        """`value`, its op recorded as built next to the loop (see `emit`)."""
        self.created.append(value.owner)
        return value

    def retire(self) -> None:
        """The original loop, demoted, runs when the guard fails."""
        loop = self.plan.loop
        else_yield = scf.YieldOp(list(loop.results),
                                 ip=ir.InsertionPoint(self.guard.else_block))
        loop.move_before(else_yield)
        del loop.attributes[PIPELINE_STAGES_ATTR]


class _GuardedEmitter(BehindGuard, SkewEmitter):
    def build(self) -> list[ir.Value]:
        loop, schedule = self.plan.loop, self.plan.schedule
        producer, consumer = self.producer, self.consumer
        depth = schedule.depth
        lower, upper, step = list(loop.operands)[:3]
        types = [result.type for result in loop.results]
        above = (arith.CmpIPredicate.ugt if "unsignedCmp" in loop.attributes
                 else arith.CmpIPredicate.sgt)
        with loop.location:
            with ir.InsertionPoint(loop):
                self.make_constants(schedule.constants(producer.uses_iv, consumer.uses_iv))
                c = self.constants
                made = self.made
                last = made(arith.divui(made(arith.subi(made(arith.subi(upper, lower)), c[1])),
                                        step))  # T - 1 when ub > lb
                skew = made(arith.andi(
                    made(arith.cmpi(above, upper, lower)),
                    made(arith.cmpi(arith.CmpIPredicate.uge, last, c[2 * depth - 1]))))
                self.guard = scf.IfOp(skew, types, has_else=True)
                self.created.append(self.guard)
            with ir.InsertionPoint(self.guard.then_block):
                stride = self.scale_offsets(step)
                return self.skewed(lower, last, stride, types)

    def scale_offsets(self, step: ir.Value) -> ir.Value:
        """Points `offsets` (see `inside`) from each copy's offset in steps to
        its value, offset times step, and returns D*step: constants for a
        constant step, else products computed at the current insertion point."""
        schedule, c = self.plan.schedule, self.constants
        offsets = schedule.offsets(self.producer.uses_iv, self.consumer.uses_iv)
        if schedule.step is not None:
            self.offsets = {k: c[k * schedule.step] for k in offsets}
            return c[schedule.depth * schedule.step]
        self.offsets = {k: arith.muli(step, c[k]) for k in offsets}
        return arith.muli(step, c[schedule.depth])

    def skewed(self, lower: ir.Value, last: ir.Value, stride: ir.Value,
               types: list) -> list[ir.Value]:
        """The skewed form, at the current insertion point, its copies
        `stride` = D*step apart; its results."""
        schedule, c = self.plan.schedule, self.constants
        producer, consumer = self.producer, self.consumer
        depth = schedule.depth
        trip = arith.addi(last, c[1])
        groups = arith.divui(trip, c[depth])
        steady, body = self.steady_loop(c[1], groups, c[1])
        # G may exceed the IV type's signed range (G = T at depth 1): the
        # group counter compares unsigned, where 1 <= j < G <= T < 2^w.
        steady.attributes["unsignedCmp"] = ir.UnitAttr.get()
        with ir.InsertionPoint(body):
            base = arith.addi(lower, arith.muli(body.arguments[0], stride))
            # The steady iteration's producer copies are of group j, its
            # consumer copies of group j - 1.
            producing, consuming = self.parities(lambda: body.arguments[0])
        in_body = ir.InsertionPoint(body)
        inner_iter_args = list(body.arguments)[1:]
        last_base = arith.addi(lower, arith.muli(arith.subi(groups, c[1]), stride))
        rest = arith.remui(trip, c[depth])
        end_base = arith.addi(last_base, stride)
        # The remainder's copies are of group G, the epilogue's of G - 1.
        ending, last = self.parities(lambda: groups)
        runs = [arith.cmpi(arith.CmpIPredicate.ugt, rest, c[t]) for t in range(depth - 1)]
        ahead = [scf.IfOp(run) for run in runs]
        jobs = [
            CloneJob(producer.cloner, ir.InsertionPoint(steady),
                     [self.inside(producer, copy, lower) for copy in schedule.prologue]),
            CloneJob(producer.cloner, in_body,
                     [self.inside(producer, copy, base, producing)
                      for copy in schedule.steady_producers]),
            CloneJob(consumer.cloner, in_body,
                     [self.inside(consumer, copy, base, consuming)
                      for copy in schedule.steady_consumers],
                     Carry(self.iter_args, inner_iter_args, self.yielded)),
            *(CloneJob(producer.cloner, ir.InsertionPoint(branch.then_block),
                       [self.inside(producer, copy, end_base, ending)])
              for branch, copy in zip(ahead, schedule.remainder)),
            CloneJob(consumer.cloner, ir.InsertionPoint.current,
                     [self.inside(consumer, copy, last_base, last)
                      for copy in schedule.epilogue],
                     Carry(self.iter_args, steady.results, self.yielded)),
        ]
        built = clone_all(jobs)
        (_, carried), (_, results) = built[2], built[-1]
        ir.Operation.create("scf.yield", operands=carried, ip=in_body)
        for branch in ahead:
            scf.YieldOp([], ip=ir.InsertionPoint(branch.then_block))
        # The consumer copies of the remainder, each threading the values
        # the one before left (the else branch passes them on).
        behind = []
        for run in runs:
            branch = scf.IfOp(run, types, has_else=bool(types))
            if types:
                scf.YieldOp(results, ip=ir.InsertionPoint(branch.else_block))
            behind.append((branch, results))
            results = list(branch.results)
        built = clone_all([
            CloneJob(consumer.cloner, ir.InsertionPoint(branch.then_block),
                     [self.inside(consumer, copy, end_base, ending)],
                     Carry(self.iter_args, before, self.yielded))
            for (branch, before), copy in zip(behind, schedule.remainder)])
        for (branch, _), (_, carried) in zip(behind, built):
            scf.YieldOp(carried, ip=ir.InsertionPoint(branch.then_block))
        scf.YieldOp(results)
        return list(self.guard.results)


def emit_guarded_skew(plan: SkewPlan, group: int | None, pool: ConstantPool) -> None:
    """Replace the plan's loop, whose trip count is known at run time only, by
    a guard choosing between its skewed form and the loop itself."""
    with plan.loop.context:
        _GuardedEmitter(plan, group, pool).emit()
