# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""examples/flash_attention_exact.mlir and its run-time-length twin
flash_attention_exact_dynamic.mlir compute exact attention,
softmax(scale * Q K^T) V, on inputs whose running row maximum grows from
block to block (where the single-message flash_decode_qk_pv.mlir is wrong),
before and after the pass.

"Exact" here: within 1e-5 of the float64 numpy reference, relative to the
output's largest entry (the kernels compute in f32).
"""

import numpy as np
import pytest
from conftest import ROOT, SKEW
from mlir import ir
from test_reference import attention

from skew_mlir.sim.check import differential_check
from skew_mlir.sim.loading import apply_pipeline, clone
from skew_mlir.sim.scheduler import simulate

STATIC = ROOT / "examples" / "flash_attention_exact.mlir"
D128 = ROOT / "examples" / "flash_attention_exact_d128.mlir"
DYNAMIC = ROOT / "examples" / "flash_attention_exact_dynamic.mlir"
ROWS, BLOCK, HEAD = 16, 16, 16
BLOCKS, CAPACITY = 8, 1024  # static trip; the dynamic kernel's K/V rows
SCALE = 0.25
RTOL = 1e-5


def assert_row_maxima(m, s):
    """The kernels' row maxima of the f32 scores against the float64 ones:
    Q K^T sums its products in loop order, as MLIR's lowering does, so the
    error follows the largest score, not the (possibly cancelled) row
    maximum."""
    np.testing.assert_allclose(m, s.max(axis=1), rtol=1e-6, atol=1e-6 * np.abs(s).max())


def example(path, transformed: bool) -> ir.Module:
    module = ir.Module.parseFile(str(path))
    if transformed:
        apply_pipeline(module, SKEW)
    return module


def growing_maxima(seed: int, keys: int):
    """Random Q, K, V with the keys of blocks 1 to 7 scaled up block by
    block, so most rows find a larger score in a later block than in the
    first one (and the scores stay small enough for f32 to be exact to
    1e-5 through exp)."""
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((ROWS, HEAD)).astype(np.float32)
    k = rng.standard_normal((keys, HEAD))
    k *= (1 + 0.25 * np.minimum(np.arange(keys) // BLOCK, 7))[:, None]
    v = rng.standard_normal((keys, HEAD)).astype(np.float32)
    return q, k.astype(np.float32), v


def running_max_grows(q, k, blocks: int) -> np.ndarray:
    """Per row: whether a block after the first raises the running max."""
    s = q.astype(np.float64) @ k[:blocks * BLOCK].T.astype(np.float64)
    first = s[:, :BLOCK].max(axis=1)
    return s[:, BLOCK:].max(axis=1, initial=-np.inf) > first


def unrescaled(q, k, v, blocks: int) -> np.ndarray:
    """The online softmax without the alpha rescale of O (one message per
    block, as flash_decode_qk_pv.mlir): what this test must tell apart."""
    o, m, l = np.zeros((ROWS, HEAD)), np.full(ROWS, -np.inf), np.zeros(ROWS)
    for j in range(blocks):
        kj, vj = k[BLOCK * j:BLOCK * (j + 1)], v[BLOCK * j:BLOCK * (j + 1)]
        s = SCALE * (q.astype(np.float64) @ kj.T)
        m_new = np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        l = l * np.exp(m - m_new) + p.sum(axis=1)
        o += p @ vj
        m = m_new
    return o / l[:, None]


def assert_exact(o, ref):
    np.testing.assert_allclose(o, ref, rtol=RTOL, atol=RTOL * np.abs(ref).max())


def assert_discriminating(q, k, v, keys: int):
    """The inputs make the max grow for many rows, and the unrescaled
    recurrence misses the reference by far more than the tolerance."""
    blocks = -(-keys // BLOCK)
    assert running_max_grows(q, k, blocks).sum() >= ROWS // 2
    if keys % BLOCK == 0:
        wrong = unrescaled(q, k, v, blocks)
        ref = attention(q[:, :], k[:keys], v[:keys], SCALE)
        assert np.abs(wrong - ref).max() > 1000 * RTOL * np.abs(ref).max()


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_static_example_is_exact_attention(transformed, seed):
    q, k, v = growing_maxima(seed, BLOCKS * BLOCK)
    assert_discriminating(q, k, v, BLOCKS * BLOCK)
    result = simulate(example(STATIC, transformed),
                      inputs={"cube": [q, k, v], "vector": [np.float32(SCALE)]})
    (o,), (m, l) = result.outputs["cube"], result.outputs["vector"]
    assert o.dtype == np.float32 and o.shape == (ROWS, HEAD)
    assert_exact(o, attention(q, k, v, SCALE))
    s = SCALE * (q.astype(np.float64) @ k.T.astype(np.float64))
    assert_row_maxima(m, s)
    np.testing.assert_allclose(l, np.exp(s - s.max(axis=1, keepdims=True)).sum(axis=1),
                               rtol=RTOL)


@pytest.mark.parametrize("transformed", [False, True])
def test_d128_example_is_attention_with_p_in_f16(transformed):
    rows, keys, head, blocks, scale = 64, 128, 128, 8, 0.125
    rng = np.random.default_rng(11)
    q = rng.standard_normal((rows, head)).astype(np.float16)
    k = rng.standard_normal((blocks * keys, head))
    k *= (1 + 0.1 * (np.arange(blocks * keys) // keys))[:, None]
    k = k.astype(np.float16)
    v = rng.standard_normal((blocks * keys, head)).astype(np.float16)
    s = scale * (q.astype(np.float64) @ k.T.astype(np.float64))
    assert (s[:, keys:].max(axis=1) > s[:, :keys].max(axis=1)).sum() >= rows // 2
    result = simulate(example(D128, transformed),
                      inputs={"cube": [q, k, v], "vector": [np.float32(scale)]})
    (o,), (m, _) = result.outputs["cube"], result.outputs["vector"]
    assert o.dtype == np.float32 and o.shape == (rows, head)
    ref = attention(q.astype(np.float64), k.astype(np.float64), v.astype(np.float64), scale)
    # P goes to the cube in f16 (11 significant bits per weight).
    np.testing.assert_allclose(o, ref, rtol=1e-3, atol=1e-3 * np.abs(ref).max())
    assert_row_maxima(m, s)


# Lengths: one block, below two blocks, whole blocks of every parity, partial
# last blocks, the full buffer.
LENGTHS = [1, 16, 17, 40, 48, 80, 100, 128, 144, 1024]


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("kv_len", LENGTHS)
def test_dynamic_example_is_exact_attention_over_the_first_kv_len_keys(transformed, kv_len):
    q, k, v = growing_maxima(kv_len, CAPACITY)
    if kv_len > 2 * BLOCK:
        assert_discriminating(q, k, v, kv_len)
    n = np.int64(kv_len)
    result = simulate(example(DYNAMIC, transformed),
                      inputs={"cube": [n, q, k, v], "vector": [n, np.float32(SCALE)]})
    (o,), (m, _) = result.outputs["cube"], result.outputs["vector"]
    assert_exact(o, attention(q, k[:kv_len], v[:kv_len], SCALE))
    s = SCALE * (q.astype(np.float64) @ k[:kv_len].T.astype(np.float64))
    assert_row_maxima(m, s)


def test_dynamic_example_ignores_the_keys_past_kv_len():
    q, k, v = growing_maxima(5, CAPACITY)
    n = np.int64(40)  # the third block holds keys 32..47: 8 of them past kv_len
    runs = []
    for scale_tail in (1, 100):
        k2, v2 = k.copy(), v.copy()
        k2[40:] *= scale_tail
        v2[40:] *= scale_tail
        result = simulate(example(DYNAMIC, False),
                          inputs={"cube": [n, q, k2, v2], "vector": [n, np.float32(SCALE)]})
        runs.append(result.outputs["cube"][0])
    np.testing.assert_array_equal(runs[0], runs[1])


@pytest.mark.parametrize("kv_len", LENGTHS)
def test_pass_keeps_every_message_and_output_at_each_length(kv_len):
    naive = example(DYNAMIC, False)
    skewed = clone(naive)
    apply_pipeline(skewed, SKEW)
    report = differential_check(naive, skewed, seed=kv_len, args={0: str(kv_len)})
    assert report.ok, report.verdict
    assert "bitwise identical" in report.verdict
    blocks = -(-kv_len // BLOCK)
    assert f"C2V {blocks}, V2C {2 * blocks + 1}" in report.verdict
