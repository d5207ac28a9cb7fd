"""The cross-core FIFO contract, shared by the pass, the verifier and the
simulator (docs/fifo-contract.md says where each rule comes from).

- A pipe is (direction, id): C2V (cube -> vector) or V2C, and the op's `id`
  attribute (default 0). Each pipe is an in-order FIFO with its own slot
  count: its initialise op (`slot_num`, else 8 for one direction and 4 per
  direction for both), else the pass option `fifo-depth`, else the nearest
  enclosing module's `pto.fifo_depth`, else 4.
- A slot is held from the push until the consumer's tfree on that pipe, which
  releases the oldest popped, unreleased slot; when the consumer never frees
  on that pipe, the pop releases it.
- The vector kernel runs as two sub-blocks when the pair splits a message or
  the vector kernel asks for its sub-block; each sub-block runs the whole
  vector kernel. `split` 1 (up/down) or 2 (left/right) halves the tile: the
  cube pushes (pops) the full tile, each sub-block pops (pushes) its half.
  An unsplit message with two sub-blocks goes whole to each sub-block (C2V),
  or is pushed whole by each and popped once by the cube (V2C): both
  sub-blocks must run the same FIFO sequence (1C:2V synchronisation).

PipeState is the slot accounting of one pipe under these rules: which
message the next op of each side touches, and whether it may run now. The
verifier runs it without data or time, the simulator with both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mlir import ir

from . import _native, dialect as pto, tile_types
from .attributes import function_name, integer_value, string_value
from .calls import CallSummary, call_summaries, calls_under
from .diagnostics import LocatedError
from .launch import entry_functions

C2V, V2C = "C2V", "V2C"
PUSH, POP, FREE = "push", "pop", "free"
CUBE, VECTOR = "cube", "vector"
NO_SPLIT, UP_DOWN, LEFT_RIGHT = 0, 1, 2
SPLIT_NAMES = {NO_SPLIT: "none", UP_DOWN: "up/down", LEFT_RIGHT: "left/right"}


class FifoOp(NamedTuple):
    kind: str  # PUSH / POP / FREE
    direction: str  # C2V / V2C
    core: str  # the core it runs on


# What each FIFO op does (the op names are the dialect's).
OPS = {
    pto.PUSH_TO_AIV: FifoOp(PUSH, C2V, CUBE),
    pto.POP_FROM_AIC: FifoOp(POP, C2V, VECTOR),
    pto.FREE_FROM_AIC: FifoOp(FREE, C2V, VECTOR),
    pto.PUSH_TO_AIC: FifoOp(PUSH, V2C, VECTOR),
    pto.POP_FROM_AIV: FifoOp(POP, V2C, CUBE),
    pto.FREE_FROM_AIV: FifoOp(FREE, V2C, CUBE),
}
INIT_OPS = {pto.AIC_INITIALIZE_PIPE: CUBE, pto.AIV_INITIALIZE_PIPE: VECTOR}
# The cores a pto.syncall joins, by its core_type.
SYNC_CORE_TYPES = {"aiv_only": (VECTOR,), "aic_only": (CUBE,), "mix": (CUBE, VECTOR)}


def syncall_roles(op: ir.Operation) -> tuple[str, ...]:
    """The roles (CUBE, VECTOR) of the cores pto.syncall `op` joins."""
    core_type = op.attributes["core_type"]
    return next(roles for name, roles in SYNC_CORE_TYPES.items()
                if core_type == ir.Attribute.parse(f"#pto.sync_core_type<{name}>"))

# dir_mask of an initialise op -> the directions it declares.
DIRECTIONS = {1: (C2V,), 2: (V2C,), 3: (C2V, V2C)}
# Slots per direction of an initialise op without slot_num, by direction count.
INIT_SLOTS = {1: 8, 2: 4}
DEFAULT_SLOTS = 4
# The most slots the tools count: the pass's fifo-depth option and the JIT
# runtime's pipes are signed 64-bit; a pipe of more slots (a wider
# pto.fifo_depth) behaves as one of that many, since no run holds 2^63 messages.
MAX_SLOTS = 2**63 - 1

# Which core a kernel function is: pto.core (ours) or pto.kernel_kind (PTOAS).
CORE_ROLES = {"aic": CUBE, "aiv": VECTOR}


class Pipe(NamedTuple):
    direction: str
    id: int = 0

    def __str__(self) -> str:
        return self.direction if self.id == 0 else f"{self.direction} id {self.id}"


class FifoError(LocatedError):
    """A malformed FIFO op, initialise op, kernel marker or slot count; `op`
    is where to report it."""


# --- reading one op --------------------------------------------------------

def _int_attr(op: ir.Operation, name: str, default: int | None) -> int | None:
    """An integer attribute's value, `default` when absent; FifoError when it
    is not an integer."""
    if name not in op.attributes:
        return default
    attr = op.attributes[name]
    value = integer_value(attr)
    if value is None:
        raise FifoError(op, f"'{op.name}' attribute '{name}' must be an integer, "
                            f"got {attr}")
    return value


def split_of(op: ir.Operation) -> int:
    """The op's `split` (0 when absent)."""
    return _int_attr(op, "split", NO_SPLIT)


