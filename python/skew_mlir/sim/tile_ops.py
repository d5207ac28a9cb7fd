"""The tile ops of the pto dialect (destination-passing style: the last
operand is the tile written, the others are read) and the global-memory
views they load from and store to (values: tiles.py).

Every op works on the valid region of the tile it writes; a tile it reads
must be valid over that region (a located error otherwise, rather than a
result made of undefined data). Costs: loads and stores move bytes between
global memory and a core (GM rate), moves and extracts within a core (MTE
rate), matmuls run on the cube, the rest on the vector unit.
"""

from __future__ import annotations

import numpy as np
from mlir import ir

from .. import tile_types
from ..operands import operand_segments
from .dispatch import Step, handles
from .errors import SimError, UnsupportedOp, where
from .arith_ops import divide_truncating, fold, maximumf, minimumf
from .linalg_ops import contract
from .races import READ, WRITE, strided_elements
from .tensor_ops import _segments
from .tiles import (GlobalPtr, GlobalView, MultiTile, Tile, initial_valid, local_memory,
                    pad_value, tile_storage)
from .values import BF16, dtype_of, is_float, mlir_name, unsigned


def _tile_type(op, value: ir.Value) -> tile_types.TileBuf:
    tt = tile_types.tile_buf(value.type)
    if tt is None:
        raise UnsupportedOp(op, f"the simulator models tile buffers here, got {value.type}")
    return tt


def _check_reads(site: str, dst: Tile, *sources: Tile) -> tuple[int, int]:
    """The region written (dst's valid shape), after checking that every
    source is valid over it."""
    return _check_region(site, *dst.valid, *sources)


def _check_region(site: str, rows: int, cols: int, *sources: Tile) -> tuple[int, int]:
    """rows x cols, after checking that every source is valid over it."""
    for src in sources:
        if src.valid[0] < rows or src.valid[1] < cols:
            raise SimError(f"{site}: reads a tile whose valid shape is "
                           f"{src.valid[0]}x{src.valid[1]} over the {rows}x{cols} valid "
                           "region of the tile it writes")
    return rows, cols


def _located_division(site: str):
    """An integer division by zero (_divide) as an error at `site`."""
    def wrap(fn):
        def run(*args):
            try:
                return fn(*args)
            except ZeroDivisionError:
                raise SimError(f"{site}: integer division by zero") from None
        return run
    return wrap


def _ignore_errors(fn):
    def run(*args):
        with np.errstate(all="ignore"):
            return fn(*args)
    return run


# --- global memory -----------------------------------------------------------

@handles("pto.make_tensor_view")
def _make_tensor_view(op, cc) -> Step:
    ptr, shape, strides = _segments(op)
    ptr, shape, strides = cc.slot(ptr[0]), cc.slots_of(shape), cc.slots_of(strides)
    out = cc.slot(op.results[0])

    def run(frame):
        p = frame[ptr]
        frame[out] = GlobalView(p.base, p.offset, tuple(int(frame[s]) for s in shape),
                                tuple(int(frame[s]) for s in strides))
    return Step(run)


@handles("pto.partition_view")
def _partition_view(op, cc) -> Step:
    source, offsets, sizes = _segments(op)
    source, offsets, sizes = cc.slot(source[0]), cc.slots_of(offsets), cc.slots_of(sizes)
    out, site = cc.slot(op.results[0]), where(op)

    def run(frame):
        view = frame[source]
        offs = [int(frame[s]) for s in offsets]
        dims = tuple(int(frame[s]) for s in sizes)
        for off, size, extent in zip(offs, dims, view.shape):
            if off < 0 or size < 0 or off + size > extent:
                raise SimError(f"{site}: window offsets {offs}, sizes {list(dims)} exceed "
                               f"the view's shape {list(view.shape)}")
        start = view.offset + sum(o * s for o, s in zip(offs, view.strides))
        frame[out] = GlobalView(view.base, start, dims, view.strides)
    return Step(run)


@handles("pto.addptr")
def _addptr(op, cc) -> Step:
    ptr, offset, out = cc.slot(op.operands[0]), cc.slot(op.operands[1]), cc.slot(op.results[0])

    def run(frame):
        p = frame[ptr]
        frame[out] = GlobalPtr(p.base, p.offset + int(frame[offset]))
    return Step(run)


def _scalar_index(site: str, p: GlobalPtr, offset: int) -> int:
    index = p.offset + offset
    if not 0 <= index < p.base.size:
        raise SimError(f"{site}: element {index} is outside a global memory of "
                       f"{p.base.size}")
    return index


def _scalar_element(op, cc, ptr: int, offset: int, kind: int):
    """frame -> (memory, index) of the element a scalar access of `op`
    touches, checked in bounds and recorded for the race detector."""
    site = where(op)
    shared = cc.core.shared
    race_site = shared.site(op) if shared is not None else 0

    def element(frame):
        p = frame[ptr]
        index = _scalar_index(site, p, int(frame[offset]))
        if shared is not None:
            shared.global_elements(p.base, (index,), kind, race_site)
        return p.base, index
    return element


@handles("pto.load_scalar")
def _load_scalar(op, cc) -> Step:
    out = cc.slot(op.results[0])
    element = _scalar_element(op, cc, cc.slot(op.operands[0]), cc.slot(op.operands[1]), READ)
    spend, cycles = cc.spend, cc.cost.scalar_op_cycles

    def run(frame):
        memory, index = element(frame)
        frame[out] = memory[index]
        spend(cycles)
    return Step(run)


