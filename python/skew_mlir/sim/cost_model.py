"""Cycle cost model of one cube/vector AI-core pair.

The defaults resemble an Ascend A2/A3 (910B-class) AI core; they are round
numbers from public descriptions, not measurements, and every one can be
overridden from a JSON or TOML file whose keys are the field names below.

- Cube (AIC): a 16x16x16 fp16 MAC array, i.e. 4096 MACs = 8192 FLOPs per
  cycle at fp16/bf16, twice that at int8 and a quarter of it at fp32; each
  matmul also pays a fixed start-up (loading L0A/L0B, filling the array).
- Vector (AIV): 256 bytes per cycle through the vector unit (64 f32 or 128 f16
  lanes) plus a per-instruction issue cost; transcendental ops (exp, log,
  tanh, sqrt, ...) run at a quarter of that rate.
- Local data movement (extract/insert_slice, transpose, copy): the MTE engines
  at 128 bytes per cycle plus a per-transfer start-up.
- Scalar arithmetic (index math, loop control): one cycle per op.
- Cross-core pipe (on A2/A3 a GM buffer plus flag synchronisation): the push
  occupies the producer for its start-up plus bytes / bandwidth, the message
  becomes visible to the consumer `pipe_latency` cycles after the push ends,
  and the pop occupies the consumer for its start-up.

Costs are rounded up to whole cycles per op, so small cases are easy to
check by hand.
"""

from __future__ import annotations

import dataclasses
import json
import math
import tomllib
from pathlib import Path

import numpy as np

from .errors import SimError
from .values import mlir_name

def _default_cube_rates() -> dict[str, int]:
    return {"f16": 8192, "bf16": 8192, "i8": 16384, "f32": 2048, "default": 2048}


@dataclasses.dataclass(frozen=True)
class CostModel:
    cube_flops_per_cycle: dict[str, int] = dataclasses.field(default_factory=_default_cube_rates)
    cube_op_overhead: int = 64
    vector_bytes_per_cycle: int = 256
    vector_op_overhead: int = 8
    transcendental_factor: int = 4
    copy_bytes_per_cycle: int = 128
    copy_op_overhead: int = 16
    scalar_op_cycles: int = 1
    pipe_latency: int = 600
    pipe_bytes_per_cycle: int = 64
    push_overhead: int = 32
    pop_overhead: int = 32
    free_cycles: int = 0

    def matmul(self, flops: int, dtype: np.dtype) -> int:
        rates = self.cube_flops_per_cycle
        rate = rates.get(mlir_name(dtype), rates["default"])
        return self.cube_op_overhead + math.ceil(flops / rate)

    def vector(self, nbytes: int, transcendental: bool = False) -> int:
        factor = self.transcendental_factor if transcendental else 1
        return self.vector_op_overhead + math.ceil(nbytes * factor / self.vector_bytes_per_cycle)

    def copy(self, nbytes: int) -> int:
        return self.copy_op_overhead + math.ceil(nbytes / self.copy_bytes_per_cycle)

    def push(self, nbytes: int) -> int:
        return self.push_overhead + math.ceil(nbytes / self.pipe_bytes_per_cycle)

    def pop(self, nbytes: int) -> int:
        return self.pop_overhead

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


def load_cost_model(path: str | Path | None) -> CostModel:
    """The default model, with the fields given in a .json or .toml file replaced."""
    if path is None:
        return CostModel()
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SimError(f"cannot read cost model {path}: {exc.strerror}") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise SimError(f"cost model {path} is not valid {path.suffix[1:] or 'JSON'}: {exc}") from None
    return override(CostModel(), data, str(path))


def override(model: CostModel, data: dict, origin: str = "cost model") -> CostModel:
    fields = {f.name: f for f in dataclasses.fields(CostModel)}
    changes = {}
    for key, value in data.items():
        if key not in fields:
            raise SimError(f"{origin}: unknown cost model key '{key}' "
                           f"(known: {', '.join(sorted(fields))})")
        if key == "cube_flops_per_cycle":
            if not isinstance(value, dict) or not all(_positive(v) for v in value.values()):
                raise SimError(f"{origin}: '{key}' must map dtype names to positive numbers")
            value = {**model.cube_flops_per_cycle, **value}
        elif not (_positive(value) or (value == 0 and key.endswith(("overhead", "latency", "cycles")))):
            raise SimError(f"{origin}: '{key}' must be a positive number, got {value!r}")
        changes[key] = value
    return dataclasses.replace(model, **changes)


def _positive(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
