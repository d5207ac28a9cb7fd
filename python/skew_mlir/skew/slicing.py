"""Splitting a loop body into the producer half and the consumer half.

Producer half = the lead FIFO op and its backward slice inside the body along
SSA edges, values captured by nested regions included. Whatever the producer
half defines and the rest of the body uses is carried; only scalar arith
chains over the IV and loop invariants may be carried (they are recomputed).
"""

from __future__ import annotations

from mlir import ir

from .plan import Demote, Halves


def _used_values(op: ir.Operation) -> list[ir.Value]:
    """Operands of `op` and of the ops nested in its regions."""
    if not len(op.regions):
        return list(op.operands)
    values: list[ir.Value] = []

    def visit(nested: ir.Operation) -> ir.WalkResult:
        values.extend(nested.operands)
        return ir.WalkResult.ADVANCE

    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return values


def _describe(op: ir.Operation, index: int) -> str:
    return f"result #{index} of '{op.name}'"


def split_halves(loop: ir.Operation, lead: ir.Operation) -> Halves:
    body = loop.regions[0].blocks[0]
    ops = list(body.operations)
    terminator = ops.pop()
    position = {op: i for i, op in enumerate(ops)}
    # Block argument -> iter_arg number; the IV (argument 0) maps to -1.
    arguments = {arg: n - 1 for n, arg in enumerate(body.arguments)}

    producer: set[ir.Operation] = set()
    work = [lead]
    while work:
        op = work.pop()
        if op in producer:
            continue
        producer.add(op)
        for value in _used_values(op):
            if isinstance(value, ir.OpResult):
                owner = value.owner
                if owner in position and owner not in producer:
                    work.append(owner)
            elif arguments.get(value, -1) >= 0:
                raise Demote(f"producer half reads iter_arg #{arguments[value]} "
                             f"(in '{op.name}')")

    def top_level(user: ir.Operation) -> ir.Operation:
        while user not in position and user != terminator:
            user = user.parent
        return user

    in_order = sorted(producer, key=position.__getitem__)
    # A pure scalar arith op over the IV, invariants and such ops. Body order
    # visits every in-body operand's definer (producer, by closure) first.
    recomputable: dict[ir.Operation, bool] = {}
    for op in in_order:
        recomputable[op] = (
            op.name.startswith("arith.") and not len(op.regions)
            and all(_is_scalar(r.type) for r in op.results)
            and all(recomputable.get(v.owner, True) for v in op.operands
                    if isinstance(v, ir.OpResult)))

    recompute: set[ir.Operation] = set()
    for op in in_order:
        for index, result in enumerate(op.results):
            users = [u for u in (top_level(use.owner) for use in result.uses)
                     if u not in producer]
            if not users:
                continue
            if not recomputable[op]:
                first = min(users, key=lambda u: position.get(u, len(ops)))
                raise Demote(f"consumer role: {_describe(op, index)} is used "
                             f"by '{first.name}'")
            chain = [op]
            while chain:
                link = chain.pop()
                if link not in recompute:
                    recompute.add(link)
                    chain.extend(v.owner for v in link.operands
                                 if isinstance(v, ir.OpResult)
                                 and v.owner in recomputable)

    return Halves(
        producer=tuple(op for op in ops if op in producer),
        consumer=tuple(op for op in ops if op not in producer),
        recompute=tuple(op for op in ops if op in recompute),
        yielded=tuple(terminator.operands),
    )


def _is_scalar(type_: ir.Type) -> bool:
    return isinstance(type_, (ir.IndexType, ir.IntegerType, ir.FloatType))