@handles("pto.store_scalar")
def _store_scalar(op, cc) -> Step:
    value, ptr, offset = cc.slots_of(op.operands)
    element = _scalar_element(op, cc, ptr, offset, WRITE)
    spend, cycles = cc.spend, cc.cost.scalar_op_cycles

    def run(frame):
        memory, index = element(frame)
        memory[index] = frame[value]
        spend(cycles)
    return Step(run)


# --- tile buffers ------------------------------------------------------------

@handles("pto.alloc_tile")
def _alloc_tile(op, cc) -> Step:
    tt = _tile_type(op, op.results[0])
    addr, rows, cols = (cc.slots_of(group) for group in _segments(op))
    out, core, site = cc.slot(op.results[0]), cc.core, where(op)

    def run(frame):
        memory = local_memory(core, tt.loc) if addr else None
        data = tile_storage(tt, memory, int(frame[addr[0]]) if addr else 0, site)
        frame[out] = Tile(data, initial_valid(tt, int(frame[rows[0]]) if rows else None,
                                              int(frame[cols[0]]) if cols else None, site), tt)
    return Step(run)


@handles("pto.alloc_multi_tile")
def _alloc_multi_tile(op, cc) -> Step:
    # Free, like alloc_tile: placing the slots is the compiler's work; no
    # instruction runs on the core.
    multi = tile_types.multi_tile_buf(op.results[0].type)  # the verifier's type
    tt = multi.slot
    addr, rows, cols = (cc.slots_of(group) for group in _segments(op))
    out, core, site = cc.slot(op.results[0]), cc.core, where(op)
    slot_bytes = tt.rows * tt.cols * dtype_of(tt.element).itemsize

    def run(frame):
        memory = local_memory(core, tt.loc) if addr else None
        base = int(frame[addr[0]]) if addr else 0
        valid_rows = int(frame[rows[0]]) if rows else None
        valid_cols = int(frame[cols[0]]) if cols else None
        frame[out] = MultiTile(tuple(
            Tile(tile_storage(tt, memory, base + k * slot_bytes, site),
                 initial_valid(tt, valid_rows, valid_cols, site), tt)
            for k in range(multi.count)))
    return Step(run)


@handles("pto.multi_tile_get")
def _multi_tile_get(op, cc) -> Step:
    # Free: selecting a slot's address is a scalar select the core overlaps
    # with its tile pipes.
    source, index = cc.slots_of(op.operands)
    out, site = cc.slot(op.results[0]), where(op)

    def run(frame):
        slots = frame[source].slots
        k = int(frame[index])
        if not 0 <= k < len(slots):
            raise SimError(f"{site}: slot index {k} is outside the {len(slots)} "
                           "slots of the multi-buffered tile")
        frame[out] = slots[k]
    return Step(run)


@handles("pto.declare_tile")
def _declare_tile(op, cc) -> Step:
    tt = _tile_type(op, op.results[0])
    out, site = cc.slot(op.results[0]), where(op)

    def run(frame):
        frame[out] = Tile(tile_storage(tt, None, 0, site), initial_valid(tt), tt)
    return Step(run)


@handles("pto.subview")
def _subview(op, cc) -> Step:
    tt = _tile_type(op, op.results[0])
    source, offsets, rows, cols = _segments(op)
    source, offsets = cc.slot(source[0]), cc.slots_of(offsets)
    rows, cols = cc.slots_of(rows), cc.slots_of(cols)
    out, site = cc.slot(op.results[0]), where(op)

    def run(frame):
        src = frame[source]
        r, c = (int(frame[s]) for s in offsets)
        if r < 0 or c < 0 or r + tt.rows > src.data.shape[0] or c + tt.cols > src.data.shape[1]:
            raise SimError(f"{site}: a {tt.rows}x{tt.cols} window at ({r}, {c}) exceeds "
                           f"the {src.data.shape[0]}x{src.data.shape[1]} tile")
        frame[out] = Tile(src.data[r:r + tt.rows, c:c + tt.cols],
                          initial_valid(tt, int(frame[rows[0]]) if rows else None,
                                        int(frame[cols[0]]) if cols else None, site), tt)
    return Step(run)


@handles("pto.treshape")
def _treshape(op, cc) -> Step:
    # The source's bytes seen as the result's tile type (PTOAS: "reinterpret,
    # no data movement"), e.g. pypto's logical shape over a popped full tile.
    # Free: it only rebinds a tile handle.
    tt = _tile_type(op, op.results[0])
    source, out, site = cc.slot(op.operands[0]), cc.slot(op.results[0]), where(op)

    def run(frame):
        src = frame[source]
        frame[out] = Tile(_reinterpret(src, tt, site), _reshaped_valid(src, tt, site), tt)
    return Step(run)


def _reinterpret(src: Tile, tt: tile_types.TileBuf, site: str) -> np.ndarray:
    """The rows x cols array of type `tt` over the bytes of `src`, in the
    element order tile_storage gives each block layout."""
    same = (src.type.shape, src.type.element, src.type.blayout) == (tt.shape, tt.element,
                                                                    tt.blayout)
    if same:
        return src.data
    ordered = src.data.T if src.type.blayout == "col_major" else src.data
    dtype = dtype_of(tt.element)
    if not ordered.flags.c_contiguous:
        raise SimError(f"{site}: reinterprets a tile that is a window of another "
                       "(its bytes are not contiguous)")
    if ordered.nbytes != tt.rows * tt.cols * dtype.itemsize:
        raise SimError(f"{site}: reinterprets the {ordered.nbytes} bytes of a "
                       f"{src.type.rows}x{src.type.cols} tile as a {tt.rows}x{tt.cols} "
                       f"tile of {tt.rows * tt.cols * dtype.itemsize} bytes")
    flat = ordered.reshape(-1).view(np.uint8).view(dtype)
    if tt.blayout == "col_major":
        return flat.reshape(tt.cols, tt.rows).T
    return flat.reshape(tt.rows, tt.cols)


