"""From a kernel pair to LLVM dialect the ExecutionEngine compiles.

prepare() copies the module holding the pair, keeps only the declaration
of each function the kernels do not name (the interpreter does not run
them), refuses values of static shape over the --max-value-mib bound,
lowers its tile IR (tile_ir.py), adds one entry function per kernel
(`@pto_jit_entry_<kernel>`: the kernel's arguments, then one out-buffer
per result, so the launcher calls every kernel through one C-interface
shape), refuses what the wheel's MLIR is known to abort on, and rewrites
the FIFO ops (rewrite.py). lower() runs upstream's pipeline:
linalg.softmax decomposed, elementwise ops to linalg, one-shot
bufferization across function boundaries (identity layouts at the
boundary; loops may carry tensors), linalg to loops, then everything to
the LLVM dialect. Allocations go through MLIR's generic allocation
functions, which the runtime provides (one arena per run, freed when the
run ends: the results are in the launcher's out-buffers by then).
"""

from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, bufferization, func, memref, tensor
from mlir.dialects.transform import interpreter
from mlir.passmanager import PassManager

from .. import fifo_model
from ..attributes import function_name, symbol_name
from ..sim.values import DEFAULT_MAX_VALUE_BYTES, check_size
from .errors import JitUnsupported, SimError, describe, where
from .rewrite import (REWRITTEN_OPS, Rewritten, check_fifo_ops, element_bytes,
                      rewrite_fifo_ops, stub_declarations)
from .tile_ir import TileLowering

