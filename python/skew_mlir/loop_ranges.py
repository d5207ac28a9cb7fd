"""The iteration range of an `scf.for`, read from its constant bounds.

The one place that says how many times a loop runs: the skew pass plans from
it, and the checkers (`verify/`, `sim/`) count with it, so none of them reads
bounds in its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple

from mlir import ir

from .attributes import integer_value

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


class NonStaticRange(Exception):
    """The loop's range is not a constant positive-step range, for `reason`."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Constants:
    """The integer values of `arith.constant` results (None: not one), each
    read once: the bounds of a function's loops share a few constants. Valid
    while the IR is unchanged."""

    def __init__(self):
        self._known: dict[ir.Value, int | None] = {}

    def get(self, value: ir.Value, what: str) -> int:
        """The value, or NonStaticRange naming `what` as non-constant."""
        number = self._known.get(value, ...)
        if number is ...:
            number = self._known[value] = self._read(value)
        if number is None:
            raise NonStaticRange(f"non-constant {what}")
        return number

    @staticmethod
    def _read(value: ir.Value) -> int | None:
        if isinstance(value, ir.OpResult):
            owner = value.owner
            if owner.name == "arith.constant":
                attr = owner.attributes["value"]
                if isinstance(attr, ir.BoolAttr):
                    # An i1 bound is a 1-bit integer, signed as the other
                    # widths are read (true: -1; 1 under unsignedCmp).
                    return -1 if attr.value else 0
                return integer_value(attr)
        return None


class LoopRange(NamedTuple):
    """Constant start / stop / step of an scf.for as its comparison reads them
    (unsigned under `unsignedCmp`), the IV's bit width, whether the comparison
    is unsigned, and the three bound operands."""

    start: int
    stop: int
    step: int
    width: int
    unsigned: bool
    bounds: tuple[ir.Value, ir.Value, ir.Value]

    @property
    def trip(self) -> int:
        return trip_count(self.start, self.stop, self.step)

    @property
    def iv_max(self) -> int:
        """The largest value the IV's type holds, as the comparison reads it."""
        return (1 << self.width) - 1 if self.unsigned else (1 << (self.width - 1)) - 1


class LoopStep(NamedTuple):
    """The step of an scf.for whose bounds may be known at run time only: a
    positive constant, or None for one known at run time that is provably
    positive; its IV's bit width and whether its comparison is unsigned."""

    step: int | None
    width: int
    unsigned: bool

    @property
    def max_trip(self) -> int:
        """The most iterations any bounds of the IV's type allow."""
        return trip_count(0, (1 << self.width) - 1, self.step or 1)


def read_step(loop: ir.Operation, constants: Constants, run_time: bool = False
              ) -> LoopStep:
    """The constant positive step of an scf.for, or NonStaticRange; with
    `run_time`, a step known at run time only is accepted (as None) when it is
    provably positive (`positive_at_run_time`). Any other step known at run
    time only may be zero or negative: such a loop never ends or never runs,
    and nothing here can tell which."""
    step_value = loop.operands[2]
    # The bounds have the IV's type; index is treated as 64-bit, as the data
    # layout default is.
    type_ = step_value.type
    width = type_.width if isinstance(type_, ir.IntegerType) else 64
    unsigned = "unsignedCmp" in loop.attributes
    try:
        step = constants.get(step_value, "step")
    except NonStaticRange:
        if run_time and positive_at_run_time(step_value, width, unsigned):
            return LoopStep(None, width, unsigned)
        raise
    if unsigned:
        step %= 1 << width
    if step <= 0:
        raise NonStaticRange(f"non-positive step {step}")
    return LoopStep(step, width, unsigned)