def pipe_of(op: ir.Operation) -> Pipe:
    """The pipe a FIFO op uses."""
    return Pipe(OPS[op.name].direction, _int_attr(op, "id", 0))


def tile_of(op: ir.Operation) -> ir.Value | None:
    """The message tile: a push's first operand, a pop's result; a tfree's
    optional operand (the popped tile it names), else None."""
    kind = OPS[op.name].kind
    if kind == POP:
        return op.results[0]
    operands = op.operands
    return operands[0] if len(operands) else None


def _is_tile(type_: ir.Type) -> bool:
    return (isinstance(type_, (ir.RankedTensorType, ir.MemRefType))
            or tile_types.tile_buf(type_) is not None)


def pop_valid_shape(op: ir.Operation) -> list[ir.Value]:
    """A pop's valid-row and valid-column operands, or [] (its operands are
    those two, then the optional sub-block id)."""
    operands = list(op.operands)
    return operands[:2] if len(operands) >= 2 else []


def message_type(type_: ir.Type) -> str:
    """What a push or pop of a tile of this type carries, as reports print
    it: the type of a tensor or memref; of a tile buffer its rows, columns
    and element type (the memory and layout change on the way)."""
    tile = tile_types.tile_buf(type_)
    if tile is None:
        return str(type_)
    return f"tile_buf<{tile.rows}x{tile.cols}x{tile.element}>"


def fifo_ops_under(root: ir.Operation) -> list[ir.Operation]:
    """The FIFO traffic under `root` (and `root` itself), in program order
    (pre-order): the FIFO and initialise ops the model reads, and any other
    op stating an effect on the FIFOs (which it does not). One native walk."""
    ops, ancestors = _native.collect_ops(root, sorted(OPS.keys() | INIT_OPS.keys()),
                                         False, True)
    if all(a < 0 for a in ancestors):
        return ops  # no collected op holds another: post-order is pre-order
    # Post-order lists an op after the ops nested in it: put each first.
    nested: dict[int, list[int]] = {}
    for i, ancestor in enumerate(ancestors):
        nested.setdefault(ancestor, []).append(i)
    order, work = [], list(reversed(nested.get(-1, [])))
    while work:
        i = work.pop()
        order.append(ops[i])
        work.extend(reversed(nested.get(i, [])))
    return order


