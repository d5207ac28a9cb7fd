# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Multi-buffered tiles in pto-sim: `alloc_multi_tile` makes N distinct
storages, `multi_tile_get %mb[%k]` is the k-th (writes through it, data and
valid shape, are seen by later gets of the same slot), slot k of an
allocation at an address lives at addr + k * slot bytes, and a slot index
outside the slots at run time is a located error."""

from __future__ import annotations

import numpy as np
import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir.op_costs import CostModel
from skew_mlir.sim.errors import SimError
from skew_mlir.sim.kernels import find_pair, make_inputs
from skew_mlir.sim.scheduler import run_pair

from test_tile_ops import T, load, rand, run_kernel, store, view

MULTI = f"!pto.multi_tile_buf<{T}, count = 2>"
W = "!pto.partition_tensor_view<16x32xf32>"


def get(name: str, mb: str, index: str) -> str:
    return f"  %{name} = pto.multi_tile_get %{mb}[%{index}] : {MULTI} -> {T}"


def blocks_loop(alloc: str) -> str:
    """Loads block i (of four 16x32 blocks of %g0) into slot i mod 2 of %mb,
    then stores slot 0 into %g1 and slot 1 into %g2 (views %o0_w, %o1_w)."""
    return "\n".join([
        "  %c2 = arith.constant 2 : index",
        "  %c4 = arith.constant 4 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        "  %c64 = arith.constant 64 : index",
        "  %in = pto.make_tensor_view %g0, shape = [%c64, %c32], strides = [%c32, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        alloc,
        "  scf.for %i = %c0 to %c4 step %c1 {",
        "    %row = arith.muli %i, %c16 : index",
        "    %w = pto.partition_view %in, offsets = [%row, %c0], sizes = [%c16, %c32] : "
        f"!pto.tensor_view<?x?xf32> -> {W}",
        "    %k = arith.remui %i, %c2 : index",
        "  " + get("slot", "mb", "k"),
        f"    pto.tload ins(%w : {W}) outs(%slot : {T})",
        "  }",
        view("g1", "o0", 16, 32, "f32", T),
        view("g2", "o1", 16, 32, "f32", T),
        get("s0", "mb", "c0"),
        get("s1", "mb", "c1"),
        f"  pto.tstore ins(%s0 : {T}) outs(%o0_w : {W})",
        f"  pto.tstore ins(%s1 : {T}) outs(%o1_w : {W})"])


def out():
    return np.zeros((16, 32), np.float32)


@pytest.mark.parametrize("alloc", [
    f"  %mb = pto.alloc_multi_tile : {MULTI}",
    f"  %a = arith.constant 4096 : i64\n  %mb = pto.alloc_multi_tile addr = %a : {MULTI}"])
def test_each_slot_keeps_what_was_written_through_it(alloc):
    x = rand((64, 32))
    _, slot0, slot1 = run_kernel(blocks_loop(alloc), [x, out(), out()])
    # Iterations 0 and 2 used slot 0, 1 and 3 slot 1: each holds its last block.
    np.testing.assert_array_equal(slot0, x[32:48])
    np.testing.assert_array_equal(slot1, x[48:64])


def test_slots_at_an_address_lie_one_slot_size_apart():
    """Slot 1 of an allocation at 1024 is the tile at 1024 + 16*32*4."""
    a, b = rand(), rand()
    body = "\n".join([
        "  %base = arith.constant 1024 : i64",
        "  %second = arith.constant 3072 : i64",
        f"  %mb = pto.alloc_multi_tile addr = %base : {MULTI}",
        view("g0", "a", 16, 32, "f32", T), load("a", 16, 32, "f32", T),
        view("g1", "b", 16, 32, "f32", T), load("b", 16, 32, "f32", T),
        get("s0", "mb", "c0"), get("s1", "mb", "c1"),
        f"  pto.tmov ins(%a : {T}) outs(%s0 : {T})",
        f"  pto.tmov ins(%b : {T}) outs(%s1 : {T})",
        view("g2", "y", 16, 32, "f32", T).replace(
            "%y = pto.alloc_tile :", "%y = pto.alloc_tile addr = %second :"),
        store("y", 16, 32, "f32", T)])
    y = run_kernel(body, [a, b, out()])[2]
    np.testing.assert_array_equal(y, b)


def test_valid_shape_is_per_slot_and_seen_by_later_gets():
    dyn = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"
    multi = f"!pto.multi_tile_buf<{dyn}, count = 3>"
    x = rand()
    body = "\n".join([
        "  %c2 = arith.constant 2 : index",
        "  %c8 = arith.constant 8 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        f"  %mb = pto.alloc_multi_tile valid_row = %c16 valid_col = %c32 : {multi}",
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %first = pto.multi_tile_get %mb[%c2] : {multi} -> {dyn}",
        f"  pto.set_validshape %first, %c8, %c32 : {dyn}",
        f"  %again = pto.multi_tile_get %mb[%c2] : {multi} -> {dyn}",
        f"  %other = pto.multi_tile_get %mb[%c1] : {multi} -> {dyn}",
        # Slot 2's valid region is 8 rows now, slot 1's still 16.
        f"  pto.tmov ins(%x : {T}) outs(%again : {dyn})",
        f"  pto.tmov ins(%x : {T}) outs(%other : {dyn})",
        view("g1", "y", 16, 32, "f32", T),
        view("g2", "z", 16, 32, "f32", T),
        f"  pto.tmov ins(%again : {dyn}) outs(%y : {T})",
        store("y", 16, 32, "f32", T),
        f"  pto.tmov ins(%other : {dyn}) outs(%z : {T})",
        store("z", 16, 32, "f32", T)])
    with pytest.raises(SimError, match="valid shape is 8x32 over the 16x32 valid region"):
        run_kernel(body, [x, out(), out()])
    # Without the read of slot 2, slot 1 (valid 16x32) goes out whole.
    body = body.replace(f"  pto.tmov ins(%again : {dyn}) outs(%y : {T})\n", "").replace(
        store("y", 16, 32, "f32", T) + "\n", "")
    np.testing.assert_array_equal(run_kernel(body, [x, out(), out()])[2], x)


@pytest.mark.parametrize("index", ["2", "-1"])
def test_slot_index_outside_the_slots_is_a_located_error(index):
    body = "\n".join([
        f"  %mb = pto.alloc_multi_tile : {MULTI}",
        f"  %n = arith.constant {index} : index",
        # Through an add, so the op verifier cannot see the constant.
        "  %k = arith.addi %n, %c0 : index",
        get("s", "mb", "k")])
    with pytest.raises(SimError, match=rf"^-:\d+:\d+: slot index {index} is outside the 2 "
                                       "slots of the multi-buffered tile"):
        run_kernel(body, [out()])


PAIR = """
module {
  func.func @cube(%in: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %v = pto.make_tensor_view %in, shape = [%c64, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<mat, 16x16xf32>, count = 3>
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c16 : index
      %w = pto.partition_view %v, offsets = [%row, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
      %k = arith.remui %i, %c3 : index
      %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<mat, 16x16xf32>, count = 3> -> !pto.tile_buf<mat, 16x16xf32>
      pto.tload ins(%w : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<mat, 16x16xf32>)
      pto.tpush_to_aiv(%t : !pto.tile_buf<mat, 16x16xf32>) {split = 0}
    }
    return
  }
  func.func @vector(%in: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
      pto.tfree_from_aic {split = 0}
    }
    return
  }
}
"""


def test_a_pair_pushes_the_slot_in_use():
    """Each message is the block loaded into that iteration's slot, and the
    slots cost nothing: the run takes as long as with one tile buffer."""
    single = PAIR.replace(
        "%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<mat, 16x16xf32>, "
        "count = 3>", "%t = pto.alloc_tile : !pto.tile_buf<mat, 16x16xf32>").replace(
        "      %t = pto.multi_tile_get %mb[%k] : !pto.multi_tile_buf<!pto.tile_buf<mat, "
        "16x16xf32>, count = 3> -> !pto.tile_buf<mat, 16x16xf32>\n", "")
    assert "multi_tile" not in single
    runs = []
    for text in (PAIR, single):
        with pto.make_context():
            module = ir.Module.parse(text)
            pair = find_pair(module)
            inputs = make_inputs(module, pair, seed=5)
            source = inputs["cube"][0].base.copy()
            runs.append(run_pair(module, pair, inputs, cost=CostModel()))
    messages = runs[0].messages("C2V")
    assert len(messages) == 4
    for i, message in enumerate(messages):
        np.testing.assert_array_equal(message, source.reshape(64, 16)[16 * i:16 * i + 16])
    assert runs[0].total == runs[1].total > 0
