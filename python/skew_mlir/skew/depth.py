"""The skew depth of one loop: how many iterations the producer runs ahead.

Computed, never searched over the requested depth or the slot count: both may
be as large as an i64 attribute holds, and every step here is O(1) in them
(the only loop, for `remainder=shrink`, runs at most MAX_DEPTH times).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import NamedTuple

# The skewed form holds 2*depth copies of the loop body plus up to depth - 1
# remainder copies: the depth is capped here whatever the stages and slots
# ask for, so that a huge request cannot blow up the code size.
MAX_DEPTH = 64


class Remainder(enum.Enum):
    """The `remainder` option: what a constant trip count that the depth does
    not divide gets."""

    PEEL = "peel"  # keep the depth, peel the leftover iterations after the loop
    SHRINK = "shrink"  # lower the depth to the largest divisor of the trip


class MultiRoundTrip(enum.Enum):
    """The `multi-round-trip` option: what a loop whose FIFO ops turn
    between pushing and popping more than once gets."""

    COSKEW = "coskew"  # pipelined together with its peer loop (coskew.py)
    DEMOTE = "demote"  # the reference's rule: demoted


class PipeBudget(NamedTuple):
    """One pipe the loop uses on this core: its slot count and the messages
    one iteration moves through it (pushes or pops)."""

    slots: int
    messages: int


class DepthRule(enum.Enum):
    """The `depth` option: where a loop's skew depth comes from."""

    STAGES = "stages"  # max(2, pto.pipeline_stages - 1)
    AUTO = "auto"  # the smallest that hides the round trip (auto_depth.py)


class Depth(NamedTuple):
    requested: int  # max(2, stages - 1)
    depth: int  # the depth the skew uses
    # Why depth < requested, in words, one reason per lowering in the order
    # they were applied (empty when it is not lower).
    reasons: tuple[str, ...] = ()


def requested_depth(stages: int) -> int:
    """The spec's D = max(2, F - 1)."""
    return max(2, stages - 1)


def skew_depth(requested: int, pipes: Mapping[object, PipeBudget],
               trip: int | None, remainder: Remainder = Remainder.PEEL) -> Depth:
    """The depth for a loop asking for `requested`, whose pipes are `pipes`,
    with a constant trip count `trip` (>= 2) or None (known at run time only:
    the emitted guard runs the skew when trip >= 2 * depth).

    Every pipe bounds the depth by slots // messages (a deeper producer holds
    more messages than the pipe has slots, and deadlocks against a peer that
    was demoted), but never below 1; then MAX_DEPTH caps it. A constant trip
    lowers it to trip // 2 when trip < 2 * depth; otherwise `remainder`
    PEEL keeps it (the epilogue runs the trip % depth iterations left) and
    SHRINK lowers it to the largest d with trip % d == 0 (the reference's
    rule)."""
    depth, reasons = requested, []
    for pipe, budget in sorted(pipes.items(), key=lambda item: str(item[0])):
        bound = max(1, budget.slots // budget.messages)
        if bound < depth:
            depth = bound
            per = ("" if budget.messages == 1
                   else f" for {budget.messages} messages per iteration")
            reasons.append(f"{pipe} has {_count(budget.slots, 'slot')}{per}: "
                           f"at most {_count(bound, 'iteration')} ahead")
    if depth > MAX_DEPTH:
        depth = MAX_DEPTH
        reasons.append(f"capped at {MAX_DEPTH} copies of the body")
    if trip is not None and trip < 2 * depth:
        # The prologue and the epilogue each run `depth` whole iterations.
        reasons.append(f"trip {trip} < 2 x {depth}: at most "
                       f"{_count(trip // 2, 'iteration')} ahead")
        depth = trip // 2
    if trip is not None and remainder is Remainder.SHRINK and trip % depth:
        depth = next(d for d in range(depth, 0, -1) if trip % d == 0)
        reasons.append(f"remainder=shrink: {depth} is the largest depth "
                       f"dividing trip {trip}")
    return Depth(requested, depth, tuple(reasons))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