def op_error(op: ir.Operation) -> str | None:
    """What is wrong with a FIFO or initialise op for the FIFO model (beyond
    what the dialect's verifier checks), or None."""
    try:
        if op.name in INIT_OPS:
            return _init_error(op)
        info = OPS.get(op.name)
        if info is None:
            if _native.touches_fifo(op):
                return (f"'{op.name}' acts on a pipe in a way the FIFO model "
                        f"does not model")
            return None
        split = split_of(op)
        if split not in SPLIT_NAMES:
            # 3 and 4 (the odd variants) are valid IR: the dialect checks it.
            return (f"'{op.name}' split {split} is not modelled: the FIFO model "
                    "reads split 0 (none), 1 (up/down) and 2 (left/right)")
        if _int_attr(op, "id", 0) < 0:
            return f"'{op.name}' id must be >= 0, got {_int_attr(op, 'id', 0)}"
    except FifoError as exc:
        return str(exc)
    operands = list(op.operands)
    if info.kind == POP:
        tile, what = op.results[0].type, "result"
        if len(operands) > 3:
            return (f"'{op.name}' takes at most valid rows, valid columns and a "
                    f"sub-block id, got {len(operands)} operands")
    elif info.kind == PUSH:
        tile, what = operands[0].type, "operand"
        if len(operands) == 2 and not isinstance(
                operands[1].type, (ir.IntegerType, ir.IndexType)):
            return (f"'{op.name}' sub-block id must be an integer or index, got "
                    f"{operands[1].type}")
    else:
        if not operands:
            return None
        tile, what = operands[0].type, "operand"
    if not _is_tile(tile):
        return (f"'{op.name}' {what} must be a tile buffer, ranked tensor or memref "
                f"tile, got {tile}")
    return None


def free_operand_error(op: ir.Operation) -> str | None:
    """What is wrong with the tile a tfree of the older one-operand form
    names, or None. The release is in order whatever it names; a block
    argument may carry any popped tile, an op result must be a pop of the
    tfree's pipe."""
    tile = tile_of(op) if OPS.get(op.name, FifoOp(PUSH, C2V, CUBE)).kind == FREE else None
    source = tile.owner if isinstance(tile, ir.OpResult) else None
    if source is None or (source.name in pto.POP_OPS and pipe_of(source) == pipe_of(op)):
        return None
    return (f"'{op.name}' names a tile that is not popped from {pipe_of(op)} (a "
            f"tfree releases the oldest popped slot of its own pipe)")


class PipeInit(NamedTuple):
    op: ir.Operation
    pipe: Pipe
    slots: int


def _init_error(op: ir.Operation) -> str | None:
    mask = _int_attr(op, "dir_mask", None)
    if mask not in DIRECTIONS:
        return f"'{op.name}' dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got {mask}"
    for name in ("slot_size", "slot_num"):
        value = _int_attr(op, name, 1)
        if value < 1:
            return f"'{op.name}' {name} must be >= 1, got {value}"
    if _int_attr(op, "id", 0) < 0:
        return f"'{op.name}' id must be >= 0, got {_int_attr(op, 'id', 0)}"
    return None


def init_pipes(op: ir.Operation) -> list[PipeInit]:
    """The pipes an initialise op declares, with their slot counts (the op
    is assumed valid: op_error)."""
    directions = DIRECTIONS[_int_attr(op, "dir_mask", None)]
    slots = _int_attr(op, "slot_num", INIT_SLOTS[len(directions)])
    ident = _int_attr(op, "id", 0)
    return [PipeInit(op, Pipe(d, ident), slots) for d in directions]


# --- kernels ---------------------------------------------------------------

def _kernel_kind(kind: str) -> ir.Attribute:
    return ir.Attribute.parse(f'#pto.kernel_kind<"{kind}">')


