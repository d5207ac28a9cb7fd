# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest, hypothesis
"""Op semantics of the interpreter against numpy."""

import numpy as np
import pytest
from conftest import f32, parse, run_function
from hypothesis import given, settings
from hypothesis import strategies as st

from skew_mlir.sim.errors import SimError, UnsupportedOp
from skew_mlir.sim.scheduler import simulate


def unary(op: str, ty: str, x, res_ty: str | None = None):
    res_ty = res_ty or ty
    text = f"""func.func @f(%a: {ty}) -> {res_ty} {{
      %r = {op} %a : {ty}{'' if res_ty == ty else ' to ' + res_ty}
      return %r : {res_ty} }}"""
    return run_function(text, x)[0]


def binary(op: str, ty: str, a, b, res_ty: str | None = None):
    res_ty = res_ty or ty
    text = f"""func.func @f(%a: {ty}, %b: {ty}) -> {res_ty} {{
      %r = {op} %a, %b : {ty}
      return %r : {res_ty} }}"""
    return run_function(text, a, b)[0]


INT32 = st.integers(-2**31, 2**31 - 1)


@settings(max_examples=60, deadline=None)
@given(INT32, INT32.filter(lambda v: v != 0))
def test_signed_division_truncates_toward_zero(a, b):
    a32, b32 = np.int32(a), np.int32(b)
    if a == -2**31 and b == -1:
        return  # overflow: undefined in arith
    q = binary("arith.divsi", "i32", a32, b32)
    r = binary("arith.remsi", "i32", a32, b32)
    fl = binary("arith.floordivsi", "i32", a32, b32)
    ce = binary("arith.ceildivsi", "i32", a32, b32)
    assert int(q) == abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    assert int(q) * b + int(r) == a
    assert int(fl) == a // b
    assert int(ce) == -((-a) // b)  # exact in Python integers


def test_integer_wraparound_and_unsigned_ops():
    assert binary("arith.addi", "i32", np.int32(2**31 - 1), np.int32(1)) == np.int32(-2**31)
    assert binary("arith.divui", "i32", np.int32(-2), np.int32(2)) == np.int32(2**31 - 1)
    assert binary("arith.remui", "i8", np.int8(-1), np.int8(10)) == np.int8(255 % 10)
    assert binary("arith.shrui", "i8", np.int8(-128), np.int8(7)) == np.int8(1)
    assert binary("arith.shrsi", "i8", np.int8(-128), np.int8(7)) == np.int8(-1)
    assert binary("arith.maxui", "i32", np.int32(-1), np.int32(5)) == np.int32(-1)
    assert binary("arith.addi", "i1", np.bool_(True), np.bool_(True)) == np.bool_(False)


def test_division_by_zero_is_reported():
    with pytest.raises(SimError, match="integer division by zero"):
        binary("arith.divsi", "i32", np.int32(1), np.int32(0))


def test_a_declaration_stops_the_run_only_when_called():
    text = """func.func private @ext(i32)
    func.func @f(%a: i32, %b: i1) -> i32 {
      scf.if %b {
        func.call @ext(%a) : (i32) -> ()
      }
      return %a : i32 }"""
    assert run_function(text, np.int32(7), np.bool_(False))[0] == 7
    with pytest.raises(SimError, match="@ext is a declaration without a body"):
        run_function(text, np.int32(7), np.bool_(True))


def test_comparisons_with_nan():
    nan = np.float32("nan")
    one = np.float32(1)
    for pred, expected in [("oeq", False), ("une", True), ("ult", True), ("olt", False),
                           ("uno", True), ("ord", False)]:
        text = f"""func.func @f(%a: f32, %b: f32) -> i1 {{
          %r = arith.cmpf {pred}, %a, %b : f32
          return %r : i1 }}"""
        assert bool(run_function(text, nan, one)[0]) is expected, pred
    text = """func.func @f(%a: i32, %b: i32) -> (i1, i1) {
      %s = arith.cmpi slt, %a, %b : i32
      %u = arith.cmpi ult, %a, %b : i32
      return %s, %u : i1, i1 }"""
    s, u = run_function(text, np.int32(-1), np.int32(1))
    assert bool(s) and not bool(u)


def test_float_ops_match_numpy():
    a, b = f32(1.5, -2.0, np.nan), f32(0.5, 3.0, 1.0)
    ty = "tensor<3xf32>"
    np.testing.assert_array_equal(binary("arith.addf", ty, a, b), a + b)
    np.testing.assert_array_equal(binary("arith.divf", ty, a, b), a / b)
    np.testing.assert_array_equal(binary("arith.maximumf", ty, a, b), np.maximum(a, b))
    np.testing.assert_array_equal(binary("arith.maxnumf", ty, a, b), np.fmax(a, b))
    np.testing.assert_array_equal(unary("math.exp", ty, a), np.exp(a))
    np.testing.assert_array_equal(unary("math.rsqrt", ty, b), 1 / np.sqrt(b))
    np.testing.assert_array_equal(unary("arith.negf", ty, a), -a)
    assert unary("math.round", "f32", np.float32(-2.5)) == np.float32(-3.0)
    assert unary("math.roundeven", "f32", np.float32(-2.5)) == np.float32(-2.0)


def test_casts():
    assert unary("arith.extsi", "i1", np.bool_(True), "i32") == np.int32(-1)
    assert unary("arith.extui", "i1", np.bool_(True), "i32") == np.int32(1)
    assert unary("arith.extui", "i8", np.int8(-1), "i32") == np.int32(255)
    assert unary("arith.trunci", "i32", np.int32(3), "i1") == np.bool_(True)
    assert unary("arith.trunci", "i32", np.int32(258), "i8") == np.int8(2)
    assert unary("arith.fptosi", "f32", np.float32(-2.7), "i32") == np.int32(-2)
    assert unary("arith.uitofp", "i8", np.int8(-1), "f32") == np.float32(255)
    assert unary("arith.index_cast", "i32", np.int32(-5), "index") == np.int64(-5)
    assert unary("arith.truncf", "f32", np.float32(1 / 3), "f16") == np.float16(1 / 3)


def test_constants_and_select():
    text = """func.func @f(%c: i1) -> (tensor<2x2xf32>, tensor<3xi32>, f32) {
      %d = arith.constant dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>
      %s = arith.constant dense<7> : tensor<3xi32>
      %x = arith.constant 1.0 : f32
      %y = arith.constant 2.0 : f32
      %r = arith.select %c, %x, %y : f32
      return %d, %s, %r : tensor<2x2xf32>, tensor<3xi32>, f32 }"""
    d, s, r = run_function(text, np.bool_(False))
    np.testing.assert_array_equal(d, [[1, 2], [3, 4.5]])
    np.testing.assert_array_equal(s, [7, 7, 7])
    assert r == np.float32(2.0)


def test_tensor_slices_dynamic_and_rank_reducing():
    text = """func.func @f(%t: tensor<4x6xf32>, %i: index) -> (tensor<6xf32>, tensor<4x6xf32>, f32) {
      %c1 = arith.constant 1 : index
      %row = tensor.extract_slice %t[%i, 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<6xf32>
      %sub = tensor.extract_slice %t[0, 1] [2, 3] [2, 2] : tensor<4x6xf32> to tensor<2x3xf32>
      %ins = tensor.insert_slice %sub into %t[%c1, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>
      %e = tensor.extract %t[%i, %c1] : tensor<4x6xf32>
      return %row, %ins, %e : tensor<6xf32>, tensor<4x6xf32>, f32 }"""
    t = np.arange(24, dtype=np.float32).reshape(4, 6)
    row, ins, e = run_function(text, t, np.int64(2))
    np.testing.assert_array_equal(row, t[2])
    expected = t.copy()
    expected[1:3, 0:3] = t[0:4:2, 1:6:2]
    np.testing.assert_array_equal(ins, expected)
    assert e == t[2, 1]
    np.testing.assert_array_equal(t, np.arange(24).reshape(4, 6))  # inputs untouched


def test_out_of_bounds_slice_names_the_op():
    text = """func.func @f(%t: tensor<4xf32>, %i: index) -> tensor<2xf32> {
      %s = tensor.extract_slice %t[%i] [2] [1] : tensor<4xf32> to tensor<2xf32>
      return %s : tensor<2xf32> }"""
    with pytest.raises(SimError, match=r"-:2:12: slice \[offset 3, size 2"):
        run_function(text, f32(1, 2, 3, 4), np.int64(3))


def test_tensor_empty_is_poison():
    text = """func.func @f() -> tensor<2xf32> {
      %e = tensor.empty() : tensor<2xf32>
      return %e : tensor<2xf32> }"""
    assert np.isnan(run_function(text)[0]).all()


def test_linalg_matmul_transpose_fill():
    text = """func.func @f(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>) -> tensor<3x5xf32> {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4x5xf32>
      %bt = linalg.transpose ins(%b : tensor<5x4xf32>) outs(%e : tensor<4x5xf32>) permutation = [1, 0]
      %o = tensor.empty() : tensor<3x5xf32>
      %f = linalg.fill ins(%z : f32) outs(%o : tensor<3x5xf32>) -> tensor<3x5xf32>
      %m = linalg.matmul ins(%a, %bt : tensor<3x4xf32>, tensor<4x5xf32>) outs(%f : tensor<3x5xf32>) -> tensor<3x5xf32>
      return %m : tensor<3x5xf32> }"""
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((3, 4), np.float32), rng.standard_normal((5, 4), np.float32)
    np.testing.assert_allclose(run_function(text, a, b)[0], a @ b.T, rtol=1e-6)


def test_linalg_matmul_with_transposed_indexing_maps():
    text = """func.func @f(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
      %m = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
             ins(%a, %b : tensor<3x4xf32>, tensor<5x4xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
      return %m : tensor<3x5xf32> }"""
    rng = np.random.default_rng(2)
    a, b, c = (rng.standard_normal(s, np.float32) for s in ((3, 4), (5, 4), (3, 5)))
    np.testing.assert_allclose(run_function(text, a, b, c)[0], c + a @ b.T, rtol=1e-5)


def test_linalg_reduce_generic_map_broadcast():
    text = """func.func @f(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>) {
      %ninf = arith.constant 0xFF800000 : f32
      %e = tensor.empty() : tensor<4xf32>
      %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %mx = linalg.reduce { arith.maximumf } ins(%x : tensor<4x8xf32>) outs(%m0 : tensor<4xf32>) dimensions = [1]
      %two = arith.constant 2.0 : f32
      %z = arith.constant 0.0 : f32
      %s0 = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %sq = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%s0 : tensor<4xf32>) dimensions = [1]
        (%in: f32, %acc: f32) {
          %p = arith.mulf %in, %in : f32
          %s = arith.addf %p, %acc : f32
          linalg.yield %s : f32
        }
      %pe = tensor.empty() : tensor<4x8xf32>
      %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>, affine_map<(r, c) -> (r)>, affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%x, %mx : tensor<4x8xf32>, tensor<4xf32>) outs(%pe : tensor<4x8xf32>) {
        ^bb0(%a: f32, %m: f32, %o: f32):
          %d = arith.subf %a, %m : f32
          %ex = math.exp %d : f32
          linalg.yield %ex : f32
      } -> tensor<4x8xf32>
      %h = linalg.map ins(%mx : tensor<4xf32>) outs(%e : tensor<4xf32>)
        (%a: f32, %unused: f32) {
          %r = arith.mulf %a, %two : f32
          linalg.yield %r : f32
        }
      %b = linalg.broadcast ins(%h : tensor<4xf32>) outs(%pe : tensor<4x8xf32>) dimensions = [1]
      return %mx, %sq, %p, %h, %b : tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32> }"""
    x = np.random.default_rng(3).standard_normal((4, 8), np.float32)
    mx, sq, p, h, b = run_function(text, x)
    np.testing.assert_array_equal(mx, x.max(1))
    np.testing.assert_allclose(sq, (x * x).sum(1), rtol=1e-5)
    np.testing.assert_allclose(p, np.exp(x - x.max(1, keepdims=True)), rtol=1e-6)
    np.testing.assert_array_equal(h, 2 * x.max(1))
    np.testing.assert_array_equal(b, np.broadcast_to((2 * x.max(1))[:, None], (4, 8)))


def test_generic_row_reduction_with_index():
    text = """func.func @f(%x: tensor<3x5xf32>) -> tensor<3xf32> {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<3xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
          ins(%x : tensor<3x5xf32>) outs(%f : tensor<3xf32>) {
        ^bb0(%a: f32, %acc: f32):
          %j = linalg.index 1 : index
          %ji = arith.index_cast %j : index to i32
          %jf = arith.sitofp %ji : i32 to f32
          %w = arith.mulf %a, %jf : f32
          %s = arith.addf %w, %acc : f32
          linalg.yield %s : f32
      } -> tensor<3xf32>
      return %r : tensor<3xf32> }"""
    x = np.random.default_rng(4).standard_normal((3, 5), np.float32)
    np.testing.assert_allclose(run_function(text, x)[0], (x * np.arange(5)).sum(1), rtol=1e-5)


def test_scf_for_if_while_and_call():
    text = """func.func @twice(%x: i32) -> i32 {
      %r = arith.addi %x, %x : i32
      return %r : i32 }
    func.func @f(%n: index) -> (i32, i32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
        %ii = arith.index_cast %i : index to i32
        %odd = arith.trunci %ii : i32 to i1
        %v = scf.if %odd -> (i32) {
          %t = func.call @twice(%ii) : (i32) -> i32
          scf.yield %t : i32
        } else {
          scf.yield %ii : i32
        }
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      %lim = arith.constant 100 : i32
      %w = scf.while (%x = %one) : (i32) -> i32 {
        %c = arith.cmpi slt, %x, %lim : i32
        scf.condition(%c) %x : i32
      } do {
      ^bb0(%x: i32):
        %d = func.call @twice(%x) : (i32) -> i32
        scf.yield %d : i32
      }
      return %s, %w : i32, i32 }"""
    s, w = run_function(text, np.int64(5))
    assert s == 0 + 2 * 1 + 2 + 2 * 3 + 4
    assert w == 128


def test_memref_ops_write_through_views():
    text = """func.func @f(%m: memref<4x4xf32>) {
      %c1 = arith.constant 1 : index
      %v = arith.constant 7.0 : f32
      %sub = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
      memref.store %v, %sub[%c1, %c1] : memref<2x2xf32, strided<[4, 1], offset: 5>>
      return }"""
    m = np.zeros((4, 4), np.float32)
    (out,) = run_function(text, m)
    assert out[2, 2] == 7 and out.sum() == 7


def test_unsupported_op_names_op_and_location():
    text = """func.func @f(%a: f32) -> f32 {
      %r = math.cbrt %a : f32
      return %r : f32 }"""
    with pytest.raises(UnsupportedOp, match=r"^-:2:12: unsupported op 'math.cbrt'$"):
        run_function(text, np.float32(1))


def test_huge_loop_is_refused_up_front():
    text = """func.func @f() {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %big = arith.constant 1000000000 : index
      scf.for %i = %c0 to %big step %c1 {
        %x = arith.addi %i, %i : index
      }
      return }"""
    with pytest.raises(SimError, match=r"-:5:7: .*1000000000 iterations .* step limit"):
        run_function(text)
    with pytest.raises(SimError, match="step limit of 50"):
        simulate(parse(text.replace("1000000000", "40")), cube="f", inputs={"cube": []},
                 max_steps=50)


# --- several blocks: cf.br / cf.cond_br with block arguments -----------------

CFG_SUM = """func.func @f(%n: index, %x: f32) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  cf.br ^head(%c0, %zero : index, f32)
^head(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit(%acc, %i : f32, index)
^body:
  %next = arith.addf %acc, %x : f32
  %i1 = arith.addi %i, %c1 : index
  cf.br ^head(%i1, %next : index, f32)
^exit(%r: f32, %k: index):
  return %r, %k : f32, index
}"""


@pytest.mark.parametrize("n", [0, 1, 5])
def test_a_loop_of_blocks_passes_its_block_arguments(n):
    total, count = run_function(CFG_SUM, np.int64(n), np.float32(1.5))
    assert total == np.float32(1.5 * n) and count == n


def test_a_branch_may_swap_its_block_arguments():
    text = """func.func @f(%a: i32, %b: i32) -> (i32, i32) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      cf.br ^loop(%a, %b, %c0 : i32, i32, i32)
    ^loop(%x: i32, %y: i32, %k: i32):
      %done = arith.cmpi eq, %k, %c1 : i32
      %k1 = arith.addi %k, %c1 : i32
      cf.cond_br %done, ^out(%x, %y : i32, i32), ^loop(%y, %x, %k1 : i32, i32, i32)
    ^out(%p: i32, %q: i32):
      return %p, %q : i32, i32
    }"""
    assert run_function(text, np.int32(3), np.int32(4)) == [np.int32(4), np.int32(3)]


def test_other_branches_between_blocks_are_reported():
    text = """func.func @f(%a: i32) -> i32 {
      cf.switch %a : i32, [default: ^b(%a : i32), 1: ^b(%a : i32)]
    ^b(%x: i32):
      return %x : i32
    }"""
    with pytest.raises(UnsupportedOp, match=r"^-:2:7: unsupported op 'cf.switch': only "
                                            r"cf.br and cf.cond_br branch between blocks$"):
        run_function(text, np.int32(1))


def test_a_loop_of_blocks_that_never_leaves_stops_at_the_step_limit():
    text = """func.func @f() {
      cf.br ^spin
    ^spin:
      cf.br ^spin
    }"""
    with pytest.raises(SimError, match="exceeded the step limit of 1000 executed ops"):
        run_function(text, max_steps=1000)


def test_softmax_sums_in_loop_order():
    """linalg.softmax divides by a sum in loop order, as the linalg.generic
    ops it decomposes into (the JIT's) sum, not numpy's pairwise sum."""
    text = """func.func @f(%x: tensor<2x256xf32>) -> tensor<2x256xf32> {
      %e = tensor.empty() : tensor<2x256xf32>
      %r = linalg.softmax dimension(1) ins(%x : tensor<2x256xf32>) outs(%e : tensor<2x256xf32>) -> tensor<2x256xf32>
      return %r : tensor<2x256xf32> }"""
    x = np.random.default_rng(5).standard_normal((2, 256), np.float32)
    e = np.exp(x - x.max(1, keepdims=True))
    total = np.zeros((2, 1), np.float32)
    for k in range(256):
        total = total + e[:, k:k + 1]
    np.testing.assert_array_equal(run_function(text, x)[0], e / total)
