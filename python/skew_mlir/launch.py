"""What each argument of a kernel holds when the pair is launched.

Without a `pto.entry` function in its module, the two kernels of a pair are
launched with one argument list: argument k of either kernel is launch
argument k. A `pto.entry` function (PTOAS's launch function) launches them
by calling them, and may pass each its own list: argument k of a kernel
holds operand k of the entry's call of it, which may be another argument of
the entry than its peer's argument k, or a value computed in the entry.

`launch_names` names those values so that equal names in the two kernels are
one value: an entry's argument by its position, constants and `arith`
expressions of those by their structure (loop_ranges.value_key). An
argument the tools cannot name (a kernel an entry of its module calls more
than once, or reaches through an indirect call; an operand of another kind)
is None: a value equal to no other. A kernel no entry calls is not launched
with the pair (the pass and the verifier leave it alone); named on its own
(`pto-sim --cube`), it gets one argument list. The trip keys of the pair proof (loop_ranges.trip_key),
the peer's global memory (skew/peer_memory.py) and the simulator's
arguments (sim/kernels.py) all relate the two kernels through these names.
"""

from __future__ import annotations

from collections.abc import Hashable

from mlir import ir

from . import dialect as pto
from .attributes import function_name
from .calls import call_summaries, calls_under
from .loop_ranges import argument_key, value_key


def entry_functions(module: ir.Operation) -> list[ir.Operation]:
    """The functions directly in `module` marked `pto.entry`."""
    return [child.operation for block in module.regions[0].blocks
            for child in block.operations if pto.ENTRY_ATTR in child.operation.attributes]


def launch_names(function: ir.Operation) -> tuple[Hashable | None, ...]:
    """Per argument of kernel `function` (a function directly in a module),
    the name of the value it holds at launch (None: unknown)."""
    types = list(ir.FunctionType(function.attributes["function_type"].value).inputs)
    module = function.parent
    entries = [] if module is None else entry_functions(module.operation)
    one_list = tuple(("", argument_key(k, t)) for k, t in enumerate(types))
    if not entries:
        return one_list
    unknown = (None,) * len(types)
    launches = []
    for entry in entries:
        calls = calls_under(entry)
        for call, summary in zip(calls, call_summaries(module.operation, calls, ())):
            # The callee comes first (what it calls in turn does not matter
            # here); a declaration has no body to list, but its name.
            if summary.functions:
                callee = summary.functions[0] == function
            elif summary.callee:
                callee = summary.callee == f"@{function_name(function)}"
            else:
                return unknown  # an indirect call may launch the kernel
            if callee:
                launches.append((entry, call))
    if not launches:
        # Not launched by the entry (a function the pass and the verifier
        # leave alone): run on its own, pto-sim gives it one list.
        return one_list
    if len(launches) > 1:
        return unknown
    entry, call = launches[0]
    operands = list(call.operands)
    if len(operands) != len(types) or not entry.regions[0].blocks:
        return unknown
    block = entry.regions[0].blocks[0]

    def entry_argument(argument: ir.BlockArgument) -> Hashable | None:
        if argument.owner != block:
            return None
        return argument_key(argument.arg_number, argument.type)

    # The entry's name keeps apart the lists of two entries.
    names: list = []
    for operand in operands:
        key = value_key(operand, entry_argument)
        names.append(None if key is None else (function_name(entry), key))
    return tuple(names)


def launch_argument(name: Hashable | None) -> int | None:
    """The position in the launch's argument list (the entry's arguments, or
    without an entry the one list) of the value named `name`, else None (a
    value computed in the entry, or unknown)."""
    if name is None:
        return None
    key = name[1]
    if len(key) == 2 and isinstance(key[0], str) and key[0].startswith("%arg"):
        return int(key[0][len("%arg"):])
    return None
