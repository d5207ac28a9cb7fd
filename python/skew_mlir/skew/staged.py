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

A trip known at run time only (T, the same in both kernels: one trip key)
runs behind a guard T >= N * D (below it, the loop as written); above it
the T mod D iterations left over run first, as written, then the schedule
of a whole number of groups: the prologue and epilogue of trip N * D
(`guarded_schedule`), the steady loop T // D - (N - 1) times. Both kernels
compute the same T, so both run the same iterations as written first.
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
    trip: int | None  # None: known at run time only (behind a guard)
    bounds: tuple[int | None, int | None, int]  # start, stop, step (None: not a constant)
    peer: str  # "@name's loop at FILE:L:C"
    schedule: StagedSchedule
    # The stages of the pair (the more of its two loops'): behind a guard,
    # both loops are co-skewed at trips >= pair_stages * depth, else neither.
    pair_stages: int

    @property
    def guarded(self) -> bool:
        return self.trip is None

    def pipelined(self, trip=None) -> Pipelined | None:
        """The schedule as the model runs it; behind a guard, at `trip` (an
        int or a verify.trips.Affine; None: not known, the loop as written)."""
        stage_of = {op: s for op, s in zip(self.stages.handles, self.stages.stage)}
        if not self.guarded:
            return Pipelined(stage_of, 0, self.schedule.segments())
        d, n = self.depth, self.schedule.count
        if trip is None or trip < self.pair_stages * d:
            return None
        every = tuple((d, s) for s in range(n))
        return Pipelined(stage_of, 0, (
            (trip % d, tuple((1, s) for s in range(n))),
            *((1, every[:t + 1]) for t in range(n - 1)),
            (trip // d - (n - 1), every),
            *((1, every[e + 1:]) for e in range(n - 1))))

    def with_depth(self, depth: int, reasons: tuple[str, ...]) -> CoSkewPlan:
        trip = self.trip if not self.guarded else depth * self.schedule.count
        return self._replace(depth=depth, reasons=reasons,
                             schedule=staged_schedule(trip, depth, self.schedule.count))

    def constants(self) -> tuple[int, ...]:
        """The induction values and offsets the co-skewed form is built
        from; behind a guard, the offsets from the first iteration after
        those left over (prologue) and from the end (epilogue), in steps
        times the step, and the guard's numbers."""
        start, _, step = self.bounds
        d, n = self.depth, self.schedule.count
        first, end = self.schedule.steady_groups
        uses = self.stages.uses_iv
        if self.guarded:
            values = [d * step, 0, 1, d, n - 1, self.pair_stages * d - 1, first * d * step]
            values += [c.iteration * step for c in self.schedule.prologue if uses[c.stage]]
            values += [(c.iteration - n * d) * step for c in self.schedule.epilogue
                       if uses[c.stage]]
        else:
            values = [start + first * d * step, start + end * d * step, d * step]
            values += [start + c.iteration * step for c in self.schedule.prologue
                       + self.schedule.epilogue if uses[c.stage]]
        values += [abs(c.iteration) * step for c in self.schedule.steady
                   if uses[c.stage] and c.iteration]
        return tuple(dict.fromkeys(values))

    def remark(self, notes: tuple[str, ...] = ()) -> str:
        trip = (f"dynamic, co-skewed when >= {self.depth * self.pair_stages}"
                if self.guarded else self.trip)
        numbers = "; ".join((f"requested {self.requested}, trip {trip}, "
                             f"slots {self.slots}", *self.reasons,
                             *(note for note in notes if note)))
        return (f"co-skewed with {self.peer}: {self.schedule.count} stages, "
                f"depth {self.depth} ({numbers})")
