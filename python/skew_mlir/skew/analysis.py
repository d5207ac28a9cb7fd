"""Deciding what happens to one pipeline loop, without touching the IR."""

from __future__ import annotations

from mlir import ir

from ..dialect import PIPELINE_STAGES_ATTR, POP_OPS, PUSH_OPS
from .hazards import check_memory
from ..loop_ranges import Constants
from .loops import PipelineLoop, static_range
from .plan import CannotSkew, DemotionPlan, SkewPlan, skew_depth
from .slicing import split_halves


def analyze(loop: PipelineLoop, slots: int, constants: Constants
            ) -> SkewPlan | DemotionPlan | None:
    """None for a same-core loop (left alone), else a skew or a demotion.
    `constants` reads the bounds."""
    if not loop.fifo:
        return None
    try:
        return _plan_skew(loop, slots, constants)
    except CannotSkew as exc:
        return DemotionPlan(loop.op, exc.reason)


def _plan_skew(loop: PipelineLoop, slots: int, constants: Constants) -> SkewPlan:
    op = loop.op
    for fifo in loop.fifo:
        parent = fifo.parent
        if parent != op:
            raise CannotSkew(f"FIFO op '{fifo.name}' is nested in '{parent.name}'")
    pushes = sum(f.name in PUSH_OPS for f in loop.fifo)
    pops = len(loop.fifo) - pushes
    if pushes > 1 or pops > 1:
        raise CannotSkew(f"multi-round-trip: {pushes} pushes and {pops} pops")
    if pushes != 1 or pops != 1:
        raise CannotSkew(f"not a round-trip: {pushes} push and {pops} pop")
    if loop.stages == 1:
        raise CannotSkew(f"{PIPELINE_STAGES_ATTR} = 1 asks for no skew")
    rng = static_range(op, constants)
    lead = loop.fifo[0]
    halves = split_halves(op)
    if lead.name in POP_OPS:
        # Popping ahead is the consumer-side prefetch the spec rules out.
        raise CannotSkew(f"consumer role: the lead op '{lead.name}' is a pop")
    check_memory(halves)
    requested, depth = skew_depth(loop.stages, slots, rng.trip)
    return SkewPlan.producer_skew(op, halves, rng, requested, slots, depth)
