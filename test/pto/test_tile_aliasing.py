# RUN: %python -m pytest -q -p no:cacheprovider %s
"""What MLIR's interfaces and our alias queries conclude on tile buffers:
an `alloc_tile` without `addr` is a fresh buffer; one at a fixed address
names the core's local memory there, so two tiles at the same address (a KV
tile and its transposed companion, as in the public DeepSeek-V4 kernels) may
be the same memory, and no pass may merge or drop them as if they were
values. Tiles in different memories, and a tile against a global view, never
alias."""

from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.aliasing import first_alias, private_memory
from skew_mlir.effects import memory_effects

KV = ("!pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=64, v_row=128, v_col=64, "
      "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
KV_T = ("!pto.tile_buf<loc=mat, dtype=bf16, rows=64, cols=128, v_row=64, v_col=128, "
        "blayout=row_major, slayout=col_major, fractal=512, pad=0>")
VEC = "!pto.tile_buf<vec, 16x16xf32>"
ACC = "!pto.tile_buf<acc, 16x16xf32>"


def tiles(body, args=""):
    """The results of the alloc_tile ops of a function, in order."""
    ctx = skew_mlir.make_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(
            f"func.func @f({args}) {{\n"
            "  %a0 = arith.constant 0 : i64\n"
            "  %a1 = arith.constant 16384 : i64\n"
            f"{body}\n  return\n}}")
    allocs = []

    def visit(op):
        if op.name == "pto.alloc_tile":
            allocs.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return module, allocs


def test_fresh_tiles_are_allocations_and_distinct():
    _, (a, b) = tiles(f"  %a = pto.alloc_tile : {VEC}\n  %b = pto.alloc_tile : {VEC}")
    assert [(e.kind, e.value) for e in memory_effects(a)] == [("allocate", a.result)]
    assert first_alias([a.result], [b.result]) is None


def test_tiles_at_one_address_may_alias():
    # The KV tile and its transpose at the same mat address.
    _, (kv, kv_t) = tiles(f"  %kv = pto.alloc_tile addr = %a0 : {KV}\n"
                          f"  %kv_t = pto.alloc_tile addr = %a0 : {KV_T}")
    for op in (kv, kv_t):
        # No allocation: it sets up the tile (its valid shape) at the address.
        assert [(e.kind, e.value) for e in memory_effects(op)] == [
            ("write", op.result)]
    assert first_alias([kv.result], [kv_t.result]) == (0, 0)
    assert first_alias([kv_t.result], [kv.result]) == (0, 0)


def test_an_addressed_tile_may_alias_a_fresh_one_and_another_address():
    # Addresses are not compared (a tile spans a range), and the allocator
    # may place a fresh tile anywhere in the same memory.
    _, (fixed, other, fresh) = tiles(
        f"  %x = pto.alloc_tile addr = %a0 : {VEC}\n"
        f"  %y = pto.alloc_tile addr = %a1 : {VEC}\n"
        f"  %z = pto.alloc_tile : {VEC}")
    assert first_alias([fixed.result], [other.result]) == (0, 0)
    assert first_alias([fresh.result], [fixed.result]) == (0, 0)


def test_tiles_in_different_memories_never_alias():
    _, (vec, acc, fresh_acc) = tiles(
        f"  %v = pto.alloc_tile addr = %a0 : {VEC}\n"
        f"  %c = pto.alloc_tile addr = %a0 : {ACC}\n"
        f"  %d = pto.alloc_tile : {ACC}")
    assert first_alias([vec.result], [acc.result]) is None
    assert first_alias([vec.result], [fresh_acc.result]) is None


def test_a_tile_never_aliases_a_global_view_and_is_private():
    module, (tile,) = tiles(
        f"  %t = pto.alloc_tile addr = %a0 : {VEC}",
        args="%p: !pto.partition_tensor_view<16x16xf32>, %q: !pto.ptr<f32>")
    p, q = module.body.operations[0].regions[0].blocks[0].arguments
    assert first_alias([tile.result], [p, q]) is None
    assert private_memory(tile.result)
    assert not private_memory(p)


def test_cse_and_dce_keep_addressed_tiles():
    # Two identical addressed tiles are two tiles (each has its own valid
    # shape, which set_validshape may change), and an unused one stays.
    module, _ = tiles(f"  %x = pto.alloc_tile addr = %a0 : {VEC}\n"
                      f"  %y = pto.alloc_tile addr = %a0 : {VEC}\n"
                      f"  pto.tadd ins(%x, %y : {VEC}, {VEC}) outs(%x : {VEC})\n"
                      f"  %unused = pto.alloc_tile addr = %a1 : {VEC}")
    with module.context:
        PassManager.parse("builtin.module(func.func(cse,canonicalize))").run(
            module.operation)
    assert str(module).count("pto.alloc_tile addr") == 3
