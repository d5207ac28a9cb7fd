"""arith and math ops, elementwise on scalars and tensors alike (numpy broadcasts).

Integers wrap at their width (numpy fixed-width dtypes); signed ops read
i1 true as -1 and unsigned ops reinterpret the bits as the unsigned type of
the same width (values.signed_ints / unsigned_ints). Floating-point follows
IEEE (numpy); fastmath flags are ignored. Division by zero, and a float
converted to an integer type that cannot hold it (fptosi/fptoui: poison),
are undefined in arith and are reported as errors.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..op_costs import TRANSCENDENTAL_OPS
from .dispatch import Step, handles
from .errors import SimError, UnsupportedOp, where
from .values import (bit_width, constant, dtype_of, element_type, signed_ints,
                     unsigned_ints, wrap)


def _elementwise(fn, transcendental: bool = False, result_dtype=None):
    """Handler for an op computing its one result as fn(*operands).

    Scalars cost one scalar-unit cycle, tensors one vector instruction over
    the result's bytes."""

    def handler(op, cc) -> Step:
        ins = cc.slots_of(op.operands)
        out = cc.slot(op.results[0])
        dtype = result_dtype or dtype_of(element_type(op.results[0].type))
        spend, cost = cc.spend, cc.cost
        scalar_cycles = cost.scalar_op_cycles
        site = where(op)

        def run(frame):
            value = wrap(fn(*[frame[s] for s in ins], site=site), dtype)
            frame[out] = value
            spend(cost.vector(value.nbytes, transcendental) if value.ndim else scalar_cycles)
        return Step(run)
    return handler


def _binary(ufunc):
    return lambda a, b, **_: ufunc(a, b)


def _signed(fn):
    """Apply fn to integer operands as signed ops read them (i1 true: -1)."""
    return lambda *xs, **kw: fn(*[signed_ints(x) for x in xs], **kw)


def _unary(ufunc):
    return lambda a, **_: ufunc(a)


def _as_unsigned(fn):
    """Apply fn to the operands reinterpreted as unsigned integers."""
    return lambda *xs, **_: fn(*[unsigned_ints(x) for x in xs])


def _nonzero_divisor(fn):
    def checked(a, b, site):
        if np.any(b == 0):
            raise SimError(f"{site}: integer division by zero")
        return fn(a, b, site=site)
    return checked


def divide_truncating(a, b, **_):
    # numpy's // floors; arith.divsi truncates toward zero.
    q = a // b
    return q + ((a % b != 0) & ((a < 0) != (b < 0))).astype(q.dtype)


def _ceildiv(a, b):
    # floor + 1 when inexact: avoids negating a, which overflows at INT_MIN.
    q = a // b
    return q + (a % b != 0).astype(q.dtype)


# Results wrap to the result's width (values.wrap): i1 add/sub is xor, mul and.
_INT_BINARY = {
    "arith.addi": _signed(_binary(np.add)),
    "arith.subi": _signed(_binary(np.subtract)),
    "arith.muli": _signed(_binary(np.multiply)),
    "arith.divsi": _nonzero_divisor(_signed(divide_truncating)),
    "arith.divui": _nonzero_divisor(_as_unsigned(np.floor_divide)),
    "arith.remsi": _nonzero_divisor(_signed(_binary(np.fmod))),
    "arith.remui": _nonzero_divisor(_as_unsigned(np.remainder)),
    "arith.floordivsi": _nonzero_divisor(_signed(_binary(np.floor_divide))),
    "arith.ceildivsi": _nonzero_divisor(_signed(_binary(_ceildiv))),
    "arith.ceildivui": _nonzero_divisor(_as_unsigned(_ceildiv)),
    "arith.andi": _signed(_binary(np.bitwise_and)),
    "arith.ori": _signed(_binary(np.bitwise_or)),
    "arith.xori": _signed(_binary(np.bitwise_xor)),
    "arith.shli": _signed(_binary(np.left_shift)),
    "arith.shrsi": _signed(_binary(np.right_shift)),
    "arith.shrui": _as_unsigned(np.right_shift),
    "arith.maxsi": _signed(_binary(np.maximum)),
    "arith.minsi": _signed(_binary(np.minimum)),
    "arith.maxui": _as_unsigned(np.maximum),
    "arith.minui": _as_unsigned(np.minimum),
}


def maximumf(a, b):
    """arith.maximumf (the JIT's tile max too): NaN if either operand is,
    and -0.0 < +0.0; np.maximum returns the first of two equal zeros.
    Integers too: two equal integers are one value."""
    a, b = np.asarray(a), np.asarray(b)
    return np.where(a == b, np.where(np.signbit(a), b, a), np.maximum(a, b))[()]


