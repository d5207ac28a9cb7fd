"""The depths a pair's skews get when the plan as requested does not prove:
a closed form over the pair's loops, proved once (docs/deadlock.md).

A skew of depth D puts the producer half of the next 2D - 1 iterations ahead
of a consumer half: when the loop pushes m messages per iteration in its
producer half and pops in its consumer half, the kernel has pushed up to
(2D - 1) m messages more than it has popped whenever it may block on a push.
A cube loop and a vector loop *answer each other* when messages flow both
ways between them (the cube loop's pushes on some pipe are popped by the
vector loop, and the vector loop's pushes on some pipe are popped by the cube
loop). Both can block on pushes at once only with the pipes between them
full, S messages in all (S the slots of those pipes), so their leads must
add up to S at least; the candidate keeps every such pair of skewed loops
below that:

    (2 Dc - 1) mc + (2 Dv - 1) mv < S.

As the search it replaces, the candidate first takes the largest common cap
on the depths that meets every inequality, then gives each lowered loop
(deepest first) the deepest depth that still meets them with the others as
they are. Nothing here runs the model: the candidate is a guess, and only a
proof of it makes it the plan (pairing.py).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable
from typing import NamedTuple

from mlir import ir

from ..dialect import POP_OPS, PUSH_OPS
from ..fifo_model import POP, PUSH, Pipe
from ..verify.program import Loop, Program
from .plan import SkewPlan

# One kind of event on one pipe -> the half-open range of the pipe's message
# numbers a loop touches with it.
Spans = dict[tuple[str, Pipe], tuple[int, int]]


class Lead(NamedTuple):
    """What a loop's skew moves ahead: `messages` pushes per iteration, in
    front of the pops of its consumer half (none: the skew moves no push
    ahead of a pop, and leads by nothing)."""

    messages: int
    pops: bool

    def at(self, depth: int) -> int:
        """Messages pushed beyond those popped, at most, at depth `depth`."""
        return (2 * depth - 1) * self.messages if self.pops and depth >= 1 else 0

    def deepest(self, room: int) -> int | None:
        """The largest depth whose lead is below `room`; None: any depth."""
        if not self.pops or not self.messages:
            return None
        return max(0, (room - 1 + self.messages) // (2 * self.messages))


def lead_of(plan: SkewPlan) -> Lead:
    halves = plan.halves
    pushed = _count(halves.ops(halves.producer), PUSH_OPS)
    popped = _count(halves.ops(halves.recompute + halves.consumer), POP_OPS)
    return Lead(pushed, popped > 0)


def _count(ops: Iterable[ir.Operation], names: frozenset) -> int:
    found = 0

    def visit(op):
        nonlocal found
        found += op.name in names
        return ir.WalkResult.ADVANCE
    for op in ops:
        op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def spans(program: Program, loops: set[ir.Operation]) -> dict[ir.Operation, Spans]:
    """For each loop of `loops` that runs in `program`, the message numbers
    it touches per (kind, pipe). A loop node of the program holding events of
    several of them counts wholly for each (more overlap, never less)."""
    counters: dict[tuple[str, Pipe], int] = {}
    found: dict[ir.Operation, Spans] = {}
    owners: dict[ir.Operation, ir.Operation | None] = {}

    def owner(op: ir.Operation) -> ir.Operation | None:
        climbed, current = [], op
        while current is not None and current not in owners:
            if current in loops:
                owners[current] = current
                break
            climbed.append(current)
            parent = current.parent
            current = parent.operation if parent is not None else None
        result = owners.get(current) if current is not None else None
        for passed in climbed:
            owners[passed] = result
        return result

    def extend(loop, key, low, high):
        spans_of = found.setdefault(loop, {})
        old = spans_of.get(key)
        spans_of[key] = (low, high) if old is None else (min(old[0], low), max(old[1], high))

    # Pending items in reverse: nodes, and ("end", loop node, counters at its start).
    work = list(reversed(program.body))
    while work:
        node = work.pop()
        if node.__class__ is tuple:
            _, loop_node, start, holders = node
            body = {key: n - start.get(key, 0) for key, n in counters.items()
                    if n != start.get(key, 0)}
            for key, once in body.items():
                counters[key] = start.get(key, 0) + once * loop_node.trip
                for holder in holders:
                    extend(holder, key, start.get(key, 0), counters[key])
            continue
        if node.__class__ is Loop:
            holders = {owner(e.op) for e in _events(node)} - {None}
            work.append(("end", node, dict(counters), holders))
            work.extend(reversed(node.body))
            continue
        key = (node.kind, node.pipe)
        at = counters.get(key, 0)
        counters[key] = at + 1
        holder = owner(node.op)
        if holder is not None:
            extend(holder, key, at, at + 1)
    return found


def _events(loop: Loop):
    work = [loop]
    while work:
        node = work.pop()
        if node.__class__ is Loop:
            work.extend(node.body)
        else:
            yield node


def answering_pipes(cube: Spans, vector: Spans) -> set[Pipe]:
    """The pipes between a cube loop and a vector loop that answer each
    other (messages flow both ways between them), else the empty set."""
    ahead, back = _feeds(cube, vector), _feeds(vector, cube)
    return ahead | back if ahead and back else set()


def _feeds(source: Spans, sink: Spans) -> set[Pipe]:
    return {pipe for (kind, pipe), (low, high) in source.items() if kind == PUSH
            and (span := sink.get((POP, pipe))) is not None
            and low < span[1] and span[0] < high}


def touching(cube: dict[ir.Operation, Spans], vector: dict[ir.Operation, Spans]):
    """The (cube loop, vector loop) pairs whose pushes and pops share a
    message on some pipe: per pipe, the loops' spans sorted and swept, so
    the cost follows the pairs found, not all pairs of loops."""
    found: dict[tuple, None] = {}
    for pushers, poppers, first in ((cube, vector, True), (vector, cube, False)):
        by_pipe: dict[Pipe, list] = {}
        for loop, spans_of in poppers.items():
            for (kind, pipe), (low, high) in spans_of.items():
                if kind == POP:
                    by_pipe.setdefault(pipe, []).append((low, high, loop))
        reach = {}  # pipe -> the largest stop among the first i spans, per i
        for pipe, entries in by_pipe.items():
            entries.sort(key=lambda e: e[:2])
            reach[pipe] = list(itertools.accumulate((e[1] for e in entries), max))
        for loop, spans_of in pushers.items():
            for (kind, pipe), (low, high) in spans_of.items():
                if kind != PUSH or pipe not in by_pipe:
                    continue
                entries, ends = by_pipe[pipe], reach[pipe]
                # The popping spans that start before `high`, latest first,
                # until none before ends after `low`.
                i = bisect.bisect_left(entries, (high,)) - 1
                while i >= 0 and ends[i] > low:
                    if entries[i][1] > low:
                        other = entries[i][2]
                        found[(loop, other) if first else (other, loop)] = None
                    i -= 1
    return list(found)


class Constraint(NamedTuple):
    """Two skewed loops that answer each other through `slots` slots."""

    first: ir.Operation
    second: ir.Operation
    slots: int


def candidate(plans: list[SkewPlan], constraints: list[Constraint],
              at_most: Callable[[SkewPlan, int], SkewPlan | None]) -> dict:
    """loop -> plan (absent: demoted) for the `plans`, under `constraints`;
    `at_most(plan, cap)` is the plan at the deepest feasible depth <= cap."""
    leads = {plan.loop: lead_of(plan) for plan in plans}
    planned = {plan.loop: plan for plan in plans}

    def depth(chosen: dict, loop) -> int:
        plan = chosen.get(loop)
        return plan.depth if plan is not None else 0

    def meets(chosen: dict) -> bool:
        return all(leads[c.first].at(depth(chosen, c.first))
                   + leads[c.second].at(depth(chosen, c.second)) < c.slots
                   for c in constraints)

    def capped(cap: int) -> dict:
        out = {}
        for loop, plan in planned.items():
            lowered = at_most(plan, min(cap, plan.depth))
            if lowered is not None:
                out[loop] = lowered
        return out

    # The leads only grow with the cap: the largest cap that meets every
    # inequality, counted down from the deepest plan (arithmetic only).
    cap = max(plan.depth for plan in plans)
    chosen = capped(cap)
    while cap > 0 and not meets(chosen):
        cap -= 1
        chosen = capped(cap)
    for plan in sorted(plans, key=lambda p: -p.depth):
        lead, limit = leads[plan.loop], plan.depth
        for c in constraints:
            if plan.loop in (c.first, c.second):
                other = c.second if c.first == plan.loop else c.first
                deepest = lead.deepest(c.slots - leads[other].at(depth(chosen, other)))
                if deepest is not None:
                    limit = min(limit, deepest)
        if limit > depth(chosen, plan.loop):
            raised = at_most(plan, limit)
            if raised is not None and raised.depth > depth(chosen, plan.loop):
                chosen[plan.loop] = raised
    return chosen
