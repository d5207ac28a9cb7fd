# RUN: %python -m pytest -q -p no:cacheprovider %s
"""skew_mlir.tile_capacity: default capacities per target, a capacity file
and options over them (every bad input a ValueError for the user), the
bytes of tile and multi-tile buffer types, and what kernels of our own
already occupy per location."""

from __future__ import annotations

import json
import re

import pytest
from mlir import ir

from skew_mlir import dialect as pto
from skew_mlir.tile_capacity import (Capacities, capacities, kernel_usage, tile_bytes,
                                     tile_location)

KIB = 1024


def test_defaults_per_target():
    a2 = capacities()
    assert isinstance(a2, Capacities) and a2.source == "Ascend A2/A3 defaults"
    assert [a2.of(loc) for loc in ("mat", "left", "right", "acc", "vec", "bias", "scaling")] \
        == [512 * KIB, 64 * KIB, 64 * KIB, 128 * KIB, 192 * KIB, 1 * KIB, 2 * KIB]
    a5 = capacities("a5")
    assert a5.source == "Ascend A5 defaults"
    assert (a5.of("acc"), a5.of("vec"), a5.of("bias")) == (256 * KIB, 248 * KIB, 4 * KIB)
    assert a2.of("gm") is None


def test_file_then_options_replace_the_defaults(tmp_path):
    path = tmp_path / "npu.json"
    path.write_text(json.dumps({"target": "a5", "vec": 100000, "left": 32 * KIB}))
    caps = capacities(file=str(path), overrides={"left": 16 * KIB})
    assert caps.of("vec") == 100000  # from the file
    assert caps.of("left") == 16 * KIB  # the option wins over the file
    assert caps.of("acc") == 256 * KIB  # the file's target's default
    assert caps.source == f"{path} over the Ascend A5 defaults and the options for left"
    path.write_text(json.dumps({"mat": 1 << 20}))  # no target: the argument's
    assert capacities("a5", file=str(path)).of("acc") == 256 * KIB
    assert capacities(file=str(path)).of("acc") == 128 * KIB