def minimumf(a, b):
    """arith.minimumf: maximumf's order, the other way."""
    a, b = np.asarray(a), np.asarray(b)
    return np.where(a == b, np.where(np.signbit(a), a, b), np.minimum(a, b))[()]


_FLOAT_BINARY = {
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.divide,
    "arith.remf": np.fmod,
    "arith.maximumf": maximumf,
    "arith.minimumf": minimumf,
    "arith.maxnumf": np.fmax,  # NaN-ignoring
    "arith.minnumf": np.fmin,
    "math.powf": np.power,
    "math.atan2": np.arctan2,
    "math.copysign": np.copysign,
}


def fold(fn, acc, xs):
    """acc combined by fn with xs[..., 0], xs[..., 1], ... in turn, as a loop
    does, elementwise over the other axes. A ufunc's accumulate goes in
    order; its reduce sums floats pairwise, whose roundings are not the
    loop's. Other fns (maximumf, minimumf) are applied once per element."""
    if isinstance(fn, np.ufunc):
        both = np.concatenate([np.asarray(acc)[..., None], xs], axis=-1)
        return fn.accumulate(both, axis=-1)[..., -1]
    for k in range(xs.shape[-1]):
        acc = fn(acc, xs[..., k])
    return acc


def _round_half_away(x):
    """math.round: to nearest, ties away from zero. x - trunc(x) is exact;
    floor(|x| + 0.5) is not (0.49999999999999994 + 0.5 rounds to 1)."""
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.copysign(np.ones_like(t), x), t)


def _fma(a, b, c, **_):
    """math.fma: a*b + c rounded once.

    f16/bf16/f32: the product is exact in f64, and the f64 sum rounded to odd
    (TwoSum gives its error) then rounds correctly to the narrower type
    (Boldo & Melquiond, 2008). f64: summed exactly as fractions.
    """
    a, b, c = np.broadcast_arrays(*(np.asarray(x) for x in (a, b, c)))
    if a.dtype == np.float64:
        return np.vectorize(_fma_f64, otypes=[np.float64])(a, b, c)
    p = a.astype(np.float64) * b.astype(np.float64)
    c = c.astype(np.float64)
    s = p + c
    v = s - p
    error = (p - (s - v)) + (c - v)
    even = (s.view(np.int64) & 1) == 0
    toward = np.where(error > 0, np.inf, -np.inf)
    odd = np.where(np.isfinite(s) & (error != 0) & even, np.nextafter(s, toward), s)
    return odd.astype(a.dtype)


def _fma_f64(a: float, b: float, c: float) -> float:
    if not (math.isfinite(a) and math.isfinite(b)):
        return a * b + c  # the product is exactly inf or NaN
    if not math.isfinite(c):
        return c
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        return a * b + c  # the zero's sign as IEEE rounds it
    try:
        return float(exact)  # int / int: correctly rounded
    except OverflowError:
        return math.copysign(math.inf, exact)


def _erf(x):
    """math.erf: libm's erf (numpy has none; the JIT calls libm's erff or
    erf), computed in f64."""
    x = np.asarray(x)
    return np.vectorize(math.erf, otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype)


_FLOAT_UNARY = {
    "arith.negf": np.negative,
    "math.absf": np.abs,

    "math.ceil": np.ceil,
    "math.floor": np.floor,
    "math.trunc": np.trunc,
    "math.roundeven": np.rint,
    "math.round": _round_half_away,
    "math.exp": np.exp,
    "math.exp2": np.exp2,
    "math.expm1": np.expm1,
    "math.log": np.log,
    "math.log2": np.log2,
    "math.log10": np.log10,
    "math.log1p": np.log1p,
    "math.sqrt": np.sqrt,
    "math.rsqrt": lambda x: 1 / np.sqrt(x),
    "math.tanh": np.tanh,
    "math.sin": np.sin,
    "math.cos": np.cos,
    "math.tan": np.tan,
    "math.atan": np.arctan,
    "math.erf": _erf,
}

# The cost model prices the transcendental ones (op_costs.TRANSCENDENTAL_OPS)
# at the vector unit's slower rate.
for _name, _fn in _INT_BINARY.items():
    handles(_name)(_elementwise(_fn))
for _name, _fn in _FLOAT_BINARY.items():
    handles(_name)(_elementwise(_binary(_fn), _name in TRANSCENDENTAL_OPS))
for _name, _fn in _FLOAT_UNARY.items():
    handles(_name)(_elementwise(_unary(_fn), _name in TRANSCENDENTAL_OPS))
