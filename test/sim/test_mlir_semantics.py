# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""Integer and float semantics where numpy's defaults are not MLIR's: i1 is
one two's-complement bit (true is -1 when read signed), float-to-unsigned
conversions, round-half-away and the fused multiply-add. The expected values
are what MLIR's lowering (the JIT) computes."""

from fractions import Fraction

import numpy as np
import pytest
from conftest import parse, run_function

from skew_mlir.sim.errors import SimError
from skew_mlir.sim.scheduler import simulate

TRUE, FALSE = np.bool_(True), np.bool_(False)


def cast(op: str, src: str, dst: str, x):
    return run_function(f"""func.func @f(%a: {src}) -> {dst} {{
      %r = {op} %a : {src} to {dst}
      return %r : {dst} }}""", x)[0]


def binary(op: str, ty: str, a, b, res: str | None = None):
    res = res or ty
    return run_function(f"""func.func @f(%a: {ty}, %b: {ty}) -> {res} {{
      %r = {op} %a, %b : {ty}
      return %r : {res} }}""", a, b)[0]


def test_i1_true_is_minus_one_when_read_signed():
    assert cast("arith.sitofp", "i1", "f32", TRUE) == np.float32(-1)
    assert cast("arith.index_cast", "i1", "index", TRUE) == np.int64(-1)
    assert cast("arith.extsi", "i1", "i32", TRUE) == np.int32(-1)
    assert binary("arith.cmpi slt,", "i1", TRUE, FALSE, "i1") == TRUE
    assert binary("arith.cmpi sgt,", "i1", TRUE, FALSE, "i1") == FALSE
    assert binary("arith.maxsi", "i1", TRUE, FALSE) == FALSE
    assert binary("arith.minsi", "i1", TRUE, FALSE) == TRUE
    assert binary("arith.divsi", "i1", FALSE, TRUE) == FALSE


def test_i1_true_is_one_when_read_unsigned():
    assert cast("arith.uitofp", "i1", "f32", TRUE) == np.float32(1)
    assert cast("arith.index_castui", "i1", "index", TRUE) == np.int64(1)
    assert cast("arith.extui", "i1", "i32", TRUE) == np.int32(1)
    assert binary("arith.cmpi ult,", "i1", TRUE, FALSE, "i1") == FALSE
    assert binary("arith.maxui", "i1", TRUE, FALSE) == TRUE


def test_narrowing_to_i1_keeps_the_low_bit():
    assert cast("arith.index_cast", "index", "i1", np.int64(2)) == FALSE
    assert cast("arith.index_cast", "index", "i1", np.int64(3)) == TRUE
    assert cast("arith.trunci", "i32", "i1", np.int32(2)) == FALSE
    assert cast("arith.index_castui", "index", "i1", np.int64(4)) == FALSE
    assert binary("arith.addi", "i1", TRUE, TRUE) == FALSE
    assert binary("arith.muli", "i1", TRUE, TRUE) == TRUE


def test_i1_reduction_adds_modulo_two():
    out = run_function("""func.func @f(%a: tensor<3xi1>) -> (tensor<i1>, tensor<i1>) {
      %z = arith.constant dense<false> : tensor<i1>
      %s = linalg.reduce ins(%a : tensor<3xi1>) outs(%z : tensor<i1>) dimensions = [0]
        (%x: i1, %acc: i1) { %r = arith.addi %x, %acc : i1
          linalg.yield %r : i1 }
      %m = linalg.reduce ins(%a : tensor<3xi1>) outs(%z : tensor<i1>) dimensions = [0]
        (%x: i1, %acc: i1) { %r = arith.maxsi %x, %acc : i1
          linalg.yield %r : i1 }
      return %s, %m : tensor<i1>, tensor<i1> }""", np.array([True, True, False]))
    assert not out[0] and not out[1]


def test_an_i1_loop_compares_its_bounds_as_the_loop_says():
    loop = """func.func @f() -> i32 {{
      %f = arith.constant false
      %t = arith.constant true
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %n = scf.for {} %i = %f to %t step %t iter_args(%k = %c0) -> (i32) : i1 {{
        %k1 = arith.addi %k, %c1 : i32
        scf.yield %k1 : i32 }}
      return %n : i32 }}"""
    assert run_function(loop.format(""))[0] == 0  # signed: false (0) to true (-1)
    assert run_function(loop.format("unsigned"))[0] == 1  # unsigned: 0 to 1


def test_fptoui_of_a_value_beyond_the_signed_range():
    assert cast("arith.fptoui", "f32", "i32", np.float32(3e9)) == np.int32(3000000000 - 2**32)
    assert cast("arith.fptoui", "f64", "i64", np.float64(2.0**63)) == np.int64(-2**63)
    assert cast("arith.fptoui", "f32", "i8", np.float32(255.9)) == np.int8(-1)
    assert cast("arith.fptosi", "f32", "i8", np.float32(-128.5)) == np.int8(-128)


