"""Tile IR (PTOAS's form) lowered to memrefs for the JIT, before the FIFO
rewrite and upstream's lowering.

- `!pto.ptr<T>` arguments become `memref<?xT>`: each is one global memory,
  the same buffer for every core that gets it. A pointer is that memref and
  an element offset (`pto.addptr` moves the offset).
- Tensor and partition views are strided memrefs over a global memory
  (`memref.reinterpret_cast`, `memref.subview`), checked against its size.
- A tile buffer is a rows x cols memref and a cell (`memref<2xindex>`)
  holding its valid rows and columns, which `pto.set_validshape` rewrites.
  A tile placed at an address (`alloc_tile addr = ...`) is a view of its
  core's local memory for the address space (one byte buffer per memory,
  filled with 0xFF as never-written memory), so tiles at one address alias;
  its block layout decides the element order (col_major: column after
  column), so a tile and its transposed col_major companion see each
  other's transpose. A tile without an address gets storage of its own,
  refilled with 0xFF each time its op runs.
- A multi-tile (`pto.alloc_multi_tile`) is a count x rows x cols memref
  (slot k at k times the tile's bytes past its address, as PTOAS places
  them) and a cell per slot; `pto.multi_tile_get` is a subview of slot k
  and its cell, so what one get writes (data or valid shape) a later get of
  the same slot sees.
- Tile ops (destination-passing style) become scf loops over the valid
  region of the tile written, computed into a scratch buffer first and then
  copied, since a source may alias the destination. bf16 and f16 values
  are computed in f32 and rounded once per op (nearest even), as numpy's
  half types do (taddc and taxpy, two numpy ops in the interpreter, round
  their intermediate result too).
- A push of a tile sends the whole tile and its valid shape
  (`pto_jit_push_tile_<T>`); a pop receives both (`pto_jit_pop_tile_<T>`):
  the runtime splits and joins the valid region as the FIFO contract says.
- What is checked at run time (a view beyond its global memory, a window
  and a valid shape that disagree, a read beyond a valid region) calls
  `pto_jit_stop` with the op's location: the run ends with that error.

An op or type this file does not lower is a located JitUnsupported naming
the op; nothing is guessed.
"""

from __future__ import annotations

from typing import Callable

from mlir import ir
from mlir.dialects import arith, func, linalg, math, memref, scf

from .. import fifo_model, tile_types
from ..attributes import function_name
from ..operands import operand_segments
from ..sim.tiles import LOCAL_BYTES
from .errors import JitUnsupported, describe, where
from .rewrite import REWRITTEN_OPS, Rewritten, declare, element_bytes, unranked
from .tile_carry import Carrier, carries, kind, refuse_kernel_value, signature
from .tile_values import MultiTile, Ptr, Tile, View

_DYN = ir.ShapedType.get_dynamic_size()
_DYN_STRIDE = ir.ShapedType.get_dynamic_stride_or_offset()
_OTHER_LOCAL_BYTES = 64 << 10  # a memory LOCAL_BYTES does not name
_ROUND_TO_INT = {"NONE": math.roundeven, "RINT": math.roundeven, "CAST_RINT": math.roundeven,
                 "ROUND": math.round, "FLOOR": math.floor, "CEIL": math.ceil,
                 "TRUNC": math.trunc}
_NEAREST = ("NONE", "RINT", "CAST_RINT")


def _index(n: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), n)


def _as_index(value: ir.Value) -> ir.Value:
    if isinstance(value.type, ir.IndexType):
        return value
    return arith.index_cast(ir.IndexType.get(), value)


def _strided(rank: int, element: ir.Type) -> ir.MemRefType:
    return ir.MemRefType.get([_DYN] * rank, element,
                             ir.StridedLayoutAttr.get(_DYN_STRIDE, [_DYN_STRIDE] * rank))


def _static(value) -> int | None:
    """An int, or None for a run-time value."""
    return value if isinstance(value, int) else None


def subview(source: ir.Value, offsets: list, sizes: list) -> ir.Value:
    """memref.subview with unit steps; offsets and sizes are ints or index
    values; the result type as upstream infers it (strides kept, the offset
    static when every part of it is)."""
    t = ir.MemRefType(source.type)
    strides, offset = t.get_strides_and_offset()
    dyn = ir.ShapedType.get_dynamic_stride_or_offset()
    for off, stride in zip(offsets, strides):
        if offset == dyn or _static(off) is None or stride == dyn:
            offset = dyn
        else:
            offset += off * stride
    shape = [_DYN if _static(s) is None else s for s in sizes]
    result = ir.MemRefType.get(shape, t.element_type, ir.StridedLayoutAttr.get(offset, strides))
    return memref.subview(source, offsets, sizes, [1] * len(sizes), result_type=result)


def _any(*conditions: ir.Value) -> ir.Value:
    result = conditions[0]
    for c in conditions[1:]:
        result = arith.ori(result, c)
    return result


def _cmp(predicate: str, a: ir.Value, b: ir.Value) -> ir.Value:
    return arith.cmpi(getattr(arith.CmpIPredicate, predicate), a, b)


def _is_float(t: ir.Type) -> bool:
    return isinstance(t, (ir.F16Type, ir.BF16Type, ir.F32Type, ir.F64Type))


def _compute_type(t: ir.Type) -> ir.Type:
    """Half floats are computed in f32 (rounded once when stored)."""
    return ir.F32Type.get() if isinstance(t, (ir.F16Type, ir.BF16Type)) else t


def _width(t: ir.Type) -> int:
    return 64 if isinstance(t, ir.IndexType) else t.width


def cast(value: ir.Value, to: ir.Type) -> ir.Value:
    """numpy's astype between the element types (floats round to nearest
    even, floats to integers truncate, integers are signed)."""
    src = value.type
    if src == to:
        return value
    if _is_float(src) and _is_float(to):
        if _width(to) == _width(src):  # f16 <-> bf16: through f32
            return arith.truncf(to, arith.extf(ir.F32Type.get(), value))
        return arith.extf(to, value) if _width(to) > _width(src) else arith.truncf(to, value)
    if _is_float(src):
        return arith.fptosi(to, value)
    if _is_float(to):
        return arith.sitofp(to, value)
    if isinstance(src, ir.IndexType) or isinstance(to, ir.IndexType):
        return arith.index_cast(to, value)
    if _width(to) > _width(src):
        return arith.extsi(to, value)
    return arith.trunci(to, value)


