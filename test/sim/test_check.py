# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The differential check: the pass keeps every pipe's messages and every
output bit-identical, and deliberately wrong reorderings are caught."""

import re

import numpy as np
import pytest
from conftest import EXAMPLE, ROOT, SKEW, load
from mlir import ir

from skew_mlir.sim.check import differential_check
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.loading import apply_pipeline, clone
from skew_mlir.sim.variants import with_slots, with_stages, with_trip


def check_pass(module: ir.Module, **kwargs):
    after = clone(module)
    apply_pipeline(after, SKEW)
    return differential_check(module, after, **kwargs)


def test_example_passes_bitwise_and_gets_faster():
    result = check_pass(ir.Module.parseFile(str(EXAMPLE)))
    assert result.ok, result.verdict
    assert "bitwise identical" in result.verdict
    assert result.after.total < result.before.total


@pytest.mark.parametrize("trip", [3, 4, 9, 16])
@pytest.mark.parametrize("stages", [2, 4])
@pytest.mark.parametrize("slots", [2, 4])
def test_example_variants_pass(trip, stages, slots):
    module = ir.Module.parseFile(str(EXAMPLE))
    with_trip(module, trip)
    with_stages(module, stages)
    with_slots(module, slots)
    result = check_pass(module, seed=trip)
    assert result.ok, result.verdict


def test_hand_written_skew_passes():
    result = differential_check(load("small_pair.mlir"), load("small_pair_skewed.mlir"))
    assert result.ok and "C2V 4, V2C 4" in result.verdict


def test_pass_on_hand_written_pairs():
    for name in ("small_pair.mlir", "fd_naive.mlir"):
        result = check_pass(load(name))
        assert result.ok, (name, result.verdict)


def test_swapped_consumes_are_caught():
    result = differential_check(load("small_pair.mlir"), load("small_pair_wrong_consume.mlir"))
    assert not result.ok
    assert result.verdict.startswith("FAIL: output #0 of the cube kernel @cube differs")


def test_swapped_pushes_are_caught():
    result = differential_check(load("small_pair.mlir"), load("small_pair_wrong_push.mlir"))
    assert not result.ok
    assert result.verdict.startswith("FAIL: C2V message #2 differs")


def test_deadlock_after_the_pipeline_fails_the_check():
    module = ir.Module.parseFile(str(EXAMPLE))
    with_trip(module, 6)
    with_stages(module, 4)
    after = clone(module)
    apply_pipeline(after, SKEW)
    result = differential_check(module, after, fifo_depth=2)
    assert not result.ok
    assert result.verdict == "FAIL: after the pipeline: deadlock: neither core can move"
    assert "all 2 slots held" in result.details


def test_tolerance_mode_is_stated():
    result = differential_check(load("small_pair.mlir"), load("small_pair_skewed.mlir"),
                                rtol=1e-6)
    assert result.ok and "equal within rtol=1e-06, atol=0" in result.verdict


# The golden-test inputs of the pass: every function with pipe traffic whose
# kernel runs against an echo peer. Inputs that are not valid programs (a
# tfree of a non-popped value, an out-of-bounds view, an unsupported op,
# consumers that wait for a peer which never starts) fail *before* the pass
# and are listed with the reason they cannot run.
NOT_RUNNABLE = {
    ("demote.mlir", "tensor_carry"): "names a tile that is not popped",
    ("recompute.mlir", "tensor_arith_carry"): "names a tile that is not popped",
    ("memref.mlir", "read_after_write_hazard"): "out of bounds",
    ("memref.mlir", "producer_writes"): "unsupported op 'memref.atomic_rmw'",
    ("aliasing.mlir", "one_global"): "unsupported op 'memref.get_global'",
    ("calls.mlir", "declared"): "declaration without a body",
    ("calls.mlir", "indirect"): "unsupported op 'func.constant'",
    ("huge-depth.mlir", "huge_both"): "exceed the step limit",
    ("deadlock-indirect-calls.mlir", "declared_body"): "declaration without a body",
    ("unvalued-effects.mlir", "cube"): "unsupported op 'pto.sync.wait'",
    ("unvalued-effects.mlir", "vector"): "unsupported op 'pto.sync.wait'",
    **{("unvalued-effects.mlir", name): "unsupported op 'pto.barrier'"
       for name in ("barrier_cube", "barrier_vector")},
    ("entry-launch.mlir", "coverage_cube"): "unsupported op 'pto.talloc_to_aiv'",
    **{("wide-iv.mlir", name): "has no numpy equivalent in the simulator"  # i65, i128
       for name in ("cube", "vector")},
}
# Kernels the simulator refuses to run: arguments it will not guess
# (make_inputs raises; the pair of a kernel run alone is the module's: the
# vector the entry launches twice comes with the cube), or kernels in
# several modules (it runs one pair).
NOT_LAUNCHED = {
    **{("entry-launch-args.mlir", name): "argument #0 of @vec: the pto.entry's launch of "
                                         "the kernel cannot be read"
       for name in ("cube", "vec")},
    ("nested-module-slots.mlir", "outer"): "kernels in several modules",
    **{("wide-iv.mlir", name): "has no numpy equivalent in the simulator"  # i65 arguments
       for name in ("cube", "vector")},
}


def _golden_kernels():
    for path in sorted((ROOT / "test" / "skew").glob("*.mlir")):
        for chunk in path.read_text().split("// -----"):
            yield path.name, chunk


def _role(func) -> str | None:
    names = set()
    func.walk(lambda op: names.add(op.name) or ir.WalkResult.ADVANCE)
    cube = {"pto.tpush_to_aiv", "pto.tpop_from_aiv"} & names
    vector = {"pto.tpush_to_aic", "pto.tpop_from_aic"} & names
    if cube and vector:
        return None  # a module-level mix, not one kernel
    return "cube" if cube else "vector" if vector else None


def test_golden_inputs():
    checked = 0
    for fname, chunk in _golden_kernels():
        before = ir.Module.parse(chunk)
        after = ir.Module.parse(chunk)
        try:
            apply_pipeline(after, SKEW)
        except SimError:
            continue  # malformed on purpose (errors.mlir): the pass rejects it
        for op in before.body.operations:
            if op.operation.name != "func.func" or not len(op.regions[0].blocks):
                continue
            name = op.operation.attributes["sym_name"].value
            role = _role(op.operation)
            if role is None:
                continue
            try:
                result = differential_check(before, after, **{role: name})
            except SimError as exc:
                reason = NOT_LAUNCHED.get((fname, name))
                assert reason is not None and reason in str(exc), (fname, name, exc)
                continue
            reason = NOT_RUNNABLE.get((fname, name))
            if reason is not None:
                assert result.verdict.startswith("FAIL: before the pipeline"), (name, result.verdict)
                assert reason in result.verdict, (name, result.verdict)
            elif "deadlock" in result.verdict and "before the pipeline" in result.verdict:
                continue  # a consumer kernel: the echo peer needs to be sent to first
            else:
                assert result.ok, (fname, name, result.verdict)
                checked += 1
    assert checked >= 40



GIVEN_PAIR = """module {
  func.func @c(%n: index, %x: tensor<4xf32>, %w: i8) attributes {pto.core = "aic"} { return }
  func.func @v(%n: index, %s: f32) attributes {pto.core = "aiv"} { return }
}"""


def test_given_scalar_arguments():
    module = ir.Module.parse(GIVEN_PAIR)
    pair = find_pair(module)
    random = make_inputs(module, pair, 3)
    given = make_inputs(module, pair, 3, {0: "40", 1: "0.5", 2: "-7"})
    # #0 is shared by the pair; #1 is a scalar of the vector only (the cube's
    # #1, a tensor, keeps its random value); #2 is the cube's only.
    assert given["cube"][0] == given["vector"][0] == 40
    assert given["vector"][1] == np.float32(0.5) and given["cube"][2] == np.int8(-7)
    np.testing.assert_array_equal(given["cube"][1], random["cube"][1])


@pytest.mark.parametrize("args,message", [
    ({5: "1"}, "--arg 5: no kernel of the pair has a scalar argument #5"),
    ({0: "x"}, "'x' is not a value of type index"),
    ({2: "300"}, "300 does not fit in i8"),
    ({1: "one"}, "'one' is not a value of type f32"),
])
def test_given_arguments_are_checked(args, message):
    module = ir.Module.parse(GIVEN_PAIR)
    with pytest.raises(SimError, match=re.escape(message)):
        make_inputs(module, find_pair(module), 0, args)


def test_variant_with_a_run_time_trip_count():
    """with_trip on a loop bounded by a kernel argument keeps the bound and
    returns the launch argument that gives the trip (lb + trip * step), and
    resizes the buffers the loop tiles as for a constant bound."""
    module = ir.Module.parseFile(str(ROOT / "examples" / "flash_attention_exact_dynamic.mlir"))
    launch = with_trip(module, 7)
    assert launch == {0: "112"}
    assert "tensor<112x16xf32>" in str(module.body.operations[0].attributes["function_type"])
    result = check_pass(module, seed=7, args=launch)
    assert result.ok, result.verdict
    assert "C2V 7, V2C 15" in result.verdict


def test_variant_with_one_argument_bounding_loops_of_different_steps():
    module = ir.Module.parse("""