@pytest.mark.parametrize("op, src, dst, x", [
    ("arith.fptoui", "f32", "i32", 5e9), ("arith.fptoui", "f32", "i32", -1.0),
    ("arith.fptosi", "f32", "i32", 3e9), ("arith.fptosi", "f64", "i8", float("nan")),
    ("arith.fptosi", "f32", "i64", float("inf"))])
def test_an_unrepresentable_conversion_is_a_located_error(op, src, dst, x):
    with pytest.raises(SimError, match=rf"{op} of .* is out of the range of {dst} \(poison"):
        cast(op, src, dst, np.dtype({"f32": np.float32, "f64": np.float64}[src]).type(x))


@pytest.mark.parametrize("ty, dtype", [("f32", np.float32), ("f64", np.float64),
                                       ("f16", np.float16)])
def test_round_is_half_away_from_zero_exactly(ty, dtype):
    below_half = np.nextafter(dtype(0.5), dtype(0))
    for x, want in [(below_half, 0), (-below_half, -0.0), (0.5, 1), (-2.5, -3), (1.5, 2),
                    (2**52 + 1 if ty == "f64" else 3, 2**52 + 1 if ty == "f64" else 3)]:
        got = run_function(f"""func.func @f(%a: {ty}) -> {ty} {{
          %r = math.round %a : {ty}
          return %r : {ty} }}""", dtype(x))[0]
        assert got == dtype(want) and np.signbit(got) == np.signbit(dtype(want)), (x, got)


def fma(ty: str, a, b, c):
    return run_function(f"""func.func @f(%a: {ty}, %b: {ty}, %c: {ty}) -> {ty} {{
      %r = math.fma %a, %b, %c : {ty}
      return %r : {ty} }}""", a, b, c)[0]


def test_fma_rounds_once():
    # (1 + 2^-23)(1 - 2^-24) - 1 = 2^-24 - 2^-47: lost entirely when a*b is
    # rounded first.
    a, b = np.float32(1 + 2.0**-23), np.float32(1 - 2.0**-24)
    assert fma("f32", a, b, np.float32(-1)) == np.float32(2.0**-24 - 2.0**-47)
    a64, b64 = np.float64(1 + 2.0**-52), np.float64(1 - 2.0**-53)
    assert fma("f64", a64, b64, np.float64(-1)) == np.float64(2.0**-53 - 2.0**-105)
    assert fma("f64", np.float64(1e308), np.float64(10), np.float64(-np.inf)) == -np.inf


def round_f32(exact: Fraction) -> np.float32:
    """`exact` rounded to the nearest f32, ties to even, without rounding
    through f64 first."""
    near = np.float32(float(exact))
    candidates = [np.nextafter(near, np.float32(-np.inf)), near,
                  np.nextafter(near, np.float32(np.inf))]
    return min(candidates, key=lambda v: (abs(Fraction(float(v)) - exact),
                                          int(v.view(np.uint32)) & 1))


def test_fma_f32_is_correctly_rounded():
    rng = np.random.default_rng(1)
    a, b, c = (rng.standard_normal(2000).astype(np.float32) for _ in range(3))
    got = run_function("""func.func @f(%a: tensor<2000xf32>, %b: tensor<2000xf32>,
        %c: tensor<2000xf32>) -> tensor<2000xf32> {
      %e = tensor.empty() : tensor<2000xf32>
      %r = linalg.map { math.fma } ins(%a, %b, %c : tensor<2000xf32>, tensor<2000xf32>,
        tensor<2000xf32>) outs(%e : tensor<2000xf32>)
      return %r : tensor<2000xf32> }""", a, b, c)[0]
    want = [round_f32(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z)))
            for x, y, z in zip(a, b, c)]
    assert (got == np.array(want)).all()


def test_an_unsigned_matmul_zero_extends():
    module = parse("""module {
      func.func @f() -> tensor<2x2xi32> {
        %a = arith.constant dense<-1> : tensor<2x2xi8>
        %b = arith.constant dense<1> : tensor<2x2xi8>
        %z = arith.constant dense<0> : tensor<2x2xi32>
        %u = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>}
          ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>) outs(%z : tensor<2x2xi32>) -> tensor<2x2xi32>
        %s = linalg.matmul ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>)
          outs(%u : tensor<2x2xi32>) -> tensor<2x2xi32>
        return %s : tensor<2x2xi32> } }""")
    out = simulate(module, cube="f", inputs={"cube": []}).outputs["cube"][0]
    assert (out == 510 - 2).all()
