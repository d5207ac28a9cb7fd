"""linalg ops.

Contractions (matmul and friends) run on the cube cost, their products
added into the output one reduction index after another, as linalg's loops
add them (numpy's matmul sums in blocks, and a float sum's roundings depend
on its order). Every other structured op runs its body region *vectorised*:
the body's scalar ops are executed once on whole numpy arrays laid out over
the iteration space (parallel dims first, then reduction dims), so a 16x128
elementwise op costs one pass through the body, not 2048. Reductions apply
the body once per reduction index, in the loops' order; a body that is a
single combiner (addf, maximumf, ...) is folded in that order too, by the
matching numpy ufunc's accumulate or elementwise function (arith_ops.fold).
A structured op costs one vector instruction over its iteration space per
body op (transcendental ones at their slower rate).

Ops with tensor results return new arrays; ops on memrefs write their
outputs in place.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from mlir import ir

from ..op_costs import CONTRACTION_OPS, TRANSCENDENTAL_OPS, element_name
from .dispatch import Step, handles
from .arith_ops import fold, maximumf, minimumf
from .errors import SimError, UnsupportedOp, where
from .values import dtype_of, element_type, signed_ints, unsigned_ints, wrap

_REDUCTION = "#linalg.iterator_type<reduction>"

# Single-op bodies: the function fold() combines their elements with.
_COMBINERS = {
    "arith.addf": np.add, "arith.mulf": np.multiply, "arith.maximumf": maximumf,
    "arith.minimumf": minimumf, "arith.maxnumf": np.fmax, "arith.minnumf": np.fmin,
    "arith.addi": np.add, "arith.muli": np.multiply, "arith.maxsi": np.maximum,
    "arith.minsi": np.minimum, "arith.andi": np.bitwise_and, "arith.ori": np.bitwise_or,
    "arith.xori": np.bitwise_xor,
}


def _ins_outs(op) -> tuple[list[ir.Value], list[ir.Value]]:
    operands = list(op.operands)
    if "operandSegmentSizes" in op.attributes:
        n_in = op.attributes["operandSegmentSizes"][0]
    elif op.name == "linalg.reduce":  # inputs and inits pair up
        n_in = len(operands) // 2
    else:  # linalg.map: one init, last
        n_in = len(operands) - 1
    return operands[:n_in], operands[n_in:]


@dataclasses.dataclass(frozen=True)
class _Access:
    """How an operand's axes index the iteration domain: `dims[ax]` is the
    domain dim of axis `ax`, or None where the map's result is a constant
    index (`consts[ax]`), as in the broadcast map (r, c) -> (0, c)."""

    dims: tuple
    consts: dict

    @staticmethod
    def plain(dims) -> "_Access":
        return _Access(tuple(dims), {})

    @property
    def domain_dims(self) -> list[int]:
        return [d for d in self.dims if d is not None]

    def select(self, site: str, arr: np.ndarray) -> np.ndarray:
        """The part of `arr` the op reads: the constant axes indexed away."""
        if not self.consts:
            return arr
        for ax, k in self.consts.items():
            if k >= arr.shape[ax]:
                raise SimError(f"{site}: constant index {k} in an indexing map is out of "
                               f"bounds for an axis of size {arr.shape[ax]}")
        return arr[self.index]

    @property
    def index(self) -> tuple:
        return tuple(self.consts.get(ax, slice(None)) for ax in range(len(self.dims)))


def _map_access(op, affine_map: ir.AffineMap) -> _Access:
    dims, consts = [], {}
    for ax, expr in enumerate(affine_map.results):
        if isinstance(expr, ir.AffineDimExpr):
            dims.append(expr.position)
        elif isinstance(expr, ir.AffineConstantExpr) and expr.value >= 0:
            dims.append(None)
            consts[ax] = expr.value
        else:
            raise UnsupportedOp(op, f"indexing map {affine_map} is not a projected "
                                    "permutation with constant broadcast indices")
    return _Access(tuple(dims), consts)


def _map_dims(op, affine_map: ir.AffineMap) -> list[int]:
    access = _map_access(op, affine_map)
    if access.consts:
        raise UnsupportedOp(op, f"indexing map {affine_map} is not a projected permutation")
    return list(access.dims)


def _writer(op, cc, outs: list[ir.Value]):
    """frame, values -> None: tensor outputs become results, memref outputs are
    written in place."""
    if len(op.results):
        slots = cc.slots_of(op.results)

        def write(frame, values):
            for s, v in zip(slots, values):
                frame[s] = v
    else:
        slots = cc.slots_of(outs)

        def write(frame, values):
            for s, v in zip(slots, values):
                frame[s][...] = v
    return write


# --- contractions ----------------------------------------------------------------

@handles(*sorted(CONTRACTION_OPS))
def _contraction(op, cc) -> Step:
    ins, outs = _ins_outs(op)
    if len(ins) != 2 or len(outs) != 1:
        raise UnsupportedOp(op, "expected two inputs and one output")
    maps = [_map_dims(op, m.value) for m in op.attributes["indexing_maps"]]
    a_slot, b_slot = cc.slots_of(ins)
    c_slot = cc.slot(outs[0])
    dtype = dtype_of(element_type(outs[0].type))
    in_element = element_name(element_type(ins[0].type))
    write, spend, cost = _writer(op, cc, outs), cc.spend, cc.cost
    # The inputs' cast to the accumulator's type: sign extension (i1 true is
    # -1) unless the op says `cast_unsigned`.
    cast = op.attributes["cast"] if "cast" in op.attributes else None
    extend = unsigned_ints if str(cast) == "#linalg.type_fn<cast_unsigned>" else signed_ints

    def run(frame):
        lhs, rhs, acc = frame[a_slot], frame[b_slot], frame[c_slot]
        lhs, rhs = (wrap(extend(x) if x.dtype.kind in "iub" else x, dtype) for x in (lhs, rhs))
        sizes = {}
        for arr, dims in zip((lhs, rhs), maps):
            sizes.update(zip(dims, arr.shape))
        write(frame, [wrap(contract(signed_ints(acc), lhs, rhs, maps, sizes), dtype)])
        spend(cost.matmul(2 * math.prod(sizes.values()), in_element))
    return Step(run)


def contract(acc, lhs, rhs, maps, sizes) -> np.ndarray:
    """acc plus the products of lhs and rhs (axes on the domain dims
    maps[0], maps[1]) over the dims the output's maps[2] leaves out: one
    reduction index after another, in linalg's loop order, each sum
    rounded (the JIT's order; np.matmul sums in blocks). `sizes`: the size
    of each domain dim."""
    out = maps[2]
    reduced = sorted(set(sizes) - set(out))

    def at_index(x, dims, at):
        """x at the reduction index `at`, its axes in the output's order
        (size 1 for the output dims it lacks)."""
        x = np.asarray(x[tuple(at.get(d, slice(None)) for d in dims)])
        kept = [d for d in dims if d not in at]
        x = np.transpose(x, sorted(range(len(kept)), key=lambda ax: out.index(kept[ax])))
        return x.reshape([sizes[d] if d in kept else 1 for d in out])

    for index in np.ndindex(*(sizes[d] for d in reduced)):
        at = dict(zip(reduced, index))
        acc = acc + at_index(lhs, maps[0], at) * at_index(rhs, maps[1], at)
    return acc


# --- simple structured ops ---------------------------------------------------------

@handles("linalg.fill")
def _fill(op, cc) -> Step:
    (value,), outs = _ins_outs(op)
    v_slot, o_slot = cc.slot(value), cc.slot(outs[0])
    dtype = dtype_of(element_type(outs[0].type))
    write, spend, cost = _writer(op, cc, outs), cc.spend, cc.cost

    def run(frame):
        result = np.full(frame[o_slot].shape, frame[v_slot], dtype)
        write(frame, [result])
        spend(cost.vector(result.nbytes))
    return Step(run)


@handles("linalg.copy", "linalg.transpose", "linalg.broadcast")
def _move(op, cc) -> Step:
    if op.name == "linalg.copy":
        ins, outs = _ins_outs(op)
    else:
        ins, outs = [op.operands[0]], [op.operands[1]]
    src, o_slot = cc.slot(ins[0]), cc.slot(outs[0])
    dtype = dtype_of(element_type(outs[0].type))
    if op.name == "linalg.transpose":
        perm = list(op.attributes["permutation"])
        reshape = lambda x, out: np.transpose(x, perm)  # noqa: E731
    elif op.name == "linalg.broadcast":
        added = tuple(op.attributes["dimensions"])
        reshape = lambda x, out: np.broadcast_to(np.expand_dims(x, added), out.shape)  # noqa: E731
    else:
        reshape = lambda x, out: x  # noqa: E731
    write, spend, cost = _writer(op, cc, outs), cc.spend, cc.cost

    def run(frame):
        result = np.array(reshape(frame[src], frame[o_slot]), dtype)
        write(frame, [result])
        spend(cost.copy(result.nbytes))
    return Step(run)


@handles("linalg.softmax")
def _softmax(op, cc) -> Step:
    src = cc.slot(op.operands[0])
    axis = op.attributes["dimension"].value
    dtype = dtype_of(element_type(op.operands[1].type))
    write, spend, cost = _writer(op, cc, [op.operands[1]]), cc.spend, cc.cost

    def run(frame):
        x = frame[src]
        e = np.exp(x - np.max(x, axis=axis, keepdims=True))
        # Summed in loop order, as the linalg.generic ops softmax decomposes
        # into (and the JIT runs) sum it.
        rows = np.moveaxis(e, axis, -1)
        total = fold(np.add, np.zeros(rows.shape[:-1], e.dtype), rows)
        result = (e / np.expand_dims(total, axis)).astype(dtype)
        write(frame, [result])
        # max, subtract, exp, sum, divide
        spend(4 * cost.vector(x.nbytes) + cost.vector(x.nbytes, True))
    return Step(run)


# --- general structured ops: the body runs vectorised --------------------------------

@dataclasses.dataclass(frozen=True)
class _Structured:
    n_dims: int
    reduction: list[bool]  # per domain dim
    in_dims: list[_Access]  # per input
    out_dims: list[_Access]  # per output
    body_takes_outputs: bool


def _structured_handler(describe_op):
    def handler(op, cc) -> Step:
        shape = describe_op(op)
        ins, outs = _ins_outs(op)
        return _compile_structured(op, cc, shape, ins, outs)
    return handler


def _takes_outputs(op) -> bool:
    """Whether the body has block arguments for the outputs too (a
    linalg.map body may have only the inputs')."""
    return len(op.regions[0].blocks[0].arguments) == len(list(op.operands))


def _maps_shape(op) -> _Structured:
    maps = [m.value for m in op.attributes["indexing_maps"]]
    n_in = len(_ins_outs(op)[0])
    n_dims = maps[0].n_dims
    reduction = ([str(it) == _REDUCTION for it in op.attributes["iterator_types"]]
                 if "iterator_types" in op.attributes else [False] * n_dims)
    dims = [_map_access(op, m) for m in maps]
    return _Structured(n_dims, reduction, dims[:n_in], dims[n_in:], _takes_outputs(op))


def _elementwise_shape(op) -> _Structured:
    if "indexing_maps" in op.attributes:
        return _maps_shape(op)
    ins, outs = _ins_outs(op)
    rank = len(outs[0].type.shape)
    identity = list(range(rank))
    return _Structured(rank, [False] * rank,
                       [_Access.plain(identity if isinstance(v.type, ir.ShapedType) else [])
                        for v in ins],
                       [_Access.plain(identity)], _takes_outputs(op))


def _reduce_shape(op) -> _Structured:
    ins, outs = _ins_outs(op)
    rank = len(ins[0].type.shape)
    reduced = set(op.attributes["dimensions"])
    kept = [d for d in range(rank) if d not in reduced]
    return _Structured(rank, [d in reduced for d in range(rank)],
                       [_Access.plain(range(rank))] * len(ins),
                       [_Access.plain(kept)] * len(outs),
                       True)


handles("linalg.generic")(_structured_handler(_maps_shape))

_ELEMENTWISE_NAMED = ("linalg.map", "linalg.elementwise", "linalg.add", "linalg.sub",
                      "linalg.mul", "linalg.div", "linalg.div_unsigned", "linalg.max",
                      "linalg.min", "linalg.powf", "linalg.exp", "linalg.log", "linalg.abs",
                      "linalg.ceil", "linalg.floor", "linalg.negf", "linalg.reciprocal",
                      "linalg.round", "linalg.sqrt", "linalg.rsqrt", "linalg.square",
                      "linalg.tanh", "linalg.erf", "linalg.select")
for _name in _ELEMENTWISE_NAMED:
    handles(_name)(_structured_handler(_elementwise_shape))


handles("linalg.reduce")(_structured_handler(_reduce_shape))


def _compile_structured(op, cc, shape: _Structured, ins, outs) -> Step:
    out_dims = [a.domain_dims for a in shape.out_dims]
    in_dims = [a.domain_dims for a in shape.in_dims]
    if any(shape.reduction[d] for dims in out_dims for d in dims):
        raise UnsupportedOp(op, "an output indexing map uses a reduction dimension")
    parallel = [d for d in range(shape.n_dims) if not shape.reduction[d]]
    reduced = [d for d in range(shape.n_dims) if shape.reduction[d]]
    if any(sorted(dims) != parallel for dims in out_dims):
        raise UnsupportedOp(op, "each output must cover every parallel dimension")
    order = parallel + reduced  # domain layout of the vectorised body
    position = {d: i for i, d in enumerate(order)}

    body_cc = cc.body_compiler()
    body = body_cc.compile_region(op)
    if body.blocking:
        raise UnsupportedOp(op, "a pipe operation inside a linalg body")
    body_ops = [o.operation for o in op.regions[0].blocks[0].operations][:-1]
    uses_index = any(o.name == "linalg.index" for o in body_ops)
    n_transcendental = sum(o.name in TRANSCENDENTAL_OPS for o in body_ops)
    n_plain = len(body_ops) - n_transcendental
    combiner = _single_combiner(body_ops, body, body_cc, len(ins))

    in_slots, out_slots = cc.slots_of(ins), cc.slots_of(outs)
    out_dtypes = [dtype_of(element_type(v.type)) for v in outs]
    arg_slots = body.arg_slots
    index_slot = body_cc.index_slot
    write, spend, cost, site = _writer(op, cc, outs), cc.spend, cc.cost, where(op)
    n_par = len(parallel)
    itemsize = max(d.itemsize for d in out_dtypes)

    def to_domain(arr, dims):
        """View `arr` with its axes in domain order, size-1 axes for the
        domain dims it does not use (numpy broadcasting fills them)."""
        perm = sorted(range(len(dims)), key=lambda ax: position[dims[ax]])
        view_shape = [1] * shape.n_dims
        for ax in perm:
            view_shape[position[dims[ax]]] = arr.shape[ax]
        return np.transpose(arr, perm).reshape(view_shape)

    def apply(frame, inputs, accs, sizes, reduction_index):
        args = inputs + accs if shape.body_takes_outputs else inputs
        for slot, value in zip(arg_slots, args):
            frame[slot] = value
        if uses_index:
            frame[index_slot] = _Indices(sizes, parallel, reduced, reduction_index)
        return body.run(frame)

    def run(frame):
        inputs = [a.select(site, np.asarray(frame[s])) for s, a in zip(in_slots, shape.in_dims)]
        whole_inits = [frame[s] for s in out_slots]
        inits = [a.select(site, arr) for arr, a in zip(whole_inits, shape.out_dims)]
        sizes = [None] * shape.n_dims
        for arr, dims in zip(inputs + inits, in_dims + out_dims):
            for ax, d in enumerate(dims):
                if sizes[d] is None:
                    sizes[d] = arr.shape[ax]
                elif sizes[d] != arr.shape[ax]:
                    raise SimError(f"{site}: operand shapes disagree on loop dimension d{d}")
        if None in sizes:
            raise SimError(f"{site}: a loop dimension is not used by any operand")
        par_shape = tuple(sizes[d] for d in parallel)
        dom_in = [to_domain(a, dims) for a, dims in zip(inputs, in_dims)]
        accs = [to_domain(a, dims).reshape(par_shape) for a, dims in zip(inits, out_dims)]

        if not reduced:
            values = apply(frame, dom_in, accs, sizes, None)
        elif combiner is not None:
            full = np.broadcast_to(dom_in[0], tuple(sizes[d] for d in order))
            # The reduced dims as one last axis, in the loops' order (the domain's).
            n_reduced = math.prod(sizes[d] for d in reduced)
            values = [fold(combiner, accs[0], full.reshape(par_shape + (n_reduced,)))]
        else:
            values = accs
            for r in np.ndindex(*(sizes[d] for d in reduced)):
                picked = [a[(Ellipsis,) + tuple(i if a.shape[n_par + k] > 1 else 0
                                                for k, i in enumerate(r))]
                          for a in dom_in]
                values = apply(frame, picked, values, sizes, r)

        results = []
        for value, access, whole, dtype in zip(values, shape.out_dims, whole_inits, out_dtypes):
            value = np.broadcast_to(np.asarray(value, dtype), par_shape)
            back = [parallel.index(d) for d in access.domain_dims]
            # A copy, not np.ascontiguousarray: that makes a rank-0 result 1-d.
            value = np.transpose(value, back).copy()
            if access.consts:  # the other positions of the constant axes keep the init
                merged = np.array(whole, dtype)
                merged[access.index] = value
                value = merged
            results.append(value)
        write(frame, results)
        nbytes = math.prod(sizes) * itemsize
        spend(n_plain * cost.vector(nbytes) + n_transcendental * cost.vector(nbytes, True))

    return Step(run)


@dataclasses.dataclass(frozen=True)
class _Indices:
    """The iteration indices a linalg.index in a vectorised body sees: an
    arange laid out on its parallel axis, or the current reduction index."""

    sizes: list[int]
    parallel: list[int]
    reduced: list[int]
    reduction_index: tuple[int, ...] | None

    def of(self, d: int):
        if d in self.parallel:
            layout = [1] * len(self.parallel)
            layout[self.parallel.index(d)] = self.sizes[d]
            return np.arange(self.sizes[d], dtype=np.int64).reshape(layout)
        return np.int64(self.reduction_index[self.reduced.index(d)])


def _single_combiner(body_ops, body, body_cc, n_inputs):
    """The function of _COMBINERS of a body `yield(combine(in, acc))`, else None."""
    if n_inputs != 1 or len(body_ops) != 1 or len(body.arg_slots) != 2:
        return None
    fn = _COMBINERS.get(body_ops[0].name)
    operands = body_cc.slots_of(body_ops[0].operands)
    # numpy's bool reductions are not i1's (add is or, maxsi reads true as 1).
    result = body_ops[0].results[0].type
    is_i1 = isinstance(result, ir.IntegerType) and result.width == 1
    if fn is None or is_i1 or sorted(operands) != sorted(body.arg_slots):
        return None
    return fn


@handles("linalg.index")
def _index(op, cc) -> Step:
    if cc.index_slot is None:
        raise UnsupportedOp(op, "outside a linalg body")
    index_slot, out, dim = cc.index_slot, cc.slot(op.results[0]), op.attributes["dim"].value

    def run(frame):
        frame[out] = frame[index_slot].of(dim)
    return Step(run)