def _reshaped_valid(src: Tile, tt: tile_types.TileBuf, site: str) -> list[int]:
    """The result type's valid shape; a dynamic (`?`) extent keeps the
    source's, which only means the same thing over the same rows and columns."""
    if None in (tt.v_row, tt.v_col) and src.type.shape != tt.shape:
        raise SimError(f"{site}: a dynamic valid shape over a reshaped "
                       f"{tt.rows}x{tt.cols} tile (from {src.type.rows}x{src.type.cols}) "
                       "is not modelled: give the result type its valid shape")
    return initial_valid(tt, src.valid[0], src.valid[1], site)


@handles("pto.set_validshape")
def _set_validshape(op, cc) -> Step:
    tile, rows, cols = cc.slots_of(op.operands)
    site = where(op)

    def run(frame):
        t = frame[tile]
        r, c = int(frame[rows]), int(frame[cols])
        if not (0 <= r <= t.data.shape[0] and 0 <= c <= t.data.shape[1]):
            raise SimError(f"{site}: valid shape {r}x{c} exceeds the "
                           f"{t.data.shape[0]}x{t.data.shape[1]} tile")
        t.valid[:] = [r, c]
    return Step(run)


@handles("pto.reserve_buffer", "pto.import_reserved_buffer")
def _reserved_buffer(op, cc) -> Step:
    # The FIFO's slot memory: messages carry copies of the tiles (fifo.py),
    # so the buffer's address only feeds the initialise ops.
    out = cc.slot(op.results[0])
    base = op.attributes["base"].value if "base" in op.attributes else 0

    def run(frame):
        frame[out] = np.int32(base)
    return Step(run)


@handles("pto.tprint")
def _tprint(op, cc) -> Step:
    # Prints on the device; no data effect.
    return Step(lambda frame: None)


# --- moves -------------------------------------------------------------------

def _window_shape(window: np.ndarray) -> tuple[int, int]:
    """The rows x cols of a tile a window loads into or stores from: its
    last dimension is the columns, the others row after row (pto-isa's ND
    TLOAD/TSTORE: a 64x1x32 window is 64x32, 2x16x32 is 32x32); a rank-1
    window of N elements is a 1xN row."""
    return int(np.prod(window.shape[:-1], dtype=np.int64)), window.shape[-1]


@handles("pto.tload", "pto.tstore")
def _tload_tstore(op, cc) -> Step:
    # tload ins(window) outs(tile); tstore ins(tile) outs(window).
    loading = op.name == "pto.tload"
    src, dst = cc.slots_of(op.operands)
    view_slot, tile_slot = (src, dst) if loading else (dst, src)
    spend, cost, site = cc.spend, cc.cost, where(op)
    shared = cc.core.shared
    race_site = shared.site(op) if shared is not None else 0

    def run(frame):
        view = frame[view_slot]
        tile, window = frame[tile_slot], view.window(site)
        if _window_shape(window) != tuple(tile.valid):
            raise SimError(f"{site}: {'loads' if loading else 'stores'} a "
                           f"{'x'.join(map(str, view.shape))} window "
                           f"{'into' if loading else 'from'} a tile whose valid shape is "
                           f"{tile.valid[0]}x{tile.valid[1]}")
        if shared is not None:
            flat = strided_elements(view.offset, view.shape, view.strides)
            shared.global_elements(view.base, flat, READ if loading else WRITE, race_site)
        # The window may be strided: written through it, not a reshaped copy.
        if loading:
            tile.region()[...] = window.reshape(tile.valid)
        else:
            window[...] = tile.region().astype(window.dtype).reshape(window.shape)
        spend(cost.gm(window.nbytes))
    return Step(run)


@handles("pto.tmov")
def _tmov(op, cc) -> Step:
    src, dst = cc.slots_of(op.operands)
    spend, cost, site = cc.spend, cc.cost, where(op)

    def run(frame):
        s, d = frame[src], frame[dst]
        rows, cols = _check_reads(site, d, s)
        d.data[:rows, :cols] = s.data[:rows, :cols].astype(d.data.dtype)
        spend(cost.copy(d.data[:rows, :cols].nbytes))
    return Step(run)


@handles("pto.ttrans")
def _ttrans(op, cc) -> Step:
    # ins(src, tmp) outs(dst): dst[i, j] = src[j, i] over dst's valid
    # region; the scratch tile is the hardware's workspace.
    src, dst = cc.slot(op.operands[0]), cc.slot(op.operands[-1])
    spend, cost, site = cc.spend, cc.cost, where(op)

    def run(frame):
        s, d = frame[src], frame[dst]
        rows, cols = d.valid
        if s.valid[0] < cols or s.valid[1] < rows:
            raise SimError(f"{site}: transposes a tile whose valid shape is "
                           f"{s.valid[0]}x{s.valid[1]} into the {rows}x{cols} valid region "
                           "of the tile it writes")
        d.data[:rows, :cols] = s.data[:cols, :rows].T.astype(d.data.dtype)
        spend(cost.copy(d.data[:rows, :cols].nbytes))
    return Step(run)


