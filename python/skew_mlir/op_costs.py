"""Cycle costs of ops on one cube/vector AI-core pair: the cost model, the
op classes it prices, and cost-model files.

The simulator charges every op it runs by this model, and the pass's
`depth=auto` estimates a loop's work by the same formulas from the ops'
static types: both read the parameters and the op tables here.

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
- Global memory (tile IR's tload / tstore): bytes / bandwidth plus a
  per-transfer start-up that stands for the access latency.
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
from pathlib import Path

from mlir import ir

from .config_files import read_data

# --- the op classes the model prices ------------------------------------------------

# Elementwise ops the vector unit runs at 1/transcendental_factor of its rate.
TRANSCENDENTAL_OPS = frozenset({
    "math.powf", "math.atan2", "math.exp", "math.exp2", "math.expm1", "math.log",
    "math.log2", "math.log10", "math.log1p", "math.sqrt", "math.rsqrt", "math.tanh",
    "math.sin", "math.cos", "math.tan", "math.atan", "math.erf"})
# Ops the cube runs: priced by their multiply-adds.
CONTRACTION_OPS = frozenset({
    "linalg.matmul", "linalg.batch_matmul", "linalg.matvec", "linalg.vecmat",
    "linalg.dot", "linalg.contract", "linalg.batch_matvec", "linalg.batch_vecmat"})
# Ops the MTE engines run: priced by the bytes they move.
COPY_OPS = frozenset({"linalg.copy", "linalg.transpose", "linalg.broadcast",
                      "tensor.extract_slice", "tensor.insert_slice"})
# Tile IR (PTOAS's tile ops, destination-passing style), as the simulator
# charges them: loads and stores by the global-memory bytes, moves by the
# bytes they copy, matmuls by their multiply-adds, the reads and writes of
# one element (tgetval, tsetval) as a scalar op, every other op with a tile
# destination (tgather, the column reductions, taxpy, ...) as a vector op
# over it.
TILE_GM_OPS = frozenset({"pto.tload", "pto.tstore"})
TILE_SCALAR_OPS = frozenset({"pto.tsetval", "pto.tgetval"})
TILE_COPY_OPS = frozenset({"pto.tmov", "pto.textract", "pto.ttrans"})
TILE_CONTRACTION_OPS = frozenset({"pto.tmatmul", "pto.tmatmul.acc", "pto.tmatmul.bias"})
TILE_TRANSCENDENTAL_OPS = frozenset({"pto.texp", "pto.tlog", "pto.tsqrt", "pto.trecip",
                                     "pto.trsqrt", "pto.tcolexpandexpdif"})


def element_name(type_: ir.Type) -> str:
    """The name cube_flops_per_cycle prices an element type by (index is
    i64, as the simulator holds it)."""
    return "i64" if isinstance(type_, ir.IndexType) else str(type_)


def element_bytes(type_: ir.Type) -> int:
    """Bytes of one element as the simulator holds it (i1 in a byte, index
    in 8); 0 for a type with no bit width."""
    if isinstance(type_, ir.IndexType):
        return 8
    if isinstance(type_, ir.ComplexType):
        return 2 * element_bytes(type_.element_type)
    for kind in (ir.IntegerType, ir.FloatType):
        if isinstance(type_, kind):
            return -(-kind(type_).width // 8)
    return 0


# --- the model ------------------------------------------------------------------

# The element types cube_flops_per_cycle may name, and the fallback rate.
CUBE_ELEMENTS = ("bf16", "f16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "default")
# Bounds of every number in a model: wider values are typos, and would make
# the costs overflow or lose all precision.
MAX_VALUE = 10 ** 12
MIN_RATE = 10 ** -6


def _default_cube_rates() -> dict[str, int]:
    return {"f16": 8192, "bf16": 8192, "i8": 16384, "f32": 2048, "default": 2048}


class CostModelError(ValueError):
    """A cost model that cannot be read or has a value out of range."""


@dataclasses.dataclass(frozen=True)
class CostModel:
    cube_flops_per_cycle: dict[str, int] = dataclasses.field(default_factory=_default_cube_rates)
    cube_op_overhead: int = 64
    vector_bytes_per_cycle: int = 256
    vector_op_overhead: int = 8
    transcendental_factor: int = 4
    copy_bytes_per_cycle: int = 128
    copy_op_overhead: int = 16
    gm_bytes_per_cycle: int = 64
    gm_op_overhead: int = 128
    scalar_op_cycles: int = 1
    pipe_latency: int = 600
    pipe_bytes_per_cycle: int = 64
    push_overhead: int = 32
    pop_overhead: int = 32
    free_cycles: int = 0

    def __post_init__(self):
        for field in dataclasses.fields(self):
            problem = _problem(field.name, getattr(self, field.name))
            if problem:
                raise CostModelError(f"'{field.name}' {problem}")
        if "default" not in self.cube_flops_per_cycle:
            raise CostModelError("'cube_flops_per_cycle' needs a 'default' rate")

    def matmul(self, flops: int, element: str) -> int:
        """A contraction of `flops` FLOPs on elements named `element`
        (element_name)."""
        rates = self.cube_flops_per_cycle
        return self.cube_op_overhead + math.ceil(flops / rates.get(element, rates["default"]))

    def vector(self, nbytes: int, transcendental: bool = False) -> int:
        factor = self.transcendental_factor if transcendental else 1
        return self.vector_op_overhead + math.ceil(nbytes * factor / self.vector_bytes_per_cycle)

    def copy(self, nbytes: int) -> int:
        return self.copy_op_overhead + math.ceil(nbytes / self.copy_bytes_per_cycle)

    def gm(self, nbytes: int) -> int:
        return self.gm_op_overhead + math.ceil(nbytes / self.gm_bytes_per_cycle)

    def push(self, nbytes: int) -> int:
        return self.push_overhead + math.ceil(nbytes / self.pipe_bytes_per_cycle)

    def pop(self, nbytes: int) -> int:
        return self.pop_overhead

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


def _number(value, low: float) -> bool:
    """A finite int or float in [low, MAX_VALUE] (bool is no number here)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and low <= value <= MAX_VALUE)


