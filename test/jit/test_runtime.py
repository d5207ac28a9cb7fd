# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The JIT executor's FIFO runtime on the FIFO contract's cases: split
halves both ways, unsplit messages with two sub-blocks, pipe ids with their
own slot counts, in-order tfree, memref tiles and bf16; its errors located
at the op; no memory kept across runs of one compiled pair.

Runs that succeed run in this process (engine.execute); a failing run
leaves its core threads parked, so those go through the child process
(skew_mlir.jit.run), as pto-sim does."""

import gc
import pathlib

import numpy as np
import psutil
import pytest
from mlir import ir

import skew_mlir
from skew_mlir import fifo_model, jit
from skew_mlir.jit.engine import Compiled, execute
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.scheduler import simulate
from skew_testing.subblock_kernels import CUBE, SPLIT_C2V, V2C, VECTOR

HERE = pathlib.Path(__file__).parent


@pytest.fixture(autouse=True)
def context():
    with skew_mlir.make_context() as ctx:
        yield ctx


def parse(text: str) -> ir.Module:
    return ir.Module.parse(text.replace("CUBE", CUBE).replace("VECTOR", VECTOR))


def both(module: ir.Module, inputs=None):
    """The JIT's and the interpreter's runs of the module's pair."""
    pair = find_pair(module)
    inputs = inputs or make_inputs(module, pair, 0)
    return execute(module, pair, inputs), simulate(module, inputs=inputs)


@pytest.mark.parametrize("split, half, axis", [(1, "8x16", 0), (2, "16x8", 1)])
def test_split_c2v_gives_each_sub_block_its_half(split, half, axis):
    module = parse(SPLIT_C2V.replace("SPLIT", str(split)).replace("HALF", half))
    tile = np.arange(256, dtype=np.float32).reshape(16, 16)
    result, _ = both(module, {"cube": [tile], "vector": []})
    assert result.subblocks == 2
    h0, sb0, h1, sb1 = result.outputs["vector"]
    assert (int(sb0), int(sb1)) == (0, 1)
    top, bottom = np.split(tile, 2, axis=axis)
    assert np.array_equal(h0, top) and np.array_equal(h1, bottom)
    (message,) = result.messages("C2V")
    assert np.array_equal(message, tile)


def v2c(split: int, pushed: str, source: str) -> ir.Module:
    return parse(V2C.replace("SPLIT", str(split)).replace("PUSHED", pushed)
                 .replace("SOURCE", source))


@pytest.mark.parametrize("split, pushed, axis", [(1, "8x16", 0), (2, "16x8", 1)])
def test_split_v2c_joins_the_halves(split, pushed, axis):
    x = np.ones(tuple(int(d) for d in pushed.split("x")), np.float32)
    result, interpreted = both(v2c(split, pushed, "%s"), {"cube": [], "vector": [x]})
    (tile,) = result.outputs["cube"]
    assert np.array_equal(tile, np.concatenate([x, x + 1], axis=axis))
    assert np.array_equal(tile, interpreted.outputs["cube"][0])


def test_unsplit_v2c_from_two_sub_blocks_is_one_message():
    x = np.ones((16, 16), np.float32)
    result, _ = both(v2c(0, "16x16", "%x"), {"cube": [], "vector": [x]})
    assert np.array_equal(result.outputs["cube"][0], x + x)
    assert len(result.messages("V2C")) == 1


def _located(module: ir.Module, match: str, inputs=None):
    pair = find_pair(module)
    with pytest.raises(jit.JitError, match=match):
        jit.run(module, pair, inputs or make_inputs(module, pair, 0), timeout=120)


def test_unsplit_v2c_tiles_that_differ_are_a_located_error():
    x = np.ones((16, 16), np.float32)
    _located(v2c(0, "16x16", "%s"), r"'pto.tpush_to_aic' at -:\d+:\d+: the vector sub-blocks "
             "push different tiles as unsplit message #0 of V2C", {"cube": [], "vector": [x]})


