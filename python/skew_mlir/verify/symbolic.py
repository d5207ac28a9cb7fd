"""Integer arithmetic of one launch argument, evaluated over all its values.

A loop bound or an `scf.if` condition computed from a kernel argument with
`arith` ops has a structural key (loop_ranges.value_key, leaves named by
launch.launch_names). When every such key of a pair names one argument X,
the verifier runs the pair at every value of X at once (verify/trips.py):
X is the branch variable, and each key evaluates to an integer or an
Affine of X on the branch, with the ops' own semantics: every result wraps
to its type's width (two's complement), unsigned ops and comparisons read
the unsigned value, and a comparison, a wrap or a division that differs
between values of the branch narrows it (the rest run later). So a guard
`(ub > lb) and ((ub - lb - 1) /u step >= k)`, the trip of the loop it
guards and the remainder tests after it are exact at every X, overflow
included.

What is not modelled (a product of two values of X, a division by one, a
shift, a poison result of an op with overflow flags, any other op) raises
trips.NotAffine: the proof stops with that reason, it never guesses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable

from ..loop_ranges import trip_count
from .trips import Affine, NotAffine, TripSet

_INTEGER = re.compile(r"i(\d+)$")

# The most classes of X (values equal modulo some m) that one division may
# split a branch into: past it the proof would run a branch per class.
MAX_CLASSES = 1 << 12

# arith.cmpi predicates by their attribute value.
_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def is_integer(type_text: str) -> bool:
    """Whether the type is an index or integer type of at least one bit
    (one X can range over)."""
    found = _INTEGER.match(type_text)
    return type_text == "index" or (found is not None and int(found.group(1)) >= 1)


def width_of(type_text: str) -> int:
    """Bits of an integer or index type (index as 64, the data layout's
    default); NotAffine for another type."""
    if type_text == "index":
        return 64
    if not is_integer(type_text):
        raise NotAffine(f"a value of type {type_text}")
    return int(type_text[1:])


def values_of(variable: tuple) -> TripSet:
    """Every value of a launch argument (`variables`) its type holds."""
    half = 1 << (width_of(variable[2]) - 1)
    return TripSet(1, 0, -half, half - 1)


def argument_name(variable: tuple) -> str:
    """A launch argument (`variables`) as a report names it."""
    scope, position, type_ = variable
    where = f" of @{scope}" if scope else ""
    return f"launch argument {position}{where} ({type_})"


def variables(key: Hashable, scope: str = "") -> set[tuple]:
    """The launch arguments a key (value_key / trip_key part) reads, each
    as (scope, position name, type): scope "" for a kernel argument, an
    entry's name for an argument of that entry."""
    kind = _kind(key)
    if kind == "constant":
        return set()
    if kind == "argument":
        return {(scope, *key)}
    if kind == "launch":
        return variables(key[1], key[0])
    return set().union(*(variables(part, scope) for part in key[4:]))


def _kind(key) -> str:
    """constant (number, type); argument ("%argN", type); launch (scope,
    key); op (name, result number, type, attributes, *operands)."""
    if key[0].__class__ is int:
        return "constant"
    if len(key) == 2:
        return "launch" if isinstance(key[1], tuple) else "argument"
    return "op"


class Evaluator:
    """Evaluates keys at X = `value` (an int, or trips.Affine on a branch)
    of the launch argument `variable` (see `variables`); results are
    memoised, so each key decides the branch once."""

    def __init__(self, variable: tuple, value):
        self.variable = variable
        self.value = value
        self.known: dict = {}

    def trip(self, key: tuple):
        """The trip count of an scf.for of trip key `key`
        (loop_ranges.trip_key: lower, upper, step, unsignedCmp)."""
        lower, upper, step, unsigned = key
        width = width_of(_type(lower))
        view = _unsigned if unsigned else _signed
        start, stop, stride = (view(self.evaluate(part), width)
                               for part in (lower, upper, step))
        if stride.__class__ is not int:
            raise NotAffine("a loop step known at run time only")
        if stride <= 0:
            raise NotAffine(f"a loop of step {stride}")
        if not stop > start:
            return 0
        _splits(stop - start, stride)
        return trip_count(start, stop, stride)

    def truth(self, key: Hashable) -> bool:
        """Whether an i1 value is true (nonzero)."""
        return _nonzero(self.evaluate(key))

    def evaluate(self, key: Hashable, scope: str = ""):
        memo = (scope, key)
        if memo not in self.known:
            self.known[memo] = self._evaluate(key, scope)
        return self.known[memo]

    def _evaluate(self, key, scope: str):
        kind = _kind(key)
        if kind == "constant":
            return _wrap(key[0], width_of(key[1]))
        if kind == "argument":
            if (scope, *key) != self.variable:
                raise NotAffine("a second launch argument")
            return self.value
        if kind == "launch":
            return self.evaluate(key[1], key[0])
        name, _, type_text, attributes, *parts = key
        operands = [self.evaluate(part, scope) for part in parts]
        width = width_of(type_text)
        flags = dict(attributes).get("overflowFlags", "#arith.overflow<none>")
        result = _apply(name, operands, [_type(p) for p in parts], width, dict(attributes))
        wrapped = _wrap(result, width)
        if wrapped is not result and flags != "#arith.overflow<none>":
            if _differs(wrapped, result):
                raise NotAffine(f"'{name}' with {flags} may give poison")
        return wrapped


