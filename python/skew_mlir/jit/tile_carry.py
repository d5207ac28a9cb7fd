"""Tile-IR values across regions and calls, for the JIT's lowering
(tile_ir.py): a pto value an `scf.for`/`scf.while` carries, an `scf.if`
yields, or a function takes or returns becomes its parts
(tile_values.carried_types) in place, so the memrefs that hold a tile
reach every op that uses it.

Which ops are rewritten is MLIR's to say, through the native extension: a
RegionBranchOpInterface op (its operands, results and region arguments
correspond in order, so each pto value expands to its parts where it
stands), a RegionBranchTerminatorOpInterface op (return-like ops included)
and a CallOpInterface op. An other op with a pto operand or result stays a
located JitUnsupported (tile_ir.TileLowering._check_foreign).

A kernel keeps the signature the launcher calls: a pointer is its whole
global memory, and no other pto value crosses it.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith

from .. import _native, tile_types
from ..attributes import function_name, symbol_name
from .errors import JitUnsupported, describe, where
from .tile_values import Ptr, carried, carried_types, from_parts

BRANCH, TERMINATOR, CALL = "branch", "terminator", "call"


def kind(op: ir.Operation) -> str:
    """What `op` is to carried values: BRANCH, TERMINATOR, CALL or ""."""
    return _native.control_flow_kind(op)


def carries(op: ir.Operation, lowered: dict) -> bool:
    """Whether a pto value (one of pto type, or one `lowered` maps) is
    among `op`'s operands, results or the arguments of its regions' blocks."""
    values = list(op.operands) + list(op.results)
    for region in op.regions:
        for block in region.blocks:
            values += list(block.arguments)
    return any(v in lowered or tile_types.pto_type(v.type) is not None for v in values)


def expanded(types) -> list[ir.Type]:
    return [part for t in types for part in (carried_types(t) or [t])]


def signature(fn: ir.Operation) -> None:
    """A function other than a kernel takes and returns the parts of its
    pto values; its entry block follows (carry_block_arguments)."""
    ftype = fn.attributes["function_type"].value
    inputs, results = list(ftype.inputs), list(ftype.results)
    fn.attributes["function_type"] = ir.TypeAttr.get(
        ir.FunctionType.get(expanded(inputs), expanded(results)))
    for name, types in (("arg_attrs", inputs), ("res_attrs", results)):
        if name in fn.attributes:
            fn.attributes[name] = _expanded_attrs(fn.attributes[name], types)


def _expanded_attrs(attrs: ir.ArrayAttr, types: list[ir.Type]) -> ir.ArrayAttr:
    """A per-argument attribute array for the expanded arguments: a pto
    value's parts get none (its attributes, e.g. llvm.noalias, speak of
    the pointer)."""
    empty = ir.DictAttr.get({})
    out = []
    for attr, t in zip(attrs, types):
        parts = carried_types(t)
        out += [attr] if parts is None else [empty] * len(parts)
    return ir.ArrayAttr.get(out)


class Carrier:
    """Rewrites the ops that carry pto values, for one function of a
    TileLowering: `values` maps an old pto value to its lowering."""

    def __init__(self, values: dict, kernels: set[str], check):
        """`check(op, condition, message)` ends the run at `op` with
        `message` when `condition` holds at run time."""
        self.values, self.kernels, self.check = values, kernels, check
        # A kernel's pointer argument, its type already the launcher's memref.
        self.pointer_arguments: dict[ir.Value, ir.Type] = {}
        self.stale: list[tuple[ir.Block, int]] = []  # blocks whose first n arguments go

    def block_arguments(self, block: ir.Block) -> None:
        """Appends the expanded arguments of `block` after its old ones,
        which finish() erases once nothing uses them."""
        old = list(block.arguments)
        if not any(carried_types(a.type) for a in old):
            return
        for arg in old:
            types = carried_types(arg.type)
            if types is None:
                arg.replace_all_uses_with(block.add_argument(arg.type, arg.location))
            else:
                self.values[arg] = from_parts(
                    arg.type, [block.add_argument(t, arg.location) for t in types])
        self.stale.append((block, len(old)))

    def finish(self) -> None:
        for block, count in self.stale:
            for _ in range(count):
                block.erase_argument(0)
        self.stale = []

    def operands(self, op: ir.Operation, callee_is_kernel: bool = False) -> list[ir.Value]:
        out = []
        for i, value in enumerate(op.operands):
            t = self.pointer_arguments.get(value, value.type)
            if tile_types.pto_type(t) is None:
                out.append(value)
                continue
            lowered = self.values.get(value)
            if lowered is None:
                raise JitUnsupported(f"{where(op)}: '{op.name}': operand #{i} is a "
                                     f"{value.type} the JIT did not lower")
            if callee_is_kernel:
                # The launcher's signature: a pointer is its whole global memory.
                if not isinstance(lowered, Ptr):
                    raise JitUnsupported(
                        f"{where(op)}: '{op.name}': operand #{i} is a {value.type}: a "
                        "kernel takes pointers to global memory, no other tile IR value")
                if value != lowered.base:
                    zero = arith.constant(ir.IndexType.get(), 0)
                    self.check(op, arith.cmpi(arith.CmpIPredicate.ne, lowered.offset, zero),
                               f"passes operand #{i}, a pointer moved from the start of its "
                               "global memory, to a kernel")
                out.append(lowered.base)
            else:
                out += carried(lowered, t)
        return out

    def rewrite(self, op: ir.Operation) -> None:
        """Replaces `op` (insertion point before it) by one whose pto
        operands, results and region arguments are their parts; the old op
        is left for the caller to erase."""
        what = kind(op)
        callee_is_kernel = False
        if what == CALL:
            callee = symbol_name(op.attributes["callee"]) if "callee" in op.attributes else None
            if callee is None:
                raise JitUnsupported(f"{where(op)}: '{op.name}': the JIT passes tile IR "
                                     "values only to calls of a named function")
            callee_is_kernel = callee in self.kernels
            if callee_is_kernel and any(tile_types.pto_type(r.type) for r in op.results):
                raise JitUnsupported(f"{where(op)}: '{op.name}': a kernel returns no tile "
                                     "IR values")
        operands = self.operands(op, callee_is_kernel)
        attributes = {name: op.attributes[name] for name in op.attributes}
        if "operandSegmentSizes" in attributes:
            attributes["operandSegmentSizes"] = _segments(
                attributes["operandSegmentSizes"], [v.type for v in op.operands],
                callee_is_kernel)
        if "resultSegmentSizes" in attributes:
            attributes["resultSegmentSizes"] = _segments(
                attributes["resultSegmentSizes"], [v.type for v in op.results], False)
        new = ir.Operation.create(op.name, results=expanded(v.type for v in op.results),
                                  operands=operands, attributes=attributes,
                                  regions=len(op.regions), loc=op.location)
        for old_region, new_region in zip(op.regions, new.regions):
            for block in list(old_region.blocks):
                block.append_to(new_region)
                self.block_arguments(block)
        at = 0
        for result in op.results:
            types = carried_types(result.type)
            if types is None:
                result.replace_all_uses_with(new.results[at])
                at += 1
            else:
                self.values[result] = from_parts(result.type,
                                                 list(new.results)[at:at + len(types)])
                at += len(types)


def _segments(sizes: ir.Attribute, types: list[ir.Type], whole_pointers: bool) -> ir.Attribute:
    """An op's segment sizes for its expanded operands or results."""
    counts, at = [], 0
    for size in ir.DenseI32ArrayAttr(sizes):
        part = types[at:at + size]
        counts.append(len(part) if whole_pointers else len(expanded(part)))
        at += size
    return ir.DenseI32ArrayAttr.get(counts)


def refuse_kernel_value(fn: ir.Operation, what: str, t: ir.Type) -> JitUnsupported:
    name = function_name(fn)
    return JitUnsupported(f"{describe(fn)}: {what} of the kernel @{name} is a {t}: the "
                          "launcher gives a kernel pointers to global memory, and takes back no tile IR "
                          "value")