def kernel_role(op: ir.Operation) -> str | None:
    """CUBE / VECTOR for a kernel function (pto.core = "aic"/"aiv", or
    pto.kernel_kind = #pto.kernel_kind<"cube"/"vector">), None for other ops.
    FifoError for a malformed or contradictory marker."""
    roles = []
    if pto.CORE_ATTR in op.attributes:
        attr = op.attributes[pto.CORE_ATTR]
        value = string_value(attr) if isinstance(attr, ir.StringAttr) else None
        if value not in CORE_ROLES:
            raise FifoError(op, f"'{pto.CORE_ATTR}' must be the string \"aic\" or "
                                f"\"aiv\", got {attr}")
        roles.append(CORE_ROLES[value])
    if pto.KERNEL_KIND_ATTR in op.attributes:
        attr = op.attributes[pto.KERNEL_KIND_ATTR]
        with op.context:
            kinds = [r for r in (CUBE, VECTOR) if attr == _kernel_kind(r)]
        if not kinds:
            raise FifoError(op, f"'{pto.KERNEL_KIND_ATTR}' must be "
                                f"#pto.kernel_kind<\"cube\"> or "
                                f"#pto.kernel_kind<\"vector\">, got {attr}")
        roles.append(kinds[0])
    if len(set(roles)) > 1:
        raise FifoError(op, f"'{pto.CORE_ATTR}' and '{pto.KERNEL_KIND_ATTR}' disagree: "
                            f"{roles[0]} and {roles[1]}")
    if roles and not ("function_type" in op.attributes and len(op.regions) == 1):
        marker = pto.CORE_ATTR if pto.CORE_ATTR in op.attributes else pto.KERNEL_KIND_ATTR
        raise FifoError(op, f"'{marker}' marks a kernel function, but '{op.name}' is "
                            f"not a function")
    return roles[0] if roles else None


def is_symbol_table(op: ir.Operation) -> bool:
    """Whether `op` has MLIR's SymbolTable trait (builtin.module, gpu.module,
    ...): the ops whose bodies hold kernels."""
    return _native.is_symbol_table(op)


def scope_of(op: ir.Operation) -> ir.Operation | None:
    """The nearest symbol table enclosing `op` (not `op` itself): the
    module whose kernels `op`'s kernel pairs with."""
    parent = op.parent
    while parent is not None and not is_symbol_table(parent.operation):
        parent = parent.parent
    return None if parent is None else parent.operation


def modules_under(root: ir.Operation) -> list[ir.Operation]:
    """`root` when it is a symbol table, and every symbol table nested in it
    through symbol-table bodies, outer first: the modules whose kernels pair
    up (a kernel is a function directly in a symbol table, and each one's
    kernels form its own pair, whatever its kind: builtin.module, gpu.module,
    ...)."""
    found, work = [], [root] if is_symbol_table(root) else []
    while work:
        module = work.pop(0)
        found.append(module)
        for block in module.regions[0].blocks:
            work.extend(child.operation for child in block.operations
                        if len(child.operation.regions) and is_symbol_table(child.operation))
    return found


def kernels_of(module: ir.Operation) -> tuple[dict[str, list[ir.Operation]],
                                              list[tuple[ir.Operation, str]]]:
    """The kernel functions directly in `module`, by role (CUBE / VECTOR) in
    order, and its ops whose kernel marker is malformed (the op, what is
    wrong: kernel_role).

    When functions of `module` are marked `pto.entry` (the launch function
    of PTOAS's kernel files, which calls the cube and the vector kernel),
    the kernels are those an entry calls: the others are compiled beside
    them but not launched with them (PTOAS keeps such coverage functions in
    one file), so they pair with nothing."""
    found: dict[str, list[ir.Operation]] = {CUBE: [], VECTOR: []}
    errors = []
    for block in module.regions[0].blocks:
        for child in block.operations:
            child = child.operation
            try:
                role = kernel_role(child)
            except FifoError as exc:
                errors.append((exc.op, str(exc)))
                continue
            if role is not None:
                found[role].append(child)
    launches = _launches(module)
    if launches is not None:
        launched = [function for _, _, summary in launches for function in summary.functions]
        found = {role: [f for f in functions if any(f == g for g in launched)]
                 for role, functions in found.items()}
        errors += _launch_errors(launches, found[CUBE] + found[VECTOR])
    return found, errors


def _launches(module: ir.Operation) -> list[tuple[ir.Operation, ir.Operation, CallSummary]] | None:
    """(entry, call, what it runs) for every call under the `pto.entry`
    functions directly in `module`; None when it has no entry function."""
    entries = entry_functions(module)
    if not entries:
        return None
    launches = []
    for entry in entries:
        calls = calls_under(entry)
        launches += [(entry, call, summary) for call, summary
                     in zip(calls, call_summaries(module, calls, ()))]
    return launches


