"""How many bytes each tile location of a core holds, and how many a kernel
already occupies there. Shared by the pass (whether the copies of a
multi-buffered tile fit) and the checkers; it imports neither.

Locations are the `loc` of `!pto.tile_buf`: mat (L1), left (L0A), right
(L0B), acc (L0C), vec (UB, the vector core's unified buffer), bias (the bias
table) and scaling (the fixpipe buffer of quantisation parameters).

Default capacities, in bytes (KiB = 1024 bytes):

| location | A2/A3 (910B, 910C) | A5 (950) |
|----------|--------------------|----------|
| mat      | 512 KiB            | 512 KiB  |
| left     | 64 KiB             | 64 KiB   |
| right    | 64 KiB             | 64 KiB   |
| acc      | 128 KiB            | 256 KiB  |
| vec      | 192 KiB            | 248 KiB  |
| bias     | 1 KiB              | 4 KiB    |
| scaling  | 2 KiB              | 4 KiB    |

Sources:
- pto-isa, the PTO tile library PTOAS targets: `include/pto/common/
  buffer_limits.hpp` (https://gitcode.com/cann/pto-isa, v9.0.0), per
  location and for A2A3 and A5: UB 192 / 256 KiB, L1 512 / 512, L0A and L0B
  64 / 64, L0C 128 / 256, bias 1 / 4, fixpipe buffer 2 / 4.
- Ascend CATLASS, `include/catlass/arch/arch.hpp` (`Arch::AtlasA2`,
  `Arch::Ascend950`): UB 192 / 248 KiB, L1 512 / 512, L0A and L0B 64 / 64,
  L0C 128 / 256, bias 1 / 4, fixpipe buffer 7 / 16.
- The Ascend C documentation names the memories (L1, L0A/L0B, L0C, UB, BT,
  FP buffers; "Storage Units", https://www.hiascend.com/document/detail/en/
  canncommercial/800/opdevg/Ascendcopdevg/atlas_ascendc_10_0010.html) and
  says their sizes vary by processor (GetCoreMemSize).
Where the two sources agree the figure is confirmed. They disagree on the A5
unified buffer (256 vs 248 KiB) and on the fixpipe buffer (A2/A3 2 vs 7, A5
4 vs 16 KiB): the smaller, conservative figure is the default.

FIFO slots: the consumer of a pipe receives its messages in its own local
memory, the slots of the buffer it reserves (`pto.reserve_buffer {size,
location}`, named as `c2v_consumer_buf` / `v2c_consumer_buf` of its
initialise op; PTOAS's TPushTPop samples reserve the C2V buffer in the
vector's vec and the V2C buffer in the cube's mat). `kernel_usage` counts a
reserve_buffer's size at its location; a kernel that pops a pipe whose
consumer buffer is not reserved in it gets slot_size x slots of its
initialise op counted at the consumer's location (vec for C2V, mat for V2C).
"""

from __future__ import annotations

import dataclasses
import json

from mlir import ir

from . import _native, fifo_model, tile_types
from .attributes import integer_value
from .config_files import read_data
from .dialect import POP_OPS

ALLOC_TILE = "pto.alloc_tile"
ALLOC_MULTI_TILE = "pto.alloc_multi_tile"
RESERVE_BUFFER = "pto.reserve_buffer"

KIB = 1024
_DEFAULTS = {
    "a2a3": ("Ascend A2/A3 defaults",
             {"mat": 512 * KIB, "left": 64 * KIB, "right": 64 * KIB, "acc": 128 * KIB,
              "vec": 192 * KIB, "bias": 1 * KIB, "scaling": 2 * KIB}),
    "a5": ("Ascend A5 defaults",
           {"mat": 512 * KIB, "left": 64 * KIB, "right": 64 * KIB, "acc": 256 * KIB,
            "vec": 248 * KIB, "bias": 4 * KIB, "scaling": 4 * KIB}),
}
LOCATIONS = tuple(sorted(_DEFAULTS["a2a3"][1]))
TARGETS = tuple(sorted(_DEFAULTS))

# Where a pipe's consumer receives its messages (module docstring).
_CONSUMER_LOCATION = {fifo_model.C2V: "vec", fifo_model.V2C: "mat"}
_CONSUMER_ROLE = {fifo_model.C2V: "c2v_consumer_buf", fifo_model.V2C: "v2c_consumer_buf"}


