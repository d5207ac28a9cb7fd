"""Deciding what happens to one pipeline loop, without touching the IR."""

from __future__ import annotations

from collections import Counter

from mlir import ir

from ..dialect import PIPELINE_STAGES_ATTR, POP_OPS, PUSH_OPS
from ..fifo_model import Pipe, pipe_of
from ..loop_ranges import Constants
from .capacity import Room
from .depth import Depth, PipeBudget, Remainder, requested_depth, skew_depth
from .hazards import check_memory
from .loops import PipelineLoop, skew_range
from .multibuffer import plan_buffers
from .peer_memory import UNKNOWN_PEER, PeerMemory
from .plan import CannotSkew, DemotionPlan, GuardedRange, SkewPlan
from .slicing import split_halves


def analyze(loop: PipelineLoop, slots: dict[Pipe, int], constants: Constants, room: Room,
            remainder: Remainder = Remainder.PEEL, peer: PeerMemory = UNKNOWN_PEER
            ) -> SkewPlan | DemotionPlan | None:
    """None for a loop that is not cross-core (left alone), else a skew or a
    demotion. `slots`: the slot count of each pipe the loop uses;
    `constants` reads the bounds; `remainder` is the pass option; `peer`:
    what the peer kernel may do to global memory; `room`: the tile memory
    of its kernel."""
    if not loop.fifo and not loop.calls:
        return None
    try:
        if not _cross_core(loop):
            return None
        return _plan_skew(loop, slots, constants, remainder, peer, room)
    except CannotSkew as exc:
        return DemotionPlan(loop.op, exc.reason, exc.consumer)


def _cross_core(loop: PipelineLoop) -> bool:
    """Whether the loop is cross-core: its body, nested regions and calls
    included, holds a push and a pop (the spec's Behavior 1; a push-only or
    pop-only loop is left intact). A call counts as the FIFO ops it reaches;
    beside the loop's own FIFO ops, the skew would treat it as an ordinary
    op and reorder its messages against theirs. A call whose callee cannot
    be read may do anything, so the loop is no pipeline loop for the later
    passes either. Raises CannotSkew for those."""
    names = _reached(loop)
    if not (names & PUSH_OPS and names & POP_OPS):
        return False
    for call, summary in loop.calls:
        if summary.reached and loop.fifo:
            fifo = ", ".join(f"'{name}'" for name in sorted(summary.reached))
            raise CannotSkew(f"{summary.describe(call)} reaches FIFO ops ({fifo})")
    if not loop.fifo:
        call, summary = next((c, s) for c, s in loop.calls if s.reached)
        raise CannotSkew(f"cross-core through calls: its calls push and pop "
                         f"(the first: {summary.describe(call)})")
    return True


def _reached(loop: PipelineLoop) -> set[str]:
    """The names of the FIFO ops the loop's body and calls reach; raises
    CannotSkew for a call whose callee cannot be read."""
    reached = {f.name for f in loop.fifo}
    for call, summary in loop.calls:
        if summary.problem:
            raise CannotSkew(f"FIFO traffic unknown: {summary.describe(call)} "
                             f"cannot be followed: {summary.problem}")
        reached |= summary.reached
    return reached


def left_alone(loop: PipelineLoop) -> str:
    """The remark for a loop `analyze` leaves alone (None): it does not both
    push and pop, so there is no round trip for a skew to overlap."""
    names = _reached(loop)
    if names & PUSH_OPS:
        what = "it pushes but never pops"
    elif names & POP_OPS:
        what = "it pops but never pushes"
    else:
        what = "it neither pushes nor pops"
    if loop.calls:
        what += " (its calls included)"
    return f"not skewed: not cross-core: {what}, no round trip to overlap; left as it was"


def _plan_skew(loop: PipelineLoop, slots: dict[Pipe, int], constants: Constants,
               remainder: Remainder, peer: PeerMemory, room: Room) -> SkewPlan:
    op = loop.op
    for fifo in loop.fifo:
        parent = fifo.parent
        if parent != op:
            raise CannotSkew(f"FIFO op '{fifo.name}' is nested in '{parent.name}'")
    if loop.stages == 1:
        raise CannotSkew(f"{PIPELINE_STAGES_ATTR} = 1 asks for no skew")
    lead = loop.fifo[0]
    if lead.name in POP_OPS:
        # Popping ahead is the consumer-side prefetch docs/ir-contract.md
        # rules out; the peer's producer half runs ahead instead.
        raise CannotSkew(f"its first FIFO op '{lead.name}' is a pop", consumer=True)
    rng = skew_range(op, constants)
    if isinstance(rng, GuardedRange) and remainder is Remainder.SHRINK:
        raise CannotSkew("non-constant bounds: remainder=shrink keeps the reference's "
                         "rule, which skews constant trip counts only")
    halves = split_halves(op)
    _check_pipes(loop.fifo)
    check_memory(halves, peer)
    buffers = plan_buffers(op, halves, room)
    messages = Counter(pipe_of(f) for f in loop.fifo)
    pipes = {pipe: PipeBudget(slots[pipe], count) for pipe, count in messages.items()}
    counts = set(slots.values())
    text = (str(counts.pop()) if len(counts) == 1
            else ", ".join(f"{pipe} {n}" for pipe, n in sorted(slots.items())))
    if isinstance(rng, GuardedRange):
        depth = skew_depth(requested_depth(loop.stages), pipes, None)
        if 2 * depth.depth > rng.max_trip:  # the guard could never pass
            depth = depth._replace(depth=rng.max_trip // 2, reasons=depth.reasons + (
                f"{op.operands[0].type} holds at most {rng.max_trip} iterations "
                f"at step {rng.step}",))
        depth = _fit(depth, buffers, room, lambda d: skew_depth(d, pipes, None))
        return SkewPlan.guarded_skew(op, halves, rng, depth, text, buffers)
    depth = skew_depth(requested_depth(loop.stages), pipes, rng.trip, remainder)
    depth = _fit(depth, buffers, room, lambda d: skew_depth(d, pipes, rng.trip, remainder))
    return SkewPlan.producer_skew(op, halves, rng, depth, remainder, text, buffers)


def _fit(depth: Depth, buffers: tuple, room: Room, redo) -> Depth:
    """`depth`, lowered until the copies of `buffers` fit `room` (`redo(d)`:
    the depth rule again from d); raises CannotSkew when none does."""
    if not buffers or depth.depth < 1:
        return depth
    fitted, reason = room.fit(buffers, depth.depth)
    if reason is None:
        return depth
    if not fitted:
        raise CannotSkew(f"tile memory: the copies of its buffers fit at no depth ({reason})")
    lowered = redo(fitted)
    return Depth(depth.requested, lowered.depth, depth.reasons + (reason,) + lowered.reasons)


def _check_pipes(fifo: list[ir.Operation]) -> None:
    """Every pipe's ops on this core must lie in one half, which the clones
    keep in order: the lead group (the pushes ahead of the first pop) runs
    ahead, so a pipe it uses may carry nothing after the first pop."""
    first_pop = next(i for i, op in enumerate(fifo) if op.name in POP_OPS)
    leading = {pipe_of(op) for op in fifo[:first_pop]}
    for op in fifo[first_pop:]:
        pipe = pipe_of(op)
        if pipe in leading:
            raise CannotSkew(f"multi-round-trip: '{op.name}' on pipe {pipe} "
                             f"follows '{fifo[first_pop].name}' (a push on "
                             f"{pipe} ahead of that pop runs ahead)")
