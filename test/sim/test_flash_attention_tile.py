# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""examples/flash_attention_tile.mlir computes exact attention,
softmax(scale * Q K^T) V, before and after the pass, on inputs whose running
row maximum grows from block to block (where an online softmax without the
rescale by alpha is wrong): within 1e-5 of the float64 numpy reference,
relative to the output's largest entry (the kernels compute in f32)."""

import numpy as np
import pytest
from conftest import ROOT, SKEW
from mlir import ir
from test_reference import attention

from skew_mlir.sim.loading import apply_pipeline
from skew_mlir.sim.scheduler import simulate
from skew_mlir.sim.tiles import GlobalPtr
from skew_mlir.sim.variants import with_trip

EXAMPLE = ROOT / "examples" / "flash_attention_tile.mlir"
ROWS, HEAD, BLOCK, KEYS = 64, 64, 64, 4096  # the views span 64 blocks
SCALE = 0.125
RTOL = 1e-5


def inputs(seed: int, blocks: int):
    """Q, K and V with the keys of each block scaled up a little more than
    the block before's, so a later block raises most rows' maximum."""
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((ROWS, HEAD)).astype(np.float32)
    k = rng.standard_normal((KEYS, HEAD))
    k *= (1 + 0.1 * np.minimum(np.arange(KEYS) // BLOCK, blocks))[:, None]
    v = rng.standard_normal((KEYS, HEAD)).astype(np.float32)
    return q, k.astype(np.float32), v


def unrescaled(q, k, v, blocks: int) -> np.ndarray:
    """The online softmax without the rescale of O by alpha."""
    o, m, l = np.zeros((ROWS, HEAD)), np.full(ROWS, -np.inf), np.zeros(ROWS)
    for j in range(blocks):
        s = SCALE * (q.astype(np.float64) @ k[BLOCK * j:BLOCK * (j + 1)].T)
        m_new = np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        l = l * np.exp(m - m_new) + p.sum(axis=1)
        o += p @ v[BLOCK * j:BLOCK * (j + 1)]
        m = m_new
    return o / l[:, None]


def run(blocks: int, transformed: bool, seed: int) -> tuple[np.ndarray, tuple]:
    module = ir.Module.parseFile(str(EXAMPLE))
    with_trip(module, blocks)
    if transformed:
        apply_pipeline(module, SKEW)
    q, k, v = inputs(seed, blocks)
    # Both kernels take the same global memories: Q, K^T, V and O.
    memories = [GlobalPtr(a.reshape(-1).copy()) for a in (q, np.ascontiguousarray(k.T), v,
                                                          np.zeros((ROWS, HEAD), np.float32))]
    simulate(module, inputs={"cube": memories, "vector": memories})
    return memories[3].base.reshape(ROWS, HEAD), (q, k[:blocks * BLOCK], v[:blocks * BLOCK])


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("blocks, seed", [(16, 0), (17, 1), (5, 2)])
def test_example_is_exact_attention(blocks, transformed, seed):
    o, (q, k, v) = run(blocks, transformed, seed)
    s = q.astype(np.float64) @ k.T.astype(np.float64)
    assert (s[:, BLOCK:].max(axis=1) > s[:, :BLOCK].max(axis=1)).sum() >= ROWS // 2
    ref = attention(q, k, v, SCALE)
    np.testing.assert_allclose(o, ref, rtol=RTOL, atol=RTOL * np.abs(ref).max())
    # The same inputs tell exact attention from the unrescaled recurrence.
    assert np.abs(unrescaled(q, k, v, blocks) - ref).max() > 1000 * RTOL * np.abs(ref).max()
