# RUN: %python -m pytest -q -p no:cacheprovider %s
"""verify/symbolic.py against MLIR's own lowering: random `arith` expressions
of one i8 or i16 argument, evaluated symbolically over all its values
(trips.over_all_trips: each branch an int or an Affine of X), must give at
every X what the expression compiled by upstream's arith-to-LLVM lowering
and run by the ExecutionEngine gives: wrap-around, unsigned views, signed
and unsigned divisions and every cmpi predicate included."""

from __future__ import annotations

import ctypes
import random

import pytest
from mlir import ir
from mlir.execution_engine import ExecutionEngine
from mlir.passmanager import PassManager

from skew_mlir.dialect import make_context
from skew_mlir.loop_ranges import argument_key, value_key
from skew_mlir.verify.symbolic import Evaluator
from skew_mlir.verify.trips import Affine, NotAffine, TripSet, over_all_trips

LOWER = "builtin.module(convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)"
DEPTH = 7  # value_key keys expressions up to 8 levels deep


class Expression:
    """A random SSA expression over %x of type `width` bits."""

    def __init__(self, rng: random.Random, width: int, ops: int):
        self.rng = rng
        self.width = width
        self.lines: list[str] = []
        self.values: list[tuple[str, str, int]] = [("%x", f"i{width}", 0)]  # name, type, depth
        for _ in range(ops):
            self._op()
        self.result = self.values[-1]

    def _fresh(self, text: str, type_: str, depth: int) -> None:
        name = f"%v{len(self.lines)}"
        self.lines.append(f"{name} = {text}")
        self.values.append((name, type_, depth))

    def _constant(self, type_: str, nonzero: bool = False) -> tuple[str, int]:
        bits = int(type_[1:])
        low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        pick = self.rng.choice([0, 1, 2, 3, -1, -2, high, low, high - 1, low + 1,
                                self.rng.randint(low, high)])
        if nonzero and pick in (0, -1):
            pick = self.rng.choice([1, 2, 3, 5, 7, high])
        return pick, 0

    def _operand(self, type_: str) -> tuple[str, int]:
        pool = [v for v in self.values if v[1] == type_ and v[2] < DEPTH]
        if pool and self.rng.random() < 0.75:
            name, _, depth = self.rng.choice(pool)
            return name, depth
        value, depth = self._constant(type_)
        name = f"%k{len(self.lines)}"
        self.lines.append(f"{name} = arith.constant {value} : {type_}")
        return name, depth

    def _op(self) -> None:
        rng = self.rng
        ints = [t for t in (f"i{self.width}", "i16", "i8") if any(v[1] == t for v in self.values)]
        type_ = rng.choice(ints)
        kind = rng.choice(["add", "add", "div", "minmax", "cmp", "cmp", "select",
                           "logic", "cast"])
        if kind == "add":
            op = rng.choice(["addi", "subi", "muli"])
            a, da = self._operand(type_)
            if op == "muli":
                value, _ = self._constant(type_)
                self.lines.append(f"%m{len(self.lines)} = arith.constant {value} : {type_}")
                b, db = f"%m{len(self.lines) - 1}", 0
            else:
                b, db = self._operand(type_)
            self._fresh(f"arith.{op} {a}, {b} : {type_}", type_, max(da, db) + 1)
        elif kind == "div":
            op = rng.choice(["divui", "remui", "ceildivui", "divsi", "remsi",
                             "floordivsi", "ceildivsi"])
            a, da = self._operand(type_)
            value, _ = self._constant(type_, nonzero=True)
            self.lines.append(f"%d{len(self.lines)} = arith.constant {value} : {type_}")
            self._fresh(f"arith.{op} {a}, %d{len(self.lines) - 1} : {type_}", type_, da + 1)
        elif kind == "minmax":
            op = rng.choice(["maxsi", "minsi", "maxui", "minui"])
            (a, da), (b, db) = self._operand(type_), self._operand(type_)
            self._fresh(f"arith.{op} {a}, {b} : {type_}", type_, max(da, db) + 1)
        elif kind == "cmp":
            predicate = rng.choice(["eq", "ne", "slt", "sle", "sgt", "sge",
                                    "ult", "ule", "ugt", "uge"])
            (a, da), (b, db) = self._operand(type_), self._operand(type_)
            self._fresh(f"arith.cmpi {predicate}, {a}, {b} : {type_}", "i1",
                        max(da, db) + 1)
        elif kind == "select":
            conditions = [v for v in self.values if v[1] == "i1" and v[2] < DEPTH]
            if not conditions:
                return
            c, dc = rng.choice(conditions)[0::2]
            (a, da), (b, db) = self._operand(type_), self._operand(type_)
            self._fresh(f"arith.select {c}, {a}, {b} : {type_}", type_, max(da, db, dc) + 1)
        elif kind == "logic":
            conditions = [v for v in self.values if v[1] == "i1" and v[2] < DEPTH]
            if len(conditions) < 2:
                return
            (a, _, da), (b, _, db) = rng.sample(conditions, 2)
            op = rng.choice(["andi", "ori", "xori"])
            self._fresh(f"arith.{op} {a}, {b} : i1", "i1", max(da, db) + 1)
        else:
            a, da = self._operand(type_)
            if type_ == "i16":
                self._fresh(f"arith.trunci {a} : i16 to i8", "i8", da + 1)
            else:
                op = rng.choice(["extsi", "extui"])
                self._fresh(f"arith.{op} {a} : {type_} to i16", "i16", da + 1)

    def text(self) -> str:
        name, type_, _ = self.result
        widen = "extui" if type_ == "i1" else "extsi"
        body = "\n    ".join(self.lines)
        return (f"func.func @f(%x: i{self.width}) -> i64 attributes {{llvm.emit_c_interface}} {{\n"
                f"    {body}\n    %out = arith.{widen} {name} : {type_} to i64\n"
                f"    return %out : i64\n}}")


