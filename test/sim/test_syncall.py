# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""pto.syncall in the simulator: a barrier of the cores its core_type joins
(the public Qwen3 prefill kernels end each phase with one). What a core
stored before it, the others see after it; each waits for the last."""

import pytest
from conftest import parse

from skew_mlir.sim.errors import Deadlock, SimError
from skew_mlir.sim.scheduler import simulate

SYNC = ("pto.syncall() mode = #pto.sync_all_mode<hard>, "
        "core_type = #pto.sync_core_type<{kind}>")


def pair(cube_body: str, vector_body: str, kind: str = "mix") -> str:
    sync = SYNC.format(kind=kind)
    return f"""
func.func @cube(%p: !pto.ptr<f32>) attributes {{pto.kernel_kind = #pto.kernel_kind<cube>}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %view = pto.make_tensor_view %p, shape = [%c4], strides = [%c1] : !pto.tensor_view<?xf32>
  {cube_body.format(sync=sync)}
  return
}}
func.func @vector(%p: !pto.ptr<f32>) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  {vector_body.format(sync=sync)}
  return
}}
"""


# The cube runs first (it is scheduled first and nothing blocks it), so only
# the barrier makes it read the vector's store.
CUBE_READS_AFTER = """{sync}
  %v = pto.load_scalar %p[%c0] : !pto.ptr<f32> -> f32
  pto.store_scalar %v, %p[%c1] : !pto.ptr<f32>, f32"""
VECTOR_WRITES_BEFORE = """%x = arith.constant 1.0 : f32
  %w = arith.addf %x, %x : f32
  pto.store_scalar %seven, %p[%c0] : !pto.ptr<f32>, f32
  {sync}"""


def memory(result):
    return result.outputs["cube"][-1]


def test_a_store_before_the_barrier_is_seen_after_it():
    result = simulate(parse(pair(CUBE_READS_AFTER, VECTOR_WRITES_BEFORE)))
    mem = memory(result)
    assert mem[0] == 7.0 and mem[1] == 7.0


def test_each_core_waits_for_the_last_to_arrive():
    # The vector computes before its syncall; the cube, arriving first,
    # leaves the barrier when the vector arrives.
    result = simulate(parse(pair(CUBE_READS_AFTER, VECTOR_WRITES_BEFORE)))
    cube, vector = result.cores["cube"], result.cores["vector"]
    waited = [start for start, end, kind in cube.segments if kind == "blocked-sync"]
    assert waited and cube.blocked["blocked-sync"] > 0
    assert vector.blocked["blocked-sync"] == 0


def test_two_sub_blocks_and_the_cube_meet():
    vector = """%i = pto.get_subblock_idx
  %f = arith.index_cast %i : i64 to index
  %t = arith.addi %f, %c0 : index
  %c2v = arith.constant 2 : index
  %slot = arith.addi %t, %c2v : index
  pto.store_scalar %seven, %p[%slot] : !pto.ptr<f32>, f32
  {sync}"""
    cube = """{sync}
  %a = pto.load_scalar %p[%c2] : !pto.ptr<f32> -> f32
  %b = pto.load_scalar %p[%c1] : !pto.ptr<f32> -> f32
  %three = arith.constant 3 : index
  %d = pto.load_scalar %p[%three] : !pto.ptr<f32> -> f32
  %s = arith.addf %a, %d : f32
  pto.store_scalar %s, %p[%c0] : !pto.ptr<f32>, f32"""
    mem = memory(simulate(parse(pair(cube, vector))))
    # Both sub-blocks stored their 7 before the cube read them.
    assert mem[2] == 7.0 and mem[3] == 7.0 and mem[0] == 14.0


def test_a_core_that_returns_without_the_barrier_is_a_deadlock():
    with pytest.raises(Deadlock, match=r"waiting at .*syncall.* for the cube and "
                                       r"vector cores(.|\n)*vector @vector .*returned"):
        simulate(parse(pair(CUBE_READS_AFTER, "")))


def test_a_vector_only_barrier_does_not_wait_for_the_cube():
    result = simulate(parse(pair("", VECTOR_WRITES_BEFORE, kind="aiv_only")))
    assert memory(result)[0] == 7.0


def test_a_barrier_the_core_is_not_part_of_is_a_located_error():
    with pytest.raises(SimError, match=r":\d+:\d+: a syncall that joins only the vector "
                                       r"cores, run by the cube kernel @cube"):
        simulate(parse(pair("{sync}", "", kind="aiv_only")))


def test_a_barrier_crossing_a_pop_deadlocks():
    # The cube waits at the barrier before its push; the vector pops first.
    cube = """{sync}
  %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
  pto.tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {{split = 0}}"""
    vector = """%t = pto.tpop_from_aic {{split = 0}} -> !pto.tile_buf<vec, 16x16xf32>
  {sync}"""
    with pytest.raises(Deadlock, match=r"cube @cube .*waiting at .*syncall(.|\n)*"
                                       r"vector @vector .*pop from C2V"):
        simulate(parse(pair(cube, vector)))
