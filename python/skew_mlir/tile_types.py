"""The parameters of the pto dialect's pointer, view and tile buffer types,
read through the native extension (the bindings see pto types as opaque
`ir.Type`s). Shared by the FIFO model and the simulator."""

from __future__ import annotations

import dataclasses

from mlir import ir

# How the native side spells a dynamic size (`?`): MLIR's ShapedType::kDynamic.
_DYNAMIC = ir.ShapedType.get_dynamic_size()


@dataclasses.dataclass(frozen=True)
class TileBuf:
    """`!pto.tile_buf<loc=…, dtype=…, rows=…, cols=…, v_row=…, v_col=…, …>`.
    v_row / v_col are None when dynamic (`?`: set at run time)."""

    loc: str
    element: ir.Type
    rows: int
    cols: int
    v_row: int | None
    v_col: int | None
    blayout: str
    pad: int

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.cols)


@dataclasses.dataclass(frozen=True)
class MultiTileBuf:
    """`!pto.multi_tile_buf<S, count=N>`: N uniform slots of tile type S."""

    slot: TileBuf
    count: int


@dataclasses.dataclass(frozen=True)
class View:
    """`!pto.tensor_view<…>` / `!pto.partition_tensor_view<…>`: shape entries
    are None when dynamic."""

    kind: str
    element: ir.Type
    shape: tuple[int | None, ...]


@dataclasses.dataclass(frozen=True)
class Ptr:
    """`!pto.ptr<T>`: a global-memory pointer."""

    element: ir.Type


def pto_type(type_: ir.Type) -> TileBuf | MultiTileBuf | View | Ptr | None:
    """The parameters of a pto pointer, view, tile buffer or multi-tile
    buffer type, else None."""
    from . import _native

    info = _native.pto_type_info(type_)
    if info is None:
        return None
    kind, element, shape, valid, loc, blayout, pad, count = info
    dims = tuple(None if d == _DYNAMIC else d for d in shape)
    if kind in ("tile_buf", "multi_tile_buf"):
        v_row, v_col = (None if d == _DYNAMIC else d for d in valid)
        tile = TileBuf(loc, element, dims[0], dims[1], v_row, v_col, blayout, pad)
        return tile if kind == "tile_buf" else MultiTileBuf(tile, count)
    if kind == "ptr":
        return Ptr(element)
    return View(kind, element, dims)


def tile_buf(type_: ir.Type) -> TileBuf | None:
    found = pto_type(type_)
    return found if isinstance(found, TileBuf) else None


def multi_tile_buf(type_: ir.Type) -> MultiTileBuf | None:
    found = pto_type(type_)
    return found if isinstance(found, MultiTileBuf) else None


def multi_tile_type(slot: ir.Type, count: int) -> ir.Type:
    """`!pto.multi_tile_buf<slot, count = N>` (ValueError with the type
    verifier's message when slot or count is refused)."""
    from . import _native

    return _native.multi_tile_buf_type(slot, count)
