"""What the analysis decides for one pipeline loop, and how a skew is laid out.

A plan names the ops of each half and the induction value of every copy, so the
emitter needs no knowledge of the schedule: other schedules (remainder peeling,
dynamic trip counts, multi-message groups) are other plans for the same emitter.

Every plan of a function is made before any loop is rewritten, and a rewrite
replaces the uses of its loop's results and erases the loop. So a plan holds
only what no other loop's rewrite can replace or erase: its loop and the ops
of its body (a rewritten loop never holds another pipeline loop: holding one
with FIFO ops makes it a demoted loop), and plain numbers. Values defined
outside the loop (the yielded values, the bounds, the initial values) are
read from the loop when it is rewritten.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import NamedTuple

from mlir import ir

from ..loop_ranges import Constants, read_step
from .depth import Depth, Remainder


class CannotSkew(Exception):
    """Raised inside the analysis: the loop cannot be skewed, for `reason`.
    `consumer`: the loop is the consumer of its pair (its first FIFO op is a
    pop), the role a skewed peer expects of it rather than a failure."""

    def __init__(self, reason: str, consumer: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.consumer = consumer


class Halves(NamedTuple):
    """The loop body split at its lead group (the pushes ahead of the first
    pop): each half is a list of positions in the body, in body order."""

    handles: list[ir.Operation]  # the body's ops but the terminator
    terminator: ir.Operation  # the body's scf.yield
    names: list[str]  # their names
    buffers: list[bool]  # whether each has a tensor or memref result
    effect_free: list[bool]  # whether MLIR knows each to touch no memory
    producer: list[int]  # the lead group and its backward slice
    consumer: list[int]  # every other op
    # Scalar arith chains that the producer half hands to the consumer half:
    # re-cloned at the head of every consumer copy instead of being carried.
    recompute: list[int]
    producer_uses_iv: bool
    consumer_uses_iv: bool  # its recomputed chains and the yield included

    def ops(self, positions: list[int]) -> list[ir.Operation]:
        return [self.handles[i] for i in positions]


class StaticRange(NamedTuple):
    start: int
    stop: int
    step: int
    trip: int


class GuardedRange(NamedTuple):
    """A loop whose bounds are known at run time only: its constant step
    (None: known at run time, provably positive). The skewed form runs
    behind a guard `trip >= 2 * depth` (docs/schedules.md)."""

    start: int | None  # the lower bound, when it is a constant
    step: int | None
    max_trip: int  # the most iterations the IV's type allows at this step


class Copy(NamedTuple):
    """One copy of a half: `slot` is the membership index S shared by the
    producer and consumer copies of one iteration; `iv` is the induction value,
    absolute outside the steady loop, an offset from its IV inside it."""

    slot: int
    iv: int


def _with_notes(text: str, notes: tuple[str, ...]) -> str:
    return "; ".join((text, *(note for note in notes if note)))


@dataclasses.dataclass(frozen=True)
class DemotionPlan:
    """The loop becomes a plain sequential loop, for `reason`; `consumer`:
    it is the consumer of its pair, which is what its producer peer expects
    (see CannotSkew)."""

    loop: ir.Operation
    reason: str
    consumer: bool = False

    def remark(self, notes: tuple[str, ...] = ()) -> str:
        """The remark, with `notes` (decisions made beyond the loop) after it."""
        if self.consumer:
            head = (f"not skewed: consumer role (expected: the peer's producer "
                    f"runs ahead): {self.reason}")
        else:
            head = f"demoted: {self.reason}"
        return _with_notes(head, notes)


class Schedule(NamedTuple):
    """The copies of a producer skew, whatever the loop's body."""

    prologue: tuple[Copy, ...]  # producer copies
    steady_range: tuple[int, int, int]  # start, stop, step of the steady loop
    steady_producers: tuple[Copy, ...]
    steady_consumers: tuple[Copy, ...]
    # After the steady loop: producer copies of the trip % depth iterations
    # it leaves over, then the consumer copies of every iteration not yet
    # consumed.
    remainder: tuple[Copy, ...]
    epilogue: tuple[Copy, ...]

    def constants(self, produced: bool, consumed: bool) -> tuple[int, ...]:
        """The integers the skewed form is built from: the steady loop's
        range, and the induction values and offsets of the copies of a half
        that uses its IV (`produced`, `consumed`)."""
        return _constants(self, produced, consumed)


@functools.lru_cache(maxsize=256)
def producer_schedule(start: int, step: int, trip: int, depth: int) -> Schedule:
    """Producer runs `depth` iterations ahead (docs/schedules.md); a
    copy of iteration n has slot n % depth. The steady loop covers the
    largest multiple of `depth` iterations, the rest is peeled after it.
    Cached: a module's loops mostly share a few ranges."""
    s, st, d = start, step, depth
    covered = trip - trip % d
    return Schedule(
        prologue=tuple(Copy(i, s + i * st) for i in range(d)),
        steady_range=(s + d * st, s + covered * st, d * st),
        steady_producers=tuple(Copy(i, i * st) for i in range(d)),
        steady_consumers=tuple(Copy(i, -(d - i) * st) for i in range(d)),
        remainder=tuple(Copy(n % d, s + n * st) for n in range(covered, trip)),
        epilogue=tuple(Copy(n % d, s + n * st) for n in range(covered - d, trip)),
    )


