# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The race detector's happens-before rules (sim/races.py): a pop after its
push, a push after the release of the message whose slot it reuses (S
messages earlier), program order, each vector sub-block a core of its own;
and the detector on whole pairs, independent of the interpreter's order."""

import numpy as np
import pytest
from conftest import parse

from skew_mlir.fifo_model import C2V, V2C, Pipe
from skew_mlir.sim.races import DataRace, RaceDetector
from skew_mlir.sim.scheduler import simulate

FWD, BACK = Pipe(C2V), Pipe(V2C)


def _detector(*names):
    detector = RaceDetector()
    memory = np.zeros(4, np.float32)
    detector.share(memory, "the memory")
    return detector, memory, [detector.add_core(name) for name in names]


def _consumer_writes_then_frees(slots: int, frees: bool) -> tuple:
    """cube pushes #0; the vector pops it, writes element 0, then (with
    `frees`) frees #0; the cube pushes #1 and reads element 0."""
    detector, memory, (cube, vector) = _detector("cube", "vector")
    cube.pushed(FWD, 0, 0, 1, slots)
    vector.popped(FWD, 0)
    if not frees:  # the pop releases the slot
        vector.released(FWD, 0, 0, 1)
    vector.write(memory, 0, (0,))
    if frees:
        vector.released(FWD, 0, 0, 1)
    cube.pushed(FWD, 1, 0, 1, slots)
    return cube, memory


def test_one_slot_push_is_after_the_free_of_the_previous_message():
    cube, memory = _consumer_writes_then_frees(slots=1, frees=True)
    cube.read(memory, 0, (0,))  # ordered: write -> tfree #0 -> push #1 -> read


def test_two_slots_push_does_not_wait_for_the_previous_free():
    cube, memory = _consumer_writes_then_frees(slots=2, frees=True)
    with pytest.raises(DataRace, match=r"element \[0\] of the memory: the cube core reads "
                                       r"it .*, the vector core writes it"):
        cube.read(memory, 0, (0,))


def test_two_slots_push_waits_for_the_free_two_messages_back():
    detector, memory, (cube, vector) = _detector("cube", "vector")
    cube.pushed(FWD, 0, 0, 1, 2)
    cube.pushed(FWD, 1, 0, 1, 2)
    vector.popped(FWD, 0)
    vector.write(memory, 0, (0,))
    vector.released(FWD, 0, 0, 1)
    cube.pushed(FWD, 2, 0, 1, 2)  # reuses #0's slot
    cube.read(memory, 0, (0,))


def test_a_pop_that_frees_releases_before_the_consumer_writes():
    # Without tfree the slot is free at the pop: the write after it is not
    # ordered before the producer's next push, even with one slot.
    cube, memory = _consumer_writes_then_frees(slots=1, frees=False)
    with pytest.raises(DataRace):
        cube.read(memory, 0, (0,))


def test_pop_is_after_push_and_only_the_elements_touched_count():
    detector, memory, (cube, vector) = _detector("cube", "vector")
    cube.write(memory[1:3], 0)  # elements 1 and 2 (a view)
    cube.pushed(FWD, 0, 0, 1, 1)
    vector.popped(FWD, 0)
    vector.read(memory, 0)  # the whole memory, after the pop
    vector.write(memory, 0, (3,))
    cube.read(memory, 0, (0,))  # nobody wrote element 0: reads never race


def test_unordered_whole_read_after_write_names_the_first_element():
    detector, memory, (cube, vector) = _detector("cube", "vector")
    cube.write(memory[1:3], 0)
    with pytest.raises(DataRace, match=r"element \[1\]"):
        vector.read(memory, 0)


def test_write_after_read_and_write_after_write_race():
    for first in ("read", "write"):
        detector, memory, (cube, vector) = _detector("cube", "vector")
        getattr(cube, first)(memory, 0, (2,))
        with pytest.raises(DataRace, match=rf"the vector core writes it .*the cube core "
                                           rf"{first}s it"):
            vector.write(memory, 0, (2,))