@handles("pto.textract")
def _textract(op, cc) -> Step:
    src, row, col, dst = cc.slots_of(op.operands)
    spend, cost, site = cc.spend, cc.cost, where(op)

    def run(frame):
        s, d = frame[src], frame[dst]
        r, c = int(frame[row]), int(frame[col])
        rows, cols = d.valid
        if r < 0 or c < 0 or r + rows > s.valid[0] or c + cols > s.valid[1]:
            raise SimError(f"{site}: extracts {rows}x{cols} at ({r}, {c}) from a tile "
                           f"whose valid shape is {s.valid[0]}x{s.valid[1]}")
        d.data[:rows, :cols] = s.data[r:r + rows, c:c + cols].astype(d.data.dtype)
        spend(cost.copy(d.data[:rows, :cols].nbytes))
    return Step(run)


# --- the cube ----------------------------------------------------------------

def _product(site: str, lhs: Tile, rhs: Tile, acc_dtype: np.dtype) -> np.ndarray:
    """lhs @ rhs as the JIT computes it: in the accumulator's type (f32 for
    the half types), from 0, adding k = 0, 1, ... in turn."""
    m, k = lhs.valid
    k2, n = rhs.valid
    if k != k2:
        raise SimError(f"{site}: multiplies a {m}x{k} left tile by a {k2}x{n} right tile")
    wide = _wide(acc_dtype)
    return contract(np.zeros((m, n), wide), lhs.region().astype(wide), rhs.region().astype(wide),
                    ([0, 2], [2, 1], [0, 1]), {0: m, 1: n, 2: k})


@handles("pto.tmatmul", "pto.tmatmul.acc")
def _tmatmul(op, cc) -> Step:
    # The product's shape is the left tile's valid rows by the right tile's
    # valid columns (pto-isa's TMATMUL: M, K and N come from the sources),
    # written from the accumulator's origin whatever its valid shape: pypto
    # multiplies M < 16 rows into a 16-row accumulator.
    slots = cc.slots_of(op.operands)
    *ins, dst = slots
    acc = ins.pop(0) if op.name == "pto.tmatmul.acc" else None
    spend, cost, site = cc.spend, cc.cost, where(op)

    @_ignore_errors
    def run(frame):
        lhs, rhs, out = frame[ins[0]], frame[ins[1]], frame[dst]
        product = _product(site, lhs, rhs, out.data.dtype)
        m, n = product.shape
        if m > out.data.shape[0] or n > out.data.shape[1]:
            raise SimError(f"{site}: a {m}x{n} product into a "
                           f"{out.data.shape[0]}x{out.data.shape[1]} tile")
        if acc is not None:
            base = frame[acc]
            _check_region(site, m, n, base)
            product = base.data[:m, :n].astype(product.dtype) + product
        out.data[:m, :n] = product.astype(out.data.dtype)
        k = lhs.valid[1]
        spend(cost.matmul(2 * m * k * rhs.valid[1], mlir_name(lhs.data.dtype)))
    return Step(run)


# --- the vector unit ---------------------------------------------------------

def _rsqrt(x: np.ndarray) -> np.ndarray:
    """1 / sqrt(x), rounded once for the half types (computed in f32, as the
    JIT does), twice (the root, then its reciprocal) for the others."""
    return np.reciprocal(np.sqrt(x.astype(_wide(x.dtype)))).astype(x.dtype)


def _wide(dtype: np.dtype) -> np.dtype:
    """The type a float is computed in (f32 for the half types, as the JIT
    computes them); an integer stays as it is."""
    return np.promote_types(dtype, np.float32) if is_float(dtype) else np.dtype(dtype)


def _relu(x: np.ndarray) -> np.ndarray:
    """max(x, 0) as an IEEE maximum (the JIT's): NaN stays NaN, -0.0 gives
    +0.0."""
    keep = x > 0
    if is_float(x.dtype):
        keep |= np.isnan(x)
    return np.where(keep, x, x.dtype.type(0))


# ins(src[, tmp]) outs(dst): the scratch tile is the hardware's workspace.
_UNARY = {
    "pto.texp": (np.exp, True), "pto.tlog": (np.log, True), "pto.tsqrt": (np.sqrt, True),
    "pto.trecip": (np.reciprocal, True), "pto.trsqrt": (_rsqrt, True),
    "pto.tneg": (np.negative, False), "pto.tabs": (np.abs, False),
    "pto.trelu": (_relu, False),
}


def _remainder(a, b) -> np.ndarray:
    """pto-isa's TREM / TREMS remainder, a - floor(a / b) * b, whose sign is
    the divisor's (Python's %, numpy's remainder; not fmod, whose sign is the
    dividend's): exact, then rounded once (the half types computed in f32, as
    the JIT computes them, NaN included); a zero divisor gives fmod's NaN
    (floats) or 0 (integers)."""
    a = np.asarray(a)
    wide = _wide(a.dtype)
    return np.remainder(a.astype(wide), np.asarray(b).astype(wide)).astype(a.dtype)


def _divide(a, b) -> np.ndarray:
    """pto-isa's TDIV / TDIVS: IEEE division of floats; of integers C's,
    truncated toward zero, INT_MIN / -1 wrapping to INT_MIN. An integer zero
    divisor raises ZeroDivisionError (the device's result is undefined): the
    op's step reports it at the op."""
    a, b = np.asarray(a), np.asarray(b)
    if is_float(a.dtype):
        return np.divide(a, b)
    if np.any(b == 0):
        raise ZeroDivisionError
    wide = np.int64 if np.issubdtype(a.dtype, np.signedinteger) else a.dtype
    return divide_truncating(a.astype(wide), b.astype(wide)).astype(a.dtype)


_BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": _divide,
    "max": maximumf, "min": minimumf, "rem": _remainder,  # the JIT's arith.maximumf / minimumf
}


def _vector_step(op, cc, compute, transcendental=False) -> Step:
    """A vector op: `compute(sources, dst, rows, cols)` returns the rows x cols
    values to write into dst's valid region. An empty valid region (0 rows
    or 0 columns, as kernels that set valid shapes at run time give their
    tiles before they are filled) is a no-op: it reads nothing."""
    *ins, dst = cc.slots_of(op.operands)
    spend, cost, site = cc.spend, cc.cost, where(op)

    @_ignore_errors
    @_located_division(site)
    def run(frame):
        out = frame[dst]
        rows, cols = out.valid
        if rows == 0 or cols == 0:
            return  # an empty destination region: nothing to compute or read
        values = compute(site, [frame[s] for s in ins], out, rows, cols)
        out.data[:rows, :cols] = values
        spend(cost.vector(out.data[:rows, :cols].nbytes, transcendental))
    return Step(run)


@handles(*_UNARY)
def _unary(op, cc) -> Step:
    fn, transcendental = _UNARY[op.name]

    def compute(site, srcs, out, rows, cols):
        _check_reads(site, out, srcs[0])
        return fn(srcs[0].data[:rows, :cols].astype(out.data.dtype))
    return _vector_step(op, cc, compute, transcendental)


@handles(*(f"pto.t{name}" for name in _BINARY))
def _binary(op, cc) -> Step:
    # ins(src0, src1[, tmp]) outs(dst): trem's scratch tile is the hardware's
    # workspace.
    fn = _BINARY[op.name[len("pto.t"):]]

    def compute(site, srcs, out, rows, cols):
        _check_reads(site, out, *srcs[:2])
        a, b = (s.data[:rows, :cols] for s in srcs[:2])
        return fn(a, b)
    return _vector_step(op, cc, compute)


@handles("pto.taddc")
def _taddc(op, cc) -> Step:
    # ins(src0, src1, src2) outs(dst): (src0 + src1) + src2, each sum rounded
    # to the element type (two tadds).
    def compute(site, srcs, out, rows, cols):
        _check_reads(site, out, *srcs)
        a, b, c = (s.data[:rows, :cols] for s in srcs)
        return np.add(np.add(a, b), c)
    return _vector_step(op, cc, compute)


@handles(*(f"pto.t{name}s" for name in _BINARY))
def _binary_scalar(op, cc) -> Step:
    # ins(src, scalar[, tmp]) outs(dst); tdivs also ins(scalar, src): the
    # scalar divided by the tile.
    fn = _BINARY[op.name[len("pto.t"):-1]]
    *ins, dst = cc.slots_of(op.operands)
    segments = operand_segments(op)
    scalar_first = segments is not None and bool(segments[0])
    tile, scalar = (ins[1], ins[0]) if scalar_first else (ins[0], ins[1])
    spend, cost, site = cc.spend, cc.cost, where(op)

    @_ignore_errors
    @_located_division(site)
    def run(frame):
        src, out = frame[tile], frame[dst]
        rows, cols = _check_reads(site, out, src)
        a = src.data[:rows, :cols]
        s = a.dtype.type(frame[scalar])
        x, y = (s, a) if scalar_first else (a, s)
        out.data[:rows, :cols] = fn(x, y)
        spend(cost.vector(a.nbytes))
    return Step(run)


@handles("pto.taxpy")
def _taxpy(op, cc) -> Step:
    # ins(src, scalar) outs(dst): dst + src * scalar over dst's valid region
    # (it reads dst too): the product rounded to src's type, the sum to dst's
    # (pto-isa's TAXPY; an f16 src into an f32 dst widens the product).
    def compute(site, srcs, out, rows, cols):
        src, scalar = srcs
        _check_reads(site, out, src)
        a = src.data[:rows, :cols]
        product = a * a.dtype.type(scalar)
        return out.data[:rows, :cols] + product.astype(out.data.dtype)
    return _vector_step(op, cc, compute)


@handles("pto.texpands")
def _texpands(op, cc) -> Step:
    # ins(scalar) outs(dst): the scalar over dst's valid region.
    def compute(site, srcs, out, rows, cols):
        return out.data.dtype.type(srcs[0])
    return _vector_step(op, cc, compute)


def _reduce_lines(fn, lines: np.ndarray) -> np.ndarray:
    """Each row of `lines` reduced by fn in order, as the JIT's loop does: a
    sum from 0, a maximum or minimum from the first element, in f32 for the
    half types (rounded once, by the caller)."""
    lines = lines.astype(_wide(lines.dtype))
    if fn is np.add:
        return fold(fn, np.zeros(len(lines), lines.dtype), lines)
    return fold(fn, lines[:, 0], lines[:, 1:])


_ROW_REDUCE = {"pto.trowmax": "max", "pto.trowsum": "add", "pto.trowmin": "min"}


@handles(*_ROW_REDUCE)
def _row_reduce(op, cc) -> Step:
    # ins(src[, tmp]) outs(dst): dst[r, 0] = reduce(src[r, :valid cols]); the
    # scratch tile is the hardware's workspace.
    fn = _BINARY[_ROW_REDUCE[op.name]]

    def compute(site, srcs, out, rows, cols):
        src = srcs[0]
        if out.valid[1] != 1 or src.valid[0] < rows:
            raise SimError(f"{site}: reduces the rows of a {src.valid[0]}x{src.valid[1]} "
                           f"tile into one whose valid shape is {rows}x{cols} (needs "
                           f"{src.valid[0]}x1)")
        if src.valid[1] == 0 and rows and fn is not np.add:
            # An empty row sums to 0, but has no maximum or minimum (the JIT
            # refuses it alike).
            raise SimError(f"{site}: reduces rows of no valid column ({src.valid[0]}x0) to "
                           "a maximum or minimum")
        return _reduce_lines(fn, src.data[:rows, :src.valid[1]])[:, None].astype(out.data.dtype)
    return _vector_step(op, cc, compute)


