"""Tile-IR kernel text for the tile tests of both executors (test/sim and
test/jit): a kernel body's views, loads and stores of global memories
%g0, %g1, ..., the tile types the cases use, seeded random tiles, and the
multi-buffered-tile cases each executor runs (`run(body, arrays)` runs a
kernel body on copies of the arrays and returns them afterwards)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

BF16 = np.dtype(ml_dtypes.bfloat16)
NAMES = {np.dtype(np.float32): "f32", np.dtype(np.float16): "f16", BF16: "bf16",
         np.dtype(np.int32): "i32", np.dtype(np.int16): "i16"}


def view(arg: str, name: str, rows: int, cols: int, dtype: str, tile: str) -> str:
    """A row-major rows x cols view of %arg, its whole window %name_w, and
    a load of it into tile %name of type `tile`."""
    return f"""
  %{name}_r = arith.constant {rows} : index
  %{name}_c = arith.constant {cols} : index
  %{name}_v = pto.make_tensor_view %{arg}, shape = [%{name}_r, %{name}_c], strides = [%{name}_c, %c1] : !pto.tensor_view<?x?x{dtype}>
  %{name}_w = pto.partition_view %{name}_v, offsets = [%c0, %c0], sizes = [%{name}_r, %{name}_c] : !pto.tensor_view<?x?x{dtype}> -> !pto.partition_tensor_view<{rows}x{cols}x{dtype}>
  %{name} = pto.alloc_tile : {tile}"""


def load(name: str, rows: int, cols: int, dtype: str, tile: str) -> str:
    return (f"  pto.tload ins(%{name}_w : !pto.partition_tensor_view<{rows}x{cols}x{dtype}>) "
            f"outs(%{name} : {tile})")


def store(name: str, rows: int, cols: int, dtype: str, tile: str) -> str:
    return (f"  pto.tstore ins(%{name} : {tile}) "
            f"outs(%{name}_w : !pto.partition_tensor_view<{rows}x{cols}x{dtype}>)")


T = "!pto.tile_buf<vec, 16x32xf32>"
COL = "!pto.tile_buf<vec, 16x1xf32, blayout=col_major>"
ROW = "!pto.tile_buf<vec, 1x32xf32>"


RNG = np.random.default_rng(7)


def rand(shape=(16, 32), dtype=np.float32, low=-2.0, high=2.0):
    return RNG.uniform(low, high, shape).astype(dtype)


# --- multi-buffered tiles (alloc_multi_tile, multi_tile_get) -------------------

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


def each_slot_keeps_what_was_written_through_it(run, alloc: str) -> None:
    x = rand((64, 32))
    _, slot0, slot1 = run(blocks_loop(alloc), [x, out(), out()])
    # Iterations 0 and 2 used slot 0, 1 and 3 slot 1: each holds its last block.
    np.testing.assert_array_equal(slot0, x[32:48])
    np.testing.assert_array_equal(slot1, x[48:64])


SLOT_ALLOCS = [f"  %mb = pto.alloc_multi_tile : {MULTI}",
               f"  %a = arith.constant 4096 : i64\n  %mb = pto.alloc_multi_tile addr = %a : {MULTI}"]


def slots_at_an_address_lie_one_slot_size_apart(run) -> None:
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
    y = run(body, [a, b, out()])[2]
    np.testing.assert_array_equal(y, b)


def slot_get(index: str) -> str:
    """A get of slot `index` (an integer) of a 2-slot multi-tile, through
    an add so that the op's verifier cannot see the constant."""
    return "\n".join([
        f"  %mb = pto.alloc_multi_tile : {MULTI}",
        f"  %n = arith.constant {index} : index",
        "  %k = arith.addi %n, %c0 : index",
        get("s", "mb", "k")])


DYN = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"
DYN_MULTI = f"!pto.multi_tile_buf<{DYN}, count = 3>"


def valid_shape_per_slot(read_slot_2: bool) -> str:
    """set_validshape to 8x32 through one get of slot 2 of three; a later
    get of slot 2 (%again) and one of slot 1 (%other) take a tmov of the
    16x32 tile %x; %other goes out to %g1, and, `read_slot_2`, %again to %g2
    (a read of 16 rows of an 8-row valid region: an error)."""
    body = [
        "  %c2 = arith.constant 2 : index",
        "  %c8 = arith.constant 8 : index",
        "  %c16 = arith.constant 16 : index",
        "  %c32 = arith.constant 32 : index",
        f"  %mb = pto.alloc_multi_tile valid_row = %c16 valid_col = %c32 : {DYN_MULTI}",
        view("g0", "x", 16, 32, "f32", T), load("x", 16, 32, "f32", T),
        f"  %first = pto.multi_tile_get %mb[%c2] : {DYN_MULTI} -> {DYN}",
        f"  pto.set_validshape %first, %c8, %c32 : {DYN}",
        f"  %again = pto.multi_tile_get %mb[%c2] : {DYN_MULTI} -> {DYN}",
        f"  %other = pto.multi_tile_get %mb[%c1] : {DYN_MULTI} -> {DYN}",
        f"  pto.tmov ins(%x : {T}) outs(%again : {DYN})",
        f"  pto.tmov ins(%x : {T}) outs(%other : {DYN})",
        view("g1", "z", 16, 32, "f32", T),
        f"  pto.tmov ins(%other : {DYN}) outs(%z : {T})",
        store("z", 16, 32, "f32", T)]
    if read_slot_2:
        body += [view("g2", "y", 16, 32, "f32", T), f"  pto.tmov ins(%again : {DYN}) outs(%y : {T})"]
    return "\n".join(body)


# A cube loading four blocks into the slots of a 3-slot multi-tile in turn
# and pushing each; the vector pops them.
MULTI_PAIR = """
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
