# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The examples translated from real samples compute what their sources
compute: numpy references on the simulator's seeded inputs."""

import ml_dtypes
import numpy as np
from conftest import ROOT
from mlir import ir

from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.scheduler import simulate

EXAMPLES = ROOT / "examples"


def run(name: str, seed: int = 0):
    module = ir.Module.parseFile(str(EXAMPLES / name))
    inputs = make_inputs(module, find_pair(module), seed)
    return simulate(module, inputs=inputs), inputs


def test_ptoas_loop_sample_gives_each_sub_block_its_half():
    result, inputs = run("ptoas_tpush_tpop_loop4_split.mlir")
    a, b_all = inputs["cube"]
    products = np.stack([a.astype(np.float64) @ b_all[16 * i:16 * i + 16] for i in range(4)])
    # The kernel sums its products in loop order (MLIR's lowering's): the
    # error follows the largest product, not a (possibly cancelled) sum.
    atol = 1e-6 * np.abs(products).max()
    top, bottom = result.outputs["vector"]
    np.testing.assert_allclose(top[:, :8], products[:, :8], rtol=1e-6, atol=atol)
    np.testing.assert_allclose(bottom[:, 8:], products[:, 8:], rtol=1e-6, atol=atol)
    assert not top[:, 8:].any() and not bottom[:, :8].any()


def test_deepseek_v4_decode_qk_pv_matches_the_source_formula():
    result, inputs = run("deepseek_v4_decode_swa_qk_pv.mlir", seed=3)
    q, kv = (x.astype(np.float32) for x in inputs["cube"])
    (bias,) = inputs["vector"]
    scores = (q @ kv.T) * np.float32(0.125) + bias  # all 64 heads
    mi = scores.max(axis=1, keepdims=True)
    e = np.exp(scores - mi)
    li = e.sum(axis=1, keepdims=True)
    p = e.astype(ml_dtypes.bfloat16).astype(np.float32)  # cast rint
    (oi,) = result.outputs["cube"]
    np.testing.assert_allclose(oi, p @ kv, rtol=1e-5, atol=1e-5)
    mi0, li0, mi1, li1 = result.outputs["vector"]
    # Sub-block k holds heads hb * 32 + k * 16 ... + 15 of each 32-head batch.
    rows = [np.r_[0:16, 32:48], np.r_[16:32, 48:64]]
    for k, (m, l) in enumerate(((mi0, li0), (mi1, li1))):
        np.testing.assert_allclose(m[rows[k]], mi[rows[k]], rtol=1e-6)
        np.testing.assert_allclose(l[rows[k]], li[rows[k]], rtol=1e-5)
        assert not m[rows[1 - k]].any() and not l[rows[1 - k]].any()


def test_deepseek_v4_prefill_qk_pv_matches_the_source_formula():
    result, inputs = run("deepseek_v4_prefill_qk_pv_multi_message.mlir", seed=4)
    q, kv = (x.astype(np.float32) for x in inputs["cube"])
    (bias,) = inputs["vector"]
    (oi,) = result.outputs["cube"]
    mi, li = result.outputs["vector"]
    for sb in range(2):
        block = kv[128 * sb:128 * sb + 128]
        scores = (q @ block.T) * np.float32(0.125) + bias[:, 128 * sb:128 * sb + 128]
        m = scores.max(axis=1, keepdims=True)
        e = np.exp(scores - m)
        p = e.astype(ml_dtypes.bfloat16).astype(np.float32)
        np.testing.assert_allclose(mi[sb], m, rtol=1e-6)
        np.testing.assert_allclose(li[sb], e.sum(axis=1, keepdims=True), rtol=1e-5)
        np.testing.assert_allclose(oi[sb], p @ block, rtol=1e-5, atol=1e-5)