@pytest.mark.parametrize("kwargs,message", [
    ({"target": "a9"}, "unknown target 'a9' in the target option (known: a2a3, a5)"),
    ({"overrides": {"l0a": 1}}, "unknown tile location 'l0a' in the capacity options "
                                "(known: acc, bias, left, mat, right, scaling, vec)"),
    ({"overrides": {"vec": 0}}, "the capacity of 'vec' in the capacity options must be a "
                                "positive integer number of bytes, got 0"),
    ({"overrides": {"vec": -4}}, "must be a positive integer number of bytes, got -4"),
    ({"overrides": {"vec": 1.5}}, "must be a positive integer number of bytes, got 1.5"),
    ({"overrides": {"vec": True}}, "must be a positive integer number of bytes, got true"),
])
def test_bad_target_or_option_is_a_value_error(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        capacities(**kwargs)


@pytest.mark.parametrize("text,message", [
    ("{", "capacity file .*: not valid JSON: Expecting property name"),
    ("[1, 2]", "must hold a JSON object of location -> bytes, got list"),
    ('{"vec": "192K"}', "the capacity of 'vec' in the capacity file .* must be a positive "
                        "integer number of bytes, got \"192K\""),
    ('{"vec": 1e5}', "got 100000.0"),
    ('{"vec": 0}', "got 0"),
    ('{"ub": 1024}', "unknown tile location 'ub' in the capacity file"),
    ('{"target": "a4"}', "unknown target 'a4' in the capacity file"),
    ('{"target": 5}', "the target in the capacity file .* must be a string, got 5"),
    ('{"vec": {"bytes": 4}}', "got {\"bytes\": 4}"),
])
def test_bad_file_is_a_value_error(tmp_path, text, message):
    path = tmp_path / "caps.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=message):
        capacities(file=str(path))


def test_missing_file_is_a_value_error(tmp_path):
    with pytest.raises(ValueError, match="capacity file .*nope.json: cannot read it: "
                                         "No such file or directory"):
        capacities(file=str(tmp_path / "nope.json"))


def types(*texts):
    return [ir.Type.parse(t) for t in texts]


def test_tile_bytes_and_location():
    with pto.make_context():
        tile, half, mb, bf, i8, view = types(
            "!pto.tile_buf<vec, 16x32xf32>", "!pto.tile_buf<left, 64x64xf16, valid=?x?>",
            "!pto.multi_tile_buf<!pto.tile_buf<mat, 128x64xbf16>, count = 3>",
            "!pto.tile_buf<acc, 16x16xf32, blayout=col_major>", "!pto.tile_buf<vec, 32x32xi8>",
            "!pto.partition_tensor_view<16x16xf32>")
        assert (tile_bytes(tile), tile_location(tile)) == (2048, "vec")
        assert (tile_bytes(half), tile_location(half)) == (8192, "left")
        assert (tile_bytes(mb), tile_location(mb)) == (3 * 128 * 64 * 2, "mat")
        assert (tile_bytes(bf), tile_bytes(i8)) == (1024, 1024)
        assert tile_bytes(view) is None and tile_location(view) is None
        assert tile_bytes(ir.F32Type.get()) is None


def usage(text: str, name: str = "k") -> dict[str, int]:
    with pto.make_context():
        module = ir.Module.parse(text)
        for op in module.body.operations:
            if ir.StringAttr(op.attributes["sym_name"]).value == name:
                return kernel_usage(op)
    raise AssertionError(name)


T = "!pto.tile_buf<vec, 16x32xf32>"  # 2 KiB
M = "!pto.multi_tile_buf<!pto.tile_buf<mat, 64x64xf16>, count = 2>"  # 16 KiB


def test_usage_sums_unaddressed_buffers_in_loops_and_branches_once():
    assert usage(f"""
func.func @k(%n: index, %c: i1) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = pto.alloc_tile : {T}
  scf.for %i = %c0 to %n step %c1 {{
    %b = pto.alloc_tile : {T}
    %m = pto.alloc_multi_tile : {M}
    scf.if %c {{
      %l = pto.alloc_tile : !pto.tile_buf<left, 32x32xbf16>
    }}
  }}
  %d = pto.declare_tile -> {T}
  return
}}""") == {"vec": 4096, "mat": 16384, "left": 2048}


def test_usage_with_addresses_is_the_span_end_plus_the_unaddressed():
    # vec: tiles at 0 and 8192 (end 10240) plus 2 KiB the compiler places;
    # mat: a multi tile at 4096 spans 16 KiB (end 20480); an address that is
    # not a constant counts as placed by the compiler.
    assert usage(f"""
func.func @k(%x: i64) {{
  %a0 = arith.constant 0 : i64
  %a8 = arith.constant 8192 : i64
  %a4 = arith.constant 4096 : i64
  %p = pto.alloc_tile addr = %a8 : {T}
  %q = pto.alloc_tile addr = %a0 : {T}
  %r = pto.alloc_tile : {T}
  %m = pto.alloc_multi_tile addr = %a4 : {M}
  %s = pto.alloc_tile addr = %x : !pto.tile_buf<mat, 16x16xf32>
  return
}}""") == {"vec": 10240 + 2048, "mat": 20480 + 1024}


PAIR = """
module {
  func.func @cube(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %fwd = pto.import_reserved_buffer {name = "c2v", peer_func = @vector} -> i32
    %back = pto.reserve_buffer {name = "v2c", size = 8192, location = #pto.address_space<mat>, auto = true} -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 2048}
      (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %fwd : i32, v2c_consumer_buf = %back : i32)
    %acc = pto.alloc_tile : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>
    pto.tpush_to_aiv(%acc : !pto.tile_buf<acc, 32x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {split = 0}
    %p = pto.tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x32xbf16, blayout=col_major, slayout=row_major>
    pto.tfree_from_aiv {split = 0}
    return
  }
  func.func @vector(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %none = arith.constant 0 : i32
    %back = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 2048, slot_num = 2}
      (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %none : i32, v2c_consumer_buf = %back : i32)
    %h = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 32x16xf32>
    pto.tpush_to_aic(%h : !pto.tile_buf<vec, 32x16xf32>) {split = 0}
    pto.tfree_from_aic {split = 0}
    return
  }
}
"""


def test_usage_counts_the_consumers_receive_buffers():
    # The cube reserves its V2C slots (8 KiB of mat); its acc tile is 2 KiB.
    assert usage(PAIR, "cube") == {"mat": 8192, "acc": 2048}
    # The vector pops C2V into slots it does not reserve: 2 x 2048 of vec.
    assert usage(PAIR, "vector") == {"vec": 4096}
    # A reserve_buffer at a base address is placed by the kernel.
    placed = PAIR.replace("location = #pto.address_space<mat>, auto = true}",
                          "location = #pto.address_space<mat>, auto = false, base = 4096}")
    assert usage(placed, "cube") == {"mat": 4096 + 8192, "acc": 2048}


def test_usage_of_a_pop_without_an_initialise_op_is_unknown():
    assert usage(f"""
func.func @k() attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
  %h = pto.tpop_from_aic {{split = 0}} -> {T}
  pto.tfree_from_aic {{split = 0}}
  return
}}""") == {}
