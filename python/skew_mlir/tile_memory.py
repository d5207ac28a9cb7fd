"""Which memory a tile-IR value addresses: the buffer a view is taken of, and
whether two buffers may overlap.

A view (`pto.subview` of a tile buffer, `pto.partition_view` of a tensor
view, a tensor view of a pointer, one slot of a multi-buffered tile) is an
op without regions that MLIR knows to touch no memory, whose result is
memory of the pto dialect and which takes exactly one such operand: its
result addresses (part of) that operand's memory. Following those to the end gives a value's root: an
allocation (an op with an Allocate effect on its result, or a tile placed
at an address: see is_allocation), a FIFO slot, a
function argument, or whatever MLIR cannot trace.

Two allocations are distinct memory unless they may overlap: at different
tile locations never; both placed at constant addresses, when their byte
ranges intersect; placed at an address that is not a constant, always (it
cannot be decided); placed by the allocator (no address), never with
another allocation. Everything else is left to aliasing.first_alias.
"""

from __future__ import annotations

from mlir import ir

from . import tile_types
from .aliasing import first_alias
from .attributes import integer_value
from .diagnostics import place
from .effects import TILE_STATE_RESOURCE, memory_effects
from .operands import operand_segments
from .dialect import POP_OPS
from .tile_capacity import reserved_ranges, tile_bytes, tile_location


def is_tile_memory(type_: ir.Type) -> bool:
    """A pto pointer, view, tile buffer or multi-buffered tile."""
    return tile_types.pto_type(type_) is not None


def is_memory_type(type_: ir.Type) -> bool:
    """A type whose values address memory: a memref or tile memory."""
    return isinstance(type_, ir.MemRefType) or is_tile_memory(type_)


def viewed(op: ir.Operation) -> ir.Value | None:
    """The memory `op`'s result is a view of (see the module docstring)."""
    if len(op.results) != 1 or not is_memory_type(op.results[0].type) or len(op.regions):
        return None  # an op with regions (scf.for, scf.if) yields what its body picks
    sources = [v for v in op.operands if is_memory_type(v.type)]
    if len(sources) != 1 or memory_effects(op) != []:
        return None
    return sources[0]


def buffer_root(value: ir.Value) -> ir.Value:
    """The value at the end of `value`'s chain of views."""
    while isinstance(value, ir.OpResult):
        source = viewed(value.owner)
        if source is None:
            break
        value = source
    return value


def is_allocation(value: ir.Value) -> bool:
    """Whether `value` is the result of an op that allocates it, or that
    places it at an address (a placed tile declares no allocation, since
    tiles at one address share their bytes, but writes the new tile's state
    on the pto.tile_state resource)."""
    if not isinstance(value, ir.OpResult):
        return False
    effects = memory_effects(value.owner) or []
    return any((e.kind == "allocate" or (e.kind == "write" and e.resource == TILE_STATE_RESOURCE))
               and e.on(value) for e in effects)


def placed_address(value: ir.Value) -> int | None | type(...):
    """Where an allocation is placed: its constant `addr` operand (the
    first operand group of pto.alloc_tile and pto.alloc_multi_tile, an
    integer), None when the allocator places it, `...` when the address is
    not a constant."""
    groups = operand_segments(value.owner.operation)
    if not groups or len(groups[0]) != 1 or not isinstance(groups[0][0].type, ir.IntegerType):
        return None
    addr = groups[0][0]
    if isinstance(addr, ir.OpResult) and addr.owner.name == "arith.constant":
        number = integer_value(addr.owner.attributes["value"])
        if number is not None:
            return number
    return ...


def allocations_overlap(a: ir.Value, b: ir.Value) -> bool:
    """Whether two allocations may share memory (see the module docstring)."""
    if a == b:
        return True
    loc_a, loc_b = tile_location(a.type), tile_location(b.type)
    if loc_a is None or loc_b is None:
        return False  # a memref or view allocation: MLIR's rule, distinct
    if loc_a != loc_b:
        return False
    addr_a, addr_b = placed_address(a), placed_address(b)
    if addr_a is None or addr_b is None:
        return False
    if addr_a is ... or addr_b is ...:
        return True
    return addr_a < addr_b + tile_bytes(b.type) and addr_b < addr_a + tile_bytes(a.type)


def may_alias(a: ir.Value | None, b: ir.Value | None) -> bool:
    """Whether two values may address the same memory (None: unknown memory,
    which may be any)."""
    if a is None or b is None:
        return True
    root_a, root_b = buffer_root(a), buffer_root(b)
    if root_a == root_b:
        return True
    if is_allocation(root_a) and is_allocation(root_b):
        return allocations_overlap(root_a, root_b)
    for slot, other in ((root_a, root_b), (root_b, root_a)):
        if _is_fifo_slot(slot) and is_allocation(other) and isinstance(placed_address(other), int):
            return _slot_overlaps(slot, other)
    return first_alias([root_a], [root_b]) is not None


def _is_fifo_slot(value: ir.Value) -> bool:
    """A popped tile: the FIFO slot the message arrived in."""
    return isinstance(value, ir.OpResult) and value.owner.name in POP_OPS


def _slot_overlaps(slot: ir.Value, placed: ir.Value) -> bool:
    """Whether a FIFO slot may share memory with a tile placed at a constant
    address: never at another location; otherwise unless every buffer the
    kernel reserves there (the receive slots) lies apart from the tile."""
    location = tile_location(placed.type)
    if tile_location(slot.type) != location:
        return False
    function = slot.owner
    while function is not None and function.name != "func.func":
        function = function.parent
    ranges = None if function is None else reserved_ranges(function, location)
    if not ranges:
        return True
    start, size = placed_address(placed), tile_bytes(placed.type)
    return any(start < base + length and base < start + size for base, length in ranges)


def first_overlap(reads: list[ir.Value | None], writes: list[ir.Value | None]
                  ) -> tuple[int, int] | None:
    """aliasing.first_alias with tile memory's rules: (i, j) of the first
    `writes[j]` (in order) that may address a `reads[i]` (the first such)."""
    if not any(v is not None and is_tile_memory(v.type) for v in (*reads, *writes)):
        return first_alias(reads, writes)
    for j, write in enumerate(writes):
        for i, read in enumerate(reads):
            if may_alias(read, write):
                return i, j
    return None


def describe(buffer: ir.Value) -> str:
    """How a remark names a buffer: its location (for a tile buffer) and
    where it is defined."""
    loc = tile_location(buffer.type)
    what = f"the {loc} buffer" if loc else "the buffer"
    owner = buffer.owner
    site = owner.location if isinstance(buffer, ir.OpResult) else owner.owner.location
    return f"{what} of {place(site)}"
