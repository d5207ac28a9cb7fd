"""Runtime values: MLIR types as numpy dtypes, constants, and seeded random inputs.

A tensor or memref value is a numpy array of its static shape; a scalar is a
numpy scalar (`index` is int64, `i1` is bool, `bf16` is ml_dtypes' bfloat16,
the dtype JAX uses: numpy has none). Tensors are immutable by
convention: every op that "changes" a tensor returns a new array, so a value
can be shared freely. Memrefs are mutable arrays (subviews are numpy views).
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
from mlir import ir

from .. import _native
from .errors import SimError

BF16 = np.dtype(ml_dtypes.bfloat16)

# The most bytes one value (a kernel argument, an op's result) may take by
# default: numpy holds each value whole, and a type of petabytes used to end
# in an internal MemoryError. pto-sim --max-value-mib sets it.
DEFAULT_MAX_VALUE_BYTES = 1 << 30

_INT_DTYPES = {1: np.bool_, 8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
_UNSIGNED = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def dtype_of(t: ir.Type) -> np.dtype:
    """numpy dtype of a scalar or element type."""
    if isinstance(t, ir.F32Type):
        return np.dtype(np.float32)
    if isinstance(t, ir.F16Type):
        return np.dtype(np.float16)
    if isinstance(t, ir.BF16Type):
        return BF16
    if isinstance(t, ir.F64Type):
        return np.dtype(np.float64)
    if isinstance(t, ir.IndexType):
        return np.dtype(np.int64)
    if isinstance(t, ir.IntegerType) and t.width in _INT_DTYPES:
        return np.dtype(_INT_DTYPES[t.width])
    raise SimError(f"type {t} has no numpy equivalent in the simulator")


def mlir_name(dtype: np.dtype) -> str:
    """The MLIR spelling of a dtype's element type (f32, i64, ...)."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return "i1"
    if dtype == BF16:
        return "bf16"
    return f"{'f' if dtype.kind == 'f' else 'i'}{dtype.itemsize * 8}"


def unsigned(dtype: np.dtype) -> np.dtype:
    """The unsigned dtype of the same width (for arith's unsigned ops)."""
    return np.dtype(_UNSIGNED[dtype.itemsize * 8])


def bit_width(dtype: np.dtype) -> int:
    """Bits of an integer dtype as MLIR counts them (i1: 1, not numpy's 8)."""
    return 1 if np.dtype(dtype) == np.bool_ else np.dtype(dtype).itemsize * 8


# The one definition of i1 as an integer: MLIR's i1 is one two's-complement
# bit, so its signed reading of true is -1 (sitofp, index_cast, extsi, cmpi
# slt, maxsi) and its unsigned reading is 1; numpy's bool knows only 1.

def signed_ints(x) -> np.ndarray:
    """Integers as MLIR's signed ops read them (i1 as int8 0 / -1)."""
    x = np.asarray(x)
    return -x.astype(np.int8) if x.dtype == np.bool_ else x


def unsigned_ints(x) -> np.ndarray:
    """Integers as MLIR's unsigned ops read them: the bits as the unsigned
    type of the same width (i1 as uint8 0 / 1)."""
    x = np.asarray(x)
    return x.astype(np.uint8 if x.dtype == np.bool_ else unsigned(x.dtype))


def wrap(x, dtype: np.dtype):
    """`x` as `dtype` (a numpy scalar for a scalar): an integer into an integer
    type keeps its low bits, to i1 bit 0 (numpy's bool cast tests != 0)."""
    x = np.asarray(x)
    if np.dtype(dtype) == np.bool_ and x.dtype.kind in "iu":
        x = x & 1
    return x.astype(dtype, copy=False)[()]


def signed_int(value) -> int:
    """A scalar integer value as a Python int, MLIR's signed reading."""
    return int(signed_ints(value))


def element_type(t: ir.Type) -> ir.Type:
    return t.element_type if isinstance(t, ir.ShapedType) else t


def static_shape(t: ir.ShapedType, what: str) -> tuple[int, ...]:
    if not t.has_static_shape:
        raise SimError(f"{what}: dynamic shape {t} needs explicit sizes")
    return tuple(t.shape)


def is_float(dtype: np.dtype) -> bool:
    return dtype.kind == "f" or dtype == BF16


def scalar(value, t: ir.Type):
    """A Python number as the numpy scalar of MLIR type `t`."""
    return dtype_of(t).type(value)


