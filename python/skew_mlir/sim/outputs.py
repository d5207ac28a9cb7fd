"""What a run computed, for `pto-sim run`: a summary line per output and
an .npz of the outputs with the inputs they were computed from, the same
for either executor (the interpreter's RunResult or the JIT's JitResult:
both give outputs by role).

Arrays are saved under `<role>.input.<i>` and `<role>.output.<i>` (the
kernel's argument / output number, as `pto-sim check` names them); bf16
arrays as their raw 16-bit patterns (uint16) under a `.bf16` suffix, since
numpy's .npz has no bfloat16.
"""

from __future__ import annotations

import numpy as np

from .errors import SimError
from .values import BF16, mlir_name


def copy_inputs(inputs: dict[str, list]) -> dict[str, list]:
    """A copy of a run's inputs for the run itself: it stores into its
    memref arguments, and the inputs are saved as they were."""
    copies: dict[int, np.ndarray] = {}  # one copy per array: shared memory stays shared
    for values in inputs.values():
        for v in values:
            if isinstance(v, np.ndarray) and id(v) not in copies:
                copies[id(v)] = np.copy(v)
    return {role: [copies.get(id(v), v) for v in values] for role, values in inputs.items()}


def summary(outputs: dict[str, list], functions: dict[str, str]) -> list[str]:
    lines = []
    for role, values in outputs.items():
        for i, value in enumerate(values):
            lines.append(f"  {role} @{functions[role]} output #{i}: {_describe(value)}")
    return lines


def _describe(value) -> str:
    array = np.asarray(value)
    shape = "x".join(map(str, array.shape)) or "scalar"
    head = f"{shape} {mlir_name(array.dtype)}"
    if not array.size:
        return head
    data = array.astype(np.float64)
    finite = np.isfinite(data)
    stats = f"{head}  min {np.min(data):.6g}  max {np.max(data):.6g}  mean {np.mean(data):.6g}"
    if not finite.all():
        stats += f"  ({int(finite.sum())} of {array.size} finite)"
    return stats


def save(path: str, inputs: dict[str, list], outputs: dict[str, list]) -> str:
    """Write the arrays to `path` (.npz added when missing, as numpy does);
    the path written."""
    if not path.endswith(".npz"):
        path += ".npz"
    arrays = {}
    for kind, by_role in (("input", inputs), ("output", outputs)):
        for role, values in by_role.items():
            for i, value in enumerate(values):
                array = np.asarray(value)
                key = f"{role}.{kind}.{i}"
                if array.dtype == BF16:
                    array, key = array.view(np.uint16), key + ".bf16"
                arrays[key] = array
    try:
        np.savez(path, **arrays)
    except OSError as exc:
        raise SimError(f"cannot write {path}: {exc}") from None
    return path
