# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The real FIFO contract in the simulator: pipes per (direction, id) with
their own slot counts, in-order operand-less tfree, split messages halved
between two vector sub-blocks, pto.get_subblock_idx."""

import numpy as np
import pytest
from conftest import parse

from skew_mlir import fifo_model
from skew_mlir.sim.check import differential_check
from skew_mlir.sim.errors import Deadlock, SimError
from skew_mlir.sim.scheduler import simulate
from skew_testing.subblock_kernels import CUBE, SPLIT_C2V, V2C, VECTOR



def pipe(direction: str, ident: int = 0) -> fifo_model.Pipe:
    return fifo_model.Pipe(direction, ident)


def split_c2v(split: int, half: str):
    text = (SPLIT_C2V.replace("CUBE", CUBE).replace("VECTOR", VECTOR)
            .replace("SPLIT", str(split)).replace("HALF", half))
    return parse(text)


@pytest.mark.parametrize("split, half, axis", [(1, "8x16", 0), (2, "16x8", 1)])
def test_split_halves_the_cube_tile_between_the_sub_blocks(split, half, axis):
    tile = np.arange(256, dtype=np.float32).reshape(16, 16)
    result = simulate(split_c2v(split, half), inputs={"cube": [tile], "vector": []})
    assert result.subblocks == 2 and set(result.cores) == {"cube", "vector0", "vector1"}
    h0, sb0, h1, sb1 = result.outputs["vector"]
    assert (int(sb0), int(sb1)) == (0, 1)
    top, bottom = np.split(tile, 2, axis=axis)
    assert np.array_equal(h0, top) and np.array_equal(h1, bottom)
    # One message: the whole tile, popped by both sub-blocks.
    (message,) = result.messages(pipe("C2V"))
    assert np.array_equal(message, tile)


def test_popping_the_whole_tile_under_split_is_a_located_error():
    module = split_c2v(1, "16x16")
    with pytest.raises(SimError, match=r"'pto.tpop_from_aic' at -:\d+:\d+: pops a 8x16xf32 "
                                       r"tile of C2V as tensor<16x16xf32> \(split 1, up/down"):
        simulate(module)


def test_split_of_an_odd_dimension_is_a_located_error():
    text = (SPLIT_C2V.replace("CUBE", CUBE).replace("VECTOR", VECTOR).replace("SPLIT", "1")
            .replace("HALF", "8x16").replace("16x16", "15x16"))
    with pytest.raises(SimError, match=r"'pto.tpop_from_aic' at -:\d+:\d+: split 1 \(up/down\) "
                                       "halves dimension 0 of a \\[15, 16\\] tile, which is odd"):
        simulate(parse(text))


def test_push_and_pop_disagreeing_on_split_is_a_located_error():
    text = (SPLIT_C2V.replace("CUBE", CUBE).replace("VECTOR", VECTOR).replace("HALF", "8x16")
            .replace('"pto.tpush_to_aiv"(%t) {split = SPLIT', '"pto.tpush_to_aiv"(%t) {split = 0')
            .replace("SPLIT", "1"))
    with pytest.raises(SimError, match=r"'pto.tpop_from_aic' at -:\d+:\d+: pops message #0 of "
                                       "C2V with split 1, but it was pushed with split 0"):
        simulate(parse(text))


def v2c(split: int, pushed: str, source: str):
    return parse(V2C.replace("CUBE", CUBE).replace("VECTOR", VECTOR).replace("SPLIT", str(split))
                 .replace("PUSHED", pushed).replace("SOURCE", source))


def test_split_v2c_joins_the_sub_blocks_halves():
    x = np.ones((8, 16), np.float32)
    result = simulate(v2c(1, "8x16", "%s"), inputs={"cube": [], "vector": [x]})
    (tile,) = result.outputs["cube"]
    assert np.array_equal(tile, np.concatenate([x, x + 1]))


def test_unsplit_v2c_from_two_sub_blocks_is_one_tile_pushed_by_each():
    x = np.ones((16, 16), np.float32)
    # The same tile from both sub-blocks: one message.
    result = simulate(v2c(0, "16x16", "%x"), inputs={"cube": [], "vector": [x]})
    assert result.subblocks == 2 and np.array_equal(result.outputs["cube"][0], x + x)
    assert len(result.messages(pipe("V2C"))) == 1
    # Different tiles: which one the cube gets is not defined.
    with pytest.raises(SimError, match=r"'pto.tpush_to_aic' at -:\d+:\d+: the vector "
                                       "sub-blocks push different tiles as unsplit message #0"):
        simulate(v2c(0, "16x16", "%s"), inputs={"cube": [], "vector": [x]})


def test_an_unsplit_pair_runs_one_vector_core():
    text = """module {
      func.func @cube(%t: tensor<4xf32>) CUBE {
        "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
        return
      }
      func.func @vector() -> tensor<4xf32> VECTOR {
        %t = "pto.tpop_from_aic"() : () -> tensor<4xf32>
        return %t : tensor<4xf32>
      }
    }""".replace("CUBE", CUBE).replace("VECTOR", VECTOR)
    result = simulate(parse(text))
    assert result.subblocks == 1 and set(result.cores) == {"cube", "vector"}


# Two C2V pipes told apart by id, each with the slot count its initialise
# op gives it. The cube pushes N tiles on id 1 before the vector pops any.
IDS = """module {
  func.func @cube(%a: tensor<4xf32>, %b: tensor<4xf32>) CUBE {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant N : index
    %buf = arith.constant 0 : i32
    "pto.aic_initialize_pipe"(%buf, %buf) {dir_mask = 1 : i8, slot_size = 16 : i32} : (i32, i32) -> ()
    "pto.aic_initialize_pipe"(%buf, %buf) {dir_mask = 1 : i8, slot_size = 16 : i32, id = 1 : i32, slot_num = 2 : i32} : (i32, i32) -> ()
    scf.for %i = %c0 to %n step %c1 {
      "pto.tpush_to_aiv"(%b) {id = 1 : i32} : (tensor<4xf32>) -> ()
    }
    "pto.tpush_to_aiv"(%a) : (tensor<4xf32>) -> ()
    return
  }
  func.func @vector() -> (tensor<4xf32>, tensor<4xf32>) VECTOR {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant N : index
    %buf = arith.constant 0 : i32
    "pto.aiv_initialize_pipe"(%buf, %buf) {dir_mask = 1 : i8, slot_size = 16 : i32} : (i32, i32) -> ()
    "pto.aiv_initialize_pipe"(%buf, %buf) {dir_mask = 1 : i8, slot_size = 16 : i32, id = 1 : i32, slot_num = 2 : i32} : (i32, i32) -> ()
    %a = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %z = arith.constant dense<0.0> : tensor<4xf32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) {
      %b = "pto.tpop_from_aic"() {id = 1 : i32} : () -> tensor<4xf32>
      %r = arith.addf %acc, %b : tensor<4xf32>
      scf.yield %r : tensor<4xf32>
    }
    return %a, %s : tensor<4xf32>, tensor<4xf32>
  }
}""".replace("CUBE", CUBE).replace("VECTOR", VECTOR)


def test_pipes_are_told_apart_by_id_with_their_own_slot_counts():
    a, b = np.full(4, 1.0, np.float32), np.full(4, 2.0, np.float32)
    result = simulate(parse(IDS.replace("N", "2")), inputs={"cube": [a, b], "vector": []},
                      fifo_depth=3)
    assert np.array_equal(result.outputs["vector"][0], a)
    assert np.array_equal(result.outputs["vector"][1], 2 * b)
    # dir_mask 1 without slot_num: 8 slots, whatever --fifo-depth says.
    assert {p: result.pipes[p].slots for p in result.pipes} == {pipe("C2V"): 8,
                                                                 pipe("C2V", 1): 2}
    assert len(result.messages(pipe("C2V", 1))) == 2


def test_a_full_pipe_of_one_id_blocks_at_its_own_slot_count():
    # Three pushes on id 1 (2 slots) before the vector pops id 0 first: deadlock.
    with pytest.raises(Deadlock) as info:
        simulate(parse(IDS.replace("N", "3")))
    report = info.value.report
    assert "push to C2V id 1, all 2 slots held" in report
    assert "pop from C2V, pipe empty" in report


def test_the_check_compares_each_pipe_separately():
    module = parse(IDS.replace("N", "2"))
    result = differential_check(module, parse(IDS.replace("N", "2")))
    assert result.ok and "C2V 1, C2V id 1 2, V2C 0" in result.verdict, result.verdict


def test_tfree_releases_the_oldest_popped_slot():
    # Two pops, then two operand-less tfrees: the first releases message #0.
    text = """module {
      func.func @cube(%t: tensor<4xf32>) CUBE {
        "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
        "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
        return
      }
      func.func @vector() VECTOR {
        %a = "pto.tpop_from_aic"() : () -> tensor<4xf32>
        %b = "pto.tpop_from_aic"() : () -> tensor<4xf32>
        %e = math.exp %b : tensor<4xf32>
        "pto.tfree_from_aic"() : () -> ()
        %f = math.exp %e : tensor<4xf32>
        "pto.tfree_from_aic"() : () -> ()
        return
      }
    }""".replace("CUBE", CUBE).replace("VECTOR", VECTOR)
    result = simulate(parse(text))
    first, second = result.pipes[pipe("C2V")].messages
    assert first.release_time < second.release_time
    assert first.release_time > second.popped_at[0]  # held past the second pop


def test_echo_peer_answers_on_the_pipe_of_the_same_id():
    text = """module {
      func.func @cube(%t: tensor<4xf32>) -> tensor<4xf32> CUBE {
        "pto.tpush_to_aiv"(%t) {id = 3 : i32} : (tensor<4xf32>) -> ()
        %r = "pto.tpop_from_aiv"() {id = 3 : i32} : () -> tensor<4xf32>
        return %r : tensor<4xf32>
      }
    }""".replace("CUBE", CUBE)
    t = np.arange(4, dtype=np.float32)
    result = simulate(parse(text), inputs={"cube": [t]})
    assert np.array_equal(result.outputs["cube"][0], t)
    assert set(result.pipes) == {pipe("C2V", 3), pipe("V2C", 3)}


def test_get_subblock_idx_on_the_cube_is_a_located_error():
    text = """module {
      func.func @cube() -> i64 CUBE {
        %sb = "pto.get_subblock_idx"() : () -> i64
        return %sb : i64
      }
    }""".replace("CUBE", CUBE)
    with pytest.raises(SimError, match=r"-:\d+:\d+: 'pto.get_subblock_idx' runs on the vector "
                                       "core, but the cube kernel @cube executes it"):
        simulate(parse(text))


def test_fifo_ops_in_callees_count_for_their_kernel():
    # The vector kernel's split pop and its tfree live in a callee: still two
    # sub-blocks, and the pop holds its slot until that tfree (one slot: the
    # cube's second push waits for it).
    text = """module attributes {pto.fifo_depth = 1 : i64} {
      func.func @cube(%t: tensor<16x4xf32>) CUBE {
        "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (tensor<16x4xf32>) -> ()
        "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (tensor<16x4xf32>) -> ()
        return
      }
      func.func private @take() -> tensor<8x4xf32> {
        %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<8x4xf32>
        %e = math.exp %h : tensor<8x4xf32>
        "pto.tfree_from_aic"() {split = 1 : i8} : () -> ()
        return %e : tensor<8x4xf32>
      }
      func.func @vector() VECTOR {
        %a = func.call @take() : () -> tensor<8x4xf32>
        %b = func.call @take() : () -> tensor<8x4xf32>
        return
      }
    }""".replace("CUBE", CUBE).replace("VECTOR", VECTOR)
    result = simulate(parse(text))
    assert result.subblocks == 2
    first, second = result.pipes[pipe("C2V")].messages
    assert first.release_time > max(first.popped_at)  # held past the pops, until the tfree
    assert second.pushed_at[0] > first.release_time
