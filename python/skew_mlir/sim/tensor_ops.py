"""tensor and memref ops.

Tensor values are immutable arrays: extract_slice may return a numpy view,
insert_slice copies its destination. Memref values are mutable arrays and
subview returns a view, so stores through it reach the underlying buffer.
Costs: slices, copies and concats move bytes (MTE rate); element access is a
scalar op; empty/alloc, casts and reshapes are free.
"""

from __future__ import annotations

import numpy as np
from mlir import ir

from .dispatch import Step, handles
from .errors import SimError, UnsupportedOp, where
from .values import check_size, dtype_of, poison

_DYNAMIC = ir.ShapedType.get_dynamic_size()


def _segments(op) -> list[list[ir.Value]]:
    """Operands split by the op's operandSegmentSizes."""
    operands, groups, start = list(op.operands), [], 0
    for size in op.attributes["operandSegmentSizes"]:
        groups.append(operands[start:start + size])
        start += size
    return groups


def _mixed(op, cc, name: str, dynamic: list[ir.Value]):
    """A static_* list with its dynamic entries taken from operand slots:
    returns frame -> list[int]."""
    slots = iter(cc.slots_of(dynamic))
    parts = [(True, next(slots)) if v == _DYNAMIC else (False, v) for v in op.attributes[name]]
    if not any(dyn for dyn, _ in parts):
        values = [v for _, v in parts]
        return lambda frame: values
    return lambda frame: [int(frame[v]) if dyn else v for dyn, v in parts]


def _shape(t: ir.ShapedType, dynamic_slots: list[int]):
    """frame -> shape of `t`, its dynamic dims from operand slots in order."""
    dims = list(t.shape)
    if t.has_static_shape:
        shape = tuple(dims)
        return lambda frame: shape

    def resolve(frame):
        slots = iter(dynamic_slots)
        return tuple(int(frame[next(slots)]) if d == _DYNAMIC else d for d in dims)
    return resolve


def _sized(op, shape, cc):
    """`shape` (frame -> shape of op's result), checked against the size
    limit when the result's shape is known at run time only (a static one
    was checked when the op was compiled)."""
    t = op.results[0].type
    if t.has_static_shape:
        return shape
    itemsize, limit, site = dtype_of(t.element_type).itemsize, cc.program.max_value_bytes, where(op)

    def checked(frame):
        dims = shape(frame)
        what = f"{site}: result of '{op.name}' ({t}) of shape {list(dims)}"
        if min(dims, default=0) < 0:
            raise SimError(f"{what} has a negative size")
        check_size(what, dims, itemsize, limit)
        return dims
    return checked


def _slicer(op, cc, first: int):
    """frame -> (index tuple, sizes) for an op with offsets/sizes/strides
    segments starting at operand group `first`."""
    groups = _segments(op)
    offsets = _mixed(op, cc, "static_offsets", groups[first])
    sizes = _mixed(op, cc, "static_sizes", groups[first + 1])
    strides = _mixed(op, cc, "static_strides", groups[first + 2])
    site = where(op)

    def resolve(frame, shape):
        index = []
        for dim, off, size, stride in zip(shape, offsets(frame), sizes(frame), strides(frame)):
            if off < 0 or size < 0 or stride < 1 or (size and off + (size - 1) * stride >= dim):
                raise SimError(f"{site}: slice [offset {off}, size {size}, stride {stride}] "
                               f"is out of bounds for a dimension of size {dim}")
            index.append(slice(off, off + (size - 1) * stride + 1 if size else off, stride))
        return tuple(index), sizes(frame)
    return resolve


def _unit_dims_dropped(sizes: list[int], result_shape: list[int]) -> tuple[int, ...]:
    """Axes a rank-reducing slice drops: unit dims not matched by the result."""
    if len(sizes) == len(result_shape):
        return ()
    dropped, j = [], 0
    for axis, size in enumerate(sizes):
        if j < len(result_shape) and result_shape[j] in (size, _DYNAMIC):
            j += 1
        else:
            dropped.append(axis)
    return tuple(dropped)


@handles("tensor.extract_slice", "memref.subview")
def _extract_slice(op, cc) -> Step:
    src, out = cc.slot(op.operands[0]), cc.slot(op.results[0])
    slicer = _slicer(op, cc, 1)
    result_shape = list(op.results[0].type.shape)
    spend, cost = cc.spend, cc.cost
    is_tensor = op.name.startswith("tensor.")

    def run(frame):
        source = frame[src]
        index, sizes = slicer(frame, source.shape)
        value = source[index]
        dropped = _unit_dims_dropped(sizes, result_shape)
        frame[out] = value.squeeze(dropped) if dropped else value
        if is_tensor:
            spend(cost.copy(value.nbytes))
    return Step(run)


@handles("tensor.insert_slice")
def _insert_slice(op, cc) -> Step:
    src, dest, out = cc.slot(op.operands[0]), cc.slot(op.operands[1]), cc.slot(op.results[0])
    slicer = _slicer(op, cc, 2)
    spend, cost = cc.spend, cc.cost

    def run(frame):
        source, target = frame[src], frame[dest].copy()
        index, sizes = slicer(frame, target.shape)
        target[index] = np.reshape(source, sizes)
        frame[out] = target
        spend(cost.copy(source.nbytes))
    return Step(run)


@handles("tensor.empty", "memref.alloc", "memref.alloca")
def _empty(op, cc) -> Step:
    t = op.results[0].type
    if op.name != "tensor.empty" and len(list(op.operands)) != sum(d == _DYNAMIC for d in t.shape):
        raise UnsupportedOp(op, "symbol operands are not supported")
    shape = _sized(op, _shape(t, cc.slots_of(op.operands)), cc)
    dtype, out = dtype_of(t.element_type), cc.slot(op.results[0])

    def run(frame):
        frame[out] = poison(shape(frame), dtype)
    return Step(run)


