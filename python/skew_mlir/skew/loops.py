"""Finding pipeline loops and reading their static iteration range."""

from __future__ import annotations

import dataclasses

from mlir import ir

from .. import _native
from ..attributes import integer_value
from ..dialect import FIFO_OPS, FREE_OPS, PIPELINE_STAGES_ATTR, tile_type_error
from .plan import Demote, StaticRange


_WALKED = sorted(FIFO_OPS | FREE_OPS | {"scf.for"})


@dataclasses.dataclass
class PipelineLoop:
    op: ir.Operation  # an scf.for carrying pto.pipeline_stages
    stages: int
    fifo: list[ir.Operation]  # push/pop ops anywhere inside, in program order


def find_pipeline_loops(root: ir.Operation
                        ) -> tuple[list[PipelineLoop], list[tuple[ir.Operation, str]]]:
    """Pipeline loops under `root`, innermost first, and the malformed ops
    (pipeline markers, FIFO tiles) with what is wrong with them.

    One native walk collects the loops and FIFO ops, each with its closest
    collected ancestor (a Python call per op would cost more than the rest of
    the pass on large modules); each FIFO op is then charged to its enclosing
    pipeline loops along those links, so the cost stays linear in the IR size
    times the loop nesting depth.
    """
    loops: dict[int, PipelineLoop] = {}
    errors: list[tuple[ir.Operation, str]] = []
    fifo_ops: list[tuple[int, ir.Operation]] = []
    # Post-order visits a loop after everything nested in it: innermost first.
    capsules, ancestors = _native.collect_ops(root._CAPIPtr, _WALKED)
    for i, capsule in enumerate(capsules):
        op = ir.Operation._CAPICreate(capsule)
        name = op.name
        if name in FIFO_OPS or name in FREE_OPS:
            error = tile_type_error(op)
            if error:
                errors.append((op, error))
            elif name in FIFO_OPS:
                fifo_ops.append((i, op))
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
            ancestor = ancestors[i]
            while ancestor >= 0:
                if ancestor in loops:
                    loops[ancestor].fifo.append(fifo)
                ancestor = ancestors[ancestor]
    return list(loops.values()), errors


class Constants:
    """The integer values of `arith.constant` results (None: not one), each
    read once: the bounds of a function's loops share a few constants. Valid
    while the IR is unchanged."""

    def __init__(self):
        self._known: dict[ir.Value, int | None] = {}

    def get(self, value: ir.Value, what: str) -> int:
        """The value, or Demote naming `what` as non-constant."""
        number = self._known.get(value, ...)
        if number is ...:
            number = self._known[value] = self._read(value)
        if number is None:
            raise Demote(f"non-constant {what}")
        return number

    @staticmethod
    def _read(value: ir.Value) -> int | None:
        if isinstance(value, ir.OpResult):
            owner = value.owner
            if owner.name == "arith.constant":
                return integer_value(owner.attributes["value"])
        return None


INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


def _read_range(loop: ir.Operation, constants: Constants
                ) -> tuple[int, int, int, int, bool, tuple[ir.Value, ...]]:
    """Constant start / stop / step of an scf.for as its comparison reads
    them (unsigned under `unsignedCmp`), the IV's bit width, whether the
    comparison is unsigned, and the three bound operands; or Demote."""
    operands = loop.operands
    bounds = lower, upper, step_value = operands[0], operands[1], operands[2]
    start = constants.get(lower, "lower bound")
    stop = constants.get(upper, "upper bound")
    step = constants.get(step_value, "step")
    # The bounds have the IV's type; index is treated as 64-bit, as the data
    # layout default is.
    type_ = lower.type
    width = type_.width if isinstance(type_, ir.IntegerType) else 64
    unsigned = "unsignedCmp" in loop.attributes
    if unsigned:
        start, stop, step = (v % (1 << width) for v in (start, stop, step))
    if step <= 0:
        raise Demote(f"non-positive step {step}")
    return start, stop, step, width, unsigned, bounds


def trip_count(start: int, stop: int, step: int) -> int:
    return max(0, -(-(stop - start) // step))


def static_trips(loop: ir.Operation) -> int | None:
    """Trip count of an scf.for with constant bounds and positive step, else None."""
    try:
        return trip_count(*_read_range(loop, Constants())[:3])
    except Demote:
        return None


def static_range(loop: ir.Operation, constants: Constants) -> StaticRange:
    """Constant start / step / trip count of an scf.for, or Demote."""
    start, stop, step, width, unsigned, bounds = _read_range(loop, constants)
    high = (1 << width) - 1 if unsigned else (1 << (width - 1)) - 1
    trip = trip_count(start, stop, step)
    if trip < 2:
        raise Demote(f"trip count {trip} < 2")
    # The skewed loops run up to start + trip*step, past the original bound
    # when step does not divide the range: it must still fit the IV type.
    end = start + trip * step
    if end > high:
        raise Demote(f"skewed upper bound {end} overflows {bounds[0].type}")
    # The emitted constants are built from 64-bit signed integers.
    if not (INT64_MIN <= start and end <= INT64_MAX):
        raise Demote(f"bounds [{start}, {end}) of the skewed loops "
                     "do not fit in a signed 64-bit integer")
    # On equal values the lower bound wins (inserted last).
    lower, upper, step_value = bounds
    return StaticRange(start, step, trip, {step: step_value, stop: upper, start: lower})