class TileLowering:
    """Lowers the tile IR of every function of `module` in place."""

    def __init__(self, module: ir.Module, kernels: list[str], rewritten: Rewritten):
        self.module, self.kernels, self.rewritten = module, set(kernels), rewritten
        self.values: dict = {}  # an old pto value -> Ptr, View, Tile or MultiTile
        self.op: ir.Operation | None = None  # the op being lowered

    # --- the walk ------------------------------------------------------------

    def run(self) -> None:
        for fn in list(self.module.body.operations):
            if fn.operation.name == "func.func":
                with fn.location:
                    self._function(fn.operation)

    def _function(self, fn: ir.Operation) -> None:
        kernel = function_name(fn) in self.kernels
        ftype = fn.attributes["function_type"].value
        if kernel:
            for i, t in enumerate(ftype.results):
                if tile_types.pto_type(t) is not None:
                    raise refuse_kernel_value(fn, f"result #{i}", t)
            inputs = [self._argument_type(fn, i, t) for i, t in enumerate(ftype.inputs)]
            fn.attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get(inputs, list(ftype.results)))
        else:
            signature(fn)
        if not fn.regions[0].blocks:
            return
        entry = fn.regions[0].blocks[0]
        # Per function: values never cross one, and an erased op's values
        # may share a later value's address.
        self.fn, self.locals, self.values = fn, {}, {}
        self.carrier = Carrier(self.values, self.kernels, self.check)
        self.entry_anchor = entry.operations[0]
        if kernel:
            for arg, t in zip(entry.arguments, inputs):
                if arg.type != t:
                    self.carrier.pointer_arguments[arg] = arg.type
                    arg.set_type(t)
                    with ir.InsertionPoint(self.entry_anchor), fn.location:
                        self.values[arg] = Ptr(arg, _index(0))
        else:
            self.carrier.block_arguments(entry)
        ops: list[ir.Operation] = []

        def visit(op):
            ops.append(op.operation)
            return ir.WalkResult.ADVANCE

        fn.walk(visit, ir.WalkOrder.PRE_ORDER)
        lowered = []
        for op in ops[1:]:
            if self._lower(op):
                lowered.append(op)
        for op in reversed(lowered):
            op.erase()
        self.carrier.finish()

    def _argument_type(self, fn: ir.Operation, i: int, t: ir.Type) -> ir.Type:
        found = tile_types.pto_type(t)
        if found is None:
            return t
        if isinstance(found, tile_types.Ptr):
            return ir.MemRefType.get([_DYN], found.element)
        raise refuse_kernel_value(fn, f"argument #{i}", t)

    def _lower(self, op: ir.Operation) -> bool:
        """Lower `op` if it is tile IR (True: erase it afterwards); refuse an
        op that uses or makes a pto value it cannot lower."""
        handler = _fifo_op if tile_fifo_op(op) else _HANDLERS.get(op.name)
        if handler is None:
            if op.name.startswith("pto.") and op.name not in REWRITTEN_OPS:
                raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT executor cannot "
                                     "lower it")
            if not (kind(op) and carries(op, self.values)):
                self._check_foreign(op)
                return False
            handler = _carry
        self.op = op
        with ir.InsertionPoint(op), op.location:
            handler(self, op)
        return True

    def _check_foreign(self, op: ir.Operation) -> None:
        """An op the tile lowering leaves alone may carry pto values only
        where the FIFO rewrite (or a call passing a global memory) takes them."""
        values = [(f"operand #{i}", v) for i, v in enumerate(op.operands)]
        values += [(f"result #{i}", v) for i, v in enumerate(op.results)]
        for region in op.regions:
            for block in region.blocks:
                values += [("a block argument", a) for a in block.arguments]
        for what, value in values:
            lowered = self.values.get(value)
            if op.name in REWRITTEN_OPS and not isinstance(lowered, Tile):
                continue
            if tile_types.pto_type(value.type) is not None or lowered is not None:
                raise JitUnsupported(f"{where(op)}: '{op.name}': {what} is a "
                                     f"{value.type}: the JIT lowers tile IR values only "
                                     "where tile ops make and use them, and where loops, "
                                     "branches and calls carry them")

    # --- helpers -------------------------------------------------------------

    def tile(self, value: ir.Value) -> Tile:
        found = self.values.get(value)
        if not isinstance(found, Tile):
            raise JitUnsupported(f"{where(self.op)}: '{self.op.name}': the JIT expected a "
                                 f"tile buffer a tile op made, got {value.type}")
        return found

    def hoist(self, make: Callable[[], ir.Value]) -> ir.Value:
        """A buffer made once at the function's entry (ops in loops reuse it)."""
        with ir.InsertionPoint(self.entry_anchor), self.fn.location:
            return make()

    def check(self, op: ir.Operation, condition: ir.Value, message: str) -> None:
        """At run time: end the run with `message` at `op` when `condition`."""
        branch = scf.IfOp(condition)
        with ir.InsertionPoint(branch.then_block):
            self.rewritten.stop_site(self.module, f"{describe(op)}: {message}")
            scf.YieldOp([])

    def check_writing(self, op: ir.Operation, rows: ir.Value, cols: ir.Value,
                      condition: ir.Value, message: str) -> None:
        """check() for a vector op writing rows x cols: an empty region (as
        kernels that set valid shapes at run time give their tiles before
        they are filled) is a no-op that reads nothing, so nothing is
        checked (the interpreter's rule, sim/tile_ops._vector_step)."""
        written = arith.andi(_cmp("ne", rows, _index(0)), _cmp("ne", cols, _index(0)))
        self.check(op, arith.andi(written, condition), message)

    def valid(self, tile: Tile) -> tuple[ir.Value, ir.Value]:
        return (memref.load(tile.valid, [_index(0)]), memref.load(tile.valid, [_index(1)]))

    def set_valid(self, cell: ir.Value, rows: ir.Value, cols: ir.Value) -> None:
        memref.store(rows, cell, [_index(0)])
        memref.store(cols, cell, [_index(1)])

    def new_cell(self) -> ir.Value:
        # On the heap, not the stack: a function may return its tile.
        return self.hoist(lambda: memref.alloc(
            ir.MemRefType.get([2], ir.IndexType.get()), [], []))

    def storage(self, tt: tile_types.TileBuf, memory: ir.Value | None,
                addr: ir.Value | None, slots: int | None = None) -> ir.Value:
        """The tile's rows x cols memref (`slots` x rows x cols for a
        multi-tile: slot k at k times the tile's bytes): at byte `addr` of
        `memory`, else fresh (filled as never-written memory)."""
        count = tt.rows * tt.cols
        nbytes = count * element_bytes(tt.element) * (slots or 1)
        if memory is None:
            memory = self.hoist(lambda: memref.alloc(
                ir.MemRefType.get([nbytes], ir.IntegerType.get_signless(8)), [], []))
            linalg.fill(arith.constant(ir.IntegerType.get_signless(8), -1), outs=[memory])
            addr = _index(0)
        flat = memref.view(ir.MemRefType.get([count * (slots or 1)], tt.element), memory,
                           addr, [])
        shape = [tt.rows, tt.cols]
        strides = [1, tt.rows] if tt.blayout == "col_major" else [tt.cols, 1]
        if slots is not None:
            shape, strides = [slots] + shape, [count] + strides
        layout = ir.StridedLayoutAttr.get(0, strides)
        return memref.reinterpret_cast(
            ir.MemRefType.get(shape, tt.element, layout), flat, [], [], [],
            [0], shape, strides)

    def local_memory(self, op: ir.Operation, loc: str) -> ir.Value:
        if function_name(self.fn) not in self.kernels:
            raise JitUnsupported(f"{where(op)}: '{op.name}': a tile at an address outside "
                                 f"a kernel (@{function_name(self.fn)}): the "
                                 "JIT gives each kernel's core its local memories")
        if loc not in self.locals:
            size = LOCAL_BYTES.get(loc, _OTHER_LOCAL_BYTES)

            def make():
                buffer = memref.alloc(ir.MemRefType.get([size], ir.IntegerType.get_signless(8)),
                                      [], [])
                linalg.fill(arith.constant(ir.IntegerType.get_signless(8), -1), outs=[buffer])
                return buffer
            self.locals[loc] = (self.hoist(make), size)
        return self.locals[loc]

    def region(self, tile: Tile, rows: ir.Value, cols: ir.Value) -> ir.Value:
        return subview(tile.data, [0, 0], [rows, cols])

    def write(self, dst: Tile, rows: ir.Value, cols: ir.Value,
              element: Callable[[ir.Value, ir.Value], ir.Value]) -> None:
        """dst[i, j] = element(i, j) over rows x cols, through a scratch
        buffer: every element is computed before any is written."""
        tt = dst.tt
        scratch = self.hoist(lambda: memref.alloc(
            ir.MemRefType.get([tt.rows, tt.cols], tt.element), [], []))

        def body(i, j):
            memref.store(cast(element(i, j), tt.element), scratch, [i, j])
        _loops(rows, cols, body)
        part = subview(scratch, [0, 0], [rows, cols])
        memref.copy(part, self.region(dst, rows, cols))

    def read_check(self, op: ir.Operation, rows: ir.Value, cols: ir.Value,
                   *sources: Tile) -> None:
        """Each source must be valid over the rows x cols region written."""
        for src in sources:
            sr, sc = self.valid(src)
            self.check(op, _any(_cmp("slt", sr, rows), _cmp("slt", sc, cols)),
                       "reads a tile whose valid shape is smaller than the valid region "
                       "of the tile it writes")


def _loops(rows: ir.Value, cols: ir.Value, body) -> None:
    c0, c1 = _index(0), _index(1)
    outer = scf.ForOp(c0, rows, c1)
    with ir.InsertionPoint(outer.body):
        inner = scf.ForOp(c0, cols, c1)
        with ir.InsertionPoint(inner.body):
            body(outer.induction_variable, inner.induction_variable)
            scf.YieldOp([])
        scf.YieldOp([])


