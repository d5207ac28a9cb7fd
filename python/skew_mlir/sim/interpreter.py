"""Compiles func.func bodies into closures over frame slots, and runs them.

Walking the IR through the bindings on every execution would dominate the
run time, so each function is compiled once per core: every SSA value gets a
slot in a flat frame (a Python list), every op a closure from the dispatch
table. Control flow (scf, func.call) and pipe ops are generators so a core
can be suspended at a pipe operation; code that cannot reach one runs as
plain calls.
"""

from __future__ import annotations

import dataclasses
import sys

from mlir import ir

from ..attributes import function_name, symbol_name
from ..loop_ranges import static_trips, trip_count
from ..op_costs import CostModel, element_bytes
from ..tile_capacity import tile_bytes
from . import arith_ops, linalg_ops, pipe_ops, tensor_ops, tile_ops  # noqa: F401  (fill HANDLERS)
from .cores import Core
from .dispatch import HANDLERS, Step, enter, handles, step
from .errors import SimError, StepLimitExceeded, UnsupportedOp, describe, where
from .kernels import functions_of
from .races import tracked
from .values import DEFAULT_MAX_VALUE_BYTES, bit_width, check_size, dtype_of, signed_int, wrap


@dataclasses.dataclass(frozen=True)
class BlockCode:
    run: object  # frame -> terminator operand values (a generator when blocking)
    blocking: bool
    arg_slots: list[int]


# Compiling and running a region recurse about 5 Python frames per nesting
# level (8 allowed for) on top of a few hundred for everything else, so the
# deepest nest the simulator compiles follows Python's recursion limit: 100
# levels at the default limit, DEEPEST_NESTING where pto-sim raises it to
# RECURSION_LIMIT on its own large-stack thread (cli.py).
FRAMES_PER_LEVEL = 8
RESERVED_FRAMES = 200
DEEPEST_NESTING = 10_000
RECURSION_LIMIT = RESERVED_FRAMES + FRAMES_PER_LEVEL * DEEPEST_NESTING
# Deepest func.call chain it runs.
MAX_CALL_DEPTH = 64


