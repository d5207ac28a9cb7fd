# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""examples/flash_attention_vector_acc.mlir computes exact attention,
softmax(scale * Q K^T) V, with the output rescaled and accumulated on the
vector core (three messages per block: S, P, O_j), before and after the
pass, which co-skews the two loops; and the pass keeps every message and
output bit for bit at every trip count.

"Exact": within 1e-5 of the float64 numpy reference, relative to the
output's largest entry (the kernels compute in f32), on inputs whose
running row maximum grows from block to block (test_flash_attention_exact.py).
"""

import re

import numpy as np
import pytest
from conftest import ROOT, SKEW
from mlir import ir
from test_flash_attention_exact import (BLOCK, HEAD, ROWS, SCALE, assert_discriminating,
                                        assert_exact, growing_maxima)
from test_reference import attention

from skew_mlir.sim.check import differential_check
from skew_mlir.sim.loading import apply_pipeline, clone
from skew_mlir.sim.scheduler import simulate

EXAMPLE = ROOT / "examples" / "flash_attention_vector_acc.mlir"
BLOCKS = 8


def example(transformed: bool, blocks: int = BLOCKS) -> ir.Module:
    text = EXAMPLE.read_text()
    if blocks != BLOCKS:
        text = text.replace("%c8 = arith.constant 8 : index",
                            f"%c8 = arith.constant {blocks} : index")
    module = ir.Module.parse(text)
    if transformed:
        apply_pipeline(module, SKEW)
    return module


@pytest.mark.parametrize("transformed", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_example_is_exact_attention(transformed, seed):
    q, k, v = growing_maxima(seed, BLOCKS * BLOCK)
    assert_discriminating(q, k, v, BLOCKS * BLOCK)
    result = simulate(example(transformed),
                      inputs={"cube": [q, k, v], "vector": [np.float32(SCALE)]})
    o, m, l = result.outputs["vector"]
    assert o.dtype == np.float32 and o.shape == (ROWS, HEAD)
    assert_exact(o, attention(q, k, v, SCALE))
    s = SCALE * (q.astype(np.float64) @ k.T.astype(np.float64))
    np.testing.assert_allclose(m, s.max(axis=1), rtol=1e-6)
    np.testing.assert_allclose(l, np.exp(s - s.max(axis=1, keepdims=True)).sum(axis=1),
                               rtol=1e-5)


def test_the_pass_co_skews_both_loops():
    module = example(True)
    text = str(module)
    # Both kernels: a prologue ahead of a steady loop stepping 2 blocks.
    assert len(re.findall(r"scf\.for %\w+ = %c2 to %c8 step %c2", text)) == 2
    assert "pto.pipeline_stages" not in text


# Every trip from 0 to past 4 x slots + 4 x depth, several seeds.
@pytest.mark.parametrize("blocks", range(0, 9))
def test_pass_keeps_every_message_and_output_at_each_trip(blocks):
    naive = example(False, blocks)
    skewed = clone(naive)
    apply_pipeline(skewed, SKEW)
    report = differential_check(naive, skewed, seed=blocks)
    assert report.ok, report.verdict
    assert "bitwise identical" in report.verdict
    assert f"C2V {2 * blocks}, V2C {blocks}" in report.verdict
