"""What a pto value of tile IR becomes in the JIT's lowering (tile_ir.py),
and the plain values that carry it where it crosses a region or a call
(tile_carry.py).

A pointer is its global memory (`memref<?xT>`) and an element offset; a
view a strided memref over a global memory; a tile buffer a rows x cols
memref and a cell of its valid rows and columns; a multi-tile a count x
rows x cols memref and a cell per slot. Carried, each is its parts cast to
a layout that any of its lowerings casts to (strides and offset
dynamic), so one loop argument or function argument takes every tile of a
type, wherever it lives.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import memref

from .. import tile_types

_DYN = ir.ShapedType.get_dynamic_size()
_DYN_STRIDE = ir.ShapedType.get_dynamic_stride_or_offset()


class Ptr:
    def __init__(self, base: ir.Value, offset: ir.Value):
        self.base, self.offset = base, offset

    def parts(self) -> list[ir.Value]:
        return [self.base, self.offset]


class View:
    """A tensor or partition view: a strided memref over `memory`."""

    def __init__(self, data: ir.Value, memory: ir.Value):
        self.data, self.memory = data, memory

    def parts(self) -> list[ir.Value]:
        return [self.data, self.memory]


class Tile:
    def __init__(self, data: ir.Value, valid: ir.Value, tt: tile_types.TileBuf):
        self.data, self.valid, self.tt = data, valid, tt

    def parts(self) -> list[ir.Value]:
        return [self.data, self.valid]


class MultiTile:
    """N slots: `data` count x rows x cols, `valid` count x 2 (a cell per slot)."""

    def __init__(self, data: ir.Value, valid: ir.Value, multi: tile_types.MultiTileBuf):
        self.data, self.valid, self.multi = data, valid, multi

    def parts(self) -> list[ir.Value]:
        return [self.data, self.valid]


def strided(shape: list[int], element: ir.Type) -> ir.MemRefType:
    """A memref of `shape` whose strides and offset are dynamic."""
    return ir.MemRefType.get(shape, element,
                             ir.StridedLayoutAttr.get(_DYN_STRIDE, [_DYN_STRIDE] * len(shape)))


def carried_types(t: ir.Type) -> list[ir.Type] | None:
    """The types of the parts that carry a value of pto type `t`, or None
    for a type that is not pto's."""
    found = tile_types.pto_type(t)
    index = ir.IndexType.get()
    if isinstance(found, tile_types.TileBuf):
        return [strided([found.rows, found.cols], found.element), strided([2], index)]
    if isinstance(found, tile_types.MultiTileBuf):
        slot = found.slot
        return [strided([found.count, slot.rows, slot.cols], slot.element),
                strided([found.count, 2], index)]
    if isinstance(found, tile_types.Ptr):
        return [ir.MemRefType.get([_DYN], found.element), index]
    if isinstance(found, tile_types.View):
        return [strided([_DYN] * len(found.shape), found.element),
                ir.MemRefType.get([_DYN], found.element)]
    return None


def carried(lowered, t: ir.Type) -> list[ir.Value]:
    """The parts of `lowered` (a value of pto type `t`) cast to the carried
    types."""
    return [v if v.type == want else memref.cast(want, v)
            for v, want in zip(lowered.parts(), carried_types(t))]


def from_parts(t: ir.Type, parts: list[ir.Value]):
    """The lowered value of pto type `t` that `parts` carry."""
    found = tile_types.pto_type(t)
    if isinstance(found, tile_types.TileBuf):
        return Tile(parts[0], parts[1], found)
    if isinstance(found, tile_types.MultiTileBuf):
        return MultiTile(parts[0], parts[1], found)
    if isinstance(found, tile_types.Ptr):
        return Ptr(parts[0], parts[1])
    return View(parts[0], parts[1])
