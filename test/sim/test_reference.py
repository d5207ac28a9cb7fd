# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The flash-decode kernels compute attention: softmax(scale * Q K^T) V.

examples/flash_decode_qk_pv.mlir keeps one message per direction and so
does not rescale the earlier blocks of O when the running max grows (its
header says so): O / l is exact attention only when the first KV block
holds every row's maximum score, and otherwise equals the un-rescaled online
softmax modelled below. Inputs/fd_naive.mlir returns per-block partial
results (split-KV) whose combination is exact attention for any input.
"""

import numpy as np
import pytest
from conftest import EXAMPLE, SKEW, load
from mlir import ir

from skew_mlir.sim.loading import apply_pipeline
from skew_mlir.sim.scheduler import simulate


def attention(q, k, v, scale=1.0):
    s = scale * (q.astype(np.float64) @ k.T.astype(np.float64))
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)) @ v


def example(transformed: bool) -> ir.Module:
    module = ir.Module.parseFile(str(EXAMPLE))
    if transformed:
        apply_pipeline(module, SKEW)
    return module


def run_example(module, q, k, v, scale):
    result = simulate(module, inputs={"cube": [q, k, v], "vector": [np.float32(scale)]})
    (o,), (m, l) = result.outputs["cube"], result.outputs["vector"]
    return o, m, l


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_example_is_attention_when_the_first_block_holds_the_max(transformed, seed):
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((16, 16)).astype(np.float32)
    k = rng.standard_normal((128, 16)).astype(np.float32)
    v = rng.standard_normal((128, 16)).astype(np.float32)
    k[:16] = 4 * q  # row r's key 4*q_r scores 4|q_r|^2: the row maximum, in block 0
    scale = 0.25
    scores = q @ k.T
    assert (scores[:, :16].max(axis=1) > scores[:, 16:].max(axis=1)).all()
    o, m, l = run_example(example(transformed), q, k, v, scale)
    np.testing.assert_allclose(o / l[:, None], attention(q, k, v, scale), rtol=2e-5, atol=1e-6)
    np.testing.assert_allclose(m, scale * scores.max(axis=1), rtol=1e-6)


@pytest.mark.parametrize("transformed", [False, True])
def test_example_matches_unrescaled_online_softmax(transformed):
    rng = np.random.default_rng(7)
    q, k, v = (rng.standard_normal(s).astype(np.float32) for s in ((16, 16), (128, 16), (128, 16)))
    scale = 0.5
    o_ref = np.zeros((16, 16))
    m_ref = np.full(16, -np.inf)
    l_ref = np.zeros(16)
    for j in range(8):
        s = scale * (q @ k[16 * j:16 * j + 16].T).astype(np.float64)
        m_new = np.maximum(m_ref, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        l_ref = l_ref * np.exp(m_ref - m_new) + p.sum(axis=1)
        o_ref += p @ v[16 * j:16 * j + 16]  # no exp(m_old - m_new) rescale, as in the IR
        m_ref = m_new
    o, m, l = run_example(example(transformed), q, k, v, scale)
    np.testing.assert_allclose(o, o_ref, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(m, m_ref, rtol=1e-6)
    np.testing.assert_allclose(l, l_ref, rtol=1e-5)


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_split_kv_pair_is_attention_for_random_inputs(transformed, seed):
    module = load("fd_naive.mlir")
    if transformed:
        apply_pipeline(module, SKEW)
    result = simulate(module, seed=seed)
    q, k, v = result_inputs(module, seed)
    (partial,), (m, l) = result.outputs["cube"], result.outputs["vector"]
    weight = np.exp(m - m.max(axis=0))  # per block and row
    o = (weight[:, :, None] * partial).sum(axis=0) / (weight * l).sum(axis=0)[:, None]
    # f32 throughout: a few ulps of the largest entry apart, whichever BLAS
    # kernel numpy picks (OPENBLAS_CORETYPE changes the summation order).
    np.testing.assert_allclose(o, attention(q, k, v), rtol=2e-5, atol=1e-5)


def result_inputs(module, seed):
    from skew_mlir.sim.kernels import find_pair, make_inputs
    return make_inputs(module, find_pair(module), seed)["cube"]
