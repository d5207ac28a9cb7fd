"""Materialising a co-skew (staged.py): prologue, steady loop, epilogue of
stage copies.

Each stage's copies thread the iter_args of that stage in iteration order.
A value a stage defines and a later stage of the same iteration reads is
looked up by (op, iteration) outside the steady loop; inside it, it rides
in extra iter_args, one per lane of the group and per time step it waits
(stage b reads what stage a defined b - a steady iterations earlier).
"""

from __future__ import annotations

from mlir import ir

from ..cloning import CloneJob, CloneSpec, clone_all
from .emit import ConstantPool, LoopEmitter, Part
from .staged import CoSkewPlan


class _StagedEmitter(LoopEmitter):
    def __init__(self, plan: CoSkewPlan, group: int | None, pool: ConstantPool):
        super().__init__(plan, pool)
        stages = self.stages = plan.stages
        # A copy of stage s clones its recomputed scalars first (untagged).
        self.positions = [stages.recompute[s] + stages.positions(s)
                          for s in range(stages.count)]
        self.parts = [Part(stages, self.positions[s], stages.uses_iv[s], group,
                           untagged=len(stages.recompute[s]))
                      for s in range(stages.count)]
        self.position = {op: i for i, op in enumerate(stages.handles)}
        self.yielded = list(stages.terminator.operands)
        self.owned = [[a for a, s in enumerate(stages.iter_stage) if s == stage]
                      for stage in range(stages.count)]
        # crossing op position -> (its stage, how many steps its value waits at most)
        self.crossing = {i: (a, b - a) for i, a, b in stages.crossing}
        self.current = list(plan.loop.operands[3:])  # each iter_arg's value so far
        # (crossing op, iteration) -> its values outside the steady loop;
        # (crossing op, lane) -> its values made in the steady body.
        self.available: dict[tuple[int, int], list[ir.Value]] = {}
        self.fresh: dict[tuple[int, int], list[ir.Value]] = {}

    def copy(self, stage: int, iteration: int, iv: ir.Value | None,
             point: ir.InsertionPoint, carried: dict | None = None) -> None:
        """Clone stage `stage` of `iteration` at `point`, its IV `iv`; in the
        steady loop `iteration` is the lane and `carried` maps crossing op ->
        wait -> lane -> its values there."""
        lane = iteration % self.plan.depth
        mapping = {}
        if self.stages.uses_iv[stage]:
            mapping[self.iv] = iv
        for a in self.owned[stage]:
            mapping[self.iter_args[a]] = self.current[a]
        for i, (defined, _) in self.crossing.items():
            if defined >= stage or not self._read_in(i, stage):
                continue
            values = (carried[i][stage - defined][lane] if carried is not None
                      else self.available[(i, iteration)])
            mapping.update(zip(self.stages.handles[i].results, values))
        part = self.parts[stage]
        tag = None if part.group is None else f"{part.group}:{lane}"
        [(clones, _)] = clone_all([CloneJob(part.cloner, point,
                                            [CloneSpec(mapping, (), tag)])])
        if carried is None:
            self.created.append(clones)
        clone_of = dict(zip(self.positions[stage], list(clones)))
        for a in self.owned[stage]:
            value = self.yielded[a]
            if value == self.iter_args[a]:
                continue
            owner = None if isinstance(value.owner, ir.Block) else value.owner.operation
            if owner in self.position:
                result = ir.OpResult(value)
                self.current[a] = clone_of[self.position[owner]].results[result.result_number]
            else:  # defined outside the loop
                self.current[a] = value
        made = self.available if carried is None else self.fresh
        for i in self.crossing:
            if i in clone_of and self.stages.stage[i] == stage:
                made[(i, iteration)] = list(clone_of[i].results)

    def _read_in(self, i: int, stage: int) -> bool:
        return stage <= self.crossing[i][0] + self.crossing[i][1]

    def build(self) -> list[ir.Value]:
        plan, schedule = self.plan, self.plan.schedule
        loop = plan.loop
        start, _, step = plan.bounds
        d = plan.depth
        first, end = schedule.steady_groups
        before_loop = ir.InsertionPoint(loop)
        with loop.location:
            with before_loop:
                self.make_constants(plan.constants())
            c = self.constants
            for item in schedule.prologue:
                self.copy(item.stage, item.iteration,
                          c.get(start + item.iteration * step), before_loop)
            # The extra iter_args: crossing op, wait, lane, result.
            slots = [(i, wait, lane) for i, (defined, most) in self.crossing.items()
                     for wait in range(1, most + 1) for lane in range(d)]
            init = list(self.current)
            for i, wait, lane in slots:
                defined = self.crossing[i][0]
                init += self.available[(i, (first - wait - defined) * d + lane)]
            with before_loop:
                steady, body = self.steady_loop(c[start + first * d * step],
                                                c[start + end * d * step], c[d * step], init)
            k, *arguments = body.arguments
            m = len(self.iter_args)
            self.current = arguments[:m]
            carried: dict = {}
            rest = arguments[m:]
            for i, wait, lane in slots:
                width = len(self.stages.handles[i].results)
                carried.setdefault(i, {}).setdefault(wait, {})[lane] = rest[:width]
                rest = rest[width:]
            in_body = ir.InsertionPoint(body)
            ivs: dict[int, ir.Value] = {0: k}
            for item in schedule.steady:
                offset = item.iteration
                if self.stages.uses_iv[item.stage] and offset not in ivs:
                    name = "arith.addi" if offset > 0 else "arith.subi"
                    ivs[offset] = ir.Operation.create(
                        name, results=[k.type], operands=[k, c[abs(offset) * step]],
                        ip=in_body).result
                lane = offset + item.stage * d
                self.copy(item.stage, lane, ivs.get(offset), in_body, carried)
            fresh = []
            for i, wait, lane in slots:
                fresh += (self.fresh[(i, lane)] if wait == 1
                          else carried[i][wait - 1][lane])
            ir.Operation.create("scf.yield", operands=list(self.current) + fresh,
                                ip=in_body)
            results = list(steady.results)
            self.current = results[:m]
            rest = results[m:]
            for i, wait, lane in slots:
                width = len(self.stages.handles[i].results)
                defined = self.crossing[i][0]
                self.available[(i, (end - wait - defined) * d + lane)] = rest[:width]
                rest = rest[width:]
            for item in schedule.epilogue:
                self.copy(item.stage, item.iteration,
                          c.get(start + item.iteration * step), before_loop)
        return list(self.current)


def emit_staged(plan: CoSkewPlan, group: int | None, pool: ConstantPool) -> None:
    """Replace the plan's loop by its co-skewed form; `group` is the
    membership group of its copies (None: no tags)."""
    _StagedEmitter(plan, group, pool).emit()