def positive_at_run_time(value: ir.Value, width: int, unsigned: bool) -> bool:
    """Whether `value` is positive whatever its operands are: the maximum
    (arith.maxsi, or arith.maxui under an unsigned comparison) of anything
    and a positive constant."""
    if not isinstance(value, ir.OpResult):
        return False
    owner = value.owner
    if owner.name not in (("arith.maxsi", "arith.maxui") if unsigned else ("arith.maxsi",)):
        return False
    for operand in owner.operands:
        number = Constants._read(operand)
        if number is not None and owner.name == "arith.maxui":
            number %= 1 << width
        if number is not None and number >= 1:
            return True
    return False


def read_range(loop: ir.Operation, constants: Constants) -> LoopRange:
    """The constant range of an scf.for, or NonStaticRange."""
    operands = loop.operands
    bounds = lower, upper = operands[0], operands[1]
    start = constants.get(lower, "lower bound")
    stop = constants.get(upper, "upper bound")
    step, width, unsigned = read_step(loop, constants)
    if unsigned:
        start, stop = (v % (1 << width) for v in (start, stop))
    return LoopRange(start, stop, step, width, unsigned, (*bounds, operands[2]))


def trip_count(start: int, stop: int, step: int) -> int:
    """Iterations of `for (i = start; i < stop; i += step)`, step > 0."""
    return max(0, -(-(stop - start) // step))


# Arith expressions deeper than this are not keyed (their loops stay unrelated).
KEY_DEPTH = 8
# The levels of arith the pass's skews behind a run-time guard add over a
# loop's bounds (skew/emit_guarded.py: cmpi(remui(addi(divui(subi(subi(ub,
# lb), 1), step), 1), D), t)): a checker of the pass's output keys this much
# deeper, so that what the pass keyed it keys after the pass too.
GUARDED_DEPTH = 6


def trip_key(loop: ir.Operation, arguments: Callable[[ir.BlockArgument], Hashable | None],
             limit: int = KEY_DEPTH) -> tuple | None:
    """What the trip count of an scf.for is computed from, when its bounds are
    made of constants, arguments of its function (named by `arguments`:
    launch.launch_names says what each holds at launch) and arith ops on
    those, else None.

    Loops of a cube/vector pair with one key run equally often (and a pair
    whose loops with one key move messages stays balanced only if they do).
    `limit`: value_key's."""
    parts = [value_key(value, arguments, limit=limit) for value in list(loop.operands)[:3]]
    if None in parts:
        return None
    return (*parts, "unsignedCmp" in loop.attributes)


def argument_key(number: int, type_: ir.Type) -> tuple:
    """A function argument's part of a value_key: its position and type."""
    return (f"%arg{number}", str(type_))


def value_key(value: ir.Value, arguments: Callable[[ir.BlockArgument], Hashable | None],
              depth: int = 0, limit: int = KEY_DEPTH):
    """A structural key of `value`: equal keys mean equal values (arith ops
    are pure), None when it cannot be keyed (deeper than `limit` levels of
    arith); an argument of a function's entry block is keyed by `arguments`
    (None: it cannot be)."""
    number = Constants._read(value)
    if number is not None:
        return (number, str(value.type))
    if _function_argument(value):
        return arguments(ir.BlockArgument(value))
    if depth >= limit or not isinstance(value, ir.OpResult):
        return None
    owner = value.owner
    if not owner.name.startswith("arith.") or len(owner.regions):
        return None
    parts = [value_key(operand, arguments, depth + 1, limit) for operand in owner.operands]
    if None in parts:
        return None
    attributes = tuple(sorted((name, str(owner.attributes[name])) for name in owner.attributes))
    return (owner.name, value.result_number, str(value.type), attributes, *parts)


def _function_argument(value: ir.Value) -> bool:
    """Whether `value` is an argument of a function's entry block."""
    if not isinstance(value, ir.BlockArgument):
        return False
    block = value.owner
    holder = block.owner
    return ("function_type" in holder.attributes
            and holder.regions[0].blocks[0] == block)


def static_trips(loop: ir.Operation) -> int | None:
    """Trip count of an scf.for with constant bounds and positive step, else None."""
    try:
        return read_range(loop, Constants()).trip
    except NonStaticRange:
        return None
