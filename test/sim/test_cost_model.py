# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The cost model's arithmetic on a hand-computed case, and its overrides."""

import json

import pytest
from conftest import parse

from skew_mlir.op_costs import CostModel, CostModelError, load_cost_model
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
    with pytest.raises(CostModelError, match="unknown cost model key 'pipe_latancy'"):
        load_cost_model(tmp_path / "bad.json")
    (tmp_path / "neg.toml").write_text("vector_bytes_per_cycle = -1\n")
    with pytest.raises(CostModelError, match="'vector_bytes_per_cycle' must be a number from"):
        load_cost_model(tmp_path / "neg.toml")
    with pytest.raises(CostModelError, match="missing.json: cannot read it"):
        load_cost_model(tmp_path / "missing.json")


# Hostile files: each used to end in OverflowError, AttributeError or
# UnicodeDecodeError, or in a simulation of infinite or NaN cycles.
HOSTILE = [
    ("inf.json", b'{"pipe_latency": Infinity}',
     "'pipe_latency' must be a number of cycles from 0 to 1e+12, got inf"),
    ("nan.json", b'{"vector_op_overhead": NaN}', "'vector_op_overhead' must be a number of cycles"),
    ("ninf.toml", b"push_overhead = -inf\n", "'push_overhead' must be a number of cycles"),
    ("inf.toml", b"copy_bytes_per_cycle = inf\n", "'copy_bytes_per_cycle' must be a number from"),
    ("huge.json", b'{"pipe_latency": 1e400}', "'pipe_latency' must be a number of cycles"),
    ("bigint.json", b'{"pipe_latency": ' + b"9" * 400 + b"}", "'pipe_latency' must be"),
    ("tiny.json", b'{"vector_bytes_per_cycle": 1e-320}', "'vector_bytes_per_cycle' must be"),
    ("zero-rate.json", b'{"pipe_bytes_per_cycle": 0}', "'pipe_bytes_per_cycle' must be"),
    ("negative.json", b'{"pop_overhead": -1}', "'pop_overhead' must be a number of cycles"),
    ("list.json", b"[1, 2]", "expected an object of cost model keys, got list [1, 2]"),
    ("number.json", b"600", "expected an object of cost model keys, got int 600"),
    ("null.json", b"null", "expected an object of cost model keys, got NoneType null"),
    ("bytes.json", b'{"pipe_latency": "\xff\xfe"}', "not UTF-8 text: byte 0xff at offset 18"),
    ("latin1.toml", b"# caf\xe9\npipe_latency = 1\n", "not UTF-8 text: byte 0xe9 at offset 5"),
    ("string.json", b'{"pipe_latency": "600"}', "'pipe_latency' must be a number of cycles from 0 to "
                                                "1e+12, got \"600\""),
    ("bool.json", b'{"scalar_op_cycles": true}', "'scalar_op_cycles' must be a number of cycles"),
    ("table.toml", b"[pipe_latency]\nx = 1\n", "'pipe_latency' must be a number of cycles"),
    ("date.toml", b"pipe_latency = 1979-05-27\n", "'pipe_latency' must be a number of cycles"),
    ("rates-list.json", b'{"cube_flops_per_cycle": [1]}',
     "'cube_flops_per_cycle' must map element types to FLOPs per cycle, got [1]"),
    ("rates-inf.json", b'{"cube_flops_per_cycle": {"f32": Infinity}}',
     "'cube_flops_per_cycle' ['f32'] must be a rate from 1e-06 to 1e+12 FLOPs per cycle, got inf"),
    ("rates-name.json", b'{"cube_flops_per_cycle": {"fp16": 1}}',
     "'cube_flops_per_cycle' has an unknown element type 'fp16'"),
    ("unknown.toml", b"pipe_latancy = 3\n", "unknown cost model key 'pipe_latancy'"),
    ("syntax.json", b'{"pipe_latency": }', "not valid JSON"),
    ("syntax.toml", b"pipe_latency = = 1\n", "not valid TOML"),
]


@pytest.mark.parametrize("name, data, message", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_cost_files_name_the_file_and_the_entry(tmp_path, name, data, message):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(CostModelError) as error:
        load_cost_model(path)
    assert str(error.value).startswith(f"cost model {path}: "), str(error.value)
    assert message in str(error.value), str(error.value)


def test_a_model_built_in_python_is_checked_too():
    with pytest.raises(CostModelError, match="'pipe_latency' must be a number of cycles"):
        CostModel(pipe_latency=float("inf"))
    with pytest.raises(CostModelError, match="needs a 'default' rate"):
        CostModel(cube_flops_per_cycle={"f16": 8192})


def test_extreme_but_valid_models_give_finite_whole_costs():
    slow = CostModel(vector_bytes_per_cycle=1e-6, pipe_latency=10 ** 12,
                     cube_flops_per_cycle={"default": 1e-6})
    for cycles in (slow.vector(2 ** 40, True), slow.matmul(2 ** 50, "f32")):
        assert isinstance(cycles, int) and cycles >= 4 * 10 ** 18
    r = simulate(parse(PAIR), cost=slow)
    assert r.total > 2 * 10 ** 12


def test_cube_rate_follows_the_element_type():
    cost = CostModel()
    assert cost.matmul(8192 * 10, "f16") == 64 + 10
    assert cost.matmul(2048 * 10, "f32") == 64 + 10
    assert cost.matmul(2048 * 10, "f64") == 64 + 10  # the default rate