handles("math.fma")(_elementwise(_fma))
handles("math.absi")(_elementwise(_signed(_unary(np.abs))))

# --- comparisons and select ----------------------------------------------------

def _uno(a, b):
    return np.isnan(a) | np.isnan(b)


# Indexed by the arith.CmpFPredicate / CmpIPredicate enum values.
_CMPF = [
    lambda a, b: np.zeros(np.broadcast(a, b).shape, bool),  # false
    np.equal, np.greater, np.greater_equal, np.less, np.less_equal,  # oeq ogt oge olt ole
    lambda a, b: np.not_equal(a, b) & ~_uno(a, b),  # one
    lambda a, b: ~_uno(a, b),  # ord
    lambda a, b: np.equal(a, b) | _uno(a, b),  # ueq
    lambda a, b: ~np.less_equal(a, b),  # ugt
    lambda a, b: ~np.less(a, b),  # uge
    lambda a, b: ~np.greater_equal(a, b),  # ult
    lambda a, b: ~np.greater(a, b),  # ule
    np.not_equal,  # une
    _uno,  # uno
    lambda a, b: np.ones(np.broadcast(a, b).shape, bool),  # true
]
_CMPI_SIGNED = [np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal]
_CMPI_UNSIGNED = [np.less, np.less_equal, np.greater, np.greater_equal]  # ult ule ugt uge


def _predicate(op) -> int:
    return op.attributes["predicate"].value


@handles("arith.cmpf")
def _cmpf(op, cc) -> Step:
    fn = _CMPF[_predicate(op)]
    return _elementwise(lambda a, b, **_: np.asarray(fn(a, b))[()],
                        result_dtype=np.dtype(bool))(op, cc)


@handles("arith.cmpi")
def _cmpi(op, cc) -> Step:
    p = _predicate(op)
    fn = _signed(_binary(_CMPI_SIGNED[p])) if p < 6 else _as_unsigned(_CMPI_UNSIGNED[p - 6])
    return _elementwise(lambda a, b, **kw: np.asarray(fn(a, b, **kw))[()],
                        result_dtype=np.dtype(bool))(op, cc)


@handles("arith.select")
def _select(op, cc) -> Step:
    def select(c, a, b, **_):
        # A scalar condition picks a whole operand (also for tensors).
        return (a if c else b) if np.ndim(c) == 0 else np.where(c, a, b)
    return _elementwise(select)(op, cc)


# --- casts ---------------------------------------------------------------------

# The result's dtype does the rest (values.wrap): truncation keeps the low
# bits, extension and int-to-float read the operand as the op says.
for _name in ("arith.index_cast", "arith.sitofp", "arith.extsi", "arith.trunci",
              "arith.extf", "arith.truncf"):
    handles(_name)(_elementwise(_signed(lambda x, **_: x)))
for _name in ("arith.index_castui", "arith.extui", "arith.uitofp"):
    handles(_name)(_elementwise(_as_unsigned(lambda x: x)))


@handles("arith.fptosi", "arith.fptoui")
def _float_to_int(op, cc) -> Step:
    """Truncation toward zero. A value the result type cannot hold (NaN and
    infinities too) is poison in MLIR; x86, which the JIT runs on, gives it
    bits that depend on the width and the instruction chosen, so it is an
    error here."""
    result_type = element_type(op.results[0].type)
    width = bit_width(dtype_of(result_type))
    signed = op.name == "arith.fptosi"
    low, high = (-2.0 ** (width - 1), 2.0 ** (width - 1)) if signed else (0.0, 2.0 ** width)

    def convert(x, site, **_):
        t = np.trunc(np.asarray(x, np.float64))  # f16/bf16/f32 are exact in f64
        bad = ~((t >= low) & (t < high))  # NaN fails both
        if np.any(bad):
            raise SimError(f"{site}: {op.name} of {np.asarray(x)[bad][0]} is out of the range "
                           f"of {result_type} (poison in MLIR)")
        return t.astype(np.int64 if signed else np.uint64)
    return _elementwise(convert)(op, cc)


@handles("arith.bitcast")
def _bitcast(op, cc) -> Step:
    dtype = dtype_of(element_type(op.results[0].type))
    return _elementwise(lambda x, **_: np.asarray(x).view(dtype)[()])(op, cc)


@handles("arith.constant")
def _constant(op, cc) -> Step:
    out = cc.slot(op.results[0])
    try:
        value = constant(op.attributes["value"], op.results[0].type)
    except SimError as exc:
        raise UnsupportedOp(op, str(exc)) from None

    def run(frame):
        frame[out] = value  # constants are materialised for free
    return Step(run)