_COL_REDUCE = {"pto.tcolmax": "max", "pto.tcolsum": "add", "pto.tcolmin": "min"}


@handles(*_COL_REDUCE)
def _col_reduce(op, cc) -> Step:
    # ins(src[, tmp]) outs(dst): dst[0, c] = reduce(src[:valid rows, c]) over
    # dst's valid columns, row after row (pto-isa's sequential TCOLSUM). The
    # scratch tile is the hardware's workspace; its binary-tree order
    # (isBinary = true) is not modelled.
    if "isBinary" in op.attributes and ir.BoolAttr(op.attributes["isBinary"]).value:
        raise UnsupportedOp(op, "isBinary = true: its binary-tree summation order is "
                                "not modelled")
    fn = _BINARY[_COL_REDUCE[op.name]]

    def compute(site, srcs, out, rows, cols):
        src = srcs[0]
        if rows != 1 or src.valid[1] < cols:
            raise SimError(f"{site}: reduces the columns of a {src.valid[0]}x{src.valid[1]} "
                           f"tile into one whose valid shape is {rows}x{cols} (needs "
                           f"1x{src.valid[1]})")
        if src.valid[0] == 0 and fn is not np.add:
            # As trowmax: an empty column sums to 0, but has no maximum or
            # minimum (the JIT refuses it alike).
            raise SimError(f"{site}: reduces columns of no valid row (0x{src.valid[1]}) to "
                           "a maximum or minimum")
        return _reduce_lines(fn, src.data[:src.valid[0], :cols].T)[None, :].astype(out.data.dtype)
    return _vector_step(op, cc, compute)


def _column_source(site, col: Tile, rows: int) -> np.ndarray:
    if col.valid[0] < rows or col.valid[1] < 1:
        raise SimError(f"{site}: broadcasts a column whose valid shape is "
                       f"{col.valid[0]}x{col.valid[1]} over {rows} rows")
    return col.data[:rows, :1]


@handles("pto.trowexpand")
def _trowexpand(op, cc) -> Step:
    # ins(src) outs(dst): dst[r, c] = src[r, 0] over dst's valid region.
    def compute(site, srcs, out, rows, cols):
        return _column_source(site, srcs[0], rows)
    return _vector_step(op, cc, compute)


@handles(*(f"pto.trowexpand{name}" for name in ("add", "sub", "mul", "div")))
def _row_expand(op, cc) -> Step:
    # ins(src, col[, tmp]) outs(dst): dst = src (op) col broadcast along rows.
    fn = _BINARY[op.name[len("pto.trowexpand"):]]

    def compute(site, srcs, out, rows, cols):
        _check_reads(site, out, srcs[0])
        return fn(srcs[0].data[:rows, :cols], _column_source(site, srcs[1], rows))
    return _vector_step(op, cc, compute)


def _row_source(site, row: Tile, cols: int) -> np.ndarray:
    if row.valid[0] < 1 or row.valid[1] < cols:
        raise SimError(f"{site}: broadcasts a row whose valid shape is "
                       f"{row.valid[0]}x{row.valid[1]} over {cols} columns")
    return row.data[:1, :cols]


@handles("pto.tcolexpand")
def _col_expand(op, cc) -> Step:
    def compute(site, srcs, out, rows, cols):
        return _row_source(site, srcs[0], cols)
    return _vector_step(op, cc, compute)


@handles(*(f"pto.tcolexpand{name}" for name in ("add", "sub", "mul", "div")))
def _col_expand_op(op, cc) -> Step:
    # ins(src, row) outs(dst): dst = src (op) row broadcast along columns.
    fn = _BINARY[op.name[len("pto.tcolexpand"):]]

    def compute(site, srcs, out, rows, cols):
        _check_reads(site, out, srcs[0])
        return fn(srcs[0].data[:rows, :cols], _row_source(site, srcs[1], cols))
    return _vector_step(op, cc, compute)


def _pad_codes() -> dict:
    """The pad_value attribute -> the tile types' pad code of that fill."""
    return {ir.Attribute.parse(f"#pto.pad_value<{name}>"): code
            for code, name in enumerate(("null", "zero", "max", "min"))}


@handles("pto.tfillpad")
def _tfillpad(op, cc) -> Step:
    # dst = src over src's valid region, the pad value (padValue, else dst
    # type's) over the rest of dst's valid region.
    code = _pad_codes()[op.attributes["padValue"]] if "padValue" in op.attributes else None

    def compute(site, srcs, out, rows, cols):
        src = srcs[0]
        fill = pad_value(out.type.pad if code is None else code, out.data.dtype)
        values = np.full((rows, cols), fill, out.data.dtype)
        r, c = min(rows, src.valid[0]), min(cols, src.valid[1])
        values[:r, :c] = src.data[:r, :c]
        return values
    return _vector_step(op, cc, compute)


