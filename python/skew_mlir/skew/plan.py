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

from .depth import Depth


class CannotSkew(Exception):
    """Raised inside the analysis: the loop cannot be skewed, for `reason`."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Halves(NamedTuple):
    """The loop body split at its lead group (the pushes ahead of the first
    pop): each half is a list of positions in the body, in body order."""

    handles: list  # native handles of the body's ops but the terminator
    terminator: object  # native handle of the body's scf.yield
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
        return [ir.Operation._CAPICreate(self.handles[i]) for i in positions]


class StaticRange(NamedTuple):
    start: int
    stop: int
    step: int
    trip: int


class Copy(NamedTuple):
    """One copy of a half: `slot` is the membership index S shared by the
    producer and consumer copies of one iteration; `iv` is the induction value,
    absolute outside the steady loop, an offset from its IV inside it."""

    slot: int
    iv: int


@dataclasses.dataclass(frozen=True)
class DemotionPlan:
    """The loop becomes a plain sequential loop, for `reason`."""

    loop: ir.Operation
    reason: str

    def remark(self) -> str:
        return f"demoted: {self.reason}"


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
    why: str  # why depth < requested, when the numbers do not say
    remainder: str  # the pass option: how a lowered depth is chosen
    slots: str  # the slot counts of the loop's pipes, for the remark
    trip: int
    # The loop's start / stop / step as read: the emitter reuses the loop's
    # own bound operands for these values.
    bounds: tuple[int, int, int]
    schedule: Schedule

    @classmethod
    def producer_skew(cls, loop: ir.Operation, halves: Halves, rng: StaticRange,
                      depth: Depth, remainder: str, slots: str) -> SkewPlan:
        return cls(loop, halves, depth.depth, depth.requested, depth.why, remainder,
                   slots, rng.trip, (rng.start, rng.stop, rng.step),
                   producer_schedule(rng.start, rng.step, rng.trip, depth.depth))

    def remark(self) -> str:
        why = f"; {self.why}" if self.why else ""
        return (f"skewed: depth {self.depth} (requested {self.requested}, "
                f"trip {self.trip}, slots {self.slots}{why})")
