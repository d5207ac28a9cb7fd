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


def _is_scalar(type_: ir.Type) -> bool:
    return isinstance(type_, (ir.IndexType, ir.IntegerType, ir.FloatType))


def split_halves(loop: ir.Operation, lead: ir.Operation) -> Halves:
    body = loop.regions[0].blocks[0]
    ops = list(body.operations)  # the terminator last
    # Everything is indexed by body position and found through value lookups:
    # asking the bindings for an op's users or a value's owner costs more.
    used = [_used_values(op) for op in ops]
    defined_by = {result: i for i, op in enumerate(ops) for result in op.results}
    # Block argument -> iter_arg number; the IV (argument 0) maps to -1.
    arguments = {arg: n - 1 for n, arg in enumerate(body.arguments)}
    lead_index = ops.index(lead)

    producer = {lead_index}
    work = [lead_index]
    while work:
        i = work.pop()
        for value in used[i]:
            definer = defined_by.get(value)
            if definer is not None:
                if definer not in producer:
                    producer.add(definer)
                    work.append(definer)
            elif arguments.get(value, -1) >= 0:
                raise Demote(f"producer half reads iter_arg #{arguments[value]} "
                             f"(in '{ops[i].name}')")

    # A pure scalar arith op over the IV, invariants and such ops. Body order
    # visits every in-body operand's definer (producer, by closure) first.
    recomputable: dict[int, bool] = {}
    for i in sorted(producer):
        op = ops[i]
        recomputable[i] = (
            op.name.startswith("arith.") and not len(op.regions)
            and all(_is_scalar(r.type) for r in op.results)
            and all(recomputable.get(defined_by.get(v), True) for v in used[i]))

    # Carried values, first user in body order (the yield last).
    recompute: set[int] = set()
    for j, values in enumerate(used):
        if j in producer:
            continue
        for value in values:
            definer = defined_by.get(value)
            if definer not in producer or definer in recompute:
                continue
            if not recomputable[definer]:
                index = list(ops[definer].results).index(value)
                raise Demote(f"consumer role: result #{index} of "
                             f"'{ops[definer].name}' is used by '{ops[j].name}'")
            chain = [definer]
            while chain:
                link = chain.pop()
                if link not in recompute:
                    recompute.add(link)
                    chain.extend(d for d in map(defined_by.get, used[link])
                                 if d is not None)

    terminator = ops.pop()
    return Halves(
        producer=tuple(op for i, op in enumerate(ops) if i in producer),
        consumer=tuple(op for i, op in enumerate(ops) if i not in producer),
        recompute=tuple(op for i, op in enumerate(ops) if i in recompute),
        yielded=tuple(terminator.operands),
    )