def _launch_errors(launches: list, kernels: list[ir.Operation]) -> list[tuple[ir.Operation, str]]:
    """The launches of `kernels` that are not one unconditional call in an
    entry's body: every tool models one run of each kernel of the pair, so a
    kernel an entry calls twice, under control flow (maybe never) or through
    another function is a located error, not a guess."""
    errors = []
    for kernel in kernels:
        name = function_name(kernel)
        called_by: list[str] = []
        for entry, call, summary in launches:
            head = f"the pto.entry @{function_name(entry)}"
            if summary.functions and summary.functions[0] == kernel:
                if call.parent != entry:
                    errors.append((call, f"{head} launches @{name} inside '{call.parent.name}': "
                                         f"a launch runs each kernel once, unconditionally"))
                elif function_name(entry) in called_by:
                    errors.append((call, f"{head} launches @{name} a second time: a launch "
                                         f"runs each kernel once"))
                called_by.append(function_name(entry))
            elif any(function == kernel for function in summary.functions[1:]):
                errors.append((call, f"{head} runs @{name} through its call to "
                                     f"{summary.callee}: a launch calls each kernel directly"))
    return errors


def launched_functions(module: ir.Operation) -> list[ir.Operation] | None:
    """The functions the `pto.entry` functions directly in `module` run
    through their calls (CallOpInterface), directly or not; None when
    `module` has no entry function."""
    launches = _launches(module)
    if launches is None:
        return None
    return [function for _, _, summary in launches for function in summary.functions]


def unlaunched_functions(module: ir.Operation) -> list[ir.Operation]:
    """The functions directly in `module` that its `pto.entry` functions
    do not launch (neither an entry nor run by an entry's calls); [] when
    it has no entry. They never run with the launched kernels, so no tool
    pairs, checks or transforms them."""
    launched = launched_functions(module)
    if launched is None:
        return []
    return [child.operation for block in module.regions[0].blocks
            for child in block.operations
            if "function_type" in child.operation.attributes
            and pto.ENTRY_ATTR not in child.operation.attributes
            and not any(child.operation == f for f in launched)]


def _walk(root: ir.Operation, names) -> list[ir.Operation]:
    """The ops under `root` named one of `names` (leaf ops: their order is
    program order), found in one native walk."""
    found, _ = _native.collect_ops(root, sorted(names))
    return found


def subblocks(cube: ir.Operation | None, vector: ir.Operation | None) -> int:
    """How many vector sub-blocks the pair runs: 2 when a FIFO op of either
    kernel splits or the vector kernel asks for its sub-block
    (pto.get_subblock_idx, or a push naming one), else 1."""
    for function in (cube, vector):
        if function is None:
            continue
        for op in _walk(function, OPS.keys() | {pto.GET_SUBBLOCK_IDX}):
            if op.name == pto.GET_SUBBLOCK_IDX:
                if function is vector:
                    return 2
            elif split_of(op) != NO_SPLIT or len(op.operands) == 2 and op.name in pto.PUSH_OPS:
                return 2
    return 1


def freed_pipes(function: ir.Operation) -> set[Pipe]:
    """The pipes whose slots `function` releases with tfree: there a pop
    holds its slot until a tfree, elsewhere the pop releases it."""
    return {pipe_of(op) for op in _walk(function, pto.FREE_OPS)}


