"""The pto ops: FIFO pushes, pops and tfrees become requests to the
scheduler; the initialise ops are read by the scheduler up front and cost
nothing when run; pto.get_subblock_idx is the running vector sub-block.

What each op means (pipe, split, in-order tfree) comes from fifo_model.
Over tensors and memrefs a message is the array pushed. Over tile buffers
(tiles.py) it is the tile's data and valid shape (tiles.TileMessage): a pop
fills a fresh tile buffer of its result type, whose valid shape is the
pop's valid-row/valid-column operands when given, else its type's static
v_row/v_col, else the message's (its half's, under split). The optional
sub-block operand of tpush_to_aic does not change the data (the pushing
sub-block is the one running).

pto.syncall is a barrier: a core that reaches it waits until every core it
joins (by its core_type: the cube, the vector sub-blocks, or all of them)
has reached a syncall; what they stored before it, each sees after it.
The simulated pair is one block, so it joins that block's cores.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .. import dialect as pto
from .. import fifo_model, tile_types
from .dispatch import Step, handles
from .errors import SimError, describe, where
from .tiles import Tile, TileMessage, message_of, tile_storage, undefined
from .values import dtype_of, mlir_name


@dataclasses.dataclass(frozen=True, slots=True)
class Request:
    """What a core asks the scheduler for when it reaches a pipe op."""

    kind: str  # fifo_model.PUSH / POP / FREE, or SYNC
    pipe: fifo_model.Pipe | None  # None for SYNC
    site: str  # the op, for reports
    split: int = fifo_model.NO_SPLIT
    value: object = None  # the pushed tile; for SYNC the roles of the cores it joins


SYNC = "sync"


def _checked(op, cc) -> fifo_model.FifoOp | None:
    """The op's FIFO meaning after the checks IRDL cannot make (and that it
    runs on its core); None for the initialise ops."""
    error = fifo_model.op_error(op) or fifo_model.free_operand_error(op)
    if error:
        raise SimError(f"{where(op)}: {error}")
    info = fifo_model.OPS.get(op.name)
    role = info.core if info else fifo_model.INIT_OPS[op.name]
    if cc.core.role != role:
        raise SimError(f"{where(op)}: '{op.name}' runs on the {role} core, "
                       f"but the {cc.core.role} kernel @{cc.core.function} executes it")
    return info


def _request(op, kind: str, **fields) -> Request:
    return Request(kind, fifo_model.pipe_of(op), describe(op), fifo_model.split_of(op),
                   **fields)


@handles(*pto.PUSH_OPS)
def _push(op, cc) -> Step:
    _checked(op, cc)
    src = cc.slot(op.operands[0])
    push = _request(op, fifo_model.PUSH)

    def run(frame):
        value = frame[src]
        yield dataclasses.replace(push, value=message_of(value) if isinstance(value, Tile)
                                  else value)
    return Step(run, True)


@handles(*pto.FREE_OPS)
def _free(op, cc) -> Step:
    # In order: the oldest popped, unreleased slot of the pipe, whatever the
    # optional operand names (fifo_model).
    _checked(op, cc)
    request = _request(op, fifo_model.FREE)
    held = cc.core.held

    def run(frame):
        yield request
        released = held[request.pipe].pop(0)
        if released is not None:
            # The slot is the producer's again, which may overwrite it: what
            # the popped tile reads from now on is undefined, as
            # never-written memory is (a read after tfree shows).
            released.data[...] = undefined(released.data.shape, released.data.dtype)
    return Step(run, True)


@handles(*pto.POP_OPS)
def _pop(op, cc) -> Step:
    _checked(op, cc)
    dst = cc.slot(op.results[0])
    request = _request(op, fifo_model.POP)
    t = op.results[0].type
    tt = tile_types.tile_buf(t)
    if tt is not None:
        return _pop_tile(op, cc, dst, request, tt)
    shape, dtype = tuple(t.shape), dtype_of(t.element_type)
    expected = str(t)

    core = cc.core

    def run(frame):
        tile = yield request
        _check_shape(request, tile, shape, dtype, expected)
        frame[dst] = tile
        if request.pipe in core.frees:
            core.held.setdefault(request.pipe, []).append(None)
    return Step(run, True)


def _check_shape(request: Request, tile, shape, dtype, expected: str) -> None:
    if tile.shape != shape or tile.dtype != dtype:
        got = "x".join(str(d) for d in tile.shape) + "x" + mlir_name(tile.dtype)
        raise SimError(f"{request.site}: pops a {got} tile of {request.pipe} as "
                       f"{expected}" + _split_hint(request.split))


def _pop_tile(op, cc, dst: int, request: Request, tt: tile_types.TileBuf) -> Step:
    valid = fifo_model.pop_valid_shape(op)
    valid = cc.slots_of(valid) if valid else None
    shape, dtype = tt.shape, dtype_of(tt.element)
    expected = f"a {tt.rows}x{tt.cols}x{mlir_name(dtype)} tile buffer"
    site = where(op)
    core = cc.core

    def run(frame):
        message = yield request
        if not isinstance(message, TileMessage):
            raise SimError(f"{request.site}: pops a tile buffer, but the message was "
                           "pushed from a tensor or memref")
        _check_shape(request, message.data, shape, dtype, expected)
        if valid:
            rows, cols = (int(frame[s]) for s in valid)
            if not (0 <= rows <= tt.rows and 0 <= cols <= tt.cols):
                raise SimError(f"{site}: valid shape {rows}x{cols} exceeds the "
                               f"{tt.rows}x{tt.cols} tile")
        else:
            rows = tt.v_row if tt.v_row is not None else message.valid[0]
            cols = tt.v_col if tt.v_col is not None else message.valid[1]
        data = tile_storage(tt, None, 0, site)
        data[...] = message.data
        frame[dst] = tile = Tile(data, [rows, cols], tt)
        if request.pipe in core.frees:
            core.held.setdefault(request.pipe, []).append(tile)
    return Step(run, True)


def _split_hint(split: int) -> str:
    if split == fifo_model.NO_SPLIT:
        return " (split 0: the tile is delivered whole)"
    return (f" (split {split}, {fifo_model.SPLIT_NAMES[split]}: each vector sub-block "
            "pops its half of the pushed tile)")


@handles(*fifo_model.INIT_OPS)
def _initialize(op, cc) -> Step:
    _checked(op, cc)
    return Step(lambda frame: None)


@handles(pto.GET_SUBBLOCK_IDX)
def _subblock_idx(op, cc) -> Step:
    if cc.core.role != fifo_model.VECTOR:
        raise SimError(f"{where(op)}: '{op.name}' runs on the vector core, but the "
                       f"{cc.core.role} kernel @{cc.core.function} executes it")
    out, index = cc.slot(op.results[0]), np.int64(cc.core.lane)

    def run(frame):
        frame[out] = index
    return Step(run)


@handles(pto.SYNCALL)
def _syncall(op, cc) -> Step:
    roles = fifo_model.syncall_roles(op)
    if cc.core.role not in roles:
        raise SimError(f"{where(op)}: a syncall that joins only the "
                       f"{' and '.join(roles)} cores, run by the {cc.core.role} kernel "
                       f"@{cc.core.function}")
    request = Request(SYNC, None, describe(op), value=roles)

    def run(frame):
        yield request
    return Step(run, True)
