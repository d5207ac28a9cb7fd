"""The skew depth of one loop: how many iterations the producer runs ahead.

Computed, never searched over the requested depth or the slot count: both may
be as large as an i64 attribute holds, and every step here is O(1) in them
(the only loop, for `remainder=shrink`, runs at most MAX_DEPTH times).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

# The skewed form holds 2*depth copies of the loop body plus up to depth - 1
# remainder copies: the depth is capped here whatever the stages and slots
# ask for, so that a huge request cannot blow up the code size.
MAX_DEPTH = 64

REMAINDER_MODES = ("peel", "shrink")


class PipeBudget(NamedTuple):
    """One pipe the loop uses on this core: its slot count and the messages
    one iteration moves through it (pushes or pops)."""

    slots: int
    messages: int


class Depth(NamedTuple):
    requested: int  # max(2, stages - 1)
    depth: int  # the depth the skew uses
    why: str  # why depth < requested ("" when it is not)


def requested_depth(stages: int) -> int:
    """The spec's D = max(2, F - 1)."""
    return max(2, stages - 1)


def skew_depth(requested: int, pipes: Mapping[object, PipeBudget],
               trip: int | None, remainder: str = "peel") -> Depth:
    """The depth for a loop asking for `requested`, whose pipes are `pipes`,
    with a constant trip count `trip` (>= 2) or None (known at run time only:
    the emitted guard runs the skew when trip >= 2 * depth).

    Every pipe bounds the depth by slots // messages (a deeper producer holds
    more messages than the pipe has slots, and deadlocks against a peer that
    was demoted), but never below 1; then MAX_DEPTH caps it. A constant trip
    lowers it to trip // 2 when trip < 2 * depth; otherwise `remainder`
    "peel" keeps it (the epilogue runs the trip % depth iterations left) and
    "shrink" lowers it to the largest d with trip % d == 0 (the reference's
    rule)."""
    depth, why = requested, ""
    for pipe, budget in sorted(pipes.items(), key=lambda item: str(item[0])):
        bound = max(1, budget.slots // budget.messages)
        if bound < depth:
            # One message per iteration: the remark's slot count says why.
            depth, why = bound, ("" if budget.messages == 1 else
                                 f"{pipe}: {budget.slots} slots / "
                                 f"{budget.messages} messages per iteration")
    if depth > MAX_DEPTH:
        depth, why = MAX_DEPTH, f"capped at {MAX_DEPTH} copies"
    if trip is None:
        return Depth(requested, depth, why)
    if trip < 2 * depth:  # the remark's trip count says why
        depth, why = trip // 2, ""
    if remainder == "shrink" and trip % depth:
        dividing = next(d for d in range(depth, 0, -1) if trip % d == 0)
        depth, why = dividing, "remainder=shrink"
    return Depth(requested, depth, why)