def vector_side_type(type_: ir.Type, split: int) -> ir.Type | str:
    """What a vector sub-block pops (C2V) or pushes (V2C) for a message whose
    cube-side tile is `type_`: the tile itself without split, else its half:
    rows (up/down) or columns (left/right), the last two dimensions. A tile
    buffer's half is given as message_type prints it (its memory and layout
    change on the way, and the bindings cannot build the type). ValueError
    (with the reason) when the tile cannot be halved."""
    if split == NO_SPLIT:
        return type_
    tile = tile_types.tile_buf(type_)
    shape = list(tile.shape if tile else type_.shape)
    if len(shape) < 2:
        raise ValueError(f"split {split} ({SPLIT_NAMES[split]}) needs a tile of "
                         f"rank >= 2, got {type_}")
    axis = len(shape) - (2 if split == UP_DOWN else 1)
    size = shape[axis]
    if size != ir.ShapedType.get_dynamic_size():
        if size % 2:
            raise ValueError(f"split {split} ({SPLIT_NAMES[split]}) halves "
                             f"dimension {axis} of {message_type(type_)}, which is odd")
        shape[axis] = size // 2
    if tile is not None:
        return f"tile_buf<{shape[0]}x{shape[1]}x{tile.element}>"
    if isinstance(type_, ir.RankedTensorType):
        return ir.RankedTensorType.get(shape, type_.element_type, type_.encoding)
    layout = type_.layout
    if not (isinstance(layout, ir.AffineMapAttr) and layout.value
            == ir.AffineMap.get_identity(layout.value.n_dims, type_.context)):
        raise ValueError(f"split {split} ({SPLIT_NAMES[split]}) of a memref with "
                         f"a non-identity layout: {type_}")
    return ir.MemRefType.get(shape, type_.element_type, None, type_.memory_space)


def tiles_compatible(pushed: ir.Type, popped: ir.Type) -> bool:
    """Whether a message pushed as `pushed` may be popped as `popped` (both
    as the vector side sees them): MLIR's cast compatibility (tensor.cast,
    memref.cast), not spelling. Both tensors or both memrefs of one element
    type and rank, each dimension equal or dynamic on one side; a tensor's
    encoding, a memref's layout and memory space equal. Tile buffers
    (`pushed` may be vector_side_type's string for one) agree in rows,
    columns and element type."""
    if pushed == popped:
        return True
    if not isinstance(popped, ir.Type):
        return False
    if (isinstance(pushed, str) or tile_types.tile_buf(pushed) is not None
            or tile_types.tile_buf(popped) is not None):
        return (pushed if isinstance(pushed, str) else message_type(pushed)) == message_type(popped)
    if isinstance(pushed, ir.RankedTensorType) and isinstance(popped, ir.RankedTensorType):
        if pushed.encoding != popped.encoding:
            return False
    elif isinstance(pushed, ir.MemRefType) and isinstance(popped, ir.MemRefType):
        a, b = pushed.memory_space, popped.memory_space
        if pushed.layout != popped.layout or (
                (a is None) != (b is None) or a is not None and a != b):
            return False
    else:
        return False
    if pushed.element_type != popped.element_type or pushed.rank != popped.rank:
        return False
    dynamic = ir.ShapedType.get_dynamic_size()
    return all(a == b or dynamic in (a, b) for a, b in zip(pushed.shape, popped.shape))


# --- slot counts -----------------------------------------------------------

def default_slots(op: ir.Operation, option: int = 0) -> int:
    """Slots of a pipe that no initialise op declares, for code at `op`: the
    pass option `fifo-depth` when > 0, else `pto.fifo_depth` of the nearest
    module (symbol table) enclosing `op` that has one, else DEFAULT_SLOTS.
    FifoError for a negative option or a malformed attribute."""
    if option < 0:
        raise FifoError(op, f"fifo-depth must be >= 0, got {option}")
    if option:
        return option
    module = op
    while module is not None:
        if pto.FIFO_DEPTH_ATTR in module.attributes and is_symbol_table(module.operation):
            attr = module.attributes[pto.FIFO_DEPTH_ATTR]
            slots = integer_value(attr)
            if slots is None or slots < 1:
                raise FifoError(module, f"'{pto.FIFO_DEPTH_ATTR}' must be an "
                                        f"integer >= 1, got {attr}")
            return slots
        module = module.parent
    return DEFAULT_SLOTS