@handles("pto.tconcat")
def _tconcat(op, cc) -> Step:
    # Columns of src0's valid region, then src1's.
    def compute(site, srcs, out, rows, cols):
        a, b = srcs
        if a.valid[0] < rows or b.valid[0] < rows or a.valid[1] + b.valid[1] != cols:
            raise SimError(f"{site}: concatenates {a.valid[0]}x{a.valid[1]} and "
                           f"{b.valid[0]}x{b.valid[1]} into a tile whose valid shape is "
                           f"{rows}x{cols}")
        return np.concatenate([a.data[:rows, :a.valid[1]], b.data[:rows, :b.valid[1]]], 1)
    return _vector_step(op, cc, compute)


# --- element by element ------------------------------------------------------

def _storage_position(tt: tile_types.TileBuf, k):
    """(row, column) of element k of a tile in its storage order (its block
    layout's: row after row, or column after column); k may be an array."""
    if tt.blayout == "col_major":
        return k % tt.rows, k // tt.rows
    return k // tt.cols, k % tt.cols


def _element_position(site: str, tt: tile_types.TileBuf, k):
    """_storage_position of element k (an int, or an array of them), after
    checking that it lies in the tile (the first that does not, in row-major
    order of `k`, is a located error)."""
    outside = (np.asarray(k) < 0) | (np.asarray(k) >= tt.rows * tt.cols)
    if outside.any():
        raise SimError(f"{site}: element {np.asarray(k)[outside].flat[0]} is outside the "
                       f"{tt.rows}x{tt.cols} tile")
    return _storage_position(tt, k)


def _check_valid_elements(site: str, tile: Tile, k, rows, cols) -> None:
    """Elements k at (rows, cols) of `tile` (ints or arrays) must lie in its
    valid region: a read outside it is a located error (the first, in
    row-major order of `k`)."""
    rows, cols, k = np.asarray(rows), np.asarray(cols), np.asarray(k)
    outside = (rows >= tile.valid[0]) | (cols >= tile.valid[1])
    if outside.any():
        first = np.argmax(outside)
        raise SimError(f"{site}: reads element {k.flat[first]} at ({rows.flat[first]}, "
                       f"{cols.flat[first]}), outside the valid shape "
                       f"{tile.valid[0]}x{tile.valid[1]} of the tile")


@handles("pto.tsetval")
def _tsetval(op, cc) -> Step:
    # ins(offset, value) outs(dst): one element, at `offset` in dst's
    # storage order; a scalar instruction.
    dst, offset, value = cc.slots_of(op.operands)
    tt, site = _tile_type(op, op.operands[0]), where(op)
    spend, cycles = cc.spend, cc.cost.scalar_op_cycles

    def run(frame):
        d, k = frame[dst], int(frame[offset])
        d.data[_element_position(site, tt, k)] = frame[value]
        spend(cycles)
    return Step(run)


@handles("pto.tgetval")
def _tgetval(op, cc) -> Step:
    # ins(src, offset) outs : T: the element at `offset` of src's storage
    # order (tsetval's mirror), which must lie in src's valid region; a
    # scalar instruction.
    src, offset = cc.slots_of(op.operands)
    tt, site, out = _tile_type(op, op.operands[0]), where(op), cc.slot(op.results[0])
    if op.results[0].type != tt.element:  # PTOAS: the tile's element type
        raise UnsupportedOp(op, f"a {op.results[0].type} result from a tile of {tt.element}")
    spend, cycles = cc.spend, cc.cost.scalar_op_cycles

    def run(frame):
        s, k = frame[src], int(frame[offset])
        row, col = _element_position(site, tt, k)
        _check_valid_elements(site, s, k, row, col)
        frame[out] = s.data[row, col]
        spend(cycles)
    return Step(run)


@handles("pto.tgather")
def _tgather(op, cc) -> Step:
    # ins(src, indices[, tmp]) outs(dst), the index form: dst[r, c] = the
    # element at linear offset indices[r, c] of src's storage order (pto-isa's
    # TGATHER reads src's base address plus index times the element size;
    # pypto's kernels index row r, column j of a row-major src as r * cols +
    # j), over dst's valid region. An index outside src, or naming an element
    # outside its valid region, is a located error. The scratch tile is the
    # hardware's workspace.
    # Its compare and mask forms are not modelled.
    segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    if not segments[1]:
        form = "compare" if segments[2] else "mask-pattern"
        raise UnsupportedOp(op, f"the {form} form (only the index form is modelled)")
    src_t, dst_t = _tile_type(op, op.operands[0]), _tile_type(op, op.operands[-1])
    index_t = _tile_type(op, op.operands[1]).element
    if src_t.element != dst_t.element:  # pto-isa's TGATHER: one element type
        raise UnsupportedOp(op, f"a gather from a tile of {src_t.element} into one of "
                                f"{dst_t.element}")
    if not isinstance(index_t, ir.IntegerType):
        raise UnsupportedOp(op, f"indices of {index_t} (an integer type is needed)")

    def compute(site, srcs, out, rows, cols):
        src, indices = srcs[0], srcs[1]
        _check_reads(site, out, indices)
        k = indices.data[:rows, :cols].astype(np.int64)
        position = _element_position(site, src_t, k)
        _check_valid_elements(site, src, k, *position)
        return src.data[position]
    return _vector_step(op, cc, compute)


@handles("pto.tci")
def _tci(op, cc) -> Step:
    # ins(start[, tmp]) outs(dst) {descending}: start + k (start - k when
    # descending) into element k of dst's storage order, for k below dst's
    # valid columns; its valid rows are not read (pto-isa's TCI).
    start, dst = cc.slot(op.operands[0]), cc.slot(op.operands[-1])
    tt = _tile_type(op, op.operands[-1])
    if tt.element != op.operands[0].type:  # pto-isa's TCI: one integer type for both
        raise UnsupportedOp(op, f"a {op.operands[0].type} start into a tile of {tt.element}")
    step = -1 if "descending" in op.attributes and op.attributes["descending"].value else 1
    spend, cost = cc.spend, cc.cost

    def run(frame):
        d = frame[dst]
        k = np.arange(d.valid[1])
        d.data[_storage_position(tt, k)] = (int(frame[start]) + step * k).astype(d.data.dtype)
        spend(cost.vector(k.size * d.data.itemsize))
    return Step(run)


