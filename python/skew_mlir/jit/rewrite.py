"""The FIFO-op rewrite: the pto ops of a kernel pair become calls into the
JIT's FIFO runtime (native/fifo_runtime.cpp), before bufferization.

- a push of a tensor tile: `bufferization.to_buffer` of the tile to a memref
  of fully dynamic strided layout (whatever layout bufferization picks casts
  to it), cast to an unranked memref, and `call @pto_jit_push_<elt>(site, m)`;
- a pop: `memref.alloc` of the tile, `call @pto_jit_pop_<elt>(site, m)`,
  then `bufferization.to_tensor ... restrict writable` for a tensor tile;
- a push or pop of a tile buffer: tile_ir.py, with the valid shape;
- a tfree: `call @pto_jit_free(site)`; `pto.get_subblock_idx`:
  `call @pto_jit_subblock()`; a `pto.syncall`: `call @pto_jit_sync(site)`,
  a barrier of the cores its site joins; the initialise ops are erased
  (their slot counts reach the runtime through fifo_model, like the other
  tools').

Each FIFO op becomes a numbered *site*: the runtime is told, per site, its
pipe, kind and split, and reports blocked cores and errors by site, which
the launcher maps back to the op's location. A memref's element type is
part of the callee's MLIR type, so the runtime is declared once per element
type; the lowered symbols all take (i64 site, i64 rank, ptr descriptor).
"""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith, bufferization, func, memref

from .. import dialect as pto
from .. import fifo_model
from ..attributes import function_name
from ..sim.values import dtype_of
from .errors import JitError, JitUnsupported, SimError, describe, where

SUBBLOCK_FN = "pto_jit_subblock"
FREE_FN = "pto_jit_free"
STOP_FN = "pto_jit_stop"
SYNC_FN = "pto_jit_sync"
STOP = "stop"  # the site of a call that must end the run with its error
SYNC = "sync"  # the site of a barrier (pto.syncall)
KINDS = {fifo_model.PUSH: 0, fifo_model.POP: 1, fifo_model.FREE: 2, STOP: 3, SYNC: 4}
# The ops rewrite_fifo_ops replaces: the other lowerings leave them be.
REWRITTEN_OPS = frozenset(fifo_model.OPS) | set(fifo_model.INIT_OPS) | {pto.GET_SUBBLOCK_IDX,
                                                                      pto.SYNCALL}
ROLE_BITS = {fifo_model.CUBE: 1, fifo_model.VECTOR: 2}  # the runtime's role masks


@dataclasses.dataclass(frozen=True)
class Site:
    """One FIFO op, as the runtime knows it."""

    where: str  # describe(op), for reports (a STOP site: the whole error)
    kind: str  # fifo_model.PUSH / POP / FREE, or STOP / SYNC
    pipe: fifo_model.Pipe | None
    split: int
    elem_bytes: int  # 0 for a tfree
    element: str = ""  # the tile's element type (MLIR spelling)
    dtype: object = None  # its numpy dtype
    joins: tuple = ()  # a SYNC site: the roles of the cores it waits for


def element_name(t: ir.Type) -> str:
    """The element type's spelling in a runtime symbol (f32, bf16, i64, index)."""
    return str(t)


def element_bytes(t: ir.Type) -> int:
    if isinstance(t, ir.IndexType):
        return 8
    width = getattr(t, "width", None)
    if width is None or width % 8:
        raise ValueError(f"{t}")
    return width // 8


def declare(module: ir.Module, declared: dict, name: str, inputs, results,
            runtime: str) -> str:
    """Declare runtime function `name` once in `module` (recorded in
    `declared`, a Rewritten's runtime map)."""
    if name not in declared:
        with ir.InsertionPoint.at_block_begin(module.body), ir.Location.unknown():
            fn = func.FuncOp(name, ir.FunctionType.get(list(inputs), list(results)))
            fn.attributes["sym_visibility"] = ir.StringAttr.get("private")
        declared[name] = runtime
    return name


def unranked(value: ir.Value) -> ir.Value:
    """`value` (a memref) as an unranked memref, the runtime's argument."""
    t = ir.MemRefType(value.type)
    return memref.cast(ir.UnrankedMemRefType.get(t.element_type, t.memory_space), value)


def _dynamic_strided(t: ir.RankedTensorType) -> ir.MemRefType:
    dyn = ir.ShapedType.get_dynamic_stride_or_offset()
    layout = ir.StridedLayoutAttr.get(dyn, [dyn] * t.rank)
    return ir.MemRefType.get(t.shape, t.element_type, layout)


def stub_declarations(module: ir.Module, declarations: list[ir.Operation],
                      rewritten: "Rewritten") -> None:
    """Give each body-less function without results a body that ends the
    run with an error when called, as the interpreter does (a declaration
    stops a run only if it is called)."""
    for fn in declarations:
        name = function_name(fn)
        with fn.location:
            block = fn.regions[0].blocks.append(*fn.attributes["function_type"].value.inputs)
            with ir.InsertionPoint(block):
                rewritten.stop_site(module, f"{where(fn)}: @{name} is a declaration "
                                            "without a body")
                func.ReturnOp([])