def _load(tile: Tile, i: ir.Value, j: ir.Value, to: ir.Type | None = None) -> ir.Value:
    value = memref.load(tile.data, [i, j])
    return cast(value, to) if to is not None else value


def _segments(op: ir.Operation) -> list[list[ir.Value]]:
    operands, groups, start = list(op.operands), [], 0
    for size in op.attributes["operandSegmentSizes"]:
        groups.append(operands[start:start + size])
        start += size
    return groups


_HANDLERS: dict[str, Callable[[TileLowering, ir.Operation], None]] = {}


def _handles(*names: str):
    def register(fn):
        for name in names:
            _HANDLERS[name] = fn
        return fn
    return register


def _tile_type(op: ir.Operation, value: ir.Value) -> tile_types.TileBuf:
    tt = tile_types.tile_buf(value.type)
    if tt is None:
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT lowers tile buffers here, "
                             f"got {value.type}")
    return _checked_element(op, tt)


def _checked_element(op: ir.Operation, tt: tile_types.TileBuf) -> tile_types.TileBuf:
    try:
        element_bytes(tt.element)
    except ValueError:
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT cannot lower tiles of "
                             f"{tt.element}") from None
    return tt


# --- global memory -----------------------------------------------------------

@_handles("pto.make_tensor_view")
def _make_tensor_view(lo: TileLowering, op: ir.Operation) -> None:
    # Checked against its global memory where a load or store uses it, as
    # the interpreter does (a view may reach further than any window of it).
    (ptr,), shape, strides = _segments(op)
    p = lo.values[ptr]
    shape, strides = [_as_index(v) for v in shape], [_as_index(v) for v in strides]
    element = ir.MemRefType(p.base.type).element_type
    rank = len(shape)
    lo.values[op.results[0]] = View(memref.reinterpret_cast(
        _strided(rank, element), p.base, [p.offset], shape, strides,
        [_DYN_STRIDE], [_DYN] * rank, [_DYN_STRIDE] * rank), p.base)


def _check_window(lo: TileLowering, op: ir.Operation, view: View) -> None:
    """The window's elements must lie in its global memory."""
    rank = ir.MemRefType(view.data.type).rank
    metadata = memref.extract_strided_metadata(view.data)
    offset, sizes, strides = (metadata[1], metadata[2:2 + rank],
                              metadata[2 + rank:2 + 2 * rank])
    c0, c1 = _index(0), _index(1)
    bad, last, empty = _cmp("slt", offset, c0), offset, _cmp("eq", c0, c1)
    for n, st in zip(sizes, strides):
        bad = _any(bad, _cmp("slt", n, c0), _cmp("slt", st, c0))
        empty = _any(empty, _cmp("eq", n, c0))
        last = arith.addi(last, arith.muli(arith.subi(n, c1), st))
    filled = arith.xori(empty, arith.constant(ir.IntegerType.get_signless(1), 1))
    over = arith.andi(filled, _cmp("sge", last, memref.dim(view.memory, c0)))
    lo.check(op, _any(bad, over), "the window (its offset, sizes and strides) reaches "
                                  "outside its global memory")


@_handles("pto.partition_view")
def _partition_view(lo: TileLowering, op: ir.Operation) -> None:
    (source,), offsets, sizes = _segments(op)
    view = lo.values[source].data
    offsets, sizes = [_as_index(v) for v in offsets], [_as_index(v) for v in sizes]
    c0 = _index(0)
    bad = _cmp("slt", offsets[0], c0)
    for d, (off, size) in enumerate(zip(offsets, sizes)):
        extent = memref.dim(view, _index(d))
        bad = _any(bad, _cmp("slt", off, c0), _cmp("slt", size, c0),
                   _cmp("sgt", arith.addi(off, size), extent))
    lo.check(op, bad, "the window's offsets and sizes exceed the view's shape")
    lo.values[op.results[0]] = View(subview(view, offsets, sizes), lo.values[source].memory)


@_handles("pto.addptr")
def _addptr(lo: TileLowering, op: ir.Operation) -> None:
    p = lo.values[op.operands[0]]
    lo.values[op.results[0]] = Ptr(p.base, arith.addi(p.offset, _as_index(op.operands[1])))


def _scalar_index(lo: TileLowering, op: ir.Operation, p: Ptr, offset: ir.Value) -> ir.Value:
    index = arith.addi(p.offset, _as_index(offset))
    lo.check(op, _any(_cmp("slt", index, _index(0)),
                      _cmp("sge", index, memref.dim(p.base, _index(0)))),
             "the element is outside its global memory")
    return index


@_handles("pto.load_scalar")
def _load_scalar(lo: TileLowering, op: ir.Operation) -> None:
    p = lo.values[op.operands[0]]
    value = memref.load(p.base, [_scalar_index(lo, op, p, op.operands[1])])
    op.results[0].replace_all_uses_with(value)


@_handles("pto.store_scalar")
def _store_scalar(lo: TileLowering, op: ir.Operation) -> None:
    value, ptr, offset = op.operands
    p = lo.values[ptr]
    memref.store(value, p.base, [_scalar_index(lo, op, p, offset)])


# --- tile buffers ------------------------------------------------------------

def _initial_valid(lo: TileLowering, op: ir.Operation, cell: ir.Value,
                   tt: tile_types.TileBuf, rows: list[ir.Value], cols: list[ir.Value]) -> None:
    """The valid shape `op` gives a new tile: its type's, else the run-time
    operands, which must lie within the tile (the interpreter's rule)."""
    r = _index(tt.v_row) if tt.v_row is not None else (
        _as_index(rows[0]) if rows else _index(tt.rows))
    c = _index(tt.v_col) if tt.v_col is not None else (
        _as_index(cols[0]) if cols else _index(tt.cols))
    if rows or cols:
        _check_valid_shape(lo, op, r, c, tt)
    lo.set_valid(cell, r, c)


def _check_valid_shape(lo: TileLowering, op: ir.Operation, rows: ir.Value, cols: ir.Value,
                       tt: tile_types.TileBuf) -> None:
    lo.check(op, _any(_cmp("slt", rows, _index(0)), _cmp("slt", cols, _index(0)),
                      _cmp("sgt", rows, _index(tt.rows)), _cmp("sgt", cols, _index(tt.cols))),
             f"the valid shape exceeds the {tt.rows}x{tt.cols} tile")


@_handles("pto.alloc_tile")
def _alloc_tile(lo: TileLowering, op: ir.Operation) -> None:
    tt = _tile_type(op, op.results[0])
    addr, rows, cols = _segments(op)
    if addr:
        memory, size = lo.local_memory(op, tt.loc)
        at = _as_index(addr[0])
        end = arith.addi(at, _index(tt.rows * tt.cols * element_bytes(tt.element)))
        lo.check(op, _any(_cmp("slt", at, _index(0)), _cmp("sgt", end, _index(size))),
                 f"the tile's address puts it beyond the {size} bytes the JIT gives "
                 f"'{tt.loc}'")
        data = lo.storage(tt, memory, at)
    else:
        data = lo.storage(tt, None, None)
    cell = lo.new_cell()
    _initial_valid(lo, op, cell, tt, rows, cols)
    lo.values[op.results[0]] = Tile(data, cell, tt)


@_handles("pto.alloc_multi_tile")
def _alloc_multi_tile(lo: TileLowering, op: ir.Operation) -> None:
    multi = tile_types.multi_tile_buf(op.results[0].type)
    tt = _checked_element(op, multi.slot)
    addr, rows, cols = _segments(op)
    if addr:
        memory, size = lo.local_memory(op, tt.loc)
        at = _as_index(addr[0])
        end = arith.addi(at, _index(multi.count * tt.rows * tt.cols * element_bytes(tt.element)))
        lo.check(op, _any(_cmp("slt", at, _index(0)), _cmp("sgt", end, _index(size))),
                 f"the tiles' address puts them beyond the {size} bytes the JIT gives "
                 f"'{tt.loc}'")
        data = lo.storage(tt, memory, at, multi.count)
    else:
        data = lo.storage(tt, None, None, multi.count)
    cells = lo.hoist(lambda: memref.alloc(
        ir.MemRefType.get([multi.count, 2], ir.IndexType.get()), [], []))
    for k in range(multi.count):
        _initial_valid(lo, op, _slot_cell(cells, _index(k)), tt, rows, cols)
    lo.values[op.results[0]] = MultiTile(data, cells, multi)