def test_popping_the_whole_tile_under_split_is_a_located_error():
    _located(parse(SPLIT_C2V.replace("SPLIT", "1").replace("HALF", "16x16")),
             r"'pto.tpop_from_aic' at -:\d+:\d+: pops a 8x16xf32 tile of C2V as 16x16xf32")


def test_push_and_pop_disagreeing_on_split_is_a_located_error():
    text = (SPLIT_C2V.replace('"pto.tpush_to_aiv"(%t) {split = SPLIT',
                              '"pto.tpush_to_aiv"(%t) {split = 0')
            .replace("SPLIT", "1").replace("HALF", "8x16"))
    _located(parse(text), r"'pto.tpop_from_aic' at -:\d+:\d+: pops message #0 of C2V with "
                          "split 1, but it was pushed with split 0")


def test_tfree_without_a_popped_message_is_a_located_error():
    text = """module {
      func.func @cube(%t: tensor<4xf32>) CUBE {
        "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
        return
      }
      func.func @vector() -> tensor<4xf32> VECTOR {
        "pto.tfree_from_aic"() : () -> ()
        %h = "pto.tpop_from_aic"() : () -> tensor<4xf32>
        return %h : tensor<4xf32>
      }
    }"""
    _located(parse(text), r"'pto.tfree_from_aic' at -:\d+:\d+: tfree on C2V without a "
                          "popped, unreleased message to free")


IDS = """module {
  func.func @cube(%a: memref<4xbf16>, %b: tensor<4xf32>) -> tensor<4xf32> CUBE {
    "pto.aic_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32, id = 1 : i32, slot_num = 1 : i32} : () -> ()
    "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32} : () -> ()
    "pto.tpush_to_aiv"(%a) {id = 1 : i32} : (memref<4xbf16>) -> ()
    "pto.tpush_to_aiv"(%b) : (tensor<4xf32>) -> ()
    %r = "pto.tpop_from_aiv"() : () -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @vector() -> memref<4xbf16> VECTOR {
    "pto.aiv_initialize_pipe"() {dir_mask = 1 : i8, slot_size = 64 : i32, id = 1 : i32, slot_num = 1 : i32} : () -> ()
    "pto.aiv_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32} : () -> ()
    %b = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %a = "pto.tpop_from_aic"() {id = 1 : i32} : () -> memref<4xbf16>
    %d = arith.addf %b, %b : tensor<4xf32>
    "pto.tpush_to_aic"(%d) : (tensor<4xf32>) -> ()
    return %a : memref<4xbf16>
  }
}"""


def test_pipe_ids_memref_tiles_and_bf16_with_their_own_slot_counts():
    result, interpreted = both(parse(IDS))
    assert result.slots == {fifo_model.Pipe("C2V", 1): 1, fifo_model.Pipe("C2V"): 4,
                            fifo_model.Pipe("V2C"): 4}
    (message,) = result.messages(fifo_model.Pipe("C2V", 1))
    assert message.dtype == interpreted.messages(fifo_model.Pipe("C2V", 1))[0].dtype
    for role in ("cube", "vector"):
        for mine, theirs in zip(result.outputs[role], interpreted.outputs[role]):
            assert np.asarray(mine).tobytes() == np.asarray(theirs).tobytes()


@pytest.mark.parametrize("path", [HERE / "Inputs" / "group_pair.mlir",
                                  # tile IR: local memories, scratch tiles, cells
                                  HERE.parents[1] / "examples" /
                                  "deepseek_v4_decode_qk_pv_tile.mlir"])
def test_runs_of_one_compiled_pair_keep_no_memory(path):
    # Measured: 52 KiB per run when each run made new ctypes descriptor
    # classes; benchmarks/jit_leak.py runs 1000.
    module = ir.Module.parseFile(str(path))
    pair = find_pair(module)
    compiled = Compiled(module, pair)
    process = psutil.Process()
    for i in range(400):
        compiled.run(make_inputs(module, pair, i))
        if i == 99:
            gc.collect()
            start = process.memory_info().rss
    gc.collect()
    grown = process.memory_info().rss - start
    assert grown < 300 * 2048, f"{grown / 300:.0f} bytes per run"