def declared_pipes(function: ir.Operation) -> tuple[dict[Pipe, PipeInit],
                                                    list[tuple[ir.Operation, str]]]:
    """The pipes a kernel's initialise ops declare, and the errors (malformed
    op, a pipe declared twice)."""
    pipes: dict[Pipe, PipeInit] = {}
    errors = []
    for op in _walk(function, INIT_OPS):
        error = op_error(op)
        if error:
            errors.append((op, error))
            continue
        for init in init_pipes(op):
            if init.pipe in pipes:
                errors.append((op, f"pipe {init.pipe} is initialised twice in "
                                   f"this function"))
            else:
                pipes[init.pipe] = init
    return pipes, errors


# --- slot accounting -------------------------------------------------------

class PipeState:
    """Slot accounting of one pipe. Producer and consumer "lanes" are the
    cores on each side: the cube is one lane, the vector one lane per
    sub-block. Message m is complete when every producer lane has pushed it,
    released when every consumer lane has released it (tfree, or the pop
    itself when `frees` is False), and each producer lane may run at most
    `slots` messages ahead of the last released one."""

    def __init__(self, pipe: Pipe, slots: int, subblocks: int, frees: bool):
        self.pipe = pipe
        self.slots = slots
        vector_lanes = subblocks
        producers, consumers = ((1, vector_lanes) if pipe.direction == C2V
                                else (vector_lanes, 1))
        self.frees = frees
        self.pushed = [0] * producers
        self.popped = [0] * consumers
        self.released = [0] * consumers
        self.peak = 0

    def complete(self) -> int:
        """Messages every producer lane has pushed."""
        return min(self.pushed)

    def freed(self) -> int:
        """Messages every consumer lane has released."""
        return min(self.released)

    def occupancy(self, lane: int = 0) -> int:
        """Slots a producer lane's messages hold."""
        return self.pushed[lane] - self.freed()

    # The models run these once per message: occupancy and complete inlined.
    def can_push(self, lane: int = 0) -> bool:
        return self.pushed[lane] - min(self.released) < self.slots

    def push(self, lane: int = 0) -> int:
        """The index of the message pushed (can_push must hold)."""
        index = self.pushed[lane]
        self.pushed[lane] = index + 1
        held = index + 1 - min(self.released)
        if held > self.peak:
            self.peak = held
        return index

    def can_pop(self, lane: int = 0) -> bool:
        return self.popped[lane] < min(self.pushed)

    def pop(self, lane: int = 0) -> int:
        """The index of the message popped (can_pop must hold)."""
        index = self.popped[lane]
        self.popped[lane] += 1
        if not self.frees:
            self.released[lane] += 1
        return index

    def held(self, lane: int = 0) -> int:
        """Popped messages a consumer lane has not released yet."""
        return self.popped[lane] - self.released[lane]

    def free(self, lane: int = 0) -> int | None:
        """Release a consumer lane's oldest held message: its index, or None
        when the lane holds none (a tfree without a pop to free)."""
        if not self.held(lane):
            return None
        index = self.released[lane]
        self.released[lane] += 1
        return index

    def key(self) -> tuple:
        """The counters relative to the released messages: equal keys are
        equal states up to message numbering."""
        base = self.freed()
        return (tuple(n - base for n in self.pushed), tuple(n - base for n in self.popped),
                tuple(n - base for n in self.released))

    def advance(self, messages: int) -> None:
        """Every counter moves on by `messages` (a repeated period)."""
        for counters in (self.pushed, self.popped, self.released):
            for i in range(len(counters)):
                counters[i] += messages