def _slot_cell(cells: ir.Value, k: ir.Value) -> ir.Value:
    """Slot k's valid-shape cell: row k of the count x 2 cells."""
    layout = ir.StridedLayoutAttr.get(_DYN_STRIDE, [1])
    return memref.subview(cells, [k, 0], [1, 2], [1, 1],
                          result_type=ir.MemRefType.get([2], ir.IndexType.get(), layout))


@_handles("pto.multi_tile_get")
def _multi_tile_get(lo: TileLowering, op: ir.Operation) -> None:
    source, index = op.operands
    found = lo.values.get(source)
    if not isinstance(found, MultiTile):
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT expected a multi-tile an "
                             f"alloc_multi_tile made, got {source.type}")
    tt, count = found.multi.slot, found.multi.count
    k = _as_index(index)
    lo.check(op, _any(_cmp("slt", k, _index(0)), _cmp("sge", k, _index(count))),
             f"the slot index is outside the {count} slots of the multi-buffered tile")
    strides, _ = ir.MemRefType(found.data.type).get_strides_and_offset()
    layout = ir.StridedLayoutAttr.get(_DYN_STRIDE, strides[1:])
    data = memref.subview(found.data, [k, 0, 0], [1, tt.rows, tt.cols], [1, 1, 1],
                          result_type=ir.MemRefType.get([tt.rows, tt.cols], tt.element, layout))
    lo.values[op.results[0]] = Tile(data, _slot_cell(found.valid, k), tt)


@_handles("pto.declare_tile")
def _declare_tile(lo: TileLowering, op: ir.Operation) -> None:
    tt = _tile_type(op, op.results[0])
    cell = lo.new_cell()
    _initial_valid(lo, op, cell, tt, [], [])
    lo.values[op.results[0]] = Tile(lo.storage(tt, None, None), cell, tt)


@_handles("pto.subview")
def _subview(lo: TileLowering, op: ir.Operation) -> None:
    tt = _tile_type(op, op.results[0])
    (source,), offsets, rows, cols = _segments(op)
    src = lo.tile(source)
    r, c = (_as_index(v) for v in offsets)
    lo.check(op, _any(_cmp("slt", r, _index(0)), _cmp("slt", c, _index(0)),
                      _cmp("sgt", arith.addi(r, _index(tt.rows)), _index(src.tt.rows)),
                      _cmp("sgt", arith.addi(c, _index(tt.cols)), _index(src.tt.cols))),
             f"a {tt.rows}x{tt.cols} window exceeds the {src.tt.rows}x{src.tt.cols} tile")
    data = subview(src.data, [r, c], [tt.rows, tt.cols])
    cell = lo.new_cell()
    _initial_valid(lo, op, cell, tt, rows, cols)
    lo.values[op.results[0]] = Tile(data, cell, tt)


@_handles("pto.treshape")
def _treshape(lo: TileLowering, op: ir.Operation) -> None:
    # The interpreter's treshape (sim/tile_ops.py) over the same rows,
    # columns, element type and layout: the tile itself with the result
    # type's valid shape (a `?` keeps the source's), pypto's logical view of
    # a popped tile. Other shapes reinterpret bytes, which this lowering's
    # typed memrefs do not.
    tt = _tile_type(op, op.results[0])
    src = lo.tile(op.operands[0])
    if (src.tt.shape, src.tt.element, src.tt.blayout) != (tt.shape, tt.element, tt.blayout):
        raise JitUnsupported(f"{where(op)}: '{op.name}': reinterpreting a {src.tt.rows}x"
                             f"{src.tt.cols} tile of {src.tt.element} ({src.tt.blayout}) as "
                             f"a {tt.rows}x{tt.cols} tile of {tt.element} ({tt.blayout}) "
                             "is not lowered (the interpreter runs it)")
    rows, cols = lo.valid(src)
    cell = lo.new_cell()
    _initial_valid(lo, op, cell, tt, [rows], [cols])
    lo.values[op.results[0]] = Tile(src.data, cell, tt)


@_handles("pto.set_validshape")
def _set_validshape(lo: TileLowering, op: ir.Operation) -> None:
    tile = lo.tile(op.operands[0])
    r, c = _as_index(op.operands[1]), _as_index(op.operands[2])
    _check_valid_shape(lo, op, r, c, tile.tt)
    lo.set_valid(tile.valid, r, c)


@_handles("pto.reserve_buffer", "pto.import_reserved_buffer")
def _reserved_buffer(lo: TileLowering, op: ir.Operation) -> None:
    # The FIFO's slot memory: the runtime's messages are copies, so the
    # address only feeds the initialise ops (erased by the FIFO rewrite).
    base = op.attributes["base"].value if "base" in op.attributes else 0
    op.results[0].replace_all_uses_with(arith.constant(op.results[0].type, base))


@_handles("pto.tprint")
def _tprint(lo: TileLowering, op: ir.Operation) -> None:
    pass  # prints on the device; no data effect


# --- moves -------------------------------------------------------------------

@_handles("pto.tload", "pto.tstore")
def _tload_tstore(lo: TileLowering, op: ir.Operation) -> None:
    loading = op.name == "pto.tload"
    view_value, tile_value = (op.operands[0], op.operands[1]) if loading else (
        op.operands[1], op.operands[0])
    window, tile = lo.values[view_value], lo.tile(tile_value)
    view = window.data
    rank = ir.MemRefType(view.type).rank
    _check_window(lo, op, window)
    rows, cols = lo.valid(tile)
    # The interpreter's rule (pto-isa's ND TLOAD/TSTORE): the last dimension
    # is the columns, the others row after row (a 64x1x32 window is 64x32);
    # a rank-1 window of N elements is a 1xN row.
    dims = [memref.dim(view, _index(d)) for d in range(rank)]
    window_rows = _index(1)
    for n in dims[:-1]:
        window_rows = arith.muli(window_rows, n)
    lo.check(op, _any(_cmp("ne", window_rows, rows), _cmp("ne", dims[-1], cols)),
             f"{'loads' if loading else 'stores'} a window whose shape is not the tile's "
             "valid shape")

    def at(i, j):
        # Row i's position in the leading dimensions, the last fastest.
        position = []
        for n in reversed(dims[:-1]):
            position.append(arith.remui(i, n))
            i = arith.divui(i, n)
        return position[::-1] + [j]
    view_element = ir.MemRefType(view.type).element_type
    if loading:
        lo.write(tile, rows, cols, lambda i, j: memref.load(view, at(i, j)))
    else:
        _loops(rows, cols, lambda i, j: memref.store(
            cast(_load(tile, i, j), view_element), view, at(i, j)))


@_handles("pto.tmov")
def _tmov(lo: TileLowering, op: ir.Operation) -> None:
    src, dst = lo.tile(op.operands[0]), lo.tile(op.operands[1])
    rows, cols = lo.valid(dst)
    lo.read_check(op, rows, cols, src)
    lo.write(dst, rows, cols, lambda i, j: _load(src, i, j))


@_handles("pto.ttrans")
def _ttrans(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src, tmp) outs(dst): the scratch tile is the hardware's workspace.
    src, dst = lo.tile(op.operands[0]), lo.tile(op.operands[-1])
    rows, cols = lo.valid(dst)
    sr, sc = lo.valid(src)
    lo.check(op, _any(_cmp("slt", sr, cols), _cmp("slt", sc, rows)),
             "transposes a tile whose valid shape is smaller than the transposed valid "
             "region of the tile it writes")
    lo.write(dst, rows, cols, lambda i, j: _load(src, j, i))


@_handles("pto.textract")
def _textract(lo: TileLowering, op: ir.Operation) -> None:
    src, dst = lo.tile(op.operands[0]), lo.tile(op.operands[3])
    r, c = _as_index(op.operands[1]), _as_index(op.operands[2])
    rows, cols = lo.valid(dst)
    sr, sc = lo.valid(src)
    lo.check(op, _any(_cmp("slt", r, _index(0)), _cmp("slt", c, _index(0)),
                      _cmp("sgt", arith.addi(r, rows), sr), _cmp("sgt", arith.addi(c, cols), sc)),
             "extracts beyond the valid shape of the tile it reads")
    lo.write(dst, rows, cols, lambda i, j: _load(src, arith.addi(r, i), arith.addi(c, j)))