def constant(attr: ir.Attribute, t: ir.Type):
    """The value of an `arith.constant`'s attribute: a scalar, dense
    elements, or dense_resource elements (the blob the file defines)."""
    if isinstance(attr, ir.DenseElementsAttr):
        dtype = dtype_of(t.element_type)
        if attr.is_splat:
            return np.full(tuple(t.shape), attr.get_splat_value().value, dtype=dtype)
        if dtype == BF16:
            # The bindings' buffer protocol has no bf16: the packed storage.
            return np.frombuffer(_native.elements_bytes(attr), BF16).reshape(
                tuple(t.shape)).copy()
        return np.array(attr).astype(dtype, copy=False).reshape(tuple(t.shape))
    if isinstance(attr, (ir.IntegerAttr, ir.FloatAttr, ir.BoolAttr)):
        # The type first: reading a wider-than-64-bit IntegerAttr aborts.
        dtype = dtype_of(t)
        return dtype.type(attr.value)
    blob = _native.elements_bytes(attr)  # a dense_resource by now
    if blob is not None:
        # dense_resource: the elements packed in their storage type.
        dtype, shape = dtype_of(t.element_type), tuple(t.shape)
        size = math.prod(shape) * dtype.itemsize
        if len(blob) != size:
            raise SimError(f"constant {attr}: its resource holds {len(blob)} bytes, its "
                           f"type {size}")
        return np.frombuffer(blob, dtype).reshape(shape).copy()
    raise SimError(f"constant attribute {attr} is not supported")


def poison(shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """Contents of `tensor.empty`/`memref.alloc`: undefined in MLIR, so NaN for
    floats (a read of it shows up in the results) and zero otherwise."""
    return np.full(shape, np.nan if is_float(dtype) else 0, dtype=dtype)


def check_size(what: str, shape, itemsize: int, limit: int) -> None:
    """SimError naming `what` when `shape` elements of `itemsize` bytes
    exceed `limit` bytes."""
    nbytes = math.prod(shape) * itemsize
    if nbytes > limit:
        raise SimError(f"{what} needs {_bytes_text(nbytes)}, more than the simulator's "
                       f"limit of {_bytes_text(limit)} per value (raise it with "
                       "--max-value-mib)")


_UNITS = ("KiB", "MiB", "GiB", "TiB", "PiB", "EiB")


def _bytes_text(nbytes: int) -> str:
    """`7.11 PiB (8000000000000000 bytes)`; the count alone beyond 1024 EiB."""
    for power in range(len(_UNITS), 0, -1):
        scale = 1 << (10 * power)
        if scale <= nbytes < 1024 * scale:
            return f"{nbytes / scale:.3g} {_UNITS[power - 1]} ({nbytes} bytes)"
    return f"{nbytes} bytes"


def random_value(t: ir.Type, rng: np.random.Generator,
                 limit: int = DEFAULT_MAX_VALUE_BYTES):
    """A seeded random value of an argument type, of at most `limit` bytes.

    Floats: standard normal. Integers and index: uniform in [0, 4) so that an
    integer argument used as an offset or count stays small. i1: fair coin.
    """
    dtype = dtype_of(element_type(t))
    shape = static_shape(t, "kernel argument") if isinstance(t, ir.ShapedType) else ()
    check_size(str(t), shape, dtype.itemsize, limit)
    try:
        data = random_array(dtype, shape, rng)
    except MemoryError:
        raise SimError(f"out of memory building {t} (the limit per value, "
                       "--max-value-mib, is beyond what the machine holds)") from None
    return data if shape or isinstance(t, ir.ShapedType) else data[()]


def random_array(dtype: np.dtype, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """Seeded random contents of an array (random_value's distributions)."""
    if is_float(dtype):
        data = rng.standard_normal(shape)
    elif dtype == np.bool_:
        data = rng.integers(0, 2, shape)
    else:
        data = rng.integers(0, 4, shape)
    return np.asarray(data).astype(dtype)


def given_value(text: str, t: ir.Type):
    """A scalar argument of type `t` from its command-line text."""
    dtype = dtype_of(t)
    try:
        if is_float(dtype):
            number = float(text)
            with np.errstate(over="ignore"):
                value = dtype.type(number)
            if math.isfinite(number) and not np.isfinite(value):
                raise SimError(f"{text} is beyond the range of {t}")
            return value
        if dtype == np.bool_:
            if text not in ("0", "1", "true", "false"):
                raise ValueError
            return np.bool_(text in ("1", "true"))
        number = int(text, 0)
        info = np.iinfo(dtype)
        if not info.min <= number <= info.max:
            raise SimError(f"{text} does not fit in {t}")
        return dtype.type(number)
    except ValueError:
        raise SimError(f"'{text}' is not a value of type {t}") from None


def same_bits(a, b) -> bool:
    """Bitwise equality of two values (NaNs with the same payload are equal)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    return a.tobytes() == b.tobytes()


def max_abs_diff(a, b) -> float:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if a.shape != b.shape:
        return float("inf")
    if a.size == 0:
        return 0.0
    both_nan = np.isnan(a) & np.isnan(b)
    diff = np.where(both_nan, 0.0, np.abs(a - b))
    return float(np.nanmax(np.where(np.isnan(diff), np.inf, diff)))