class SlotTable:
    """The slot count of each pipe, the one home of the rule (the module
    docstring) for the pass, the verifier and the simulator; reads each
    function's initialise ops once."""

    def __init__(self, option: int = 0):
        self.option = option
        self._declared: dict[ir.Operation, tuple[dict[Pipe, PipeInit], list]] = {}
        # (pipe, id of a group of kernels) -> (the group, its least count).
        self._least: dict[tuple[Pipe, int], tuple[Sequence, int | None]] = {}

    def declared(self, function: ir.Operation) -> dict[Pipe, PipeInit]:
        """The pipes `function`'s initialise ops declare (see declared_pipes)."""
        return self._read(function)[0]

    def errors(self, function: ir.Operation) -> list[tuple[ir.Operation, str]]:
        """What is wrong with `function`'s initialise ops (see declared_pipes)."""
        return self._read(function)[1]

    def _read(self, function: ir.Operation):
        found = self._declared.get(function)
        if found is None:
            found = self._declared[function] = declared_pipes(function)
        return found

    def slots(self, pipe: Pipe, anchor: ir.Operation, functions,
              peers: Sequence[ir.Operation] = ()) -> int:
        """Slots of `pipe` for code at `anchor` whose pair is `functions`
        and `peers` (the kernels whose initialise ops are visible: both of
        a pair, and every candidate peer when the pairing is not known):
        every declaration of it among them (the least, when they disagree:
        an error the verifier and the simulator report, see conflicts), else
        default_slots. `peers` is a group read once per pipe: the kernels of
        one role of a module, passed as the same sequence each time."""
        counts = list(self._counts(pipe, functions))
        if peers:
            found = self._least.get((pipe, id(peers)))
            if found is None:
                found = self._least[(pipe, id(peers))] = (
                    peers, min(self._counts(pipe, peers), default=None))
            if found[1] is not None:
                counts.append(found[1])
        return min(counts) if counts else default_slots(anchor, self.option)

    def _counts(self, pipe: Pipe, functions):
        """The slot counts `functions` declare for `pipe`."""
        return (self.declared(f)[pipe].slots for f in functions if pipe in self.declared(f))

    def blind_slots(self, pipe: Pipe, function: ir.Operation) -> int:
        """Slots of `pipe` that a kernel may count on when its peer's
        initialise ops are not visible: its own declaration (which the
        peer's must match), else one, the fewest a peer may declare (a
        declaration overrides the option and the module attribute)."""
        declared = self.declared(function)
        return declared[pipe].slots if pipe in declared else 1

    def conflicts(self, pipes, functions: dict) -> list[tuple[ir.Operation, str]]:
        """The pipes of `pipes` that two of `functions` (what to call each
        in a message -> the function) declare with different slot counts:
        (the later declaration, what is wrong)."""
        errors = []
        for pipe in sorted(pipes):
            inits = [(name, self.declared(f)[pipe]) for name, f in functions.items()
                     if pipe in self.declared(f)]
            first, earlier = inits[0] if inits else (None, None)
            for _, init in inits[1:]:
                if init.slots != earlier.slots:
                    errors.append((init.op, f"pipe {pipe} has {init.slots} slots here but "
                                            f"{earlier.slots} in {first}"))
        return errors


def pair_slots(table: SlotTable, kernels: dict, uses: dict, anchor: ir.Operation
               ) -> tuple[dict[Pipe, int], list[tuple[ir.Operation, str]]]:
    """The slot count of every pipe a pair uses, and what is wrong with its
    declarations: malformed or repeated initialise ops, declarations that
    disagree, and a pipe used by a kernel that initialises other pipes but
    not this one (the real contract binds every FIFO op to an initialise op
    of its function once the function has one). `kernels` maps each role to
    its function, `uses` each role to the pipes its code uses, each with the
    first op using it."""
    errors = [e for function in kernels.values() for e in table.errors(function)]
    for role, used in uses.items():
        declared = table.declared(kernels[role])
        for pipe, op in used.items():
            if declared and pipe not in declared:
                errors.append((op, f"pipe {pipe} is not initialised in "
                                   f"@{function_name(kernels[role])}, which initialises other pipes"))
    pipes = set().union(*uses.values()) if uses else set()
    functions = list(kernels.values())
    errors += table.conflicts(pipes, {f"the {role} kernel": function
                                      for role, function in kernels.items()})
    return {pipe: table.slots(pipe, anchor, functions) for pipe in sorted(pipes)}, errors