# --- the cube ----------------------------------------------------------------

@_handles("pto.tmatmul", "pto.tmatmul.acc")
def _tmatmul(lo: TileLowering, op: ir.Operation) -> None:
    *ins, out = [lo.tile(v) for v in op.operands]
    acc = ins.pop(0) if op.name == "pto.tmatmul.acc" else None
    lhs, rhs = ins
    m, k = lo.valid(lhs)
    k2, n = lo.valid(rhs)
    # The product from the result's origin, whatever its valid shape (the
    # interpreter's rule).
    lo.check(op, _any(_cmp("ne", k, k2), _cmp("sgt", m, _index(out.tt.rows)),
                      _cmp("sgt", n, _index(out.tt.cols))),
             "the valid shapes of the left and right tiles do not make a product the "
             "result tile holds")
    if acc is not None:
        lo.read_check(op, m, n, acc)
    compute = _compute_type(out.tt.element)

    def element(i, j):
        zero = arith.constant(compute, 0.0 if _is_float(compute) else 0)
        loop = scf.ForOp(_index(0), k, _index(1), [zero])
        with ir.InsertionPoint(loop.body):
            p = loop.induction_variable
            a, b = _load(lhs, i, p, compute), _load(rhs, p, j, compute)
            total = _add(compute, loop.inner_iter_args[0], _mul(compute, a, b))
            scf.YieldOp([total])
        result = loop.results[0]
        if acc is not None:
            result = _add(compute, _load(acc, i, j, compute), result)
        return result
    lo.write(out, m, n, element)


# --- the vector unit ---------------------------------------------------------

def _add(t, a, b):
    return arith.addf(a, b) if _is_float(t) else arith.addi(a, b)


def _mul(t, a, b):
    return arith.mulf(a, b) if _is_float(t) else arith.muli(a, b)


def _rounded(value: ir.Value, element: ir.Type) -> ir.Value:
    """A computed value rounded to the tile's element type, back in the type
    it is computed in (a half type's intermediate result, as numpy rounds
    it between two ops)."""
    return cast(cast(value, element), value.type)


def _float_remainder(a: ir.Value, b: ir.Value) -> ir.Value:
    """The interpreter's numpy.remainder (pto-isa's TREM: the divisor's
    sign), as numpy computes it: fmod, plus the divisor where the two signs
    differ, a zero with the divisor's sign for an exact division; a zero
    divisor gives fmod's NaN."""
    zero = arith.constant(a.type, 0.0)
    mod = arith.remf(a, b)
    nonzero = arith.cmpf(arith.CmpFPredicate.UNE, mod, zero)  # C's `if (mod)`: NaN too
    differ = arith.xori(arith.cmpf(arith.CmpFPredicate.OLT, b, zero),
                        arith.cmpf(arith.CmpFPredicate.OLT, mod, zero))
    adjusted = arith.select(arith.andi(nonzero, differ), arith.addf(mod, b), mod)
    return arith.select(nonzero, adjusted, math.copysign(zero, b))


def _int_remainder(a: ir.Value, b: ir.Value) -> ir.Value:
    """numpy.remainder of integers: the divisor's sign, 0 for a zero divisor
    (divided by 1 instead of 0 and -1, whose remainders are 0: no undefined
    remsi)."""
    t = a.type
    zero, one = arith.constant(t, 0), arith.constant(t, 1)
    by_zero = _cmp("eq", b, zero)
    safe = arith.select(_any(by_zero, _cmp("eq", b, arith.constant(t, -1))), one, b)
    mod = arith.remsi(a, safe)
    differ = arith.xori(_cmp("slt", b, zero), _cmp("slt", mod, zero))
    mod = arith.select(arith.andi(_cmp("ne", mod, zero), differ), arith.addi(mod, b), mod)
    return arith.select(by_zero, zero, mod)


_FLOAT_BINARY = {"add": arith.addf, "sub": arith.subf, "mul": arith.mulf, "div": arith.divf,
                 "max": arith.maximumf, "min": arith.minimumf, "rem": _float_remainder}
_INT_BINARY = {"add": arith.addi, "sub": arith.subi, "mul": arith.muli,
               "max": arith.maxsi, "min": arith.minsi, "rem": _int_remainder}


def _int_divider(lo: TileLowering, op: ir.Operation, t: ir.Type):
    """C's integer division, the interpreter's: truncated toward zero,
    INT_MIN / -1 wrapping (as 0 - a, no undefined divsi), a zero divisor
    ending the run at `op`."""
    if not ir.IntegerType(t).is_signless:
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT divides signless integers, "
                             f"got {t}")

    def divide(a: ir.Value, b: ir.Value) -> ir.Value:
        zero = arith.constant(t, 0)
        by_zero = _cmp("eq", b, zero)
        lo.check(op, by_zero, "integer division by zero")
        by_minus_one = _cmp("eq", b, arith.constant(t, -1))
        safe = arith.select(_any(by_zero, by_minus_one), arith.constant(t, 1), b)
        return arith.select(by_minus_one, arith.subi(zero, a), arith.divsi(a, safe))
    return divide


def _binary(op: ir.Operation, name: str, t: ir.Type, lo: TileLowering | None = None):
    """The op `name` on values of type `t` (`lo`: where an integer division
    checks its divisor)."""
    if name == "div" and lo is not None and isinstance(t, ir.IntegerType):
        return _int_divider(lo, op, t)
    table = _FLOAT_BINARY if _is_float(t) else _INT_BINARY
    if name not in table:
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT lowers it for float "
                             f"tiles, got {t}")
    return table[name]


def _same_elements(op: ir.Operation, *tiles: Tile) -> ir.Type:
    element = tiles[0].tt.element
    if any(t.tt.element != element for t in tiles):
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT lowers it for tiles of one "
                             f"element type, got {', '.join(str(t.tt.element) for t in tiles)}")
    return element


def _unary_fn(name: str, t: ir.Type):
    float_fns = {"pto.texp": math.exp, "pto.tlog": math.log, "pto.tsqrt": math.sqrt,
                 "pto.trecip": lambda x: arith.divf(arith.constant(t, 1.0), x),
                 "pto.trsqrt": lambda x: arith.divf(arith.constant(t, 1.0), math.sqrt(x)),
                 "pto.tneg": arith.negf, "pto.tabs": math.absf,
                 # An IEEE maximum: NaN stays NaN, -0.0 gives +0.0 (the interpreter's).
                 "pto.trelu": lambda x: arith.maximumf(x, arith.constant(t, 0.0))}
    int_fns = {"pto.tneg": lambda x: arith.subi(arith.constant(t, 0), x),
               "pto.tabs": math.absi,
               "pto.trelu": lambda x: arith.maxsi(x, arith.constant(t, 0))}
    return (float_fns if _is_float(t) else int_fns).get(name)


@_handles("pto.texp", "pto.tlog", "pto.tsqrt", "pto.trecip", "pto.trsqrt", "pto.tneg",
          "pto.tabs", "pto.trelu")
def _unary(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src[, tmp]) outs(dst): the scratch tile is the hardware's workspace.
    src, out = lo.tile(op.operands[0]), lo.tile(op.operands[-1])
    compute = _compute_type(out.tt.element)
    fn = _unary_fn(op.name, compute)
    if fn is None:
        raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT lowers it for float tiles, "
                             f"got {out.tt.element}")
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, src)
    # numpy: the source as the destination's type, then the function.
    lo.write(out, rows, cols, lambda i, j: fn(cast(_load(src, i, j, out.tt.element), compute)))


def _binary_tiles(lo: TileLowering, op: ir.Operation, name: str, at, check_other) -> None:
    """out[i, j] = src[i, j] `name` other[at(i, j)] over out's valid region,
    for the tile operands (src, other[, tmp], out) of `op`; `check_other`
    checks other's valid shape against the rows x cols written."""
    src, other, out = (lo.tile(op.operands[i]) for i in (0, 1, -1))
    compute = _compute_type(_same_elements(op, src, other, out))
    fn = _binary(op, name, compute, lo)
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, src)
    check_other(other, rows, cols)
    lo.write(out, rows, cols, lambda i, j: fn(_load(src, i, j, compute),
                                              _load(other, *at(i, j), compute)))


