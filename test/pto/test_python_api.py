# RUN: %python -m pytest -q -p no:cacheprovider %s
"""The pto dialect from Python: parsing PTOAS's syntax in a context of
make_context() or a user's, and the memory effects the ops declare through
MLIR's side-effect interface."""

import os

from mlir import ir

import skew_mlir
from skew_mlir.aliasing import first_alias, private_memory
from skew_mlir.effects import memory_effects

PAIR = os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                    "tile_pair_ptoas_syntax.mlir")
TILE = "!pto.tile_buf<vec, 16x16xf32>"


def parse(text, ctx):
    with ctx, ir.Location.unknown():
        return ir.Module.parse(text)


def ops_named(module, name):
    found = []

    def visit(op):
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def test_real_syntax_in_a_user_context_round_trips():
    ctx = ir.Context()
    skew_mlir.load_pto_dialect(ctx)
    skew_mlir.load_pto_dialect(ctx)  # idempotent
    with open(PAIR, encoding="utf-8") as f:
        module = parse(f.read(), ctx)
    assert module.operation.verify()
    printed = str(module)
    assert "pto.tpush_to_aiv(" in printed and "{split = 1}" in printed
    assert str(parse(printed, ctx)) == printed


def test_tile_ops_read_ins_and_write_outs():
    module = parse(
        f"func.func @f(%a: {TILE}, %b: {TILE}, %c: {TILE}) {{\n"
        f"  pto.tadd ins(%a, %b : {TILE}, {TILE}) outs(%c : {TILE})\n"
        "  return\n}", skew_mlir.make_context())
    (tadd,) = ops_named(module, "pto.tadd")
    effects = memory_effects(tadd)
    args = module.body.operations[0].regions[0].blocks[0].arguments
    assert {(e.kind, e.value) for e in effects} == {
        ("read", args[0]), ("read", args[1]), ("write", args[2])}


def test_fifo_and_allocation_effects_are_declared():
    module = parse(
        "func.func @f() {\n"
        f"  %t = pto.alloc_tile : {TILE}\n"
        f"  pto.tpush_to_aic(%t : {TILE}) {{split = 0}}\n"
        f"  %p = pto.tpop_from_aic {{split = 0}} -> {TILE}\n"
        "  pto.tfree_from_aic {split = 0}\n"
        "  return\n}", skew_mlir.make_context())
    (alloc,) = ops_named(module, "pto.alloc_tile")
    assert [e.kind for e in memory_effects(alloc)] == ["allocate"]
    (push,) = ops_named(module, "pto.tpush_to_aic")
    kinds = sorted(e.kind for e in memory_effects(push))
    # The FIFO resource (read and write) and the pushed tile (read).
    assert kinds == ["read", "read", "write"]
    for name in ("pto.tpop_from_aic", "pto.tfree_from_aic"):
        (op,) = ops_named(module, name)
        assert {e.kind for e in memory_effects(op)} == {"read", "write"}


MULTI = f"!pto.multi_tile_buf<{TILE}, count = 2>"


def test_multi_tile_alloc_allocates_and_get_is_a_view_of_it():
    module = parse(
        "func.func @f(%k: index, %j: index) {\n"
        f"  %mb = pto.alloc_multi_tile : {MULTI}\n"
        f"  %other = pto.alloc_tile : {TILE}\n"
        f"  %s = pto.multi_tile_get %mb[%k] : {MULTI} -> {TILE}\n"
        f"  %t = pto.multi_tile_get %mb[%j] : {MULTI} -> {TILE}\n"
        f"  pto.tadd ins(%s, %s : {TILE}, {TILE}) outs(%t : {TILE})\n"
        "  return\n}", skew_mlir.make_context())
    (alloc,) = ops_named(module, "pto.alloc_multi_tile")
    assert [e.kind for e in memory_effects(alloc)] == ["allocate"]
    s, t = (op.results[0] for op in ops_named(module, "pto.multi_tile_get"))
    assert all(memory_effects(op) == [] for op in ops_named(module, "pto.multi_tile_get"))
    # The slot is memory of the core, reached through the view.
    assert private_memory(s)
    # Two gets of one allocation may be one slot; another allocation is not.
    assert first_alias([s], [t]) == (0, 0)
    (other,) = ops_named(module, "pto.alloc_tile")
    assert first_alias([s, t], [other.results[0]]) is None


def test_multi_tile_type_is_built_through_its_verifier():
    from skew_mlir.tile_types import multi_tile_buf, multi_tile_type, tile_buf

    with skew_mlir.make_context():
        slot = ir.Type.parse("!pto.tile_buf<mat, 16x32xf16, blayout=col_major, slayout=row_major>")
        made = multi_tile_type(slot, 3)
        # The type the parser makes of its printed form, slot and count intact.
        assert made == ir.Type.parse(str(made))
        assert multi_tile_buf(made).count == 3 and multi_tile_buf(made).slot == tile_buf(slot)
        for bad_slot, count, message in (
                (slot, 1, "count must be at least 2, got 1"),
                (slot, 17, "count must be at most 16, got 17"),
                (ir.F32Type.get(), 2, "slot must be a !pto.tile_buf")):
            try:
                multi_tile_type(bad_slot, count)
            except ValueError as error:
                assert message in str(error)
            else:
                raise AssertionError(f"accepted {bad_slot} x {count}")
