"""Runtime values of tile IR: global memory, its views, and tile buffers.

- Global memory: each `!pto.ptr` kernel argument is a flat numpy array (one
  global memory, shared by every core, as on the device). `GlobalPtr` is a
  position in it; a tensor or partition view is `GlobalView` (base, element
  offset, shape, element strides), read and written through numpy strides.
- Local memories: each core has one byte array per address space (vec, mat,
  left, right, acc, ...), initialised to 0xFF bytes (NaN for the float
  types, -1 for integers) so a read of never-written memory shows. A tile
  allocated at an address (`pto.alloc_tile addr = %a`) is a view of its
  memory there, so tiles at one address alias, as on the device. A tile
  without an address gets storage of its own.
- Multi-buffered tiles: `pto.alloc_multi_tile` makes N tiles of its slot
  type (at an address: slot k at addr + k * slot bytes, as PTOAS places
  them; else storage of their own); `pto.multi_tile_get %mb[%k]` is the k-th
  of those very tiles, so what one get writes (data or valid shape) a later
  get of the same slot sees.
- Element order: a tile's block layout decides it: row_major stores rows
  one after the other, col_major columns. Views of one address with the
  transposed shape and the other block layout (a mat tile and its `_t`
  companion) therefore see the transpose, as on the device. The order inside
  a fractal block is not modelled: aliasing tiles whose block layout agrees
  but whose fractal layout differs see the same element order.
- Valid shape: each tile value carries its run-time valid rows and columns
  (static v_row/v_col of its type, else the operands that made it, else the
  whole tile); `pto.set_validshape` changes it. Ops work on the valid region.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .. import tile_types
from .errors import SimError
from .values import dtype_of, is_float

# Capacity simulated for each local memory (bytes); generous for any
# generation (an address beyond it is a located error).
LOCAL_BYTES = {"vec": 256 << 10, "mat": 1 << 20, "left": 64 << 10, "right": 64 << 10,
               "acc": 256 << 10, "bias": 4 << 10, "scaling": 4 << 10}
_FILL = 0xFF


@dataclasses.dataclass(frozen=True)
class GlobalPtr:
    base: np.ndarray  # the whole global memory of one pointer argument
    offset: int = 0  # in elements


@dataclasses.dataclass(frozen=True)
class GlobalView:
    base: np.ndarray
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]  # in elements

    def window(self, site: str) -> np.ndarray:
        """The view as a writable numpy array over the global memory."""
        if any(s < 0 for s in self.shape) or any(st < 0 for st in self.strides):
            raise SimError(f"{site}: negative size or stride in view "
                           f"shape {list(self.shape)}, strides {list(self.strides)}")
        last = self.offset + sum((n - 1) * st for n, st in zip(self.shape, self.strides)
                                 if n > 0)
        if self.offset < 0 or (all(self.shape) and last >= self.base.size):
            raise SimError(f"{site}: the view (offset {self.offset}, shape "
                           f"{list(self.shape)}, strides {list(self.strides)}) reaches "
                           f"element {last} of a global memory of {self.base.size}")
        item = self.base.itemsize
        return np.lib.stride_tricks.as_strided(
            self.base[self.offset:], self.shape, tuple(st * item for st in self.strides))


class Tile:
    """A tile buffer: `data` (rows x cols, a view of its storage) and its
    current valid shape."""

    __slots__ = ("data", "valid", "type")

    def __init__(self, data: np.ndarray, valid: list[int], type_: tile_types.TileBuf):
        self.data, self.valid, self.type = data, valid, type_

    def region(self) -> np.ndarray:
        return self.data[:self.valid[0], :self.valid[1]]


@dataclasses.dataclass(frozen=True)
class MultiTile:
    """The slots of a `!pto.multi_tile_buf`: one Tile each."""

    slots: tuple[Tile, ...]


@dataclasses.dataclass(frozen=True)
class TileMessage:
    """What a push of a tile sends: its data (outside the valid region:
    undefined, filled like never-written memory) and its valid shape."""

    data: np.ndarray
    valid: tuple[int, int]

    @property
    def empty(self) -> bool:
        return 0 in self.valid

    def region(self) -> np.ndarray:
        return self.data[:self.valid[0], :self.valid[1]]


def payload_bytes(value) -> int:
    """Bytes a pushed value occupies in a pipe message."""
    return value.data.nbytes if isinstance(value, TileMessage) else np.asarray(value).nbytes


def undefined(shape, dtype: np.dtype) -> np.ndarray:
    """Storage that was never written: the local memories' fill pattern."""
    dtype = np.dtype(dtype)
    return np.full(int(np.prod(shape)) * dtype.itemsize, _FILL, np.uint8).view(dtype) \
        .reshape(shape)


def message_of(tile: Tile) -> TileMessage:
    data = undefined(tile.data.shape, tile.data.dtype)
    rows, cols = tile.valid
    data[:rows, :cols] = tile.data[:rows, :cols]
    return TileMessage(data, (rows, cols))


def local_memory(core, loc: str) -> np.ndarray:
    memories = core.local
    memory = memories.get(loc)
    if memory is None:
        memory = memories[loc] = np.full(LOCAL_BYTES.get(loc, 64 << 10), _FILL, np.uint8)
    return memory


def tile_storage(tt: tile_types.TileBuf, memory: np.ndarray | None, addr: int,
                 site: str) -> np.ndarray:
    """rows x cols array of a tile type: a view of `memory` at byte `addr`, or
    fresh storage when `memory` is None (element order: module docstring)."""
    dtype = dtype_of(tt.element)
    count = tt.rows * tt.cols
    if memory is None:
        try:
            flat = undefined((count,), dtype)
        except (MemoryError, ValueError):  # ValueError: beyond numpy's largest array
            raise SimError(f"{site}: out of memory building a {tt.rows}x{tt.cols} tile (the "
                           "limit per value, --max-value-mib, is beyond what the machine "
                           "holds)") from None
    else:
        end = addr + count * dtype.itemsize
        if addr < 0 or end > memory.size:
            raise SimError(f"{site}: a {tt.rows}x{tt.cols} tile at address {addr} of "
                           f"'{tt.loc}' ends at byte {end}, beyond the {memory.size} bytes "
                           "the simulator gives that memory")
        flat = memory[addr:end].view(dtype)
    if tt.blayout == "col_major":
        return flat.reshape(tt.cols, tt.rows).T
    return flat.reshape(tt.rows, tt.cols)


def initial_valid(tt: tile_types.TileBuf, rows=None, cols=None, site: str = "") -> list[int]:
    """The valid shape a tile starts with: its type's, else the run-time
    `rows` / `cols` given (at most the tile's shape, or SimError at `site`),
    else the whole tile."""
    valid = [tt.v_row if tt.v_row is not None else (tt.rows if rows is None else rows),
             tt.v_col if tt.v_col is not None else (tt.cols if cols is None else cols)]
    if not (0 <= valid[0] <= tt.rows and 0 <= valid[1] <= tt.cols):
        raise SimError(f"{site}: valid shape {valid[0]}x{valid[1]} exceeds the "
                       f"{tt.rows}x{tt.cols} tile")
    return valid


def pad_value(pad: int, dtype: np.dtype):
    """PTO's pad values: 0 null and 1 zero fill 0, 2 max and 3 min fill +inf /
    -inf (the type's largest / smallest value when it has no infinity)."""
    if pad in (0, 1):
        return dtype.type(0)
    if is_float(dtype):
        return dtype.type(np.inf if pad == 2 else -np.inf)
    info = np.iinfo(dtype)
    return dtype.type(info.max if pad == 2 else info.min)