# --- conversions -------------------------------------------------------------

# Float -> integer rounding per mode (RINT and CAST_RINT: nearest, ties to even).
_TO_INT = {"NONE": np.rint, "RINT": np.rint, "CAST_RINT": np.rint,
           "ROUND": lambda x: np.trunc(x + np.copysign(0.5, x)), "FLOOR": np.floor,
           "CEIL": np.ceil, "TRUNC": np.trunc}
# Modes a narrowing float conversion models: numpy's is round to nearest even.
_FLOAT_NEAREST = ("NONE", "RINT", "CAST_RINT")


def _round_modes() -> dict:
    """The round_mode attribute -> its name (the attribute's own value, not its text)."""
    return {ir.Attribute.parse(f"#pto<round_mode {name}>"): name
            for name in ("NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD",
                         "CAST_RINT")}


def _conversion(mode: str, src: np.dtype, dst: np.dtype):
    """values -> values of `dst` for a conversion in round mode `mode`, or
    None when the simulator does not model that mode for these types."""
    if is_float(src) and not is_float(dst):
        rounding = _TO_INT.get(mode)
        if rounding is None:
            return None
        info = np.iinfo(dst)
        return lambda x: np.clip(rounding(x.astype(np.float64)), info.min, info.max).astype(dst)
    exact = (is_float(src) and is_float(dst) and dst.itemsize >= src.itemsize) or (
        not is_float(src) and not is_float(dst))
    if exact or mode in _FLOAT_NEAREST:
        return lambda x: x.astype(dst)  # numpy rounds to nearest, ties to even
    if src == np.float32 and dst == BF16 and mode in _TO_BF16:
        return _TO_BF16[mode]
    if mode == "ROUND" and dst in _AWAY_TARGETS and (is_float(src) or src.itemsize <= 4):
        return _nearest_away(dst)
    return None


# The targets of a ROUND conversion beyond f32 -> bf16: f16 and f32.
_AWAY_TARGETS = (np.float16, np.float32)


def _nearest_away(dst: np.dtype):
    """values -> `dst`, to nearest with ties away from zero: the nearest-even
    value, or the next one away from zero (its magnitude's bit pattern plus
    one) where the value lies halfway between the two. The tie is found in
    f64, which holds every source value here (a float, an integer of 32 bits
    or fewer) and the differences exactly."""
    bits = unsigned(dst)

    def convert(x):
        wide = np.abs(x.astype(np.float64))
        near = x.astype(dst)
        away = (near.view(bits) + 1).view(dst)
        low, high = np.abs(near.astype(np.float64)), np.abs(away.astype(np.float64))
        return np.where((low < wide) & (high - wide == wide - low), away, near)
    return convert


def _bf16_bits(adjust):
    """f32 -> bf16 by dropping the low 16 bits of the f32 pattern after
    `adjust(bits, sign, rest)` (a sign-magnitude format: adding to the bit
    pattern rounds the magnitude up); NaN stays NaN."""
    def convert(x):
        bits = np.ascontiguousarray(x, np.float32).view(np.uint32).astype(np.uint64)
        sign, rest = bits >> 31, bits & 0xFFFF
        out = ((adjust(bits, sign, rest) >> 16) & 0xFFFF).astype(np.uint16).view(BF16)
        return np.where(np.isnan(x), BF16.type(np.nan), out)
    return convert


# The round modes of an f32 -> bf16 conversion beyond nearest-even: ROUND
# (ties away from zero), TRUNC (towards zero), FLOOR / CEIL (towards -inf /
# +inf: the magnitude rounds up for negative / positive values), ODD
# (truncate, then set the last bit if anything was dropped).
_TO_BF16 = {
    "ROUND": _bf16_bits(lambda b, s, r: b + 0x8000),
    "TRUNC": _bf16_bits(lambda b, s, r: b),
    "FLOOR": _bf16_bits(lambda b, s, r: np.where(s == 1, b + 0xFFFF, b)),
    "CEIL": _bf16_bits(lambda b, s, r: np.where(s == 0, b + 0xFFFF, b)),
    "ODD": _bf16_bits(lambda b, s, r: np.where(r != 0, b | 0x10000, b)),
}


@handles("pto.tcvt")
def _tcvt(op, cc) -> Step:
    mode = _round_modes()[op.attributes["rmode"]] if "rmode" in op.attributes else "CAST_RINT"
    if "satmode" in op.attributes and op.attributes["satmode"] == ir.Attribute.parse(
            "#pto<saturation_mode ON>"):
        raise UnsupportedOp(op, "saturation (satmode ON) is not modelled")
    src_t, dst_t = _tile_type(op, op.operands[0]), _tile_type(op, op.operands[1])
    convert = _conversion(mode, dtype_of(src_t.element), dtype_of(dst_t.element))
    if convert is None:
        raise UnsupportedOp(op, f"round mode {mode} from {src_t.element} to "
                                f"{dst_t.element} is not modelled")

    def compute(site, srcs, out, rows, cols):
        _check_reads(site, out, srcs[0])
        return convert(srcs[0].data[:rows, :cols])
    return _vector_step(op, cc, compute)
