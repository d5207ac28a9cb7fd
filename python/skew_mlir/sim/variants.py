"""Variants of a kernel pair, rewritten through the bindings (benchmarks, tests).

`with_trip` changes the trip count of every pipeline loop (`scf.for` with
pto.pipeline_stages and a constant lower bound and step) and resizes the
kernel arguments the loops tile: a function argument sliced by
`tensor.extract_slice` inside such a loop gets dim 0 = trip * the slice's
static size (the KV length of a flash-decode pair). A constant upper bound is
replaced; an upper bound that is a scalar argument of the kernel (a KV length
known only at run time) stays, and the variant must be launched with that
argument set to lb + trip * step: `with_trip` returns those launch arguments
(argument index -> value, as `pto-sim --arg` takes them). `with_stages` sets every loop's pto.pipeline_stages;
`with_slots` sets the module's pto.fifo_depth.
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith

from .. import dialect as pto
from ..attributes import function_name
from .errors import SimError
from .kernels import functions_of


def pipeline_loops(module: ir.Module) -> list[ir.Operation]:
    loops = []

    def visit(op):
        if op.name == "scf.for" and pto.PIPELINE_STAGES_ATTR in op.attributes:
            loops.append(op)
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    return loops


def _constant(value: ir.Value) -> int:
    owner = value.owner
    if not isinstance(owner, ir.OpView) or owner.operation.name != "arith.constant":
        raise SimError("a pipeline loop bound is not a constant")
    return owner.attributes["value"].value


def _i64(value: int) -> ir.IntegerAttr:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), value)


def with_stages(module: ir.Module, stages: int) -> None:
    for loop in pipeline_loops(module):
        loop.attributes[pto.PIPELINE_STAGES_ATTR] = _i64(stages)


def with_slots(module: ir.Module, slots: int) -> None:
    module.operation.attributes[pto.FIFO_DEPTH_ATTR] = _i64(slots)


def with_trip(module: ir.Module, trip: int) -> dict[int, str]:
    resize: dict[tuple[str, int], int] = {}  # (function, argument) -> new dim 0
    launch: dict[int, str] = {}  # run-time upper bounds: argument index -> value
    funcs = functions_of(module)
    for loop in pipeline_loops(module):
        lb, step = _constant(loop.operands[0]), _constant(loop.operands[2])
        func = loop
        while func.name != "func.func":
            func = func.parent
        fname = function_name(func)
        bound = loop.operands[1]
        if isinstance(bound, ir.BlockArgument) and bound.owner.owner == func:
            value = str(lb + trip * step)
            if launch.setdefault(bound.arg_number, value) != value:
                raise SimError(f"argument #{bound.arg_number} bounds pipeline loops that need "
                               f"different values of it for trip {trip}")
        else:
            _constant(bound)  # raises: no other bound has a trip to set
            with ir.InsertionPoint(loop), loop.location:
                ub = arith.ConstantOp(bound.type, lb + trip * step)
            loop.operands[1] = ub.result

        def visit(op):
            if op.name == "tensor.extract_slice":
                src = op.operands[0]
                if isinstance(src, ir.BlockArgument) and src.owner.owner == func:
                    resize[(fname, src.arg_number)] = trip * list(op.attributes["static_sizes"])[0]
            return ir.WalkResult.ADVANCE
        loop.walk(visit)
    for (fname, index), dim0 in resize.items():
        func = funcs[fname]
        arg = func.regions[0].blocks[0].arguments[index]
        old = ir.RankedTensorType(arg.type)
        arg.set_type(ir.RankedTensorType.get([dim0, *old.shape[1:]], old.element_type,
                                             loc=func.location))
        ftype = func.attributes["function_type"].value
        inputs = [a.type for a in func.regions[0].blocks[0].arguments]
        func.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get(inputs, list(ftype.results)))
    if not module.operation.verify():
        raise SimError(f"the trip-{trip} variant does not verify")
    return launch