@dataclasses.dataclass(frozen=True)
class Capacities:
    """Bytes each tile location holds; `source` says where the figures come
    from, for remarks."""

    bytes_by_location: dict[str, int]
    source: str

    def of(self, location: str) -> int | None:
        return self.bytes_by_location.get(location)


def _sizes(entries: dict, where: str) -> dict[str, int]:
    """Checked location -> bytes entries; ValueError names `where`."""
    sizes = {}
    for location, size in entries.items():
        if location not in LOCATIONS:
            raise ValueError(f"unknown tile location '{location}' in {where} (known: "
                             f"{', '.join(LOCATIONS)})")
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise ValueError(f"the capacity of '{location}' in {where} must be a positive "
                             f"integer number of bytes, got {json.dumps(size)}")
        sizes[location] = size
    return sizes


def _defaults(target: str, where: str) -> tuple[str, dict[str, int]]:
    if target not in _DEFAULTS:
        raise ValueError(f"unknown target '{target}' in {where} (known: "
                         f"{', '.join(TARGETS)})")
    return _DEFAULTS[target]


def _read_file(file: str) -> tuple[str | None, dict[str, int]]:
    """(target named in the file or None, its capacities). The file is a JSON
    object (or a TOML table) of location -> bytes, with an optional "target"
    entry naming the defaults the locations it leaves out keep."""
    data = read_data(file, f"capacity file {file}")
    if not isinstance(data, dict):
        raise ValueError(f"the capacity file {file} must hold a JSON object of "
                         f"location -> bytes, got {type(data).__name__}")
    target = data.pop("target", None)
    if target is not None and not isinstance(target, str):
        raise ValueError(f"the target in the capacity file {file} must be a string, "
                         f"got {json.dumps(target)}")
    return target, _sizes(data, f"the capacity file {file}")


def capacities(target: str = "a2a3", overrides: dict[str, int] | None = None,
               file: str | None = None) -> Capacities:
    """The capacities of `target` ("a2a3" or "a5"), replaced by those of
    `file` (its "target" entry, when given, names the defaults instead), then
    by `overrides` (the pass's capacity-<location> options). ValueError with a
    message for the user when any of them is unusable."""
    defaults_target = target
    from_file: dict[str, int] = {}
    if file is not None:
        named, from_file = _read_file(file)
        if named is not None:
            _defaults(named, f"the capacity file {file}")
            defaults_target = named
    name, sizes = _defaults(defaults_target, "the target option")
    sizes = {**sizes, **from_file}
    source = name if file is None else f"{file} over the {name}"
    if overrides:
        sizes.update(_sizes(overrides, "the capacity options"))
        source += " and the options for " + ", ".join(sorted(overrides))
    return Capacities(sizes, source)


# --- what tiles take ---------------------------------------------------------

def _tile(type_: ir.Type) -> tuple[tile_types.TileBuf, int] | None:
    """(slot tile type, slot count) of a tile or multi-tile buffer type."""
    found = tile_types.pto_type(type_)
    if isinstance(found, tile_types.TileBuf):
        return found, 1
    if isinstance(found, tile_types.MultiTileBuf):
        return found.slot, found.count
    return None


def tile_location(type_: ir.Type) -> str | None:
    """The location of a `!pto.tile_buf` or `!pto.multi_tile_buf`, else None."""
    found = _tile(type_)
    return found[0].loc if found else None


def element_bytes(element: ir.Type) -> int:
    return (element.width + 7) // 8


def tile_bytes(type_: ir.Type) -> int | None:
    """Bytes of a `!pto.tile_buf` (rows x cols x element size) or of a
    `!pto.multi_tile_buf` (count x its slot), else None."""
    found = _tile(type_)
    if found is None:
        return None
    tile, count = found
    return count * tile.rows * tile.cols * element_bytes(tile.element)


# --- what a kernel occupies --------------------------------------------------

def _constant(value: ir.Value) -> int | None:
    owner = value.owner if isinstance(value, ir.OpResult) else None
    if owner is None or "value" not in owner.attributes:
        return None
    return integer_value(owner.attributes["value"]) if owner.name == "arith.constant" else None


def _address(op: ir.Operation) -> ir.Value | None:
    """The `addr` operand of an alloc_tile / alloc_multi_tile (the first
    operand segment), else None."""
    segments = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
    return op.operands[0] if segments[0] else None