def _type(key) -> str:
    kind = _kind(key)
    if kind == "launch":
        return _type(key[1])
    return key[1] if kind in ("constant", "argument") else key[2]


def _differs(a, b) -> bool:
    return a.__class__ is not b.__class__ or (a.__class__ is int and a != b) or \
        (a.__class__ is Affine and not a == b)


def _wrap(value, width: int):
    """`value` in two's complement at `width` bits, read signed."""
    modulus, half = 1 << width, 1 << (width - 1)
    if value.__class__ is int:
        return (value + half) % modulus - half
    # A value of X wraps where it leaves the range: the branch is cut there.
    for _ in range(4):
        if value > half - 1:
            value = value - modulus
        elif value < -half:
            value = value + modulus
        else:
            return value
    raise NotAffine("a value of X that wraps around more than 4 times")


def _nonzero(value) -> bool:
    """value != 0, deciding on the branch (an Affine's == is structural)."""
    return value < 0 or value > 0


def _signed(value, width: int):
    return value


def _unsigned(value, width: int):
    return value + (1 << width) if value < 0 else value


def _constant(value, what: str) -> int:
    if value.__class__ is not int:
        raise NotAffine(f"{what} by a value known at run time only")
    if value == 0:
        raise NotAffine(f"{what} by zero")
    return value


def _splits(value, divisor: int) -> None:
    """NotAffine when value // divisor would split value's branch into more
    than MAX_CLASSES classes (trips.Affine.__floordiv__ refines it so)."""
    if value.__class__ is Affine:
        q = value.c * divisor
        classes = q // math.gcd(value.a * value.branch.modulus, q)
        if classes > MAX_CLASSES:
            raise NotAffine(f"a division by {divisor} splits the values of the "
                            f"argument into {classes} classes (at most {MAX_CLASSES})")


def _floordiv(a, b: int):
    """a // b (b a positive int)."""
    _splits(a, b)
    return a // b


def _truncated(a, b: int):
    """a / b rounded toward zero (b a nonzero int)."""
    if b < 0:
        a, b = -a, -b
    return _floordiv(a, b) if a >= 0 else -_floordiv(-a, b)


def _apply(name: str, operands: list, types: list[str], width: int, attributes: dict):
    if name in ("arith.index_cast", "arith.extsi", "arith.trunci"):
        return operands[0]  # read signed, wrapped to the result's width
    if name in ("arith.index_castui", "arith.extui"):
        return _unsigned(operands[0], width_of(types[0]))
    if name == "arith.cmpi":
        predicate = _PREDICATES[int(attributes["predicate"].split(":")[0])]
        a, b = operands
        if predicate[0] == "u":
            bits = width_of(types[0])
            a, b = _unsigned(a, bits), _unsigned(b, bits)
        test = predicate.lstrip("su")
        holds = {"eq": lambda: not (a < b) and not (a > b),
                 "ne": lambda: a < b or a > b,
                 "lt": lambda: a < b, "le": lambda: not (a > b),
                 "gt": lambda: a > b, "ge": lambda: not (a < b)}[test]()
        return -1 if holds else 0
    if name == "arith.select":
        condition, true, false = operands
        return true if _nonzero(condition) else false
    a, b = operands if len(operands) == 2 else (None, None)
    if len(operands) != 2:
        raise NotAffine(f"'{name}'")
    if name in ("arith.addi", "arith.subi", "arith.muli"):
        return a + b if name == "arith.addi" else a - b if name == "arith.subi" else a * b
    if name in ("arith.andi", "arith.ori", "arith.xori"):
        if a.__class__ is not int or b.__class__ is not int:
            raise NotAffine(f"'{name}' of a value known at run time only")
        return a & b if name == "arith.andi" else a | b if name == "arith.ori" else a ^ b
    if name in ("arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"):
        x, y = (_unsigned(a, width), _unsigned(b, width)) if name[-2] == "u" else (a, b)
        larger = x > y
        return x if larger == name.startswith("arith.max") else y
    if name in ("arith.divui", "arith.remui", "arith.ceildivui"):
        x, y = _unsigned(a, width), _constant(_unsigned(b, width), "a division")
        if name == "arith.divui":
            return _floordiv(x, y)
        if name == "arith.remui":
            return x - y * _floordiv(x, y)
        return -_floordiv(-x, y)
    if name in ("arith.divsi", "arith.remsi", "arith.floordivsi", "arith.ceildivsi"):
        y = _constant(b, "a division")
        if name == "arith.divsi":
            return _truncated(a, y)
        if name == "arith.remsi":
            return a - y * _truncated(a, y)
        if y < 0:
            a, y = -a, -y
        return _floordiv(a, y) if name == "arith.floordivsi" else -_floordiv(-a, y)
    raise NotAffine(f"'{name}'")