module {
  func.func @a(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 { } {pto.pipeline_stages = 2 : i64}
    return
  }
  func.func @b(%n: index) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %n step %c2 { } {pto.pipeline_stages = 2 : i64}
    return
  }
}""")
    with pytest.raises(SimError, match=re.escape(
            "argument #0 bounds pipeline loops that need different values of it for trip 3")):
        with_trip(module, 3)


# A pipe the pass reorders alike on both sides (a co-skew: S of block k+2
# ahead of O_j of block k on C2V) passes, its messages told apart by the
# sites that push and pop them; a rewrite that swaps two pushes of that pipe
# by hand (same tile type, the ops keeping their locations) fails, whether
# the two are one site's iterations or two sites' messages.
VECTOR_ACC = ROOT / "examples" / "flash_attention_vector_acc.mlir"


def _co_skewed_pushes():
    before = ir.Module.parseFile(str(VECTOR_ACC))
    after = clone(before)
    apply_pipeline(after, SKEW)
    cube = next(op for op in after.body.operations
                if op.attributes["sym_name"].value == "attention_cube")
    steady = next(op for op in cube.regions[0].blocks[0].operations if op.name == "scf.for")
    pushes = [op for op in steady.regions[0].blocks[0].operations
              if op.name == "pto.tpush_to_aiv"]
    return before, after, pushes


def test_a_pipe_reordered_alike_on_both_sides_passes():
    before, after, _ = _co_skewed_pushes()
    result = differential_check(before, after)
    assert result.ok, result.verdict
    assert "bitwise identical (C2V reordered: every push site sends" in result.verdict


def test_two_iterations_of_one_push_site_swapped_are_caught():
    before, after, pushes = _co_skewed_pushes()
    pushes[0].move_after(pushes[1])  # S of blocks k+1, k: one site
    result = differential_check(before, after)
    assert not result.ok
    assert re.search(r"FAIL: C2V message #\d+ differs after the pipeline.*; push #\d+ at "
                     r".*flash_attention_vector_acc.mlir:\d+:\d+ sends another tile",
                     result.verdict), result.verdict


def test_two_push_sites_swapped_are_caught():
    before, after, pushes = _co_skewed_pushes()
    o_push = next(p for p in pushes if p.location != pushes[0].location)
    pushes[1].move_after(o_push)  # O_j of block k-2 ahead of S of block k+1
    result = differential_check(before, after)
    assert not result.ok
    # The vector's S pop gets O_j: its answers change, so O_j's site
    # sends another tile too (the pushes are compared first).
    assert re.search(r"FAIL: C2V message #\d+ differs after the pipeline.*; (push|pop) #\d+ "
                     r"at .*flash_attention_vector_acc.mlir:\d+:\d+ (sends another tile|"
                     r"receives another message)", result.verdict), result.verdict


def test_a_reordered_pipe_of_a_pair_printed_and_parsed_again_passes():
    """The pair printed without locations and parsed again, then co-skewed:
    its ops have other locations than the original's, and each site stands
    for the original site that moves the same messages."""
    before = ir.Module.parseFile(str(VECTOR_ACC))
    after = ir.Module.parse(str(before))
    apply_pipeline(after, SKEW)
    result = differential_check(before, after)
    assert result.ok, result.verdict
    assert "C2V reordered" in result.verdict
