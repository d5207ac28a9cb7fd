"""Memory effects of the ops of a loop body, FIFO ops included."""

from __future__ import annotations

from mlir import ir

from .. import tile_types
from ..dialect import FREE_OPS, POP_OPS, PUSH_OPS
from ..effects import FIFO_RESOURCE, TILE_STATE_RESOURCE, Effect, memory_effects
from ..fifo_model import pipe_of
from ..tile_memory import buffer_root, may_alias, viewed


def op_effects(op: ir.Operation) -> list[Effect] | None:
    """MLIR's effects of `op` on the program's memory (effects on the FIFOs
    are the FIFO model's to order, never a memory hazard); FIFO ops are
    modelled from their definition: a push reads its tile, a pop writes the
    tile it returns, a free releases the tile it names (or, operand-less,
    the oldest popped one)."""
    name = op.name
    if name in PUSH_OPS:
        return _on_memref("read", op.operands[0])
    if name in POP_OPS:
        return _on_memref("write", op.results[0])
    if name in FREE_OPS:
        if len(op.operands):
            return _on_memref("free", op.operands[0])
        return _free_oldest(op)
    effects = memory_effects(op)
    if effects is None:
        return None
    return [effect for effect in effects if effect.resource != FIFO_RESOURCE]


def _free_oldest(op: ir.Operation) -> list[Effect]:
    """An operand-less tfree releases the oldest popped slot of its pipe
    (fifo_model): a FIFO slot of that pipe, named by a pop of it in this
    function (aliasing: a slot is no other memory), or no memory of the
    program when its pops return tensors."""
    function = op.parent
    while "function_type" not in function.attributes:
        function = function.parent
    pipe = pipe_of(op)
    memrefs = []

    def visit(other):
        if (other.name in POP_OPS and pipe_of(other) == pipe
                and _is_memory(other.results[0].type)):
            memrefs.append(other)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return [Effect("free", memrefs[0].results[0])] if memrefs else []


def _is_memory(type_: ir.Type) -> bool:
    """Whether a FIFO op's tile is memory (a memref or a tile buffer, which
    the ops around it read and write in place), not a tensor value."""
    return isinstance(type_, ir.MemRefType) or tile_types.tile_buf(type_) is not None


def _on_memref(kind: str, value: ir.Value) -> list[Effect]:
    return [Effect(kind, value)] if _is_memory(value.type) else []


def overwrites_whole(op: ir.Operation, effects: list, value: ir.Value) -> bool:
    """Whether `op`, of `effects`, overwrites all of `value` whenever it
    runs, in the destination-passing style of tile ops: it writes `value`
    itself (not a view of it), does not read it, and computes what it writes
    from other memory it reads (an op that reads no memory, such as
    set_validshape, may change part of a buffer only). Never a write made
    by an op nested in `op` (under an scf.if, in a loop: it may not run, or
    not on every iteration), nor one into a tile whose valid shape is not
    its whole shape by type (a tile op writes the valid rows and columns
    only, which may be fewer at run time), nor a product into fewer rows
    or columns of the accumulator (_whole_region)."""
    return (any(e.kind == "write" and e.on(value) for e in effects)
            and not any(e.kind == "read" and e.value is not None and may_alias(e.value, value)
                        for e in effects)
            and any(e.kind == "read" for e in effects)
            and _whole_region(op, value)
            and not _written_inside(op, value))


def _whole_valid(tile: tile_types.TileBuf) -> bool:
    return (tile.v_row, tile.v_col) == tile.shape


def _whole_region(op: ir.Operation, value: ir.Value) -> bool:
    """Whether a tile op writing `value` writes all of its memory: not a
    tile buffer, or one whose valid shape is its shape, the region a tile
    op writes. A product (into the cube's accumulator, `acc`, or from a
    `left` or `right` tile, which only products read) writes the rows of
    its first tile operand and the columns of its last (tmatmul's left and
    right, a bias row after them; an accumulator read in, as tmatmul.acc's,
    aside), valid over the whole of each by type and never set otherwise at
    run time: fewer rows or columns leave the rest as they were."""
    tile = tile_types.tile_buf(value.type)
    if tile is None:
        return True
    if not _whole_valid(tile):
        return False
    sources = [(v, t) for v, t in ((v, tile_types.tile_buf(v.type)) for v in op.operands
                                   if v != value) if t is not None]
    if tile.loc != "acc" and not any(t.loc in ("left", "right") for _, t in sources):
        return True
    if not sources or not all(_whole_valid(t) and _state_fixed(v) for v, t in sources):
        return False
    # The product's operands: not an accumulator read in (tmatmul.acc's).
    product = [t for _, t in sources if t.loc != "acc"] or [t for _, t in sources]
    return product[0].rows == tile.rows and product[-1].cols == tile.cols


def _state_fixed(value: ir.Value) -> bool:
    """Whether the valid shape of tile `value` stays what its type says: it
    is allocated in the kernel, and no use of its buffer or of a view of it
    sets a state (set_validshape), hands one on (a call, a yield, an op with
    regions) or has unknown effects. Views count: two multi_tile_get of one
    slot are one tile with one valid shape (a subview's is its own, but
    counted too, on the safe side)."""
    pending = [buffer_root(value)]
    if not isinstance(pending[0], ir.OpResult):
        return False  # a tile handed in: its caller may have set its state
    while pending:
        tile = pending.pop()
        for use in tile.uses:
            user = use.owner.operation
            effects = op_effects(user)
            if effects is None or len(user.regions):
                return False
            if any(e.resource == TILE_STATE_RESOURCE and e.on(tile) for e in effects):
                return False
            if viewed(user) is not None:
                pending.append(user.results[0])
            elif not any(e.on(tile) for e in effects):
                return False
    return True


def _written_inside(op: ir.Operation, value: ir.Value) -> bool:
    """Whether an op nested in `op`'s regions may write `value`."""
    found = []

    def visit(nested):
        if nested == op:
            return ir.WalkResult.ADVANCE
        effects = op_effects(nested)
        if effects is None or any(e.kind == "write" and may_alias(e.value, value)
                                  for e in effects):
            found.append(nested)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    if any(len(region.blocks) for region in op.regions):
        op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return bool(found)
