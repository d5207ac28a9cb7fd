"""pypto's sub-block argument: `%__pypto_spmd_subblock_idx` of a kernel is
the running vector sub-block's index (0 or 1), what `pto.get_subblock_idx`
returns, not an input.

The name is only an SSA name in the .pto file, and MLIR drops SSA names when
it parses; what survives is each argument's location, the file position of
its name. So the argument is found by reading its name back from the source
at that position (or from the NameLoc pto-opt gives it, which a file printed
with its locations carries: native/abi_names.cpp), and its uses are
rewritten to `pto.get_subblock_idx` (converted to the argument's type), which
both executors model.
"""

from __future__ import annotations

import functools
import re

from mlir import ir
from mlir.dialects import arith

from .. import dialect as pto

SUBBLOCK_ARGUMENT = "__pypto_spmd_subblock_idx"
_NAME = re.compile(r"%([\w$.-]+)")


@functools.cache
def _source_lines(path: str) -> list[bytes] | None:
    try:
        with open(path, "rb") as file:
            return file.read().split(b"\n")
    except OSError:
        return None


def source_name(value: ir.BlockArgument) -> str | None:
    """The SSA name an argument has in its source file, if its location is a
    file position that names it, or a NameLoc."""
    loc = value.location
    if loc.is_a_name():
        return loc.name_str
    if not loc.is_a_file():
        return None
    lines = _source_lines(loc.filename)
    if lines is None or not 0 < loc.start_line <= len(lines):
        return None
    match = _NAME.match(lines[loc.start_line - 1][loc.start_col - 1:].decode("utf-8", "replace"))
    return match[1] if match else None


def bind_subblock_arguments(module: ir.Module) -> None:
    """Rewrite every function's `%__pypto_spmd_subblock_idx` argument to the
    running sub-block's index (the argument itself stays, unused)."""
    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "func.func" and op.regions[0].blocks:
            entry = op.regions[0].blocks[0]
            for arg in entry.arguments:
                if (isinstance(arg.type, (ir.IntegerType, ir.IndexType))
                        and source_name(arg) == SUBBLOCK_ARGUMENT):
                    _bind(arg, entry)
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)


def _bind(arg: ir.BlockArgument, entry: ir.Block) -> None:
    i64 = ir.IntegerType.get_signless(64)
    with arg.location, ir.InsertionPoint.at_block_begin(entry):
        index = ir.Operation.create(pto.GET_SUBBLOCK_IDX, results=[i64]).result
        if isinstance(arg.type, ir.IndexType):
            index = arith.index_cast(arg.type, index)
        elif arg.type.width < 64:
            index = arith.trunci(arg.type, index)
    arg.replace_all_uses_with(index)  # nothing created above uses `arg`