@_handles(*(f"pto.t{name}" for name in _FLOAT_BINARY))
def _binary_op(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src0, src1[, tmp]) outs(dst): trem's scratch tile is the hardware's
    # workspace.
    _binary_tiles(lo, op, op.name[len("pto.t"):], lambda i, j: (i, j),
                  lambda b, rows, cols: lo.read_check(op, rows, cols, b))


@_handles("pto.taddc")
def _taddc(lo: TileLowering, op: ir.Operation) -> None:
    # (src0 + src1) + src2, each sum rounded to the element type (the
    # interpreter's two numpy adds).
    *srcs, out = (lo.tile(v) for v in op.operands)
    element = _same_elements(op, *srcs, out)
    compute = _compute_type(element)
    add = _binary(op, "add", compute)
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, *srcs)
    a, b, c = srcs
    lo.write(out, rows, cols, lambda i, j: add(
        _rounded(add(_load(a, i, j, compute), _load(b, i, j, compute)), element),
        _load(c, i, j, compute)))


@_handles("pto.taxpy")
def _taxpy(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src, scalar) outs(dst): dst + src * scalar (it reads dst too), the
    # product rounded to src's type and the sum to dst's (the interpreter's).
    src, out = lo.tile(op.operands[0]), lo.tile(op.operands[2])
    src_compute, compute = _compute_type(src.tt.element), _compute_type(out.tt.element)
    mul, add = _binary(op, "mul", src_compute), _binary(op, "add", compute)
    scalar = cast(cast(op.operands[1], src.tt.element), src_compute)
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, src)
    lo.write(out, rows, cols, lambda i, j: add(
        _load(out, i, j, compute),
        cast(_rounded(mul(_load(src, i, j, src_compute), scalar), src.tt.element), compute)))


@_handles(*(f"pto.t{name}s" for name in _FLOAT_BINARY))
def _binary_scalar(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src, scalar[, tmp]) outs(dst): trems' scratch tile is the
    # hardware's workspace; tdivs also ins(scalar, src), the scalar divided
    # by the tile.
    segments = operand_segments(op)
    scalar_first = segments is not None and bool(segments[0])
    tile, given = (1, 0) if scalar_first else (0, 1)
    src, out = lo.tile(op.operands[tile]), lo.tile(op.operands[-1])
    compute = _compute_type(src.tt.element)
    fn = _binary(op, op.name[len("pto.t"):-1], compute, lo)
    # numpy: the scalar as the source's type.
    scalar = cast(cast(op.operands[given], src.tt.element), compute)
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, src)

    def element(i, j):
        value = _load(src, i, j, compute)
        return cast(fn(scalar, value) if scalar_first else fn(value, scalar), src.tt.element)
    lo.write(out, rows, cols, element)


@_handles("pto.texpands")
def _texpands(lo: TileLowering, op: ir.Operation) -> None:
    out = lo.tile(op.operands[1])
    value = cast(op.operands[0], out.tt.element)
    rows, cols = lo.valid(out)
    lo.write(out, rows, cols, lambda i, j: value)


_REDUCE = {"pto.trowmax": "max", "pto.trowsum": "add", "pto.trowmin": "min",
           "pto.tcolmax": "max", "pto.tcolsum": "add", "pto.tcolmin": "min"}


@_handles(*_REDUCE)
def _reduce(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src[, tmp]) outs(dst): trow* reduce each of dst's valid rows over
    # src's valid columns into an Rx1 tile, tcol* each of dst's valid
    # columns over src's valid rows into a 1xC tile, in order (the
    # interpreter's); tcolsum's binary-tree order (isBinary = true) is not
    # lowered.
    if "isBinary" in op.attributes and ir.BoolAttr(op.attributes["isBinary"]).value:
        raise JitUnsupported(f"{where(op)}: '{op.name}': isBinary = true: its binary-tree "
                             "summation order is not lowered")
    src, out = lo.tile(op.operands[0]), lo.tile(op.operands[-1])
    compute = _compute_type(src.tt.element)
    fn = _binary(op, _REDUCE[op.name], compute)
    rows, cols = lo.valid(out)
    sr, sc = lo.valid(src)
    summing = _REDUCE[op.name] == "add"
    by_rows = op.name.startswith("pto.trow")
    # The written shape's other extent must be 1, the sources valid over the
    # kept one; what is reduced: the source's valid columns (rows).
    one, kept, src_kept, extent = (cols, rows, sr, sc) if by_rows else (rows, cols, sc, sr)
    bad = _any(_cmp("ne", one, _index(1)), _cmp("slt", src_kept, kept),
               _cmp("eq", extent, _index(0 if not summing else -1)))
    what = ("the rows of a tile into one whose valid shape is not (rows x 1), or a row "
            "without a valid column" if by_rows else
            "the columns of a tile into one whose valid shape is not (1 x columns), or a "
            "column without a valid row")
    lo.check_writing(op, rows, cols, bad, f"reduces {what} to a maximum or minimum")

    def element(i, j):
        at = (lambda k: (i, k)) if by_rows else (lambda k: (k, j))
        # A sum starts from 0 (an empty row or column sums to 0), max and min
        # from the first element.
        first = (arith.constant(compute, 0.0 if _is_float(compute) else 0) if summing
                 else _load(src, *at(_index(0)), compute))
        loop = scf.ForOp(_index(0 if summing else 1), extent, _index(1), [first])
        with ir.InsertionPoint(loop.body):
            value = _load(src, *at(loop.induction_variable), compute)
            scf.YieldOp([fn(loop.inner_iter_args[0], value)])
        return loop.results[0]
    lo.write(out, rows, cols, element)


def _column_check(lo: TileLowering, op: ir.Operation, col: Tile, rows: ir.Value,
                  cols: ir.Value) -> None:
    cr, cc = lo.valid(col)
    bad = _any(_cmp("slt", cr, rows), _cmp("slt", cc, _index(1)))
    lo.check_writing(op, rows, cols, bad, "broadcasts a column tile whose valid rows are "
                     "fewer than the rows written")


@_handles("pto.trowexpand")
def _trowexpand(lo: TileLowering, op: ir.Operation) -> None:
    col, out = lo.tile(op.operands[0]), lo.tile(op.operands[1])
    rows, cols = lo.valid(out)
    _column_check(lo, op, col, rows, cols)
    lo.write(out, rows, cols, lambda i, j: _load(col, i, _index(0)))


@_handles(*(f"pto.trowexpand{name}" for name in ("add", "sub", "mul", "div")))
def _row_expand(lo: TileLowering, op: ir.Operation) -> None:
    _binary_tiles(lo, op, op.name[len("pto.trowexpand"):], lambda i, j: (i, _index(0)),
                  lambda col, rows, cols: _column_check(lo, op, col, rows, cols))


def _row_check(lo: TileLowering, op: ir.Operation, row: Tile, rows: ir.Value,
               cols: ir.Value) -> None:
    rr, rc = lo.valid(row)
    bad = _any(_cmp("slt", rr, _index(1)), _cmp("slt", rc, cols))
    lo.check_writing(op, rows, cols, bad, "broadcasts a row tile whose valid columns are "
                     "fewer than the columns written")


@_handles("pto.tcolexpand")
def _col_expand(lo: TileLowering, op: ir.Operation) -> None:
    row, out = lo.tile(op.operands[0]), lo.tile(op.operands[1])
    rows, cols = lo.valid(out)
    _row_check(lo, op, row, rows, cols)
    lo.write(out, rows, cols, lambda i, j: _load(row, _index(0), j))


@_handles(*(f"pto.tcolexpand{name}" for name in ("add", "sub", "mul", "div")))
def _col_expand_op(lo: TileLowering, op: ir.Operation) -> None:
    _binary_tiles(lo, op, op.name[len("pto.tcolexpand"):], lambda i, j: (_index(0), j),
                  lambda row, rows, cols: _row_check(lo, op, row, rows, cols))