def test_a_huge_shared_memory_costs_what_the_cores_touch():
    # A weight of 8192 x 25600 (as pypto's decode layers have): epochs kept
    # per element of the whole memory would be gigabytes per core.
    detector = RaceDetector()
    weight = np.zeros((8192, 25600), np.float32)
    detector.share(weight, "the weight")
    cube, vector = detector.add_core("cube"), detector.add_core("vector")
    cube.read(weight[4096:4160, 128:256], 0)
    vector.read(weight[4096:4160, 128:256], 0)
    cube.write(weight[0:64, 0:128], 0)
    with pytest.raises(DataRace, match=r"element \[4096, 128\] of the weight: the cube "
                                       r"core writes it .*the vector core reads it"):
        cube.write(weight[4096:4160, 128:256], 0)
    tracked = detector.memories[id(weight)].tracking_bytes()
    assert tracked < 16 * 2 ** 20, tracked


def test_accesses_across_page_boundaries_keep_every_element():
    detector = RaceDetector()
    memory = np.zeros(3 * 4096 + 7, np.float32)
    detector.share(memory, "the memory")
    cube, vector = detector.add_core("cube"), detector.add_core("vector")
    cube.write(memory[4090:8200:3], 0)  # three pages, every third element
    vector.read(memory[:4090], 0)  # none of them
    vector.read(memory[4091:8200:3], 0)
    vector.read(memory, 0, (3 * 4096 + 6,))  # a page the cube never touched
    with pytest.raises(DataRace, match=r"element \[8194\]"):
        vector.read(memory[8194:8195], 0)  # the cube's last write on page 2


def test_happens_before_is_transitive_through_a_third_core():
    # cube -> vector0 -> (V2C) cube, and vector1 joins by popping #1.
    detector, memory, (cube, v0, v1) = _detector("cube", "vector0", "vector1")
    v0.write(memory, 0, (0,))
    v0.pushed(BACK, 0, 0, 2, 1)
    v1.pushed(BACK, 0, 1, 2, 1)
    cube.popped(BACK, 0)
    cube.write(memory, 0, (0,))  # after v0's write
    with pytest.raises(DataRace, match="the vector1 core reads it"):
        v1.read(memory, 0, (0,))  # nothing orders the cube's write before it


def test_sub_blocks_are_separate_cores():
    # Both sub-blocks pop the cube's message: each is ordered after the
    # cube, not after the other sub-block.
    detector, memory, (cube, v0, v1) = _detector("cube", "vector0", "vector1")
    cube.pushed(FWD, 0, 0, 1, 1)
    v0.popped(FWD, 0)
    v1.popped(FWD, 0)
    v0.write(memory, 0, (1,))
    with pytest.raises(DataRace, match="the vector1 core writes it .*the vector0 core "
                                       "writes it"):
        v1.write(memory, 0, (1,))


def test_push_after_release_by_both_sub_blocks():
    detector, memory, (cube, v0, v1) = _detector("cube", "vector0", "vector1")
    cube.pushed(FWD, 0, 0, 1, 1)
    for lane, v in enumerate((v0, v1)):
        v.popped(FWD, 0)
        v.write(memory, 0, (lane,))
        v.released(FWD, 0, lane, 2)
    cube.pushed(FWD, 1, 0, 1, 1)
    cube.read(memory, 0)


# One pair whose only order between the vector's store and the cube's load
# is the slot reuse: race-free at one slot, racy at two.
SLOT_REUSE = """
module {
  func.func @cube(%g: memref<2xf32>, %t: tensor<4xf32>) -> f32 attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %x = memref.load %g[%c0] : memref<2xf32>
    return %x : f32
  }
  func.func @vector(%g: memref<2xf32>, %t: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %a = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %e = tensor.extract %a[%c0] : tensor<4xf32>
    memref.store %e, %g[%c0] : memref<2xf32>
    "pto.tfree_from_aic"(%a) : (tensor<4xf32>) -> ()
    %b = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    "pto.tfree_from_aic"(%b) : (tensor<4xf32>) -> ()
    return
  }
}
"""


