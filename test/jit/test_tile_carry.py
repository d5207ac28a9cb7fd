# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Tile-IR values carried through loops, branches and calls under the JIT
(skew_mlir.jit.tile_carry): each kernel runs under both executors, whose
global memories must agree (test_tile_ops.run_both), and numpy's answer
holds for them. What still cannot lower is a located error."""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np
import pytest

from skew_mlir.jit import JitError, JitUnsupported

from skew_testing.tile_kernels import T, load, rand, store, view

_spec = importlib.util.spec_from_file_location(
    "jit_tile_ops", pathlib.Path(__file__).parent / "test_tile_ops.py")
jit_tiles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(jit_tiles)
run_both, run_jit = jit_tiles.run_both, jit_tiles.run_jit

COL = "!pto.tile_buf<vec, 16x32xf32, blayout=col_major>"
DYN = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"


def zeros(rows=16, cols=32):
    return np.zeros((rows, cols), np.float32)


def two_tiles() -> list[str]:
    """%x from %g0, %y from %g1, and %z over %g2 (stored by the caller)."""
    return [view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
            view("g1", "y", 16, 32, "f32", T), load("y", 16, 32, "f32", T),
            view("g2", "z", 16, 32, "f32", T)]


def on_two_tiles(lines: list[str]):
    """`lines` between two_tiles() and the store of %z, run under both
    executors on random x and y: (x, y, z)."""
    x, y = rand(), rand()
    body = "\n".join(two_tiles() + lines + [store("z", 16, 32, "f32", T)])
    return x, y, run_both(body, [x, y, zeros()])[2]


@pytest.mark.parametrize("trips", [1, 2, 3])
def test_tiles_swapped_through_loop_iter_args(trips):
    """Each trip adds q into p, then the two change places: which storage
    each name holds decides the result."""
    x, y, z = on_two_tiles([
        f"  %n = arith.constant {trips} : index",
        f"  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %x, %q = %y) -> ({T}, {T}) {{",
        f"    pto.tadd ins(%p, %q : {T}, {T}) outs(%p : {T})",
        f"    scf.yield %q, %p : {T}, {T}",
        "  }",
        f"  pto.tmov ins(%r#0 : {T}) outs(%z : {T})"])
    p, q = x.copy(), y.copy()
    for _ in range(trips):
        p = p + q
        p, q = q, p
    np.testing.assert_array_equal(z, p)


def test_a_valid_shape_set_in_a_loop_reaches_the_tile_it_carries():
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %c4 = arith.constant 4 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        f"  %d = pto.alloc_tile valid_row = %c16 valid_col = %c32 : {DYN}",
        f"  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %d) -> ({DYN}) {{",
        "    %rows = arith.subi %c16, %i : index",
        f"    pto.set_validshape %t, %rows, %c32 : {DYN}",
        f"    pto.tmov ins(%x : {T}) outs(%t : {DYN})",
        f"    scf.yield %t : {DYN}",
        "  }",
        "  %c13 = arith.constant 13 : index",
        "  %o_v = pto.make_tensor_view %g1, shape = [%c13, %c32], strides = [%c32, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        "  %o_w = pto.partition_view %o_v, offsets = [%c0, %c0], sizes = [%c13, %c32] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<13x32xf32>",
        f"  pto.tstore ins(%r : {DYN}) outs(%o_w : !pto.partition_tensor_view<13x32xf32>)"])
    x = rand()
    out = run_both(body, [x, zeros()])[1]
    np.testing.assert_array_equal(out[:13], x[:13])
    np.testing.assert_array_equal(out[13:], 0)


@pytest.mark.parametrize("pick", [0, 1])
def test_a_tile_yielded_by_an_if_is_the_branch_taken(pick):
    x, y, z = on_two_tiles([
        f"  %pick = arith.constant {pick} : index",
        "  %first = arith.cmpi eq, %pick, %c0 : index",
        f"  %s = scf.if %first -> ({T}) {{",
        f"    scf.yield %x : {T}",
        "  } else {",
        f"    scf.yield %y : {T}",
        "  }",
        f"  pto.tneg ins(%s : {T}) outs(%z : {T})"])
    np.testing.assert_array_equal(z, -[x, y][pick])


def test_a_while_loop_carries_a_tile_and_a_count():
    x, y, z = on_two_tiles([
        "  %c3 = arith.constant 3 : index",
        f"  %w:2 = scf.while (%t = %x, %i = %c0) : ({T}, index) -> ({T}, index) {{",
        "    %go = arith.cmpi slt, %i, %c3 : index",
        f"    scf.condition(%go) %t, %i : {T}, index",
        "  } do {",
        f"  ^bb0(%u: {T}, %j: index):",
        f"    pto.tadd ins(%u, %y : {T}, {T}) outs(%u : {T})",
        "    %next = arith.addi %j, %c1 : index",
        f"    scf.yield %u, %next : {T}, index",
        "  }",
        f"  pto.tmov ins(%w#0 : {T}) outs(%z : {T})"])
    np.testing.assert_array_equal(z, x + y + y + y)


HELPERS = f"""
func.func private @scaled(%src: {T}, %dst: {T}, %by: f32) {{
  pto.tmuls ins(%src, %by : {T}, f32) outs(%dst : {T})
  return
}}
func.func private @fresh_copy(%src: {T}) -> {T} {{
  %t = pto.alloc_tile : {T}
  pto.tmov ins(%src : {T}) outs(%t : {T})
  return %t : {T}
}}
func.func private @transposed(%src: {COL}, %dst: {T}) {{
  pto.tmov ins(%src : {COL}) outs(%dst : {T})
  return
}}
func.func private @store_rows(%g: !pto.ptr<f32>, %t: {T}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = pto.make_tensor_view %g, shape = [%c16, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
  %w = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c32] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>
  pto.tstore ins(%t : {T}) outs(%w : !pto.partition_tensor_view<16x32xf32>)
  return
}}
"""


def test_tiles_passed_to_and_returned_from_calls():
    body = "\n".join(two_tiles() + [
        "  %two = arith.constant 2.0 : f32",
        f"  func.call @scaled(%x, %z, %two) : ({T}, {T}, f32) -> ()",
        store("z", 16, 32, "f32", T),
        f"  %copy = func.call @fresh_copy(%y) : ({T}) -> {T}",
        # The copy is a tile of its own: writing %y afterwards leaves it.
        f"  pto.tadd ins(%y, %y : {T}, {T}) outs(%y : {T})",
        view("g3", "c", 16, 32, "f32", T),
        f"  pto.tmov ins(%copy : {T}) outs(%c : {T})",
        store("c", 16, 32, "f32", T)])
    x, y = rand(), rand()
    out = run_both(body, [x, y, zeros(), zeros()], functions=HELPERS)
    np.testing.assert_allclose(out[2], 2 * x, rtol=1e-6)
    np.testing.assert_array_equal(out[3], y)


def test_a_col_major_tile_through_a_call_keeps_its_layout():
    """A col_major tile at an address, and the row_major tile at the same
    address that sees its transpose, passed to a call as such."""
    body = "\n".join([
        "  %a = arith.constant 0 : i64",
        view("g0", "x", 16, 32, "f32", T).replace("%x = pto.alloc_tile :",
                                                  "%x = pto.alloc_tile addr = %a :"),
        load("x", 16, 32, "f32", T),
        f"  %cm = pto.alloc_tile addr = %a : {COL}",
        view("g1", "z", 16, 32, "f32", T),
        f"  func.call @transposed(%cm, %z) : ({COL}, {T}) -> ()",
        store("z", 16, 32, "f32", T)])
    x = rand()
    out = run_both(body, [x, zeros()], functions=HELPERS)[1]
    np.testing.assert_array_equal(out, x.reshape(-1).reshape(32, 16).T)


def test_pointers_moved_then_passed_to_a_call_and_carried_by_a_loop():
    """A call stores at a pointer moved by addptr; a loop steps a pointer
    one block at a time and stores a block at each."""
    body = "\n".join([
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        "  %block = arith.constant 512 : index",
        "  %second = pto.addptr %g1, %block : !pto.ptr<f32> -> !pto.ptr<f32>",
        f"  func.call @store_rows(%second, %x) : (!pto.ptr<f32>, {T}) -> ()",
        "  %c3 = arith.constant 3 : index",
        "  %end = scf.for %i = %c0 to %c3 step %c1 iter_args(%p = %g2) -> (!pto.ptr<f32>) {",
        f"    func.call @store_rows(%p, %x) : (!pto.ptr<f32>, {T}) -> ()",
        "    %next = pto.addptr %p, %block : !pto.ptr<f32> -> !pto.ptr<f32>",
        "    scf.yield %next : !pto.ptr<f32>",
        "  }"])
    x = rand()
    out = run_both(body, [x, zeros(32, 32), zeros(48, 32)], functions=HELPERS)
    np.testing.assert_array_equal(out[1][16:], x)
    np.testing.assert_array_equal(out[1][:16], 0)
    np.testing.assert_array_equal(out[2], np.concatenate([x, x, x]))


def test_a_kernel_called_with_a_moved_pointer_stops_at_the_call():
    """A kernel takes the start of a global memory (the launcher's
    signature): a moved pointer passed to one ends the run at the call.
    (Without a pto.entry: an entry launching a kernel through another is
    a launch error of its own, test/verify/entry-launch-once.test.)"""
    body = "\n".join([
        "  %c4 = arith.constant 4 : index",
        "  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %g0) -> (!pto.ptr<f32>) {",
        "    %one = arith.constant 1 : index",
        "    %next = pto.addptr %p, %one : !pto.ptr<f32> -> !pto.ptr<f32>",
        "    scf.yield %next : !pto.ptr<f32>",
        "  }",
        "  func.call @peer(%r) : (!pto.ptr<f32>) -> ()"])
    with pytest.raises(JitError, match=r"'func.call' at -:\d+:\d+: passes operand #0, a "
                                       r"pointer moved from the start of its global memory, "
                                       r"to a kernel"):
        run_jit(body, [zeros()])


def test_a_tile_an_op_without_a_lowering_takes_is_refused_at_the_op():
    body = "\n".join(two_tiles() + [
        "  %true = arith.constant true",
        f"  %s = arith.select %true, %x, %y : {T}",
        f"  pto.tmov ins(%s : {T}) outs(%z : {T})"])
    with pytest.raises(JitUnsupported, match=r"^-:\d+:\d+: 'arith.select': operand #1 is a "
                                             r"!pto.tile_buf<.*>: the JIT lowers tile IR "
                                             r"values only where tile ops make and use them, "
                                             r"and where loops, branches and calls carry them"):
        run_jit(body, [rand(), rand(), zeros()])