# linalg.softmax has no lowering of its own: it is decomposed first into the
# linalg.generic ops that define it (its AggregatedOpInterface), which the
# interpreter's softmax follows.
DECOMPOSE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.softmax"]} in %root
      : (!transform.any_op) -> !transform.any_op
    %parts = transform.structured.decompose_interface %ops
      : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}"""

# One-shot bufferization's in-place analysis does not see that a tensor
# passed along a cf.br is the buffer it came from (a kernel of several blocks
# then wrote into a tensor it read again later; its copy-before-write mode
# crashes there): kernels of several blocks are lifted to structured control
# flow first. The lifting stands `ub.poison` in for a value a path does not
# define; bufferization has no rule for a poison tensor (_define_poisons).
LIFT = "lift-cf-to-scf"
BUFFERIZE = ",".join([
    "func.func(convert-elementwise-to-linalg)",
    "one-shot-bufferize{bufferize-function-boundaries=1 allow-return-allocs-from-loops=1 "
    "function-boundary-type-conversion=identity-layout-map}",
])
# After bufferization, each call that takes unranked memrefs is put in an
# alloca scope (_scope_descriptors).
TO_LLVM = ",".join([
    "func.func(convert-linalg-to-loops)",
    "expand-strided-metadata",
    "lower-affine",
    "convert-scf-to-cf",
    "convert-math-to-llvm",
    "convert-math-to-libm",
    "convert-arith-to-llvm",
    "convert-cf-to-llvm",
    "finalize-memref-to-llvm{use-generic-functions=1}",
    "convert-func-to-llvm",
    "convert-index-to-llvm",
    "convert-ub-to-llvm",
    "reconcile-unrealized-casts",
])
ENTRY_PREFIX = "pto_jit_entry_"


def entry_name(kernel: str) -> str:
    return ENTRY_PREFIX + kernel


def _aborting(op: ir.Operation) -> str | None:
    """Why the wheel's MLIR (built with assertions) would abort on `op`, or
    None: i1 tensors and memrefs."""
    types = [v.type for v in op.results] + [v.type for v in op.operands]
    for region in op.regions:
        for block in region.blocks:
            types += [a.type for a in block.arguments]
    ftype = op.attributes["function_type"].value if "function_type" in op.attributes else None
    if isinstance(ftype, ir.FunctionType):  # not an llvm.func's
        types += list(ftype.inputs) + list(ftype.results)
    for t in types:
        if isinstance(t, ir.ShapedType) and t.element_type == ir.IntegerType.get_signless(1):
            return (f"the JIT cannot lower tensors or memrefs of i1 ({t}): the MLIR it "
                    f"compiles with aborts on them")
    return None


def _check_ops(root: ir.Operation) -> list[ir.Operation]:
    """The pair's FIFO ops, in walk order; JitError for an op the JIT cannot
    lower that is known before trying (a pto op other than the FIFO ones,
    e.g. tile IR; an unregistered op; what aborts the compiler)."""
    found, refused = [], []
    bodiless = {function_name(op)
                for op in root.regions[0].blocks[0].operations
                if op.operation.name == "func.func" and not op.operation.regions[0].blocks}

    def visit(op):
        op = op.operation
        if op.name in REWRITTEN_OPS:
            found.append(op)
            return ir.WalkResult.ADVANCE
        why = None
        if op.name.startswith("pto.") or not op.context.is_registered_operation(op.name):
            why = "the JIT executor cannot lower it"
        elif op.name == "func.call" and symbol_name(op.attributes["callee"]) in bodiless \
                and len(op.results):
            why = (f"calls @{symbol_name(op.attributes['callee'])}, a declaration without a body "
                   f"that returns values: the JIT has no code to run for it")
        why = why or _aborting(op)
        if why:
            refused.append((op, why))
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    root.walk(visit)  # an exception would escape the walk wrapped
    if refused:
        op, why = refused[0]
        raise JitUnsupported(f"{where(op)}: '{op.name}': {why}")
    return found


def _entry(module: ir.Module, kernel: ir.Operation) -> None:
    with kernel.location:
        _add_entry(module, kernel)


def _add_entry(module: ir.Module, kernel: ir.Operation) -> None:
    """@pto_jit_entry_<kernel>(args..., outs...): calls the kernel and
    stores its results into the out-buffers (memrefs of static shape; a
    scalar result into a memref<1xT>)."""
    name = function_name(kernel)
    ftype = kernel.attributes["function_type"].value
    outs = []
    for i, t in enumerate(ftype.results):
        if isinstance(t, ir.ShapedType):
            if not t.has_static_shape:
                raise JitUnsupported(f"{describe(kernel)}: result #{i} of @{name} has a dynamic "
                               f"shape ({t}); the JIT returns results of static shape")
            outs.append(ir.MemRefType.get(t.shape, t.element_type))
        else:
            outs.append(ir.MemRefType.get([1], t))
    inputs = list(ftype.inputs)
    with ir.InsertionPoint(module.body):
        entry = func.FuncOp(entry_name(name), ir.FunctionType.get(inputs + outs, []))
        entry.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        block = entry.add_entry_block()
        with ir.InsertionPoint(block):
            args = list(block.arguments)
            call = func.CallOp(list(ftype.results), name, args[:len(inputs)])
            results = [call.results[i] for i in range(len(ftype.results))]
            for value, out in zip(results, args[len(inputs):]):
                t = value.type
                if isinstance(t, ir.RankedTensorType):
                    bufferization.MaterializeInDestinationOp(None, value, out,
                                                             restrict=True, writable=True)
                elif isinstance(t, ir.MemRefType):
                    memref.copy(value, out)
                else:
                    zero = arith.constant(ir.IndexType.get(), 0)
                    memref.store(value, out, [zero])
            func.ReturnOp([])


def _fresh_results(function: ir.Operation) -> None:
    """Return a copy of each tensor a function returns. One-shot
    bufferization's call analysis asserts ("inconsistent analysis state")
    on a callee whose result is equivalent to one argument and may alias
    another, as loops carrying an argument through in place make it; a
    returned copy aliases nothing, at the price of one copy per result."""
    for block in function.regions[0].blocks:
        ret = block.operations[len(block.operations) - 1] if len(block.operations) else None
        if ret is None or ret.operation.name != "func.return":
            continue
        with ret.location, ir.InsertionPoint(ret):
            for i, value in enumerate(list(ret.operands)):
                if isinstance(value.type, ir.RankedTensorType):
                    copy = bufferization.AllocTensorOp(value.type, [], copy=value)
                    ret.operation.operands[i] = copy.result


def _distinct_carries(root: ir.Operation) -> None:
    """Give each tensor an scf.for carries its own value: a copy of a value
    that starts or is yielded to an earlier iter_arg too. One-shot
    bufferization gave two iter_args that start from one tensor and are
    yielded one tensor (a skewed loop carries a value to two stages so) one
    buffer, and an elementwise op then written in place into one clobbered
    the other."""
    loops = []
    root.walk(lambda op: (loops.append(op.operation) if op.operation.name == "scf.for"
                          else None) or ir.WalkResult.ADVANCE)
    for loop in loops:
        body = loop.regions[0].blocks[0]
        terminator = body.operations[len(body.operations) - 1].operation
        # Loop operands: lower bound, upper bound, step, then the inits.
        for owner, first, point in ((loop, 3, ir.InsertionPoint(loop)),
                                    (terminator, 0, ir.InsertionPoint(terminator))):
            seen = set()
            for i in range(first, len(owner.operands)):
                value = owner.operands[i]
                if not isinstance(value.type, ir.RankedTensorType):
                    continue
                if value in seen:
                    with owner.location, point:
                        owner.operands[i] = bufferization.AllocTensorOp(
                            value.type, [], copy=value).result
                seen.add(value)


def _fifo_ops(root: ir.Operation) -> list[ir.Operation]:
    found = []

    def visit(op):
        if op.operation.name in fifo_model.OPS:
            found.append(op.operation)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return found


def _check_sizes(root: ir.Operation, limit: int) -> None:
    """JitError for a value of static shape over `limit` bytes, as the
    interpreter refuses it (a size known only at run time is bounded by the
    runtime's allocator)."""
    def visit(op):
        op = op.operation
        for i, result in enumerate(op.results):
            t = result.type
            if isinstance(t, ir.ShapedType) and t.has_rank and t.has_static_shape:
                try:
                    check_size(f"{where(op)}: result #{i} of '{op.name}' ({t})", t.shape,
                               element_bytes(t.element_type), limit)
                except ValueError:  # an element type without a byte size: refused later
                    pass
                except SimError as exc:
                    refused.append(str(exc))
                    return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    refused: list[str] = []
    root.walk(visit)  # an exception would escape the walk wrapped
    if refused:
        raise JitUnsupported(refused[0])


def prepare(pair_module: ir.Operation, kernels: list[ir.Operation],
            max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> tuple[ir.Module, Rewritten]:
    """A new module with the pair module's ops, its tile IR lowered
    (tile_ir.py), an entry per kernel and the FIFO ops rewritten; the sites
    of the rewritten FIFO ops and run-time checks."""
    with pair_module.location:
        module = ir.Module.create()
    with ir.InsertionPoint(module.body):
        for op in pair_module.regions[0].blocks[0].operations:
            op.operation.clone()
    names = [function_name(k) for k in kernels]
    _declare_unrun(module, names)
    _check_sizes(module.operation, max_value_bytes)
    for op in module.body.operations:
        if op.operation.name == "func.func":
            _fresh_results(op.operation)
    _distinct_carries(module.operation)
    check_fifo_ops(_fifo_ops(module.operation))
    rewritten = Rewritten()
    TileLowering(module, names, rewritten).run()
    for kernel in kernels:
        name = function_name(kernel)
        copy = next(op.operation for op in module.body.operations
                    if op.operation.name == "func.func"
                    and function_name(op) == name)
        _entry(module, copy)
    ops = _check_ops(module.operation)
    declarations = [op.operation for op in module.body.operations
                    if op.operation.name == "func.func"
                    and not op.operation.regions[0].blocks
                    and not len(op.attributes["function_type"].value.results)
                    and function_name(op) not in rewritten.runtime]
    rewrite_fifo_ops(module, ops, rewritten)
    stub_declarations(module, declarations, rewritten)
    return module, rewritten


def _declare_unrun(module: ir.Module, kernels: list[str]) -> None:
    """The functions the kernels do not name (a callee, a func.constant: a
    symbol reference in an op's attributes), directly or through the
    functions they name, do not run, as the interpreter leaves them alone
    (PTOAS's coverage functions, a pto.entry): each becomes a declaration,
    so what the JIT cannot lower or run there (a FIFO form the model
    refuses, an op without a lowering) is never compiled."""
    funcs = {function_name(op): op.operation for op in module.body.operations
             if op.operation.name == "func.func"}
    run, work = set(), list(kernels)
    while work:
        name = work.pop()
        if name not in run:
            run.add(name)
            work.extend(_named_functions(funcs[name], funcs))
    for name, old in funcs.items():
        if name in run or not old.regions[0].blocks:
            continue
        with old.location, ir.InsertionPoint(old):
            new = func.FuncOp(name, old.attributes["function_type"].value)
        for key, value in old.attributes.items():
            new.attributes[key] = value
        new.attributes["sym_visibility"] = ir.StringAttr.get("private")
        old.erase()


def _named_functions(function: ir.Operation, funcs: dict) -> list[str]:
    """The functions of `funcs` an op in `function` names by a symbol
    reference attribute."""
    found = []

    def visit(op):
        for value in op.operation.attributes.values():
            if isinstance(value, ir.FlatSymbolRefAttr) and value.value in funcs:
                found.append(value.value)
        return ir.WalkResult.ADVANCE

    function.walk(visit)
    return found


def lower(module: ir.Module) -> None:
    """Run the lowering on `module` in place; JitError naming the op for
    anything upstream cannot lower."""
    try:
        script = ir.Module.parse(DECOMPOSE)
        interpreter.apply_named_sequence(module.operation, script.body.operations[0], script)
        PassManager.parse(f"builtin.module({LIFT})").run(module.operation)
        _define_poisons(module.operation)
        _switches_to_ifs(module.operation)
        PassManager.parse(f"builtin.module({BUFFERIZE})").run(module.operation)
        _scope_descriptors(module.operation)
        PassManager.parse(f"builtin.module({TO_LLVM})").run(module.operation)
    except ir.MLIRError as exc:
        notes = "; ".join(f"{_where(d.location)}: {d.message}" for d in exc.error_diagnostics)
        raise JitUnsupported(f"the JIT cannot lower the pair: {notes or exc}") from None
    left = []

    def visit(op):
        op = op.operation
        if not (op.name.startswith("llvm.") or op.name == "builtin.module"):
            left.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    if left:
        raise JitUnsupported(f"{where(left[0])}: '{left[0].name}': the JIT cannot lower it to LLVM")


def _scope_descriptors(root: ir.Operation) -> None:
    """Put each call with an unranked memref operand (the runtime's) in a
    `memref.alloca_scope`, with the casts to unranked it uses: the LLVM
    lowering makes an unranked memref's descriptor with a stack alloca, so
    in a loop the stack grew by a descriptor per call and iteration, and a
    loop of 10^5 round trips overflowed it (SIGSEGV). (Upstream's lowering
    of a memref.copy through its generic function scopes its own.)"""
    found = []

    def visit(op):
        op = op.operation
        if op.name == "func.call" and any(
                isinstance(v.type, ir.UnrankedMemRefType) for v in op.operands):
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    for op in found:
        with op.location, ir.InsertionPoint(op):
            scope = memref.AllocaScopeOp([r.type for r in op.results])
            block = scope.regions[0].blocks.append()
        with op.location, ir.InsertionPoint(block):
            end = memref.AllocaScopeReturnOp(list(op.results))
        for result, value in zip(op.results, scope.results):
            result.replace_all_uses_except(value, end)
        op.move_before(end)
        for i, value in enumerate(op.operands):
            owner = value.owner if isinstance(value, ir.OpResult) else None
            if isinstance(value.type, ir.UnrankedMemRefType) and owner is not None \
                    and owner.name == "memref.cast":
                cast = owner.clone(ir.InsertionPoint(op))
                op.operands[i] = cast.results[0]
                if not list(owner.results[0].uses):
                    owner.erase()


def _define_poisons(root: ir.Operation) -> None:
    """Replace each `ub.poison` of a tensor type by a `tensor.empty` of that
    type (dynamic sizes 0): poison may be refined to any value of its type,
    and the empty tensor bufferizes to an allocation."""
    poisons = []

    def visit(op):
        op = op.operation
        if op.name == "ub.poison" and isinstance(op.results[0].type, ir.RankedTensorType):
            poisons.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    for op in poisons:
        kind = op.results[0].type
        with op.location, ir.InsertionPoint(op):
            sizes = list(kind.shape)
            if any(kind.is_dynamic_dim(i) for i in range(kind.rank)):
                zero = arith.ConstantOp(ir.IndexType.get(), 0).result
                sizes = [zero if kind.is_dynamic_dim(i) else n for i, n in enumerate(sizes)]
            empty = tensor.EmptyOp(sizes, kind.element_type, encoding=kind.encoding)
        op.results[0].replace_all_uses_with(empty.result)
        op.erase()


def _switches_to_ifs(root: ir.Operation) -> None:
    """Replace each scf.index_switch by scf.ifs testing its cases in order,
    the default last, each region moved as it is. One-shot bufferization
    writes in place into an index_switch's result, whatever a case yields (a
    constant, which is read-only memory, or a function argument), where it
    copies an scf.if's."""
    switches = []

    def visit(op):
        if op.operation.name == "scf.index_switch":
            switches.append(op.operation)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.POST_ORDER)  # the innermost first
    for switch in switches:
        cases = list(ir.DenseI64ArrayAttr(switch.attributes["cases"]))
        regions = list(switch.regions)
        types = [r.type for r in switch.results]
        with switch.location, ir.InsertionPoint(switch):
            if cases:
                results = _case_chain(switch.operands[0], cases, regions[1:], regions[0],
                                      types)
            else:
                only = ir.Operation.create("scf.execute_region", results=types, regions=1)
                regions[0].blocks[0].append_to(only.regions[0])
                results = list(only.results)
        for old, new in zip(switch.results, results):
            old.replace_all_uses_with(new)
        switch.erase()


def _case_chain(value: ir.Value, cases: list[int], bodies: list, default,
                types: list[ir.Type]) -> list[ir.Value]:
    """At the insertion point: `bodies[0]` if `value` is `cases[0]`, else
    the chain of the other cases, ending in `default` (regions whose blocks
    are moved); the results."""
    case = arith.ConstantOp(ir.IndexType.get(), cases[0]).result
    equal = arith.CmpIOp(arith.CmpIPredicate.eq, value, case).result
    branch = ir.Operation.create("scf.if", results=types, operands=[equal], regions=2)
    bodies[0].blocks[0].append_to(branch.regions[0])
    if len(cases) == 1:
        default.blocks[0].append_to(branch.regions[1])
    else:
        block = branch.regions[1].blocks.append()
        with ir.InsertionPoint(block):
            rest = _case_chain(value, cases[1:], bodies[1:], default, types)
            ir.Operation.create("scf.yield", operands=rest)
    return list(branch.results)


def _where(loc: ir.Location) -> str:
    class _At:  # where() takes anything with a location
        location = loc
    return where(_At)
