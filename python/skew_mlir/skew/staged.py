"""The co-skew of a loop cut into N stages (stages.py), and its schedule.

Iterations go in groups of D (the depth): group g holds iterations gD ...
gD + D - 1, the last group maybe fewer (trip % D). At time t the loop runs
stage s of group t - s, stages in order 0 ... N-1: stage s of iteration k
runs alongside stage s+1 of iteration k - D. The times at which every stage
has a whole group form the steady loop (t = N-1 ... trip // D - 1, its IV
the first induction value of group t); the times before are the prologue,
those after the epilogue. Both loops of a co-skewed pair follow the same
times, so a pipe whose messages lie in matching stages on both sides keeps
one message order on both (stages.pipe_shifts). With N = 2 this is the
producer skew of plan.producer_schedule.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from mlir import ir

from ..verify.program import Pipelined
from .stages import Stages


class StagedCopy(NamedTuple):
    """A copy of stage `stage`; `iteration`: its iteration's number from 0,
    or in the steady loop its offset from the group of the steady IV."""

    stage: int
    iteration: int


class StagedSchedule(NamedTuple):
    depth: int
    count: int  # stages
    trip: int
    prologue: tuple[StagedCopy, ...]
    steady_groups: tuple[int, int]  # the times t the steady loop runs: [first, end)
    steady: tuple[StagedCopy, ...]
    epilogue: tuple[StagedCopy, ...]

    def segments(self) -> tuple:
        """The schedule as Pipelined segments (verify/program.py)."""
        d, n = self.depth, self.count
        first, end = self.steady_groups

        def at(t: int) -> tuple:
            return tuple((self._lanes(t - s), s) for s in range(n) if self._lanes(t - s))
        return (*((1, at(t)) for t in range(first)),
                (end - first, tuple((d, s) for s in range(n))),
                *((1, at(t)) for t in range(end, self._groups() + n - 1)))

    def _groups(self) -> int:
        return -(-self.trip // self.depth)

    def _lanes(self, group: int) -> int:
        if group < 0 or group >= self._groups():
            return 0
        return min(self.depth, self.trip - group * self.depth)


@functools.lru_cache(maxsize=256)
def staged_schedule(trip: int, depth: int, count: int) -> StagedSchedule:
    """Needs trip >= count * depth: the steady loop runs at least once."""
    d, n = depth, count
    full = trip // d
    groups = -(-trip // d)

    def copies(t: int) -> list[StagedCopy]:
        return [StagedCopy(s, k) for s in range(n) if 0 <= t - s < groups
                for k in range((t - s) * d, min((t - s + 1) * d, trip))]
    return StagedSchedule(
        depth=d, count=n, trip=trip,
        prologue=tuple(c for t in range(n - 1) for c in copies(t)),
        steady_groups=(n - 1, full),
        steady=tuple(StagedCopy(s, i - s * d) for s in range(n) for i in range(d)),
        epilogue=tuple(c for t in range(full, groups + n - 1) for c in copies(t)))


class CoSkewPlan(NamedTuple):
    """One loop of a co-skewed pair: both loops share the trip, depth and
    the number of stages."""

    loop: ir.Operation
    stages: Stages
    depth: int
    requested: int
    reasons: tuple[str, ...]  # why depth < requested
    slots: str  # the slot counts, for the remark
    trip: int
    bounds: tuple[int, int, int]  # start, stop, step
    peer: str  # "@name's loop at FILE:L:C"
    schedule: StagedSchedule

    def pipelined(self) -> Pipelined:
        return Pipelined({op: s for op, s in zip(self.stages.handles, self.stages.stage)},
                         0, self.schedule.segments())

    def with_depth(self, depth: int, reasons: tuple[str, ...]) -> CoSkewPlan:
        return self._replace(depth=depth, reasons=reasons,
                             schedule=staged_schedule(self.trip, depth, self.schedule.count))

    def constants(self) -> tuple[int, ...]:
        """The induction values and offsets the co-skewed form is built
        from."""
        start, _, step = self.bounds
        d = self.depth
        first, end = self.schedule.steady_groups
        values = [start + first * d * step, start + end * d * step, d * step]
        uses = self.stages.uses_iv
        values += [start + c.iteration * step for c in self.schedule.prologue
                   + self.schedule.epilogue if uses[c.stage]]
        values += [abs(c.iteration) * step for c in self.schedule.steady
                   if uses[c.stage] and c.iteration]
        return tuple(dict.fromkeys(values))

    def remark(self, notes: tuple[str, ...] = ()) -> str:
        numbers = "; ".join((f"requested {self.requested}, trip {self.trip}, "
                             f"slots {self.slots}", *self.reasons,
                             *(note for note in notes if note)))
        return (f"co-skewed with {self.peer}: {self.schedule.count} stages, "
                f"depth {self.depth} ({numbers})")