def _compiled(text: str):
    module = ir.Module.parse(text)
    function = module.body.operations[0]
    out = function.regions[0].blocks[0].operations[-2].operands[0]  # the widened value
    key = value_key(out, lambda argument: ("", argument_key(argument.arg_number,
                                                                argument.type)))
    lowered = ir.Module.parse(text)
    PassManager.parse(LOWER).run(lowered.operation)
    return key, ExecutionEngine(lowered, opt_level=0)


def _run(engine, width: int, x: int) -> int:
    argument = (ctypes.c_int8 if width == 8 else ctypes.c_int16)(x)
    result = ctypes.c_int64(0)
    engine.invoke("f", ctypes.pointer(argument), ctypes.pointer(result))
    return result.value


def _at(value, x: int) -> int:
    return (value.a * x + value.b) // value.c if isinstance(value, Affine) else value


@pytest.mark.parametrize("seed", range(40))
def test_symbolic_arith_matches_llvm(seed):
    rng = random.Random(20271203 + seed)
    width = 8 if seed % 4 else 16
    expression = Expression(rng, width, rng.randint(2, 9))
    with make_context(), ir.Location.unknown():
        key, engine = _compiled(expression.text())
        assert key is not None, expression.text()
        variable = ("", "%arg0", f"i{width}")
        half = 1 << (width - 1)
        try:
            branches = over_all_trips(lambda x: (Evaluator(variable, x).evaluate(key), 1),
                                      100_000, TripSet(1, 0, -half, half - 1))
        except NotAffine as exc:  # a product of %x by itself, say: never a guess
            assert any(why in str(exc) for why in ("product", "more than 4", "classes")), \
                (exc, expression.text())
            return
        _, result_type, _ = expression.result
        covered = 0
        for trips, value in branches:
            xs = range(trips.first(), trips.last() + 1, trips.modulus)
            if width == 16:  # every branch's ends and a sample between
                xs = sorted({*xs[:3], *xs[-3:], *rng.sample(xs, min(20, len(xs)))})
            for x in xs:
                got = _at(value, x)
                expected = _run(engine, width, x)
                if result_type == "i1":
                    got = int(got != 0)
                assert got == expected, (f"X = {x}: symbolic {got} ({value} on {trips}), "
                                         f"LLVM {expected}\n{expression.text()}")
            covered += len(range(trips.first(), trips.last() + 1, trips.modulus))
        assert covered == 2 * half  # the branches partition the values


def test_an_i1_argument_as_a_condition():
    """X itself an i1 (true is -1): select and a condition read it as nonzero."""
    text = """func.func @f(%x: i1) -> i64 attributes {llvm.emit_c_interface} {
    %five = arith.constant 5 : i8
    %seven = arith.constant 7 : i8
    %v = arith.select %x, %five, %seven : i8
    %out = arith.extsi %v : i8 to i64
    return %out : i64
}"""
    with make_context(), ir.Location.unknown():
        key, engine = _compiled(text)
        branches = over_all_trips(lambda x: (Evaluator(("", "%arg0", "i1"), x).evaluate(key), 1),
                                  100, TripSet(1, 0, -1, 0))
        for trips, value in branches:
            for x in range(trips.first(), trips.last() + 1):
                result = ctypes.c_int64(0)
                engine.invoke("f", ctypes.pointer(ctypes.c_bool(x != 0)), ctypes.pointer(result))
                assert _at(value, x) == result.value == (5 if x else 7), (x, value)