def _problem(key: str, value) -> str | None:
    """What is wrong with `value` for field `key`, else None."""
    if key == "cube_flops_per_cycle":
        if not isinstance(value, dict):
            return f"must map element types to FLOPs per cycle, got {_shown(value)}"
        for element, rate in value.items():
            if element not in CUBE_ELEMENTS:
                return (f"has an unknown element type '{element}' "
                        f"(known: {', '.join(CUBE_ELEMENTS)})")
            if not _number(rate, MIN_RATE):
                return (f"['{element}'] must be a rate from {MIN_RATE:g} to "
                        f"{MAX_VALUE:g} FLOPs per cycle, got {_shown(rate)}")
        return None
    if key.endswith(("_per_cycle", "_factor")):
        if not _number(value, MIN_RATE):
            return f"must be a number from {MIN_RATE:g} to {MAX_VALUE:g}, got {_shown(value)}"
    elif not _number(value, 0):
        return f"must be a number of cycles from 0 to {MAX_VALUE:g}, got {_shown(value)}"
    return None


def _shown(value) -> str:
    """A value as its file would spell it, for a message."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def load_cost_model(path: str | Path | None) -> CostModel:
    """The default model, with the fields given in a .json or .toml file
    replaced; CostModelError names the file and the entry at fault."""
    if path is None:
        return CostModel()
    origin = f"cost model {path}"
    data = read_data(path, origin, CostModelError)
    return override(CostModel(), data, origin)


def override(model: CostModel, data, origin: str = "cost model") -> CostModel:
    """`model` with the fields in `data` (a dict from a cost-model file)
    replaced; cube_flops_per_cycle is merged, not replaced."""
    if not isinstance(data, dict):
        raise CostModelError(f"{origin}: expected an object of cost model keys, "
                             f"got {type(data).__name__} {_shown(data)}")
    fields = {f.name for f in dataclasses.fields(CostModel)}
    changes = {}
    for key, value in data.items():
        if key not in fields:
            raise CostModelError(f"{origin}: unknown cost model key '{key}' "
                                 f"(known: {', '.join(sorted(fields))})")
        problem = _problem(key, value)
        if problem:
            raise CostModelError(f"{origin}: '{key}' {problem}")
        if key == "cube_flops_per_cycle":
            value = {**model.cube_flops_per_cycle, **value}
        changes[key] = value
    return dataclasses.replace(model, **changes)
