# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""linalg.generic with constant (broadcast) indices in its indexing maps, as
real softmax code writes them, and bf16 element types (ml_dtypes)."""

import ml_dtypes
import numpy as np
import pytest
from conftest import parse, run_function

from skew_mlir.sim.errors import SimError, UnsupportedOp
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.values import BF16, mlir_name

ROW_SOFTMAX = """
#id = affine_map<(r, c) -> (r, c)>
#row = affine_map<(r, c) -> (r, 0)>
func.func @f(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>) {
  %ninf = arith.constant -3.0e38 : f32
  %e = tensor.empty() : tensor<4x1xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<4x1xf32>) -> tensor<4x1xf32>
  %m = linalg.generic {indexing_maps = [#id, #row],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4x1xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %r = arith.maximumf %a, %acc : f32
      linalg.yield %r : f32
  } -> tensor<4x1xf32>
  %o = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4x8xf32>, tensor<4x1xf32>) outs(%o : tensor<4x8xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %d = arith.subf %a, %b : f32
      %v = math.exp %d : f32
      linalg.yield %v : f32
  } -> tensor<4x8xf32>
  return %s, %m : tensor<4x8xf32>, tensor<4x1xf32>
}"""


def test_row_broadcast_reduction_and_use():
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    s, m = run_function(ROW_SOFTMAX, x)
    want_m = x.max(axis=1, keepdims=True)
    assert m.shape == (4, 1) and np.array_equal(m, want_m)
    assert np.array_equal(s, np.exp(x - want_m))


def test_column_broadcast_input():
    text = """
    func.func @f(%x: tensor<4x8xf32>, %bias: tensor<1x8xf32>) -> tensor<4x8xf32> {
      %o = tensor.empty() : tensor<4x8xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>,
                                            affine_map<(r, c) -> (0, c)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%x, %bias : tensor<4x8xf32>, tensor<1x8xf32>) outs(%o : tensor<4x8xf32>) {
        ^bb0(%a: f32, %b: f32, %out: f32):
          %v = arith.addf %a, %b : f32
          linalg.yield %v : f32
      } -> tensor<4x8xf32>
      return %r : tensor<4x8xf32>
    }"""
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 8)).astype(np.float32)
    bias = rng.standard_normal((1, 8)).astype(np.float32)
    (r,) = run_function(text, x, bias)
    assert np.array_equal(r, x + bias)


def test_constant_index_picks_a_row_and_keeps_the_rest_of_the_output():
    # Input reads row 2 of a 3x8 memref; the output writes column 1 of an 8x3
    # memref in place, leaving columns 0 and 2 as they were.
    text = """
    func.func @f(%x: memref<3x8xf32>, %out: memref<8x3xf32>) {
      linalg.generic {indexing_maps = [affine_map<(c) -> (2, c)>, affine_map<(c) -> (c, 1)>],
                      iterator_types = ["parallel"]}
          ins(%x : memref<3x8xf32>) outs(%out : memref<8x3xf32>) {
        ^bb0(%a: f32, %o: f32):
          %v = arith.addf %a, %o : f32
          linalg.yield %v : f32
      }
      return
    }"""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, 8)).astype(np.float32)
    out = rng.standard_normal((8, 3)).astype(np.float32)
    _, after = run_function(text, x, out.copy())
    want = out.copy()
    want[:, 1] += x[2]
    assert np.array_equal(after, want)


def test_constant_index_out_of_bounds_is_located():
    # A dynamic size: the op verifier cannot see that row 1 does not exist.
    text = """
    func.func @f(%x: tensor<?x8xf32>) -> tensor<4x8xf32> {
      %o = tensor.empty() : tensor<4x8xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(r, c) -> (1, c)>,
                                            affine_map<(r, c) -> (r, c)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%x : tensor<?x8xf32>) outs(%o : tensor<4x8xf32>) {
        ^bb0(%a: f32, %out: f32):
          linalg.yield %a : f32
      } -> tensor<4x8xf32>
      return %r : tensor<4x8xf32>
    }"""
    with pytest.raises(SimError, match=r"-:4:12: constant index 1 .* size 1"):
        run_function(text, np.zeros((1, 8), np.float32))


def test_non_constant_affine_map_is_still_refused():
    text = """
    func.func @f(%x: tensor<8xf32>) -> tensor<4xf32> {
      %o = tensor.empty() : tensor<4xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i * 2)>, affine_map<(i) -> (i)>],
                           iterator_types = ["parallel"]}
          ins(%x : tensor<8xf32>) outs(%o : tensor<4xf32>) {
        ^bb0(%a: f32, %out: f32):
          linalg.yield %a : f32
      } -> tensor<4xf32>
      return %r : tensor<4xf32>
    }"""
    with pytest.raises(UnsupportedOp, match="not a projected permutation"):
        run_function(text, np.zeros(8, np.float32))


# --- bf16 ----------------------------------------------------------------------

def bf16(*values) -> np.ndarray:
    return np.array(values, dtype=ml_dtypes.bfloat16)


def test_bf16_elementwise_rounds_like_ml_dtypes():
    text = """
    func.func @f(%a: tensor<3xbf16>, %b: tensor<3xbf16>) -> (tensor<3xbf16>, tensor<3xbf16>) {
      %s = arith.addf %a, %b : tensor<3xbf16>
      %e = math.exp %s : tensor<3xbf16>
      return %s, %e : tensor<3xbf16>, tensor<3xbf16>
    }"""
    a, b = bf16(1.0, 0.00390625, -2.5), bf16(0.0078125, 256.0, 1.25)
    s, e = run_function(text, a, b)
    assert s.dtype == BF16 and e.dtype == BF16
    assert s.tobytes() == (a + b).tobytes()
    # 256 + 1/256 is not representable in bf16: the sum rounds.
    assert float(s[1]) == 256.0
    with np.errstate(over="ignore"):  # exp(256) is inf in bf16 too
        assert e.tobytes() == np.exp(a + b).tobytes()


def test_bf16_matmul_into_f32_and_casts():
    text = """
    func.func @f(%a: tensor<2x4xbf16>, %b: tensor<4x3xbf16>) -> (tensor<2x3xf32>, tensor<2x3xbf16>) {
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<2x3xf32>
      %acc = linalg.fill ins(%z : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
      %c = linalg.matmul ins(%a, %b : tensor<2x4xbf16>, tensor<4x3xbf16>)
                         outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
      %t = arith.truncf %c : tensor<2x3xf32> to tensor<2x3xbf16>
      return %c, %t : tensor<2x3xf32>, tensor<2x3xbf16>
    }"""
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 4)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((4, 3)).astype(ml_dtypes.bfloat16)
    c, t = run_function(text, a, b)
    want = a.astype(np.float32) @ b.astype(np.float32)
    assert c.dtype == np.float32 and np.array_equal(c, want)
    assert t.dtype == BF16 and t.tobytes() == want.astype(ml_dtypes.bfloat16).tobytes()


def test_bf16_constants_splat_dense_and_scalar():
    text = """
    func.func @f() -> (tensor<2x2xbf16>, tensor<3xbf16>, bf16) {
      %d = arith.constant dense<[[1.0, 2.5], [-3.0, 0.1]]> : tensor<2x2xbf16>
      %s = arith.constant dense<-0.5> : tensor<3xbf16>
      %x = arith.constant 1.5 : bf16
      return %d, %s, %x : tensor<2x2xbf16>, tensor<3xbf16>, bf16
    }"""
    d, s, x = run_function(text)
    assert d.tobytes() == np.array([[1.0, 2.5], [-3.0, 0.1]], ml_dtypes.bfloat16).tobytes()
    assert s.tobytes() == bf16(-0.5, -0.5, -0.5).tobytes()
    assert x.dtype == BF16 and float(x) == 1.5


def test_bf16_kernel_arguments_are_seeded_bf16():
    module = parse("""
    func.func @k(%a: tensor<4x4xbf16>) -> tensor<4x4xbf16> attributes {pto.core = "aic"} {
      return %a : tensor<4x4xbf16>
    }""")
    args = make_inputs(module, find_pair(module), seed=0)["cube"]
    assert args[0].dtype == BF16 and args[0].shape == (4, 4)
    assert np.all(np.isfinite(args[0].astype(np.float32)))
    assert mlir_name(BF16) == "bf16"
