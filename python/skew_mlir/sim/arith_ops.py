"""arith and math ops, elementwise on scalars and tensors alike (numpy broadcasts).

Integers wrap at their width (numpy fixed-width dtypes); unsigned ops
reinterpret the bits as the unsigned type of the same width. Floating-point
follows IEEE (numpy); fastmath flags are ignored. Division by zero is
undefined behaviour in arith and is reported as an error.
"""

from __future__ import annotations

import numpy as np

from ..op_costs import TRANSCENDENTAL_OPS
from .dispatch import Step, handles
from .errors import SimError, UnsupportedOp, where
from .values import constant, dtype_of, element_type, unsigned


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
        src = dtype_of(element_type(op.operands[0].type)) if len(op.operands) else None
        site = where(op)

        def run(frame):
            value = fn(*[frame[s] for s in ins], src=src, site=site).astype(dtype, copy=False)
            frame[out] = value
            spend(cost.vector(value.nbytes, transcendental) if value.ndim else scalar_cycles)
        return Step(run)
    return handler


def _binary(ufunc):
    return lambda a, b, **_: ufunc(a, b)


def _unary(ufunc):
    return lambda a, **_: ufunc(a)


def _as_unsigned(fn):
    """Apply fn to the operands reinterpreted as unsigned integers."""
    return lambda *xs, src, **_: fn(*[np.asarray(x).astype(unsigned(src)) for x in xs])


def _nonzero_divisor(fn):
    def checked(a, b, src, site):
        if np.any(b == 0):
            raise SimError(f"{site}: integer division by zero")
        return fn(a, b, src=src, site=site)
    return checked


def _div_trunc(a, b, **_):
    # numpy's // floors; arith.divsi truncates toward zero.
    q = a // b
    return q + ((a % b != 0) & ((a < 0) != (b < 0))).astype(q.dtype)


def _ceildiv(a, b):
    # floor + 1 when inexact: avoids negating a, which overflows at INT_MIN.
    q = a // b
    return q + (a % b != 0).astype(q.dtype)


def _bool_aware(int_fn, bool_fn):
    """i1 arithmetic is modulo 2 (add/sub = xor, mul = and)."""
    return lambda a, b, src, **_: bool_fn(a, b) if src == np.bool_ else int_fn(a, b)


_INT_BINARY = {
    "arith.addi": _bool_aware(np.add, np.logical_xor),
    "arith.subi": _bool_aware(np.subtract, np.logical_xor),
    "arith.muli": _bool_aware(np.multiply, np.logical_and),
    "arith.divsi": _nonzero_divisor(_div_trunc),
    "arith.divui": _nonzero_divisor(_as_unsigned(np.floor_divide)),
    "arith.remsi": _nonzero_divisor(lambda a, b, **_: np.fmod(a, b)),
    "arith.remui": _nonzero_divisor(_as_unsigned(np.remainder)),
    "arith.floordivsi": _nonzero_divisor(lambda a, b, **_: a // b),
    "arith.ceildivsi": _nonzero_divisor(lambda a, b, **_: _ceildiv(a, b)),
    "arith.ceildivui": _nonzero_divisor(_as_unsigned(lambda a, b: _ceildiv(a, b))),
    "arith.andi": _binary(np.bitwise_and),
    "arith.ori": _binary(np.bitwise_or),
    "arith.xori": _binary(np.bitwise_xor),
    "arith.shli": _binary(np.left_shift),
    "arith.shrsi": _binary(np.right_shift),
    "arith.shrui": _as_unsigned(np.right_shift),
    "arith.maxsi": _binary(np.maximum),
    "arith.minsi": _binary(np.minimum),
    "arith.maxui": _as_unsigned(np.maximum),
    "arith.minui": _as_unsigned(np.minimum),
}

_FLOAT_BINARY = {
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.divide,
    "arith.remf": np.fmod,
    "arith.maximumf": np.maximum,  # NaN-propagating
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,  # NaN-ignoring
    "arith.minnumf": np.fmin,
    "math.powf": np.power,
    "math.atan2": np.arctan2,
    "math.copysign": np.copysign,
}

_FLOAT_UNARY = {
    "arith.negf": np.negative,
    "math.absf": np.abs,
    "math.absi": np.abs,
    "math.ceil": np.ceil,
    "math.floor": np.floor,
    "math.trunc": np.trunc,
    "math.roundeven": np.rint,
    "math.round": lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x),
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
}

# The cost model prices the transcendental ones (op_costs.TRANSCENDENTAL_OPS)
# at the vector unit's slower rate.
for _name, _fn in _INT_BINARY.items():
    handles(_name)(_elementwise(_fn))
for _name, _fn in _FLOAT_BINARY.items():
    handles(_name)(_elementwise(_binary(_fn), _name in TRANSCENDENTAL_OPS))
for _name, _fn in _FLOAT_UNARY.items():
    handles(_name)(_elementwise(_unary(_fn), _name in TRANSCENDENTAL_OPS))
handles("math.fma")(_elementwise(lambda a, b, c, **_: a * b + c))

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
    fn = _binary(_CMPI_SIGNED[p]) if p < 6 else _as_unsigned(_CMPI_UNSIGNED[p - 6])
    return _elementwise(lambda a, b, **kw: np.asarray(fn(a, b, **kw))[()],
                        result_dtype=np.dtype(bool))(op, cc)


@handles("arith.select")
def _select(op, cc) -> Step:
    def select(c, a, b, **_):
        # A scalar condition picks a whole operand (also for tensors).
        return (a if c else b) if np.ndim(c) == 0 else np.where(c, a, b)
    return _elementwise(select)(op, cc)


# --- casts ---------------------------------------------------------------------

def _cast(x, src, **_):
    return np.asarray(x)[()]


def _extsi(x, src, **_):
    # Sign-extending i1 makes true -1.
    return -np.asarray(x, np.int8) if src == np.bool_ else np.asarray(x)[()]


def _zero_extend(x, src, **_):
    return np.asarray(x).astype(unsigned(src)) if src != np.bool_ else np.asarray(x)


def _trunci(x, src, **_):
    return x  # astype to the narrower result dtype wraps modulo 2^width


def _fptoui(x, src, **_):
    return np.trunc(x)


for _name in ("arith.index_cast", "arith.sitofp", "arith.extf", "arith.truncf",
              "arith.fptosi"):
    handles(_name)(_elementwise(_cast))
for _name in ("arith.index_castui", "arith.extui", "arith.uitofp"):
    handles(_name)(_elementwise(_zero_extend))
handles("arith.extsi")(_elementwise(_extsi))
handles("arith.fptoui")(_elementwise(_fptoui))


@handles("arith.trunci")
def _trunci_handler(op, cc) -> Step:
    to_bool = dtype_of(op.results[0].type) == np.bool_
    # Truncating to i1 keeps the low bit (astype(bool) would test non-zero).
    fn = (lambda x, **_: np.bitwise_and(x, 1)) if to_bool else _trunci
    return _elementwise(fn)(op, cc)


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
