"""Which functions form the cube/vector pair, and what arguments they get.

Pairing: the functions marked `pto.core = "aic"` and `"aiv"`, unless named
explicitly; a module with one function of a role and none of the other runs
that core alone. The pair's module is the one holding the kernels, nested in
the file's module or not (pair_module): its functions are the ones calls
reach, its pto.fifo_depth (else the nearest enclosing one) the slot count.

Arguments: each kernel argument holds a launch value (launch.launch_names):
without a `pto.entry` the pair is launched with one argument list, as on the
device where AIC and AIV receive the same GM pointers, so argument i of the
vector function gets the same array as argument i of the cube function when
both exist and have the same type; a `pto.entry` passes each kernel the
operands of its call, so arguments passed one entry argument (of one type)
get one array, in any order. Each launch value gets its own seeded random
value (values.random_value), drawn in order: cube arguments first, then the
vector's unshared ones; an integer constant the entry passes is that
constant, and a kernel argument whose launch value cannot be read (the
entry computes it, or calls the kernel more than once) is a SimError. A
kernel no entry calls gets one argument list of its own. A shared memref argument is one global
memory: a store by either core is seen by both (the vector sub-blocks
included), in the order the messages impose on their accesses; a program
whose accesses to it are not ordered by messages races, and its result
follows the simulator's schedule.

A `!pto.ptr` argument (tile IR) is a global memory: a flat array as long
as the furthest element any `pto.make_tensor_view` of it, in either kernel,
reaches (global_extent); shared, like every GM pointer, by
all the cores (tiles.GlobalPtr).

A scalar argument can be given instead (`pto-sim --arg I=VALUE`, e.g. a
run-time KV length): the value of launch argument #I (the pto.entry's
argument #I, when there is one) goes to every scalar kernel argument that
holds it. Given values do not shift the random
draws of the other arguments.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import numpy as np
from mlir import ir

from .. import dialect as pto, fifo_model, tile_types
from ..attributes import function_name
from ..calls import call_summaries, calls_under
from ..launch import launch_argument, launch_names
from ..loop_ranges import Constants, NonStaticRange
from .errors import SimError, where
from .tiles import GlobalPtr
from .values import (DEFAULT_MAX_VALUE_BYTES, check_size, dtype_of, given_value, random_array,
                     random_value)

@dataclasses.dataclass(frozen=True)
class Pair:
    cube: str | None
    vector: str | None

    def functions(self) -> dict[str, str]:
        return {role: name for role, name in (("cube", self.cube), ("vector", self.vector))
                if name is not None}


def pair_module(module: ir.Module) -> ir.Operation:
    """The builtin.module holding the pair (nested modules pair their own
    kernels, as the pass and the verifier do): the one module that holds
    kernels, the top module when none does. SimError for a malformed marker
    or kernels in several modules (the top one included: running one pair
    would leave the other unchecked)."""
    holding = []
    for candidate in fifo_model.modules_under(module.operation):
        found, errors = fifo_model.kernels_of(candidate)
        if errors:
            op, message = errors[0]
            raise SimError(f"{where(op)}: {message}")
        if found[fifo_model.CUBE] or found[fifo_model.VECTOR]:
            holding.append(candidate)
    if not holding:
        return module.operation
    if len(holding) > 1:
        raise SimError("kernels in several modules (at "
                       + ", ".join(map(where, holding))
                       + "): pto-sim runs one pair, put it in a file of its own")
    return holding[0]


def functions_of(module: ir.Module) -> dict[str, object]:
    """The functions of the module holding the pair (pair_module), by name."""
    return {function_name(op): op.operation
            for op in pair_module(module).regions[0].blocks[0].operations
            if op.operation.name == "func.func"}


def reachable(module: ir.Module, func) -> list:
    """`func` and every function of the module it calls, directly or not:
    the code a kernel's core runs (its FIFO ops may sit in callees)."""
    found = [func]
    for summary in call_summaries(pair_module(module), calls_under(func), ()):
        found.extend(f for f in summary.functions if f not in found)
    return found


def function_type(func) -> ir.FunctionType:
    return ir.FunctionType(func.attributes["function_type"].value)


def arg_types(func) -> list[ir.Type]:
    return list(function_type(func).inputs)