def max_nesting() -> int:
    """The deepest region nesting the simulator compiles at the current
    recursion limit."""
    return min(DEEPEST_NESTING,
               max(0, sys.getrecursionlimit() - RESERVED_FRAMES) // FRAMES_PER_LEVEL)


def _no_cost(_cycles: int) -> None:
    pass


class Compiler:
    """Compiles the ops of one function for one core."""

    def __init__(self, program: "Program", core: Core, slots: dict | None = None,
                 charge: bool = True, index_slot: int | None = None):
        self.program = program
        self.core = core
        self.cost: CostModel = program.cost
        self.slots = {} if slots is None else slots
        self.spend = core.spend if charge else _no_cost
        # Slot holding the iteration indices of the enclosing linalg op (linalg.index).
        self.index_slot = index_slot

    def body_compiler(self) -> "Compiler":
        """For the body of a structured op: same frame, no per-op cost (the
        structured op charges for its whole iteration space) and its own
        slot for the iteration indices."""
        return Compiler(self.program, self.core, self.slots, charge=False,
                        index_slot=self.fresh_slot())

    def slot(self, value: ir.Value) -> int:
        index = self.slots.get(value)
        if index is None:
            index = self.slots[value] = len(self.slots)
        return index

    def slots_of(self, values) -> list[int]:
        return [self.slot(v) for v in values]

    def fresh_slot(self) -> int:
        return self.slot(object())

    def compile_op(self, op) -> Step:
        handler = HANDLERS.get(op.name)
        if handler is None:
            raise UnsupportedOp(op)
        # Before the handler: some build their value here (a dense constant).
        limit = self.program.max_value_bytes
        # Tile buffers too: their storage is allocated whole as well.
        for i, result in enumerate(op.results):
            t, what = result.type, f"{where(op)}: result #{i} of '{op.name}' ({result.type})"
            if isinstance(t, ir.ShapedType) and t.has_rank and t.has_static_shape:
                check_size(what, t.shape, element_bytes(t.element_type), limit)
            elif (nbytes := tile_bytes(t)) is not None:
                check_size(what, (nbytes,), 1, limit)
        try:
            return tracked(op, self, handler(op, self))
        except MemoryError:
            raise SimError(f"{where(op)}: out of memory building '{op.name}' (the limit "
                           "per value, --max-value-mib, is beyond what the machine "
                           "holds)") from None

    def compile_region(self, op, index: int = 0) -> BlockCode:
        region = op.regions[index]
        blocks = list(region.blocks)
        if not blocks:
            raise UnsupportedOp(op, f"region #{index} has no block")
        # Compiling and running recurse once per nesting level: refuse deep
        # nests with a located error before Python's recursion limit is hit.
        program = self.program
        if program.nesting >= max_nesting():
            raise SimError(f"{where(op)}: regions nested more than {max_nesting()} deep "
                           "are not supported by the simulator")
        program.nesting += 1
        try:
            if len(blocks) == 1:
                return self.compile_block(blocks[0], describe(op))
            return self.compile_cfg(blocks, describe(op))
        finally:
            program.nesting -= 1

    def compile_block(self, block: ir.Block, owner: str) -> BlockCode:
        # OpView subclasses may shadow `.name` (func.func's is its symbol).
        ops = [o.operation for o in block.operations]
        body, terminator = ops[:-1], ops[-1]
        steps = [self.compile_op(op) for op in body]
        result_slots = self.slots_of(terminator.operands)
        count, n = self.core.count_steps, len(ops)
        blocking = any(s.blocking for s in steps)
        if blocking:
            def run(frame):
                count(n, owner)
                yield from _run_steps(steps, frame)
                return [frame[i] for i in result_slots]
        else:
            plain = [s.run for s in steps]

            def run(frame):
                count(n, owner)
                for fn in plain:
                    fn(frame)
                return [frame[i] for i in result_slots]
        return BlockCode(run, blocking, self.slots_of(block.arguments))

    def compile_cfg(self, blocks: list, owner: str) -> BlockCode:
        """A region of several blocks, run from the first: cf.br and
        cf.cond_br pass their operands to the arguments of the block they
        branch to; any other terminator leaves the region with its operands.
        A loop of blocks that never leaves stops at the step limit."""
        number = {block: i for i, block in enumerate(blocks)}
        codes = [self._cfg_block(block, number) for block in blocks]
        arg_slots = [self.slots_of(block.arguments) for block in blocks]
        count = self.core.count_steps

        def run(frame):
            current = 0
            while True:
                steps, n, end = codes[current]
                count(n, owner)
                yield from _run_steps(steps, frame)
                if end.results is not None:
                    return [frame[i] for i in end.results]
                taken = end.condition is None or frame[end.condition]
                current, operands = end.targets[0 if taken else 1]
                # Read every operand first: a branch may permute its block's arguments.
                _store(frame, arg_slots[current], [frame[i] for i in operands])

        blocking = any(s.blocking for steps, _, _ in codes for s in steps)
        return BlockCode(run if blocking else _returning(run), blocking, arg_slots[0])

    def _cfg_block(self, block: ir.Block, number: dict) -> tuple:
        """(steps, op count, _BlockEnd) of one block of a region."""
        ops = [o.operation for o in block.operations]
        body, terminator = ops[:-1], ops[-1]
        steps = [self.compile_op(op) for op in body]
        successors = [number[b] for b in terminator.successors]
        operands = list(terminator.operands)
        if not successors:
            end = _BlockEnd(results=self.slots_of(operands))
        elif terminator.name == "cf.br":
            end = _BlockEnd(targets=((successors[0], self.slots_of(operands)),))
        elif terminator.name == "cf.cond_br":
            _, taken, _ = terminator.attributes["operandSegmentSizes"]
            end = _BlockEnd(condition=self.slot(operands[0]), targets=(
                (successors[0], self.slots_of(operands[1:1 + taken])),
                (successors[1], self.slots_of(operands[1 + taken:]))))
        else:
            raise UnsupportedOp(terminator, "only cf.br and cf.cond_br branch between "
                                            "blocks")
        return steps, len(ops), end


@dataclasses.dataclass(frozen=True)
class _BlockEnd:
    """How a block of a region ends: its terminator leaves the region with
    the values in slots `results`, or branches to `targets[0]` (cf.br, or
    cf.cond_br when the value in slot `condition` holds), else `targets[1]`,
    each (block number, slots of the operands passed to its arguments)."""

    results: list[int] | None = None
    condition: int | None = None
    targets: tuple = ()


def _run_steps(steps: list[Step], frame):
    """Runs compiled steps in order; a generator, as blocking steps yield."""
    for s in steps:
        if s.blocking:
            yield from s.run(frame)
        else:
            s.run(frame)


def _returning(genfn):
    """A plain function running generator function `genfn`, which must not
    yield, to its return value."""
    def run(frame):
        gen = genfn(frame)
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        raise AssertionError("non-blocking code reached a pipe operation")
    return run


class FunctionCode:
    """A compiled func.func; `call(args)` is a generator returning its results."""

    def __init__(self, program: "Program", func, core: Core):
        self.name = function_name(func)
        self.func = func
        self.program, self.core = program, core
        self.blocking: bool | None = None  # None while compiling (recursion)
        self.body: BlockCode | None = None
        self.frame_size = 0

    def compile(self) -> None:
        compiler = Compiler(self.program, self.core)
        self.body = compiler.compile_region(self.func)
        self.frame_size = len(compiler.slots)
        self.blocking = self.body.blocking

    def call(self, args: list):
        params = self.body.arg_slots
        if len(args) != len(params):
            raise SimError(f"{where(self.func)}: @{self.name} takes {len(params)} "
                           f"arguments, got {len(args)}")
        frame = [None] * self.frame_size
        for slot, value in zip(params, args):
            frame[slot] = value
        return (yield from enter(self.body, frame))


class Program:
    """The functions of a module, compiled on demand for each core."""

    def __init__(self, module: ir.Module, cost: CostModel,
                 max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES):
        self.cost = cost
        # Bytes one value may take; values of run-time shapes are checked
        # where they are built (tensor_ops).
        self.max_value_bytes = max_value_bytes
        self.functions = functions_of(module)
        self._code: dict[tuple[str, str], FunctionCode] = {}
        self.nesting = 0  # regions being compiled, innermost last
        # scf.for ops with constant bounds -> ops one run of the loop executes
        # at least (its own body, times the trip count, nested loops included).
        self.loop_steps: dict[ir.Operation, int] = {}

    def function(self, name: str, core: Core) -> FunctionCode:
        key = (name, core.name)
        code = self._code.get(key)
        if code is None:
            func = self.functions.get(name)
            if func is None:
                raise SimError(f"no function @{name} in the module")
            if len(func.regions[0].blocks) == 0:
                raise SimError(f"{where(func)}: @{name} is a declaration without a body")
            code = self._code[key] = FunctionCode(self, func, core)
            code.compile()
        return code


# --- control flow ------------------------------------------------------------

def _store(frame, slots, values) -> None:
    for slot, value in zip(slots, values):
        frame[slot] = value


@handles("scf.for")
def _scf_for(op, cc: Compiler) -> Step:
    lb, ub, st = cc.slots_of(list(op.operands)[:3])
    inits = cc.slots_of(list(op.operands)[3:])
    results = cc.slots_of(op.results)
    body = cc.compile_region(op)
    iv_slot, carried = body.arg_slots[0], body.arg_slots[1:]
    iv_dtype = dtype_of(op.operands[0].type)
    # `scf.for unsigned` compares its bounds as unsigned integers of the IV's
    # width; the IV still holds them in the signed two's complement form.
    width = bit_width(iv_dtype) if "unsignedCmp" in op.attributes else None
    body_ops = [o.operation for o in op.regions[0].blocks[0].operations]
    # A lower bound of the ops one iteration executes: nested constant-trip
    # loops count with their trip counts, so a deep nest is refused up front.
    n_body_ops = len(body_ops) + sum(cc.program.loop_steps.get(o, 0) for o in body_ops
                                     if o.name == "scf.for")
    trips_known = static_trips(op.operation)
    if trips_known is not None:
        cc.program.loop_steps[op] = trips_known * n_body_ops
    core, site = cc.core, describe(op)

    def run(frame):
        lo, hi, stride = (signed_int(frame[s]) for s in (lb, ub, st))
        if width is not None:
            lo, hi, stride = (v % (1 << width) for v in (lo, hi, stride))
        # An empty range runs no iteration whatever its step (the lowering
        # compares the bounds first): a signed i1 loop from false to true.
        if lo >= hi:
            lo, hi, stride = 0, 0, 1
        elif stride <= 0:
            raise SimError(f"{site}: step {stride} is not positive")
        trips = trip_count(lo, hi, stride)
        # Refuse a loop that cannot finish within the step limit up front
        # rather than running it until the limit trips.
        if core.steps + trips * n_body_ops > core.max_steps:
            raise StepLimitExceeded(f"{site}: {trips} iterations of {n_body_ops} ops exceed "
                                    f"the step limit of {core.max_steps} (raise it with "
                                    "--max-steps)")
        values = [frame[s] for s in inits]
        for i in range(lo, hi, stride):
            if width is not None and i >= 1 << (width - 1):
                i -= 1 << width
            frame[iv_slot] = wrap(i, iv_dtype)
            _store(frame, carried, values)
            values = yield from enter(body, frame)
        _store(frame, results, values)
    return step(run, body.blocking)


@handles("scf.if")
def _scf_if(op, cc: Compiler) -> Step:
    cond = cc.slot(op.operands[0])
    results = cc.slots_of(op.results)
    then = cc.compile_region(op, 0)
    other = cc.compile_region(op, 1) if len(op.regions[1].blocks) else None

    def run(frame):
        block = then if frame[cond] else other
        if block is not None:
            _store(frame, results, (yield from enter(block, frame)))
    return step(run, then.blocking or (other is not None and other.blocking))


@handles("scf.index_switch")
def _scf_index_switch(op, cc: Compiler) -> Step:
    # Region 0 is the default, then one region per case value, in order.
    arg = cc.slot(op.operands[0])
    results = cc.slots_of(op.results)
    regions = [cc.compile_region(op, i) for i in range(len(op.regions))]
    cases = {int(value): regions[i + 1]
             for i, value in enumerate(ir.DenseI64ArrayAttr(op.attributes["cases"]))}

    def run(frame):
        block = cases.get(int(frame[arg]), regions[0])
        _store(frame, results, (yield from enter(block, frame)))
    return step(run, any(region.blocking for region in regions))


@handles("scf.while")
def _scf_while(op, cc: Compiler) -> Step:
    inits = cc.slots_of(op.operands)
    results = cc.slots_of(op.results)
    before, after = cc.compile_region(op, 0), cc.compile_region(op, 1)

    def run(frame):
        values = [frame[s] for s in inits]
        while True:
            _store(frame, before.arg_slots, values)
            cond, *values = yield from enter(before, frame)
            if not cond:
                break
            _store(frame, after.arg_slots, values)
            values = yield from enter(after, frame)
        _store(frame, results, values)
    return step(run, before.blocking or after.blocking)


@handles("scf.execute_region")
def _scf_execute_region(op, cc: Compiler) -> Step:
    results = cc.slots_of(op.results)
    body = cc.compile_region(op)

    def run(frame):
        _store(frame, results, (yield from enter(body, frame)))
    return step(run, body.blocking)


@handles("func.call")
def _func_call(op, cc: Compiler) -> Step:
    args = cc.slots_of(op.operands)
    results = cc.slots_of(op.results)
    name = symbol_name(op.attributes["callee"])
    callee = cc.program.functions.get(name)
    if callee is not None and len(callee.regions[0].blocks) == 0:
        # A declaration stops the run only if it is called.
        message = f"{where(callee)}: @{name} is a declaration without a body"

        def fail(frame):
            raise SimError(message)
        return Step(fail, False)
    code = cc.program.function(name, cc.core)
    core, site = cc.core, describe(op)

    def run(frame):
        if core.calls >= MAX_CALL_DEPTH:
            raise SimError(f"{site}: calls nested more than {MAX_CALL_DEPTH} deep "
                           "(unbounded recursion?)")
        core.calls += 1
        try:
            _store(frame, results, (yield from code.call([frame[s] for s in args])))
        finally:
            core.calls -= 1
    return step(run, code.blocking is not False)