class _Usage:
    """Per location: the bytes placed by the compiler (`packed`, summed) and
    the end of the span the kernel places itself (`placed_end`)."""

    def __init__(self):
        self.packed: dict[str, int] = {}
        self.placed_end: dict[str, int] = {}

    def add(self, location: str, size: int, address: int | None) -> None:
        if address is None:
            self.packed[location] = self.packed.get(location, 0) + size
        else:
            self.placed_end[location] = max(self.placed_end.get(location, 0), address + size)

    def total(self) -> dict[str, int]:
        locations = sorted(set(self.packed) | set(self.placed_end))
        return {loc: self.placed_end.get(loc, 0) + self.packed.get(loc, 0)
                for loc in locations}


def _reserved_here(value: ir.Value) -> bool:
    return isinstance(value, ir.OpResult) and value.owner.name == RESERVE_BUFFER


def _consumer_buffer(init: ir.Operation, direction: str) -> ir.Value | None:
    """The initialise op's buffer operand of `direction`'s consumer, by its
    role in `buffer_roles`."""
    if "buffer_roles" not in init.attributes:
        return None
    roles = [ir.StringAttr(r).value for r in ir.ArrayAttr(init.attributes["buffer_roles"])]
    role = _CONSUMER_ROLE[direction]
    return init.operands[roles.index(role)] if role in roles else None


def reserved_ranges(func_op, location: str) -> list[tuple[int, int]] | None:
    """The byte ranges (base, size) of the buffers `func_op` reserves at
    `location` (where its FIFO receive slots live); None when one of them
    is placed by the allocator (its range is not known here)."""
    operation = getattr(func_op, "operation", func_op)
    ranges: list[tuple[int, int]] = []
    unplaced = []

    reserves, _ = _native.collect_ops(operation, [RESERVE_BUFFER])
    for op in reserves:
        if _native.pto_address_space(op.attributes["location"]) == location:
            size = integer_value(op.attributes["size"])
            base = integer_value(op.attributes["base"]) if "base" in op.attributes else None
            if base is None or size is None:
                unplaced.append(op)
            else:
                ranges.append((base, size))
    return None if unplaced else ranges


def kernel_usage(func_op) -> dict[str, int]:
    """Bytes the kernel `func_op` already occupies per location (locations it
    does not use are absent).

    - `alloc_tile` / `alloc_multi_tile` (tile_bytes) and `reserve_buffer`
      (its size, at its location), wherever they are in the body (each op
      allocates once, in a loop too).
    - Without an address (`addr` of a tile, `base` of a reserve_buffer), or
      with one that is not a constant, a buffer is placed by the compiler:
      those are summed. With a constant address a buffer spans [addr, addr +
      size): the kernel's own span ends at the largest addr + size. The
      usage of a location is that end plus the sum, since the compiler can
      only place its buffers beyond the kernel's span (a hole inside the span
      counts as used: conservative).
    - The slots a pop receives into, when the consumer's buffer is not a
      reserve_buffer of this kernel: slot_size x slots of the initialise op
      at the consumer's location (module docstring). A pop without an
      initialise op in the kernel adds nothing (its slot size is unknown).
    `declare_tile` takes no memory of its own (the pop binds it to a slot).
    """
    operation = getattr(func_op, "operation", func_op)
    usage = _Usage()
    popped: set[fifo_model.Pipe] = set()

    found, _ = _native.collect_ops(operation, sorted({ALLOC_TILE, ALLOC_MULTI_TILE,
                                                      RESERVE_BUFFER, *POP_OPS}))
    for op in found:
        name = op.name
        if name in (ALLOC_TILE, ALLOC_MULTI_TILE):
            result = op.results[0].type
            address = _address(op)
            usage.add(tile_location(result), tile_bytes(result),
                      None if address is None else _constant(address))
        elif name == RESERVE_BUFFER:
            location = _native.pto_address_space(op.attributes["location"])
            base = op.attributes["base"] if "base" in op.attributes else None
            usage.add(location, integer_value(op.attributes["size"]),
                      None if base is None else integer_value(base))
        else:
            popped.add(fifo_model.pipe_of(op))
    declared, _ = fifo_model.declared_pipes(operation)
    for pipe in sorted(popped):
        init = declared.get(pipe)
        if init is None:
            continue
        buffer = _consumer_buffer(init.op, pipe.direction)
        if buffer is not None and _reserved_here(buffer):
            continue
        slot_size = integer_value(init.op.attributes["slot_size"])
        usage.add(_CONSUMER_LOCATION[pipe.direction], slot_size * init.slots, None)
    return usage.total()
