"""The JIT's verdicts: before vs after a pipeline bitwise, and the JIT
against the interpreter within a stated tolerance.

JIT vs JIT is bitwise: both sides are compiled by the same lowering, and the
skew reorders whole iterations, never the arithmetic inside one. JIT vs
interpreter cannot be: upstream's lowering and numpy differ in the last
bits (the summation order of a matmul, libm's expf). Two values agree when

    |jit - interpreter| <= tol(dtype) * max(1, max |interpreter| of the array)

elementwise, with tol 1e-4 for f32 and f64, 2^-6 for bf16 and 2^-9 for f16
(two units in the last place of 1.0; the rounding of a 16-bit result alone
can be one), and exact equality for integers; NaN agrees with NaN and an
infinity only with itself. The scale is the array's largest magnitude
because a sum's rounding error follows its terms, not its (possibly
cancelled) result.
"""

from __future__ import annotations

import numpy as np

from .. import fifo_model
from ..sim.values import BF16, same_bits

__all__ = ["TOLERANCE_TEXT", "close", "first_difference", "max_run_difference", "message_counts",
           "same_bits", "within_tolerance"]

_TOLERANCE = {np.dtype(np.float32): 1e-4, np.dtype(np.float64): 1e-4,
              BF16: 2.0 ** -6, np.dtype(np.float16): 2.0 ** -9}
TOLERANCE_TEXT = "1e-4 (f32, f64), 2^-6 (bf16), 2^-9 (f16) of max(1, max |value|); integers exact"


def within_tolerance(jit, interpreted) -> bool:
    a, b = np.asarray(jit), np.asarray(interpreted)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    tol = _TOLERANCE.get(a.dtype)
    if tol is None:
        return a.tobytes() == b.tobytes()
    x, y = a.astype(np.float64), b.astype(np.float64)
    if a.size == 0:
        return True
    nan = np.isnan(x) | np.isnan(y)
    if not np.array_equal(np.isnan(x), np.isnan(y)):
        return False
    inf = np.isinf(x) | np.isinf(y)
    if not np.array_equal(x[inf & ~nan], y[inf & ~nan]):
        return False
    finite = ~(nan | inf)
    if not finite.any():
        return True
    scale = max(1.0, float(np.max(np.abs(y[finite]))))
    return bool(np.all(np.abs(x[finite] - y[finite]) <= tol * scale))


def close(a, b, tolerance: float) -> bool:
    """numpy.allclose with rtol = atol = `tolerance`, NaN equal to NaN."""
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    return bool(np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=tolerance,
                            atol=tolerance, equal_nan=True))


def max_difference(a, b) -> float:
    """The largest |a - b| over finite elements (0 without any)."""
    x, y = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if x.shape != y.shape or not x.size:
        return 0.0
    finite = np.isfinite(x) & np.isfinite(y)
    return float(np.max(np.abs(x[finite] - y[finite]), initial=0.0))


def first_difference(a, b, same, labels: tuple[str, str],
                     order: dict | None = None) -> str | None:
    """Where two runs (JitResult or the interpreter's RunResult) first
    differ under `same`: a pipe's message count or message, else an output;
    None when they agree. `order`: per pipe that `b` carries in another
    order, the position in `a` of each of `b`'s messages (scheduler.reordering)."""
    first, second = labels
    pipes = sorted(set(a.pipes) | set(b.pipes) | {fifo_model.Pipe(fifo_model.C2V),
                                                  fifo_model.Pipe(fifo_model.V2C)})
    for pipe in pipes:
        ma, mb = a.messages(pipe), b.messages(pipe)
        if len(ma) != len(mb):
            return f"{pipe} carries {len(ma)} messages {first} and {len(mb)} {second}"
        if order and pipe in order:
            ma = [ma[j] for j in order[pipe]]
        for i, (x, y) in enumerate(zip(ma, mb)):
            if not same(x, y):
                return (f"{pipe} message #{i} differs {second}"
                        f"{_detail(x, y)}")
    for role in a.outputs:
        for i, (x, y) in enumerate(zip(a.outputs[role], b.outputs.get(role, []))):
            if not same(x, y):
                return (f"output #{i} of the {role} kernel @{a.pair.functions()[role]} "
                        f"differs {second}{_detail(x, y)}")
    return None


def max_run_difference(a, b) -> float:
    """The largest elementwise difference over every message and output."""
    worst = 0.0
    for pipe in set(a.pipes) | set(b.pipes):
        for x, y in zip(a.messages(pipe), b.messages(pipe)):
            worst = max(worst, max_difference(x, y))
    for role in a.outputs:
        for x, y in zip(a.outputs[role], b.outputs.get(role, [])):
            worst = max(worst, max_difference(x, y))
    return worst


def message_counts(run) -> str:
    pipes = sorted(set(run.pipes) | {fifo_model.Pipe(fifo_model.C2V),
                                     fifo_model.Pipe(fifo_model.V2C)})
    return ", ".join(f"{p} {len(run.messages(p))}" for p in pipes)


def _detail(x, y) -> str:
    x, y = np.asarray(x), np.asarray(y)
    if x.shape != y.shape or x.dtype != y.dtype:
        return f" (shape/dtype {list(x.shape)} {x.dtype} vs {list(y.shape)} {y.dtype})"
    if x.dtype in _TOLERANCE:  # the float types
        # NaN on one side only (a read of undefined memory, say) is no
        # difference of finite values.
        nan = int(np.count_nonzero(np.isnan(x.astype(np.float64))
                                   != np.isnan(y.astype(np.float64))))
        if nan:
            return f" ({nan} of {x.size} elements NaN on one side only)"
    return f" (max |diff| {max_difference(x, y):.3g})"