@handles("tensor.splat")
def _splat(op, cc) -> Step:
    value, out = cc.slot(op.operands[0]), cc.slot(op.results[0])
    t = op.results[0].type
    shape = _sized(op, _shape(t, cc.slots_of(list(op.operands)[1:])), cc)
    dtype, spend, cost = dtype_of(t.element_type), cc.spend, cc.cost

    def run(frame):
        result = frame[out] = np.full(shape(frame), frame[value], dtype)
        spend(cost.vector(result.nbytes))
    return Step(run)


def _index(frame, slots) -> tuple[int, ...]:
    return tuple(int(frame[s]) for s in slots)


def _checked(site: str, shape, index):
    if len(index) != len(shape) or any(not 0 <= i < d for i, d in zip(index, shape)):
        raise SimError(f"{site}: index {list(index)} is out of bounds for shape {list(shape)}")
    return index


@handles("tensor.extract", "memref.load")
def _extract(op, cc) -> Step:
    src, out = cc.slot(op.operands[0]), cc.slot(op.results[0])
    indices = cc.slots_of(list(op.operands)[1:])
    spend, cycles, site = cc.spend, cc.cost.scalar_op_cycles, where(op)
    shared = cc.core.shared if isinstance(op.operands[0].type, ir.MemRefType) else None
    if shared is None:
        def run(frame):
            source = frame[src]
            frame[out] = source[_checked(site, source.shape, _index(frame, indices))]
            spend(cycles)
        return Step(run)
    race_site = shared.site(op)

    def run_shared(frame):
        source = frame[src]
        index = _checked(site, source.shape, _index(frame, indices))
        shared.read(source, race_site, index)
        frame[out] = source[index]
        spend(cycles)
    return Step(run_shared, exact_memory=True)


@handles("tensor.insert")
def _insert(op, cc) -> Step:
    value, dest, out = cc.slot(op.operands[0]), cc.slot(op.operands[1]), cc.slot(op.results[0])
    indices = cc.slots_of(list(op.operands)[2:])
    spend, cycles, site = cc.spend, cc.cost.scalar_op_cycles, where(op)

    def run(frame):
        target = frame[dest].copy()
        target[_checked(site, target.shape, _index(frame, indices))] = frame[value]
        frame[out] = target
        spend(cycles)
    return Step(run)


@handles("memref.store")
def _store(op, cc) -> Step:
    value, dest = cc.slot(op.operands[0]), cc.slot(op.operands[1])
    indices = cc.slots_of(list(op.operands)[2:])
    spend, cycles, site = cc.spend, cc.cost.scalar_op_cycles, where(op)

    shared = cc.core.shared
    race_site = shared.site(op) if shared is not None else 0

    def run(frame):
        target = frame[dest]
        index = _checked(site, target.shape, _index(frame, indices))
        if shared is not None:
            shared.write(target, race_site, index)
        target[index] = frame[value]
        spend(cycles)
    return Step(run, exact_memory=True)


@handles("tensor.from_elements")
def _from_elements(op, cc) -> Step:
    elements, out = cc.slots_of(op.operands), cc.slot(op.results[0])
    t = op.results[0].type
    shape, dtype = tuple(t.shape), dtype_of(t.element_type)
    spend, cycles = cc.spend, cc.cost.scalar_op_cycles * len(elements)

    def run(frame):
        frame[out] = np.array([frame[s] for s in elements], dtype).reshape(shape)
        spend(cycles)
    return Step(run)


@handles("tensor.cast", "memref.cast")
def _cast(op, cc) -> Step:
    src, out = cc.slot(op.operands[0]), cc.slot(op.results[0])

    def run(frame):
        frame[out] = frame[src]
    return Step(run)


@handles("tensor.collapse_shape", "tensor.expand_shape")
def _reshape(op, cc) -> Step:
    t = op.results[0].type
    if not t.has_static_shape:
        raise UnsupportedOp(op, "only static result shapes are supported")
    src, out, shape = cc.slot(op.operands[0]), cc.slot(op.results[0]), tuple(t.shape)

    def run(frame):
        frame[out] = np.reshape(frame[src], shape)
    return Step(run)


@handles("tensor.dim", "memref.dim")
def _dim(op, cc) -> Step:
    src, index, out = cc.slot(op.operands[0]), cc.slot(op.operands[1]), cc.slot(op.results[0])
    site = where(op)

    def run(frame):
        shape, dim = frame[src].shape, int(frame[index])
        if not 0 <= dim < len(shape):  # undefined behaviour in MLIR
            raise SimError(f"{site}: dimension {dim} of a value of rank {len(shape)}")
        frame[out] = np.int64(shape[dim])
    return Step(run)


@handles("tensor.concat")
def _concat(op, cc) -> Step:
    ins, out = cc.slots_of(op.operands), cc.slot(op.results[0])
    axis, spend, cost = op.attributes["dim"].value, cc.spend, cc.cost

    def run(frame):
        result = frame[out] = np.concatenate([frame[s] for s in ins], axis=axis)
        spend(cost.copy(result.nbytes))
    return Step(run)


@handles("memref.copy")
def _copy(op, cc) -> Step:
    src, dest = cc.slot(op.operands[0]), cc.slot(op.operands[1])
    spend, cost = cc.spend, cc.cost

    def run(frame):
        frame[dest][...] = frame[src]
        spend(cost.copy(frame[src].nbytes))
    return Step(run)


@handles("memref.dealloc")
def _dealloc(op, cc) -> Step:
    return Step(lambda frame: None)
