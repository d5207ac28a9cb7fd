"""Finding pipeline loops, and the static range a skew of one needs."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

from mlir import ir

from .. import _native
from ..attributes import integer_value
from ..calls import CallSummary, call_summaries
from ..dialect import FIFO_OPS, FREE_OPS, PIPELINE_STAGES_ATTR
from ..fifo_model import INIT_OPS, op_error
from ..loop_ranges import (INT64_MAX, INT64_MIN, Constants, NonStaticRange, read_range,
                           read_step)
from .plan import CannotSkew, GuardedRange, StaticRange


_PTO_OPS = FIFO_OPS | FREE_OPS | INIT_OPS.keys()
_WALKED = sorted(_PTO_OPS | {"scf.for"})


@dataclasses.dataclass
class PipelineLoop:
    op: ir.Operation  # an scf.for carrying pto.pipeline_stages
    stages: int
    fifo: list[ir.Operation]  # push/pop ops anywhere inside, in program order
    # calls anywhere inside, in program order, with what they reach of the
    # FIFO ops (tfree included)
    calls: list[tuple[ir.Operation, CallSummary]] = dataclasses.field(default_factory=list)


class FoundLoops(NamedTuple):
    loops: list[PipelineLoop]  # innermost first
    errors: list[tuple[ir.Operation, str]]  # malformed ops, what is wrong
    ignored: list[tuple[ir.Operation, str]]  # markers on ops no skew applies to, why


def find_pipeline_loops(root: ir.Operation) -> FoundLoops:
    """Pipeline loops under `root`, innermost first; the malformed ops
    (pipeline markers, FIFO and initialise ops) with what is wrong with them;
    and the ops other than scf.for that carry a pipeline marker.

    One native walk collects the loops, FIFO ops and calls, each with its
    closest collected ancestor (a Python call per op would cost more than the
    rest of the pass on large modules); each FIFO op and call is then charged
    to its enclosing pipeline loops along those links, so the cost stays
    linear in the IR size times the loop nesting depth. Callees are read only
    inside `root`.
    """
    loops: dict[int, PipelineLoop] = {}
    errors: list[tuple[ir.Operation, str]] = []
    ignored: list[tuple[ir.Operation, str]] = []
    fifo_ops: list[tuple[int, ir.Operation]] = []
    calls: list[tuple[int, ir.Operation]] = []
    # Post-order visits a loop after everything nested in it: innermost first.
    # With every op acting on a pipe: one the FIFO model does not read is
    # an error (op_error), never an op the skew moves freely.
    ops, ancestors = _native.collect_ops(root, _WALKED, True, True, PIPELINE_STAGES_ATTR)
    for i, op in enumerate(ops):
        name = op.name
        if name in _PTO_OPS or _native.touches_fifo(op):
            error = op_error(op)
            if error:
                errors.append((op, error))
            elif name in FIFO_OPS:
                fifo_ops.append((i, op))
        elif name != "scf.for":
            marked = PIPELINE_STAGES_ATTR in op.attributes
            if marked:
                ignored.append((op, f"'{PIPELINE_STAGES_ATTR}' on '{name}' is ignored: "
                                    "only scf.for loops are pipelined"))
            if not marked or _native.control_flow_kind(op) == "call":
                calls.append((i, op))
        elif PIPELINE_STAGES_ATTR in op.attributes:
            attr = op.attributes[PIPELINE_STAGES_ATTR]
            stages = integer_value(attr)
            if stages is not None and stages >= 1:
                loops[i] = PipelineLoop(op, stages, [])
            else:
                errors.append((op, f"'{PIPELINE_STAGES_ATTR}' must be an integer "
                                   f">= 1, got {attr}"))
    if loops:
        for i, fifo in fifo_ops:
            for loop in _enclosing(i, ancestors, loops):
                loop.fifo.append(fifo)
        charged = [(op, list(_enclosing(i, ancestors, loops))) for i, op in calls]
        charged = [(op, held) for op, held in charged if held]
        summaries = call_summaries(root, [op for op, _ in charged], FIFO_OPS | FREE_OPS)
        for (op, held), summary in zip(charged, summaries):
            for loop in held:
                loop.calls.append((op, summary))
    return FoundLoops(list(loops.values()), errors, ignored)


def _enclosing(i: int, ancestors: list[int], loops: dict[int, PipelineLoop]):
    """The pipeline loops that hold collected op `i`."""
    ancestor = ancestors[i]
    while ancestor >= 0:
        if ancestor in loops:
            yield loops[ancestor]
        ancestor = ancestors[ancestor]


def skew_range(loop: ir.Operation, constants: Constants
               ) -> StaticRange | GuardedRange:
    """The range a skew of the loop is planned on, or raise CannotSkew:
    constant bounds give a StaticRange, bounds known at run time only a
    GuardedRange (the step a positive constant, or provably positive)."""
    try:
        rng = read_range(loop, constants)
    except NonStaticRange:
        try:
            step = read_step(loop, constants, run_time=True)
        except NonStaticRange as bad_step:
            reason = bad_step.reason
            if reason == "non-constant step":
                reason += " (not provably positive: it may be zero or negative)"
            raise CannotSkew(reason) from None
        if step.max_trip < 4:  # a constant step
            raise CannotSkew(f"step {step.step} leaves at most {step.max_trip} "
                             f"iterations in {loop.operands[0].type}")
        try:
            start = constants.get(loop.operands[0], "lower bound")
        except NonStaticRange:
            start = None
        return GuardedRange(start, step.step, step.max_trip)
    start, stop, step, bounds = rng.start, rng.stop, rng.step, rng.bounds
    trip = rng.trip
    if trip < 2:
        raise CannotSkew(f"trip count {trip} < 2")
    # The skewed loops run up to start + trip*step, past the original bound
    # when step does not divide the range: it must still fit the IV type.
    end = start + trip * step
    if end > rng.iv_max:
        raise CannotSkew(f"skewed upper bound {end} overflows {bounds[0].type}")
    # The emitted constants are built from 64-bit signed integers.
    if not (INT64_MIN <= start and end <= INT64_MAX):
        raise CannotSkew(f"bounds [{start}, {end}) of the skewed loops "
                     "do not fit in a signed 64-bit integer")
    return StaticRange(start, stop, step, trip)