def find_pair(module: ir.Module, cube: str | None = None, vector: str | None = None) -> Pair:
    funcs = functions_of(module)
    found, _ = fifo_model.kernels_of(pair_module(module))  # errors: raised by pair_module
    marked = {role: [function_name(f) for f in functions
                     if f.name == "func.func"] for role, functions in found.items()}
    chosen = {}
    for role, name in (("cube", cube), ("vector", vector)):
        if name is not None:
            if name not in funcs:
                raise SimError(f"no function @{name} in the module")
            chosen[role] = name
        elif len(marked[role]) == 1:
            chosen[role] = marked[role][0]
        elif len(marked[role]) > 1:
            raise SimError(f"several {role} kernels ({', '.join('@' + n for n in marked[role])}); "
                           f"choose one with --{role}")
    if not chosen:
        raise SimError(f"no kernel to run: mark functions with {pto.CORE_ATTR} = \"aic\"/\"aiv\" "
                       f"or {pto.KERNEL_KIND_ATTR}, or name them with --cube/--vector")
    return Pair(chosen.get("cube"), chosen.get("vector"))


def global_extent(users: list, given: Mapping[int, str]) -> int:
    """Elements the global memory of a pointer needs: the furthest element
    the tensor views of it in `users` (each a function, the position of its
    argument holding the pointer, and the launch position of each of its
    arguments: launch.launch_argument) reach (none without views: e.g. an
    initialise op's GM slot buffer, whose slots the simulator does not
    model, as messages carry copies of their tiles). Shapes and strides are
    constants or scalar launch arguments given with --arg; SimError for any
    other operand."""
    constants, extent = Constants(), 0
    for func, index, positions in users:
        arguments = list(func.regions[0].blocks[0].arguments)
        for use in arguments[index].uses:
            op = use.owner
            if op.name != "pto.make_tensor_view":
                continue
            dims = [_view_size(op, v, constants, arguments, positions, given)
                    for v in list(op.operands)[1:]]
            shape, strides = dims[:len(dims) // 2], dims[len(dims) // 2:]
            if 0 not in shape:
                last = sum((n - 1) * st for n, st in zip(shape, strides)) + 1
                extent = max(extent, last)
    return extent


def _view_size(op, value: ir.Value, constants: Constants, arguments: list,
               positions: tuple, given: Mapping[int, str]) -> int:
    missing: list[int] = []
    number = _evaluate(value, constants, arguments, positions, given, missing)
    if number is not None:
        return number
    if missing:
        options = " ".join(f"--arg {n}=N" for n in sorted(set(missing)))
        raise SimError(f"{where(op)}: a view shape or stride is computed from argument(s) "
                       f"{', '.join(f'#{n}' for n in sorted(set(missing)))}: give "
                       f"{options} (the simulator sizes global memory from the views)")
    raise SimError(f"{where(op)}: non-constant view shape or stride: the simulator sizes "
                   "global memory from the views")


# Integer arithmetic a view's shape or stride is computed with from
# constants and scalar arguments (pypto: `arith.muli %arg9, %c128`).
_FOLDS = {"arith.addi": lambda a, b: a + b, "arith.subi": lambda a, b: a - b,
          "arith.muli": lambda a, b: a * b, "arith.maxsi": max, "arith.minsi": min}
_CASTS = ("arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui")


def _evaluate(value: ir.Value, constants: Constants, arguments: list, positions: tuple,
              given: Mapping[int, str], missing: list[int]) -> int | None:
    """The value of `value` from constants and the given launch arguments
    (`positions`: the launch position of each of `arguments`), or None (the
    launch arguments it needs but lacks added to `missing`)."""
    if value in arguments:
        number = positions[arguments.index(value)]
        if number is not None and number in given:
            return int(given_value(given[number], value.type))
        if number is not None:
            missing.append(number)
        return None
    if not isinstance(value, ir.OpResult):
        return None
    owner = value.owner
    if owner.name in _FOLDS or owner.name in _CASTS:
        parts = [_evaluate(v, constants, arguments, positions, given, missing)
                 for v in owner.operands]
        if None in parts:
            return None
        return _FOLDS[owner.name](*parts) if owner.name in _FOLDS else parts[0]
    try:
        return constants.get(value, "view shape or stride")
    except NonStaticRange:
        return None


def make_inputs(module: ir.Module, pair: Pair, seed: int,
                given: Mapping[int, str] | None = None,
                max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES) -> dict[str, list]:
    """Seeded arguments for each role's function (see the module docstring),
    with the scalar launch arguments in `given` (index -> text) set to those
    values; SimError for an argument of more than `max_value_bytes`, or one
    whose launch value cannot be read."""
    funcs = functions_of(module)
    rng = np.random.default_rng(seed)
    kernels = {role: funcs[name] for role, name in pair.functions().items()}
    types = {role: arg_types(func) for role, func in kernels.items()}
    names = {role: launch_names(func) for role, func in kernels.items()}
    positions = {role: tuple(map(launch_argument, ns)) for role, ns in names.items()}
    given = dict(given or {})
    for index in given:
        if not any(p == index and not isinstance(t, ir.ShapedType)
                   and tile_types.pto_type(t) is None
                   for role in types for p, t in zip(positions[role], types[role])):
            raise SimError(f"--arg {index}: the pto.entry passes no kernel of the pair its "
                           f"scalar argument #{index}" if _by_entry(names) else
                           f"--arg {index}: no kernel of the pair has a scalar argument #{index}")
    args: dict[str, list] = {}
    # One value per launch value, drawn the first time an argument of that
    # type holds it: cube arguments first, then the vector's.
    drawn: dict = {}
    for role in ("cube", "vector"):
        if role not in types:
            continue
        func = kernels[role]
        values = []
        for i, t in enumerate(types[role]):
            name = names[role][i]
            if (name, str(t)) in drawn:
                values.append(drawn[name, str(t)])
                continue
            try:
                if name is None:
                    raise SimError("the pto.entry's launch of the kernel cannot be read (it "
                                   "calls the kernel more than once, or makes an indirect "
                                   "call)")
                if positions[role][i] is None:
                    value = _constant_operand(name, t)
                else:
                    value = _draw(t, name, kernels, types, names, positions, given, rng,
                                  max_value_bytes)
            except SimError as exc:
                raise SimError(f"{where(func)}: argument #{i} of "
                               f"@{pair.functions()[role]}: {exc}") from None
            drawn[name, str(t)] = value
            values.append(value)
        _check_noalias(func, names[role], pair.functions()[role])
        args[role] = values
    return args


def _check_noalias(func, names: tuple, kernel: str) -> None:
    """SimError when the launch binds one buffer to two memory arguments of
    `func` and one of them is declared `llvm.noalias` (distinct from the
    other arguments): the kernel's contract is broken, and what the pass
    did on its word would be checked against an input it does not hold."""
    attrs = func.attributes["arg_attrs"] if "arg_attrs" in func.attributes else None
    types = arg_types(func)
    memory = [i for i, t in enumerate(types) if isinstance(t, ir.MemRefType)
              or isinstance(tile_types.pto_type(t), tile_types.Ptr)]
    for a, i in enumerate(memory):
        for j in memory[a + 1:]:
            if names[i] is None or names[i] != names[j]:
                continue
            marked = [k for k in (i, j) if attrs is not None and "llvm.noalias" in attrs[k]]
            if marked:
                raise SimError(f"{where(func)}: the launch passes one buffer to arguments "
                               f"#{i} and #{j} of @{kernel}, but #{marked[0]} is declared "
                               "llvm.noalias (distinct from the other arguments)")


def _by_entry(names: dict) -> bool:
    """Whether a pto.entry launches the kernels (their arguments are named
    in the entry: launch.launch_names)."""
    return any(name is None or name[0] for ns in names.values() for name in ns)


def _draw(t: ir.Type, name, kernels: dict, types: dict, names: dict, positions: dict,
          given: Mapping[int, str], rng, max_value_bytes: int):
    """A seeded value of type `t` for launch value `name` (an argument of
    the launch), the given one for a scalar in `given`."""
    pointer = tile_types.pto_type(t)
    if isinstance(pointer, tile_types.Ptr):
        users = [(kernels[role], k, positions[role]) for role in kernels
                 for k, (n, other) in enumerate(zip(names[role], types[role]))
                 if n == name and other == t]
        dtype = dtype_of(pointer.element)
        extent = (global_extent(users, given),)
        check_size(str(t), extent, dtype.itemsize, max_value_bytes)
        return GlobalPtr(random_array(dtype, extent, rng))
    value = random_value(t, rng, max_value_bytes)
    number = launch_argument(name)
    if number in given and not isinstance(t, ir.ShapedType) and pointer is None:
        value = given_value(given[number], t)
    return value


def _constant_operand(name, t: ir.Type):
    """The value of a launch value computed in the pto.entry: an integer
    constant; SimError for anything else."""
    key = name[1]
    if len(key) == 2 and isinstance(key[0], int) and not isinstance(t, ir.ShapedType):
        return given_value(str(key[0]), t)
    raise SimError("the pto.entry passes it a value it computes: the simulator runs "
                   "kernels on the entry's arguments and integer constants only")