def _pad_value(t: ir.Type, pad: int) -> ir.Value:
    """PTO's pad values: 0 null and 1 zero fill 0, 2 max and 3 min fill +inf /
    -inf (the type's largest / smallest value without an infinity)."""
    if pad in (0, 1):
        return arith.constant(t, 0.0 if _is_float(t) else 0)
    if _is_float(t):
        return arith.constant(t, float("inf") if pad == 2 else float("-inf"))
    bits = _width(t)
    return arith.constant(t, (1 << (bits - 1)) - 1 if pad == 2 else -(1 << (bits - 1)))


def _pad_code(op: ir.Operation, tt: tile_types.TileBuf) -> int:
    """The pad code tfillpad fills with: its padValue, else its destination type's."""
    if "padValue" not in op.attributes:
        return tt.pad
    for code, name in enumerate(("null", "zero", "max", "min")):
        if op.attributes["padValue"] == ir.Attribute.parse(f"#pto.pad_value<{name}>"):
            return code
    raise JitUnsupported(f"{where(op)}: '{op.name}': pad value {op.attributes['padValue']}")


@_handles("pto.tfillpad")
def _tfillpad(lo: TileLowering, op: ir.Operation) -> None:
    src, out = lo.tile(op.operands[0]), lo.tile(op.operands[1])
    rows, cols = lo.valid(out)
    sr, sc = lo.valid(src)
    pad = _pad_value(out.tt.element, _pad_code(op, out.tt))

    def element(i, j):
        inside = arith.andi(_cmp("slt", i, sr), _cmp("slt", j, sc))
        branch = scf.IfOp(inside, [out.tt.element], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            scf.YieldOp([_load(src, i, j, out.tt.element)])
        with ir.InsertionPoint(branch.else_block):
            scf.YieldOp([pad])
        return branch.results[0]
    lo.write(out, rows, cols, element)


@_handles("pto.tconcat")
def _tconcat(lo: TileLowering, op: ir.Operation) -> None:
    a, b, out = (lo.tile(v) for v in op.operands)
    rows, cols = lo.valid(out)
    ar, ac = lo.valid(a)
    br, bc = lo.valid(b)
    bad = _any(_cmp("slt", ar, rows), _cmp("slt", br, rows),
               _cmp("ne", arith.addi(ac, bc), cols))
    lo.check_writing(op, rows, cols, bad, "concatenates tiles whose valid shapes do not make "
                     "the valid shape written")

    def element(i, j):
        first = _cmp("slt", j, ac)
        branch = scf.IfOp(first, [out.tt.element], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            scf.YieldOp([_load(a, i, j, out.tt.element)])
        with ir.InsertionPoint(branch.else_block):
            scf.YieldOp([_load(b, i, arith.subi(j, ac), out.tt.element)])
        return branch.results[0]
    lo.write(out, rows, cols, element)


# --- element by element ------------------------------------------------------

def _storage_position(tt: tile_types.TileBuf, k: ir.Value) -> list[ir.Value]:
    """[row, column] of element k of a tile in its storage order (the
    interpreter's _storage_position)."""
    if tt.blayout == "col_major":
        return [arith.remsi(k, _index(tt.rows)), arith.divsi(k, _index(tt.rows))]
    return [arith.divsi(k, _index(tt.cols)), arith.remsi(k, _index(tt.cols))]


def _element_position(lo: TileLowering, op: ir.Operation, tt: tile_types.TileBuf,
                      k: ir.Value) -> list[ir.Value]:
    """_storage_position of element k (an index), after checking at run time
    that it lies in the tile."""
    lo.check(op, _any(_cmp("slt", k, _index(0)), _cmp("sge", k, _index(tt.rows * tt.cols))),
             f"the element is outside the {tt.rows}x{tt.cols} tile")
    return _storage_position(tt, k)


def _check_valid_element(lo: TileLowering, op: ir.Operation, tile: Tile,
                         position: list[ir.Value]) -> None:
    """An element read at `position` must lie in the tile's valid region."""
    vr, vc = lo.valid(tile)
    lo.check(op, _any(_cmp("sge", position[0], vr), _cmp("sge", position[1], vc)),
             "reads an element outside the valid shape of the tile")


@_handles("pto.tsetval")
def _tsetval(lo: TileLowering, op: ir.Operation) -> None:
    dst, k, value = lo.tile(op.operands[0]), _as_index(op.operands[1]), op.operands[2]
    memref.store(cast(value, dst.tt.element), dst.data, _element_position(lo, op, dst.tt, k))


@_handles("pto.tgetval")
def _tgetval(lo: TileLowering, op: ir.Operation) -> None:
    # The element at a linear offset of the storage order, in the valid
    # region (the interpreter's rule).
    src, k = lo.tile(op.operands[0]), _as_index(op.operands[1])
    if op.results[0].type != src.tt.element:
        raise JitUnsupported(f"{where(op)}: '{op.name}': a {op.results[0].type} result from a "
                             f"tile of {src.tt.element}")
    position = _element_position(lo, op, src.tt, k)
    _check_valid_element(lo, op, src, position)
    op.results[0].replace_all_uses_with(memref.load(src.data, position))


@_handles("pto.tgather")
def _tgather(lo: TileLowering, op: ir.Operation) -> None:
    # ins(src, indices[, tmp]) outs(dst): dst[i, j] = the element at linear
    # offset indices[i, j] of src's storage order (the interpreter's rule:
    # every index is checked against the tile first, then the elements read
    # against its valid region, each in row-major order).
    segments = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    if not segments[1]:  # the compare (k value) and mask-pattern forms
        form = "compare" if segments[2] else "mask-pattern"
        raise JitUnsupported(f"{where(op)}: '{op.name}': the {form} form is not lowered")
    src, indices, out = (lo.tile(op.operands[i]) for i in (0, 1, -1))
    _same_elements(op, src, out)
    if not isinstance(indices.tt.element, ir.IntegerType):
        raise JitUnsupported(f"{where(op)}: '{op.name}': indices of {indices.tt.element} (an "
                             "integer type is needed)")
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, indices)

    def index(i, j):
        return cast(_load(indices, i, j), ir.IndexType.get())
    _loops(rows, cols, lambda i, j: _element_position(lo, op, src.tt, index(i, j)))

    def element(i, j):
        position = _storage_position(src.tt, index(i, j))
        _check_valid_element(lo, op, src, position)
        return memref.load(src.data, position)
    lo.write(out, rows, cols, element)


@_handles("pto.tci")
def _tci(lo: TileLowering, op: ir.Operation) -> None:
    start, dst = op.operands[0], lo.tile(op.operands[-1])
    if dst.tt.element != start.type:  # pto-isa's TCI: one integer type for both
        raise JitUnsupported(f"{where(op)}: '{op.name}': a {start.type} start into a tile "
                             f"of {dst.tt.element}")
    descending = "descending" in op.attributes and op.attributes["descending"].value
    step = arith.subi if descending else arith.addi
    loop = scf.ForOp(_index(0), lo.valid(dst)[1], _index(1))
    with ir.InsertionPoint(loop.body):
        k = loop.induction_variable
        value = step(cast(start, dst.tt.element), cast(k, dst.tt.element))
        memref.store(value, dst.data, _storage_position(dst.tt, k))
        scf.YieldOp([])


# --- conversions -------------------------------------------------------------

def _round_mode(op: ir.Operation) -> str:
    if "rmode" not in op.attributes:
        return "CAST_RINT"
    for name in ("NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD", "CAST_RINT"):
        if op.attributes["rmode"] == ir.Attribute.parse(f"#pto<round_mode {name}>"):
            return name
    raise JitUnsupported(f"{where(op)}: '{op.name}': round mode {op.attributes['rmode']}")


def _converter(op: ir.Operation, mode: str, src: ir.Type, dst: ir.Type):
    """value -> value of `dst` in round mode `mode`; JitUnsupported for what
    upstream's arith does not express."""
    if _is_float(src) and not _is_float(dst):
        rounding = _ROUND_TO_INT.get(mode)
        if rounding is None:
            raise JitUnsupported(f"{where(op)}: '{op.name}': round mode {mode} from {src} to "
                                 f"{dst}: the JIT does not lower it")
        f64 = ir.F64Type.get()
        bits = _width(dst)
        low = arith.constant(f64, float(-(1 << (bits - 1))))
        high = arith.constant(f64, float((1 << (bits - 1)) - 1))

        def to_int(x):
            rounded = rounding(cast(x, f64))
            return arith.fptosi(dst, arith.minimumf(arith.maximumf(rounded, low), high))
        return to_int
    # The interpreter's cases (sim/tile_ops.py: _conversion).
    exact = (_is_float(src) and _is_float(dst) and _width(dst) >= _width(src)) or (
        not _is_float(src) and not _is_float(dst))
    if exact or mode in _NEAREST:
        return lambda x: cast(x, dst)
    if isinstance(src, ir.F32Type) and isinstance(dst, ir.BF16Type) and mode in _TO_BF16:
        return lambda x: _bf16_bits(x, mode)
    if mode == "ROUND" and isinstance(dst, (ir.F16Type, ir.F32Type)) and (
            _is_float(src) or _width(src) <= 32):
        return lambda x: _nearest_away(x, dst)
    raise JitUnsupported(f"{where(op)}: '{op.name}': round mode {mode} from {src} to "
                         f"{dst}: the JIT lowers conversions to a narrower float, or an "
                         "integer to a float, rounding to nearest (ties to even, or away "
                         "from zero to f16 and f32), and f32 to bf16 in every mode")


def _nearest_away(x: ir.Value, dst: ir.Type) -> ir.Value:
    """x as `dst` to nearest, ties away from zero (the interpreter's
    _nearest_away): the nearest-even value, or the next one away from zero
    where x lies halfway between the two (found in f64, exactly)."""
    f64, bits = ir.F64Type.get(), ir.IntegerType.get_signless(_width(dst))
    wide = math.absf(cast(x, f64))
    near = cast(x, dst)
    away = arith.bitcast(dst, arith.addi(arith.bitcast(bits, near), arith.constant(bits, 1)))
    low, high = math.absf(cast(near, f64)), math.absf(cast(away, f64))
    tie = arith.andi(arith.cmpf(arith.CmpFPredicate.OLT, low, wide),
                     arith.cmpf(arith.CmpFPredicate.OEQ, arith.subf(high, wide),
                                arith.subf(wide, low)))
    return arith.select(tie, away, near)


# f32 -> bf16 beyond nearest-even, on the f32 bit pattern (sign-magnitude:
# adding to the pattern rounds the magnitude up), then its high 16 bits:
# ROUND ties away from zero, TRUNC towards zero, FLOOR / CEIL round the
# magnitude up for negative / positive values, ODD truncates and sets the
# last bit when anything was dropped. A NaN stays a NaN.
_TO_BF16 = {"ROUND": lambda b, sign, rest: arith.addi(b, _i64(0x8000)),
            "TRUNC": lambda b, sign, rest: b,
            "FLOOR": lambda b, sign, rest: arith.select(sign, arith.addi(b, _i64(0xFFFF)), b),
            "CEIL": lambda b, sign, rest: arith.select(sign, b, arith.addi(b, _i64(0xFFFF))),
            "ODD": lambda b, sign, rest: arith.select(_cmp("ne", rest, _i64(0)),
                                                      arith.ori(b, _i64(0x10000)), b)}


def _i64(n: int) -> ir.Value:
    return arith.constant(ir.IntegerType.get_signless(64), n)


def _bf16_bits(x: ir.Value, mode: str) -> ir.Value:
    i16, i32, i64 = (ir.IntegerType.get_signless(w) for w in (16, 32, 64))
    bits = arith.extui(i64, arith.bitcast(i32, x))
    sign = _cmp("ne", arith.shrui(bits, _i64(31)), _i64(0))
    rest = arith.andi(bits, _i64(0xFFFF))
    rounded = _TO_BF16[mode](bits, sign, rest)
    value = arith.bitcast(ir.BF16Type.get(), arith.trunci(i16, arith.shrui(rounded, _i64(16))))
    nan = arith.cmpf(arith.CmpFPredicate.UNO, x, x)
    return arith.select(nan, arith.constant(ir.BF16Type.get(), float("nan")), value)


@_handles("pto.tcvt")
def _tcvt(lo: TileLowering, op: ir.Operation) -> None:
    if "satmode" in op.attributes and op.attributes["satmode"] == ir.Attribute.parse(
            "#pto<saturation_mode ON>"):
        raise JitUnsupported(f"{where(op)}: '{op.name}': saturation (satmode ON) is not "
                             "lowered")
    src, out = lo.tile(op.operands[0]), lo.tile(op.operands[1])
    convert = _converter(op, _round_mode(op), src.tt.element, out.tt.element)
    rows, cols = lo.valid(out)
    lo.read_check(op, rows, cols, src)
    lo.write(out, rows, cols, lambda i, j: convert(_load(src, i, j)))


# --- the FIFO ops on tile buffers ----------------------------------------------

def _runtime(lo: TileLowering, kind: str, element: ir.Type) -> str:
    i64 = ir.IntegerType.get_signless(64)
    tile = ir.UnrankedMemRefType.get(element, None)
    if kind == fifo_model.PUSH:
        inputs = [i64, tile, ir.IndexType.get(), ir.IndexType.get()]
    else:
        inputs = [i64, tile, ir.UnrankedMemRefType.get(ir.IndexType.get(), None)]
    return declare(lo.module, lo.rewritten.runtime, f"pto_jit_{kind}_tile_{element}", inputs,
                   [], f"{kind}_tile")


def _tile_push(lo: TileLowering, op: ir.Operation) -> None:
    tile = lo.tile(fifo_model.tile_of(op))
    site = lo.rewritten.fifo_site(op, tile.tt.element)
    rows, cols = lo.valid(tile)
    func.CallOp([], _runtime(lo, fifo_model.PUSH, tile.tt.element),
                [site, unranked(tile.data), rows, cols])


def _tile_pop(lo: TileLowering, op: ir.Operation) -> None:
    tt = _tile_type(op, op.results[0])
    site = lo.rewritten.fifo_site(op, tt.element)
    count = tt.rows * tt.cols * element_bytes(tt.element)
    memory = lo.hoist(lambda: memref.alloc(
        ir.MemRefType.get([count], ir.IntegerType.get_signless(8)), [], []))
    data = lo.storage(tt, memory, _index(0))
    cell = lo.new_cell()
    func.CallOp([], _runtime(lo, fifo_model.POP, tt.element),
                [site, unranked(data), unranked(cell)])
    given = fifo_model.pop_valid_shape(op)
    if given:
        r, c = (_as_index(v) for v in given)
        lo.check(op, _any(_cmp("slt", r, _index(0)), _cmp("slt", c, _index(0)),
                          _cmp("sgt", r, _index(tt.rows)), _cmp("sgt", c, _index(tt.cols))),
                 f"the valid shape exceeds the {tt.rows}x{tt.cols} tile")
        lo.set_valid(cell, r, c)
    else:  # a static valid size of the type wins over the message's
        if tt.v_row is not None:
            memref.store(_index(tt.v_row), cell, [_index(0)])
        if tt.v_col is not None:
            memref.store(_index(tt.v_col), cell, [_index(1)])
    lo.values[op.results[0]] = Tile(data, cell, tt)


def _fifo_op(lo: TileLowering, op: ir.Operation) -> None:
    kind = fifo_model.OPS[op.name].kind
    if kind == fifo_model.PUSH:
        _tile_push(lo, op)
    elif kind == fifo_model.POP:
        _tile_pop(lo, op)
    else:
        lo.rewritten.free_call(lo.module, op)


def _carry(lo: TileLowering, op: ir.Operation) -> None:
    """A loop, branch, terminator or call carrying pto values (tile_carry.py)."""
    lo.carrier.rewrite(op)


def tile_fifo_op(op: ir.Operation) -> bool:
    """Whether `op` is a push or pop of a tile buffer, or a tfree naming
    one (lowered here: the tile's ops are gone before the FIFO rewrite)."""
    info = fifo_model.OPS.get(op.name)
    if info is None:
        return False
    value = op.results[0] if info.kind == fifo_model.POP else fifo_model.tile_of(op)
    return value is not None and tile_types.tile_buf(value.type) is not None