class GuardedSchedule(NamedTuple):
    """The copies of a producer skew over a trip T known at run time only
    (T >= 2D under the guard), with G = T // D and r = T % D. A copy's `iv`
    is its induction value's offset from a base computed at run time, in
    steps: the lower bound (prologue), lb + j*D*step (the steady loop's
    copies, j its IV in [1, G)), lb + (G-1)*D*step (epilogue), lb + G*D*step
    (remainder copy t, run when r > t). `step` is None when it is known at
    run time only."""

    depth: int
    step: int | None
    prologue: tuple[Copy, ...]
    steady_producers: tuple[Copy, ...]
    steady_consumers: tuple[Copy, ...]
    epilogue: tuple[Copy, ...]
    remainder: tuple[Copy, ...]

    def offsets(self, produced: bool, consumed: bool) -> tuple[int, ...]:
        """The offsets, in steps, of the copies of a half that uses its IV."""
        offsets = ([c.iv for c in self.prologue + self.steady_producers + self.remainder
                    if produced]
                   + [abs(c.iv) for c in self.steady_consumers + self.epilogue if consumed])
        return tuple(dict.fromkeys(o for o in offsets if o))

    def constants(self, produced: bool, consumed: bool) -> tuple[int, ...]:
        """The integers the guarded form is built from: 1, D, the guard's
        2D-1, the remainder tests' 0..D-2, and D and the offsets in steps
        times the step when it is a constant (else as they are)."""
        d, scale = self.depth, self.step or 1
        return tuple(dict.fromkeys([1, d, 2 * d - 1, *range(d - 1), d * scale,
                                    *(o * scale for o in self.offsets(produced, consumed))]))


@functools.lru_cache(maxsize=256)
def guarded_schedule(step: int | None, depth: int) -> GuardedSchedule:
    d = depth
    ahead = tuple(Copy(i, i) for i in range(d))
    return GuardedSchedule(
        depth=d, step=step, prologue=ahead, steady_producers=ahead,
        steady_consumers=tuple(Copy(i, -(d - i)) for i in range(d)),
        epilogue=ahead, remainder=ahead[:-1])


@functools.lru_cache(maxsize=256)
def _constants(schedule: Schedule, produced: bool, consumed: bool) -> tuple[int, ...]:
    return tuple([c.iv for c in schedule.prologue if produced]
                 + list(schedule.steady_range)
                 + [abs(c.iv) for c in schedule.steady_producers if c.iv and produced]
                 + [abs(c.iv) for c in schedule.steady_consumers if c.iv and consumed]
                 + [c.iv for c in schedule.remainder if produced]
                 + [c.iv for c in schedule.epilogue if consumed])


class SkewPlan(NamedTuple):
    loop: ir.Operation
    halves: Halves
    depth: int
    requested: int  # max(2, stages - 1)
    reasons: tuple[str, ...]  # why depth < requested, in words (see Depth)
    remainder: Remainder  # the pass option: how a lowered depth is chosen
    slots: str  # the slot counts of the loop's pipes, for the remark
    trip: int | None  # None: known at run time only
    # The loop's start / stop / step as read (None: not a constant): the
    # emitter reuses the loop's own bound operands for these values.
    bounds: tuple[int | None, int | None, int]
    schedule: Schedule | GuardedSchedule
    # The tile buffers the skew copies (multibuffer.Buffered), by the
    # allocations made before the loop, which no rewrite erases.
    buffers: tuple = ()

    @property
    def guarded(self) -> bool:
        """Whether the skew runs behind a run-time guard on the trip count."""
        return self.trip is None

    @classmethod
    def producer_skew(cls, loop: ir.Operation, halves: Halves, rng: StaticRange,
                      depth: Depth, remainder: Remainder, slots: str,
                      buffers: tuple = ()) -> SkewPlan:
        return cls(loop, halves, depth.depth, depth.requested, depth.reasons, remainder,
                   slots, rng.trip, (rng.start, rng.stop, rng.step),
                   producer_schedule(rng.start, rng.step, rng.trip, depth.depth), buffers)

    @classmethod
    def guarded_skew(cls, loop: ir.Operation, halves: Halves, rng: GuardedRange,
                     depth: Depth, slots: str, buffers: tuple = ()) -> SkewPlan:
        return cls(loop, halves, depth.depth, depth.requested, depth.reasons,
                   Remainder.PEEL,
                   slots, None, (rng.start, None, rng.step),
                   guarded_schedule(rng.step, depth.depth), buffers)

    @property
    def trip_depth(self) -> int:
        """The deepest skew the trip allows (at run time: the most iterations
        the IV's type holds at this step)."""
        if self.guarded:
            return read_step(self.loop, Constants(), run_time=True).max_trip // 2
        return max(1, self.trip // 2)

    def with_depth(self, depth: int, reasons: tuple[str, ...] = ()) -> SkewPlan:
        """The same skew at another depth (not checked against the trip),
        lower than requested for `reasons`."""
        if self.guarded:
            schedule = guarded_schedule(self.bounds[2], depth)
        else:
            start, _, step = self.bounds
            schedule = producer_schedule(start, step, self.trip, depth)
        return self._replace(depth=depth, reasons=reasons, schedule=schedule)

    def remark(self, notes: tuple[str, ...] = ()) -> str:
        """The remark: the depth, the numbers it was chosen from, the reason
        for every lowering, and `notes` (decisions made beyond the loop)."""
        trip = (f"trip dynamic, skewed when >= {2 * self.depth}" if self.guarded
                else f"trip {self.trip}")
        numbers = f"requested {self.requested}, {trip}, slots {self.slots}"
        return (f"skewed: depth {self.depth} "
                f"({_with_notes(numbers, self.reasons + tuple(notes))})")