@dataclasses.dataclass
class Rewritten:
    sites: list[Site] = dataclasses.field(default_factory=list)
    # declared symbol -> runtime function (push, pop, free, subblock, ...)
    runtime: dict[str, str] = dataclasses.field(default_factory=dict)

    def stop_site(self, module: ir.Module, message: str) -> None:
        """At the insertion point: a call that ends the run with `message`
        (a located error found at run time)."""
        i64 = ir.IntegerType.get_signless(64)
        self.sites.append(Site(message, STOP, None, fifo_model.NO_SPLIT, 0))
        declare(module, self.runtime, STOP_FN, [i64], [], STOP)
        func.CallOp([], STOP_FN, [arith.constant(i64, len(self.sites) - 1)])

    def free_call(self, module: ir.Module, op: ir.Operation) -> None:
        """At the insertion point: the runtime call of tfree `op` (whatever
        tile it names: the release is in order)."""
        i64 = ir.IntegerType.get_signless(64)
        declare(module, self.runtime, FREE_FN, [i64], [], "free")
        self.sites.append(Site(describe(op), fifo_model.FREE, fifo_model.pipe_of(op),
                               fifo_model.split_of(op), 0))
        func.CallOp([], FREE_FN, [arith.constant(i64, len(self.sites) - 1)])

    def sync_call(self, module: ir.Module, op: ir.Operation) -> None:
        """At the insertion point: the runtime call of pto.syncall `op`."""
        i64 = ir.IntegerType.get_signless(64)
        declare(module, self.runtime, SYNC_FN, [i64], [], "sync")
        self.sites.append(Site(describe(op), SYNC, None, fifo_model.NO_SPLIT, 0,
                               joins=fifo_model.syncall_roles(op)))
        func.CallOp([], SYNC_FN, [arith.constant(i64, len(self.sites) - 1)])

    def fifo_site(self, op: ir.Operation, element: ir.Type) -> ir.Value:
        """Number FIFO op `op` (a push or pop of tiles of `element`) as a
        site; its number as an i64 constant at the insertion point."""
        info = fifo_model.OPS[op.name]
        try:
            size, dtype = element_bytes(element), dtype_of(element)
        except (ValueError, SimError):
            raise JitUnsupported(f"{describe(op)}: the JIT cannot move tiles of "
                                 f"{element} through a pipe") from None
        self.sites.append(Site(describe(op), info.kind, fifo_model.pipe_of(op),
                               fifo_model.split_of(op), size, str(element), dtype))
        return arith.constant(ir.IntegerType.get_signless(64), len(self.sites) - 1)


def check_fifo_ops(ops: list[ir.Operation]) -> None:
    """JitError for a FIFO op the FIFO model refuses; before any rewrite
    (a tfree's operand may name a pop)."""
    for op in ops:
        error = (fifo_model.op_error(op) or fifo_model.free_operand_error(op)
                 if op.name in fifo_model.OPS else None)
        if error:
            raise JitError(f"{describe(op)}: {error}")


def rewrite_fifo_ops(module: ir.Module, ops: list[ir.Operation], rewritten: Rewritten) -> None:
    """Replace `ops` (the pair's FIFO, initialise, sub-block and syncall ops,
    in any order; checked by check_fifo_ops) in `module`, numbering the sites
    after those `rewritten` has, and declaring the runtime symbols the calls
    need."""
    i64 = ir.IntegerType.get_signless(64)
    declared = rewritten.runtime
    for op in ops:
        if op.name in fifo_model.INIT_OPS:
            op.erase()
            continue
        with ir.InsertionPoint(op), op.location:
            if op.name == pto.GET_SUBBLOCK_IDX:
                name = declare(module, declared, SUBBLOCK_FN, [], [i64], "subblock")
                call = func.CallOp([i64], name, [])
                value = call.result
                if op.results[0].type != i64:
                    raise JitError(f"{describe(op)}: result type {op.results[0].type} "
                                   f"(the pto dialect's is i64)")
                op.results[0].replace_all_uses_with(value)
                op.erase()
                continue
            if op.name == pto.SYNCALL:
                rewritten.sync_call(module, op)
                op.erase()
                continue
            info = fifo_model.OPS[op.name]
            if info.kind == fifo_model.FREE:
                rewritten.free_call(module, op)
                op.erase()
                continue
            tile = fifo_model.tile_of(op)
            t = tile.type
            site_value = rewritten.fifo_site(op, t.element_type)
            fn = f"pto_jit_{info.kind}_{element_name(t.element_type)}"
            declare(module, declared, fn, [i64, ir.UnrankedMemRefType.get(t.element_type, None)],
                    [], info.kind)
            if info.kind == fifo_model.PUSH:
                buffer = tile
                if isinstance(t, ir.RankedTensorType):
                    buffer = bufferization.to_buffer(_dynamic_strided(t), tile)
                func.CallOp([], fn, [site_value, unranked(buffer)])
            else:
                shape_type = (ir.MemRefType.get(t.shape, t.element_type)
                              if isinstance(t, ir.RankedTensorType) else t)
                if not ir.ShapedType(t).has_static_shape:
                    raise JitUnsupported(f"{describe(op)}: the JIT pops tiles of static shape, "
                                   f"got {t}")
                buffer = memref.alloc(shape_type, [], [])
                func.CallOp([], fn, [site_value, unranked(buffer)])
                value = buffer
                if isinstance(t, ir.RankedTensorType):
                    value = bufferization.to_tensor(t, buffer, restrict=True, writable=True)
                op.results[0].replace_all_uses_with(value)
            op.erase()
