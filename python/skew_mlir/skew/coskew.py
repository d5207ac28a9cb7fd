"""Co-skewing a multi-round-trip loop together with its peer loop.

A loop whose body turns from pushing to popping and back more than once
(cube: push S; pop P; push O) cannot be skewed alone: running one message
ahead reorders its pipe against the peer. With both kernels visible (the
module anchor), the loop and the loop of the peer kernel it talks to are cut
into stages at their FIFO ops (stages.py) and pipelined together on one
schedule (staged.py): every pipe's message order then changes in the same
way on both sides. The pair is planned only when

- the module holds one cube and one vector kernel, the loops are at their
  kernels' top level, and what each kernel moves ahead of its loop the
  other moves ahead of its own, pipe by pipe, so the loops' messages are
  each other's;
- both trip counts are the same constant, or the same value known at run
  time only (the pair's one trip key) over a constant step: then both loops
  run behind the same guard (staged.py, emit_staged.py);
- both bodies cut into stages whose messages match pipe by pipe;
- the verifier's model proves the planned pair deadlock-free (message
  identity included) at the requested depth (or depth=auto's), else at the
  closed-form candidates (`_candidates`), else at depth 1: four proofs at
  most, no search.

Otherwise both loops stay demoted and the remarks say why.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from mlir import ir

from ..diagnostics import place
from ..dialect import POP_OPS, PUSH_OPS
from ..fifo_model import POP, PUSH, SlotTable
from ..loop_ranges import Constants
from ..op_costs import CostModel
from ..attributes import function_name
from ..verify.program import Loop
from .auto_depth import Estimate, op_cycles
from .depth import Remainder, requested_depth
from .loops import PipelineLoop, skew_range
from .pairing import VisiblePeers
from .plan import CannotSkew, DemotionPlan, GuardedRange, StaticRange
from .staged import CoSkewPlan, staged_schedule
from .stages import Stages, cut_stages, pipe_shifts


def multi_round_trip(loop: PipelineLoop) -> bool:
    """Whether the loop's FIFO ops turn between pushing and popping more
    than once (push, pop, push or pop, push, pop)."""
    kinds = [op.name in PUSH_OPS for op in loop.fifo]
    return sum(a != b for a, b in zip(kinds, kinds[1:])) >= 2


def coskew(analysed: list, slots: SlotTable, remainder: Remainder,
           cost: CostModel | None, visible: VisiblePeers) -> dict:
    """New plans, by loop op, for the multi-round-trip loops of `analysed`
    ((PipelineLoop, plan) pairs) and their peers: a CoSkewPlan each, or a
    DemotionPlan naming why the pair is not co-skewed. `cost`: the cost
    model for depth=auto (None: the requested depth); `visible`: the
    kernels the pass sees (none is co-skewed under a function anchor)."""
    if not visible.at_module:
        return {}
    decided: dict = {}
    by_function: dict = {}
    for loop, plan in analysed:
        if loop.fifo:
            function = visible.kernel_function(loop.op)
            if function is not None:
                by_function.setdefault(function, []).append((loop, plan))
    # module -> (Pair or None, the programs as written, accepted co-skews); the
    # programs at two trips of the pair's run-time loops (one, with none;
    # not 1, at which a loop is no loop node of the program),
    # so that messages before a loop match whatever that trip is.
    pairs: dict = {}
    for loop, plan in analysed:
        if (loop.op in decided or not isinstance(plan, DemotionPlan)
                or not multi_round_trip(loop)):
            continue
        function = visible.kernel_function(loop.op)
        if function is None:
            continue
        module = function.parent.operation
        if module not in pairs:
            pair = visible.pair(function, slots)
            programs = ([{role: t.at(trips, {}) for role, t in pair.templates.items()}
                         for trips in ([{}] if pair.key is None
                                       else [{pair.key: 2}, {pair.key: 3}])]
                        if pair is not None else None)
            pairs[module] = (pair, programs, {})
        pair, programs, accepted = pairs[module]
        if pair is None:
            decided[loop.op] = _not_coskewed(plan, "the peer kernel is not known (the "
                                             "module must hold one cube and one vector kernel)")
            continue
        rng = _range(loop)
        if isinstance(rng, str):
            decided[loop.op] = _not_coskewed(plan, rng)
            continue
        role = "cube" if pair.functions["cube"] == function else "vector"
        peer_role = "vector" if role == "cube" else "cube"
        peer = pair.functions[peer_role]
        ahead = [_messages_before(at[role], loop.op) for at in programs]
        if None in ahead:
            decided[loop.op] = _not_coskewed(plan, f"the pair cannot be modelled "
                                                   f"({pair.several})"
                                             if pair.several else _UNCOUNTED)
            continue
        matches = [(other, other_plan) for other, other_plan in by_function.get(peer, [])
                   if other.op not in decided
                   and all(_each_others(mine, _messages_before(at[peer_role], other.op))
                           for mine, at in zip(ahead, programs))]
        if len(matches) != 1:
            decided[loop.op] = _not_coskewed(
                plan, f"no loop of @{function_name(peer)} starts at the same messages")
            continue
        (peer_loop, peer_plan), = matches
        if not isinstance(peer_plan, DemotionPlan):
            decided[loop.op] = _not_coskewed(plan, f"{_name(peer, peer_loop)} is skewed "
                                                   "on its own")
            continue
        loops = {function: loop, peer: peer_loop}
        plans = {function: plan, peer: peer_plan}
        try:
            made = _plan_group(pair, loops, cost, remainder, accepted)
        except CannotSkew as exc:
            for side, other in ((function, peer), (peer, function)):
                decided[loops[side].op] = _not_coskewed(
                    plans[side], f"with {_name(other, loops[other])}: {exc.reason}")
            continue
        for side in (function, peer):
            decided[loops[side].op] = accepted[loops[side].op] = made[side]
    return decided


def _range(loop: PipelineLoop) -> StaticRange | GuardedRange | str:
    """The loop's range (constant, or known at run time only with a
    constant step), else why it has none."""
    try:
        rng = skew_range(loop.op, Constants())
    except CannotSkew as exc:
        return exc.reason
    if isinstance(rng, GuardedRange) and rng.step is None:
        return "its step is known at run time only (co-skew needs a constant step)"
    return rng


_UNCOUNTED = ("the messages ahead of the loop cannot be counted (it is nested, or the "
              "kernel's FIFO use is not modelled)")


def _messages_before(program, loop: ir.Operation) -> dict | None:
    """Messages per (kind, pipe) the kernel moves before `loop`, a loop at
    its top level; None when that is not known."""
    if program.unproved:
        return None
    index = next((i for i, node in enumerate(program.body)
                  if isinstance(node, Loop) and node.op == loop), None)
    if index is None:
        return None
    return dataclasses.replace(program, body=program.body[:index]).totals()


def _each_others(mine: dict | None, theirs: dict | None) -> bool:
    """Whether two loops start at the same message of every pipe: what one
    side pushed before its loop, the other popped before its loop."""
    if mine is None or theirs is None:
        return False

    def moved(counts: dict, kind: str) -> dict:
        return {pipe: n for (k, pipe), n in counts.items() if k == kind and n}
    pushed = {**moved(mine, PUSH), **moved(theirs, PUSH)}
    popped = {**moved(mine, POP), **moved(theirs, POP)}
    return pushed == popped


def _not_coskewed(plan: DemotionPlan, why: str) -> DemotionPlan:
    if why in plan.reason:  # its own reason already says it (a short trip, say)
        return plan
    return dataclasses.replace(plan, reason=f"{plan.reason}; not co-skewed {why}"
                               if why.startswith("with ") else
                               f"{plan.reason}; not co-skewed: {why}")


def _name(function: ir.Operation, loop: PipelineLoop) -> str:
    return f"@{function_name(function)}'s loop at {place(loop.op.location)}"


def _plan_group(pair, loops: dict, cost: CostModel | None, remainder: Remainder,
                accepted: dict) -> dict:
    """The two CoSkewPlans of `loops` (kernel -> its loop), proved in the
    model with the co-skews `accepted` before (loop -> plan); or raise
    CannotSkew."""
    for function, loop in loops.items():
        if loop.stages == 1:
            raise CannotSkew(f"@{function_name(function)}'s loop asks for no skew "
                             "(pto.pipeline_stages = 1)")
    ranges = {}
    for function, loop in loops.items():
        rng = _range(loop)
        if isinstance(rng, str):
            raise CannotSkew(f"@{function_name(function)}'s loop: {rng}")
        ranges[function] = rng
    guarded = {isinstance(rng, GuardedRange) for rng in ranges.values()}
    if len(guarded) > 1:
        raise CannotSkew("one loop's trip count is a constant, the other's known at "
                         "run time only")
    guarded = guarded.pop()
    if guarded:
        # Both trips are the pair's one run-time trip (pair.key: `coskew`
        # demotes a pair whose programs it cannot build at every trip), so
        # both kernels take the same branch of their guards.
        if remainder is Remainder.SHRINK:
            raise CannotSkew("non-constant bounds: remainder=shrink keeps the reference's "
                             "rule, which skews constant trip counts only")
        trip = None
    else:
        trips = {rng.trip for rng in ranges.values()}
        if len(trips) > 1:
            raise CannotSkew(f"the loops run different trip counts "
                             f"({', '.join(map(str, sorted(trips)))})")
        trip = trips.pop()
    stages = {function: cut_stages(loop.op) for function, loop in loops.items()}
    cube, vector = pair.functions["cube"], pair.functions["vector"]
    mismatch = pipe_shifts(stages[cube], stages[vector])
    if mismatch:
        raise CannotSkew(mismatch)
    count = max(s.count for s in stages.values())
    requested = requested_depth(max(loop.stages for loop in loops.values()))
    # The most iterations the trip may have: a constant, or the IV type's.
    most = trip if trip is not None else min(rng.max_trip for rng in ranges.values())
    wanted, note = requested, ""
    if cost is not None:
        wanted, note = _auto(stages, loops, cube, vector, cost, most // count)
    reasons: list[str] = []
    depth = wanted
    if most < count * depth:
        depth = most // count
        reasons.append(f"trip {trip} < {count} stages x {wanted}: at most "
                       f"{depth} iteration(s) per stage" if trip is not None else
                       f"the IV's type holds at most {most} iterations: at most "
                       f"{depth} per stage")
    if depth < 1:
        raise CannotSkew(f"trip {most} is shorter than the {count} stages")
    if remainder is Remainder.SHRINK and trip % depth:
        depth = next(d for d in range(depth, 0, -1) if trip % d == 0)
        reasons.append(f"remainder=shrink: {depth} is the largest depth dividing trip {trip}")
    text = _slots_text(pair)
    plans = {}
    for function, loop in loops.items():
        other = vector if function == cube else cube
        rng = ranges[function]
        n = stages[function].count
        plans[function] = CoSkewPlan(
            loop.op, stages[function], depth, requested, tuple(reasons), text, trip,
            (rng.start, rng.stop if trip is not None else None, rng.step),
            _name(other, loops[other]),
            staged_schedule(trip if trip is not None else n * depth, depth, n), count)
    if not pair.prove_input():
        raise CannotSkew(pair.why_unproved())
    # No search: the depth as planned, then the closed-form candidates, then
    # 1, each proved once (at most four proofs per pair of loops).
    tried = []
    for d in (depth, *_candidates(stages[cube], pair.slots, depth), 1):
        if remainder is Remainder.SHRINK:
            d = next(x for x in range(d, 0, -1) if trip % x == 0)
        if d in tried:
            continue
        tried.append(d)
        lowered = {f: p if d == depth else p.with_depth(
            d, p.reasons + (f"depth {depth} is not proved against the peer",))
            for f, p in plans.items()}
        if pair.proves({**accepted, **{p.loop: p for p in lowered.values()}}):
            if note:
                lowered = {f: p._replace(reasons=p.reasons + (note,))
                           for f, p in lowered.items()}
            return lowered
    raise CannotSkew("no co-skew depth is proved against the peer (tried "
                     + ", ".join(map(str, tried)) + ")")


def _candidates(stages: Stages, slots: dict, depth: int) -> tuple[int, int]:
    """The depths <= `depth` at which every pipe's slots hold one group's
    messages of one stage (D times the pipe's messages in its busiest
    stage), then of a whole iteration (D times all its messages per
    iteration): a stage running its D iterations then never waits on a
    full pipe for a peer still in an earlier stage (docs/schedules.md#co-skew).
    At least 1 each."""
    per_stage = Counter(stages.fifo)
    per_iteration = Counter(pipe for pipe, _ in stages.fifo)
    busiest = {pipe: max(n for (p, _), n in per_stage.items() if p == pipe)
               for pipe in per_iteration}

    def fit(messages: dict) -> int:
        return max(1, min([depth, *(slots[pipe] // n for pipe, n in messages.items())]))
    return fit(busiest), fit(per_iteration)


def _slots_text(pair) -> str:
    counts = set(pair.slots.values())
    if len(counts) == 1:
        return str(counts.pop())
    return ", ".join(f"{pipe} {n}" for pipe, n in sorted(pair.slots.items(),
                                                         key=lambda item: str(item[0])))


def _auto(stages: dict, loops: dict, cube, vector, cost: CostModel, limit: int
          ) -> tuple[int, str]:
    """depth=auto for the pair: the side whose first FIFO op is a push
    leads; its stage 0 is the work it runs ahead (P), its other stages the
    rest (C), and the round trip R is two pipe hops plus the other side's
    stage 0 (from its pop to its answer). The smallest depth with
    (2D-1) P + D C >= R, as auto_depth.py does for one loop."""
    lead = next((f for f, loop in loops.items() if loop.fifo[0].name not in POP_OPS), cube)
    other = vector if lead == cube else cube

    def work(side: Stages, which) -> int:
        return sum(op_cycles(op, cost) for op, s in zip(side.handles, side.stage)
                   if which(s))
    e = Estimate(work(stages[lead], lambda s: s == 0), work(stages[lead], lambda s: s > 0),
                 2 * cost.pipe_latency + work(stages[other], lambda s: s == 0))
    depth = e.depth(max(1, limit))
    return depth, (f"auto: (2D-1)P + DC = {e.hiding_work(depth)} vs R = {e.round_trip} "
                   f"at D = {depth}, P {e.produce}, C {e.consume}")