def test_pair_ordered_by_slot_reuse_at_one_slot():
    result = simulate(parse(SLOT_REUSE), fifo_depth=1)
    assert result.outputs["cube"][0] == result.outputs["cube"][1][0]


def test_pair_racy_at_two_slots():
    # Reported at the second access the interpreter runs (the store).
    with pytest.raises(DataRace, match=r":14:5: data race on element \[0\] of argument #0 "
                                       r"\(memref<2xf32>\), global memory: the vector core "
                                       r"writes it \('memref.store' at .*:14:5\), the cube "
                                       r"core reads it \('memref.load' at .*:7:10\)"):
        simulate(parse(SLOT_REUSE), fifo_depth=2)


WHOLE_MEMREF = """
module {
  func.func @cube(%g: memref<4xf32>, %t: tensor<4xf32>) -> f32 attributes {pto.core = "aic"} {
    %c2 = arith.constant 2 : index
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    %x = memref.load %g[%c2] : memref<4xf32>
    return %x : f32
  }
  func.func @vector(%g: memref<4xf32>, %t: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %one = arith.constant 1.0 : f32
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    linalg.fill ins(%one : f32) outs(%g : memref<4xf32>)
    return
  }
}
"""


def test_whole_memref_write_of_a_linalg_op_races_with_a_load():
    # The fill's write of all of %g comes from its memory effects.
    with pytest.raises(DataRace, match=r"element \[2\] of argument #0 .*the vector core "
                                       r"writes it \('linalg.fill' at"):
        simulate(parse(WHOLE_MEMREF))


def test_private_memory_is_not_tracked():
    # Each core's own allocation: the same code on both sides, no race.
    text = """
module {
  func.func @cube(%t: tensor<4xf32>) attributes {pto.core = "aic"} {
    %c0 = arith.constant 0 : index
    %m = memref.alloc() : memref<4xf32>
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    memref.store %x, %m[%c0] : memref<4xf32>
    "pto.tpush_to_aiv"(%t) : (tensor<4xf32>) -> ()
    return
  }
  func.func @vector(%t: tensor<4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %m = memref.alloc() : memref<4xf32>
    %x = tensor.extract %t[%c0] : tensor<4xf32>
    memref.store %x, %m[%c0] : memref<4xf32>
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    return
  }
}
"""
    simulate(parse(text))


SUB_BLOCKS = """
module {
  func.func @cube(%g: memref<2xf32>, %t: tensor<4x4xf32>) attributes {pto.core = "aic"} {
    "pto.tpush_to_aiv"(%t) {split = 1 : i8} : (tensor<4x4xf32>) -> ()
    return
  }
  func.func @vector(%g: memref<2xf32>, %t: tensor<4x4xf32>) attributes {pto.core = "aiv"} {
    %c0 = arith.constant 0 : index
    %sb = "pto.get_subblock_idx"() : () -> i64
    %h = "pto.tpop_from_aic"() {split = 1 : i8} : () -> tensor<2x4xf32>
    %x = tensor.extract %h[%c0, %c0] : tensor<2x4xf32>
    %i = arith.index_cast %sb : i64 to index
    %at = arith.muli %i, %SCALE : index
    memref.store %x, %g[%at] : memref<2xf32>
    return
  }
}
"""


@pytest.mark.parametrize("scale,racy", [(0, True), (1, False)])
def test_vector_sub_blocks_race_with_each_other(scale, racy):
    # Element sub-block * scale: both sub-blocks store element 0 (a race:
    # nothing orders one sub-block against the other), or each its own.
    text = SUB_BLOCKS.replace("%SCALE", f"%c{scale}").replace(
        "%c0 = arith.constant 0 : index",
        "%c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index")
    if racy:
        with pytest.raises(DataRace, match=r"element \[0\] .*the vector1 core writes it .*"
                                           r"the vector0 core writes it"):
            simulate(parse(text))
    else:
        result = simulate(parse(text))
        assert result.subblocks == 2
