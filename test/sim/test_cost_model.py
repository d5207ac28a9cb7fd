# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The cost model's arithmetic on a hand-computed case, and its overrides."""

import json

import numpy as np
import pytest
from conftest import parse

from skew_mlir.sim.cost_model import CostModel, load_cost_model
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.scheduler import simulate
from skew_mlir.sim.timing import timing

# One round trip: the cube multiplies 16x32 by 32x16 (f32) and sends the
# 16x16 result; the vector exponentiates it and sends it back; the cube adds 1.
PAIR = """module {
  func.func @c(%a: tensor<16x32xf32>, %b: tensor<32x16xf32>, %z: tensor<16x16xf32>) -> tensor<16x16xf32>
      attributes {pto.core = "aic"} {
    %s = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x16xf32>) outs(%z : tensor<16x16xf32>) -> tensor<16x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<16x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<16x16xf32>
    %r = arith.addf %p, %z : tensor<16x16xf32>
    return %r : tensor<16x16xf32>
  }
  func.func @v() attributes {pto.core = "aiv"} {
    %s = "pto.tpop_from_aic"() : () -> tensor<16x16xf32>
    %e = math.exp %s : tensor<16x16xf32>
    "pto.tpush_to_aic"(%e) : (tensor<16x16xf32>) -> ()
    return
  }
}"""


def test_hand_computed_round_trip():
    cost = CostModel()
    r = simulate(parse(PAIR), cost=cost)
    # matmul: 2*16*16*32 = 16384 FLOPs at 2048 FLOPs/cycle (f32) = 8, + 64 start-up = 72.
    matmul = 64 + 16384 // 2048
    # push of 16x16xf32 = 1024 bytes: 32 + 1024/64 = 48; visible 600 cycles later.
    push = 32 + 1024 // 64
    pop = 32
    # exp over 1024 bytes: 8 + 4 * 1024/256 = 24; addf: 8 + 1024/256 = 12.
    exp, add = 8 + 4 * 1024 // 256, 8 + 1024 // 256
    assert (matmul, push, exp, add) == (72, 48, 24, 12)
    vec_pop_start = matmul + push + 600  # 720
    vec_done = vec_pop_start + pop + exp + push  # 824
    cube_done = vec_done + 600 + pop + add  # 1468
    assert r.total == cube_done == 1468
    t = timing(r)
    cube, vec = t.cores
    assert cube.busy == matmul + push + pop + add == 164
    assert cube.blocked_pop == cube_done - 164 and cube.blocked_push == 0
    assert vec.busy == pop + exp + push == 104
    assert vec.blocked_pop == vec_pop_start and vec.idle == cube_done - vec_done
    # A single round trip cannot overlap: the bound is the whole chain.
    assert t.bound == t.total and t.efficiency == 1.0


def test_overrides_from_json_and_toml(tmp_path):
    (tmp_path / "c.json").write_text(json.dumps({"pipe_latency": 100,
                                                 "cube_flops_per_cycle": {"f32": 4096}}))
    (tmp_path / "c.toml").write_text("pipe_latency = 100\nvector_bytes_per_cycle = 128\n")
    from_json = load_cost_model(tmp_path / "c.json")
    assert from_json.pipe_latency == 100 and from_json.cube_flops_per_cycle["f32"] == 4096
    assert from_json.cube_flops_per_cycle["f16"] == 8192  # untouched keys keep defaults
    from_toml = load_cost_model(tmp_path / "c.toml")
    assert from_toml.vector(1024) == 8 + 8
    r = simulate(parse(PAIR), cost=from_json)
    assert r.total == 1468 - 2 * 500 - 4


def test_bad_cost_files_are_clean_errors(tmp_path):
    (tmp_path / "bad.json").write_text('{"pipe_latancy": 3}')
    with pytest.raises(SimError, match="unknown cost model key 'pipe_latancy'"):
        load_cost_model(tmp_path / "bad.json")
    (tmp_path / "neg.toml").write_text("vector_bytes_per_cycle = -1\n")
    with pytest.raises(SimError, match="must be a positive number"):
        load_cost_model(tmp_path / "neg.toml")
    with pytest.raises(SimError, match="cannot read cost model"):
        load_cost_model(tmp_path / "missing.json")


def test_cube_rate_follows_the_dtype():
    cost = CostModel()
    assert cost.matmul(8192 * 10, np.float16) == 64 + 10
    assert cost.matmul(2048 * 10, np.float32) == 64 + 10
