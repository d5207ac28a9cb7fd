# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""tile_memory: which tile buffers may be the same memory (the rule the
slicing through buffers and the hazards of pto-skew-cross-core use)."""

from __future__ import annotations

import pytest
from mlir import ir

import skew_mlir
from skew_mlir.tile_memory import buffer_root, may_alias, placed_address

MAT = "!pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>"
LEFT = "!pto.tile_buf<left, 16x16xf32, slayout=row_major>"


_KEPT: list[ir.Module] = []  # the values' modules, alive while a test runs


def _values(body: str) -> dict[str, ir.Value]:
    """The results of `body` (one op per line, `%name = ...`) by name."""
    text = f"func.func @f(%addr: i64, %p: !pto.ptr<f32>) {{\n{body}\n  return\n}}"
    module = ir.Module.parse(text)
    _KEPT.append(module)
    block = module.body.operations[0].regions[0].blocks[0]
    names = [line.split("=")[0].strip()[1:] for line in body.strip().splitlines()]
    ops = list(block.operations)[:len(names)]
    return {name: op.results[0] for name, op in zip(names, ops)}


@pytest.fixture()
def context():
    with skew_mlir.make_context() as ctx:
        yield ctx
    _KEPT.clear()


def _allocs(*addresses: str) -> str:
    lines = ["  %c0 = arith.constant 0 : i64", "  %c1024 = arith.constant 1024 : i64",
             "  %c512 = arith.constant 512 : i64"]
    for i, addr in enumerate(addresses):
        placed = f"addr = {addr} " if addr else ""
        lines.append(f"  %t{i} = pto.alloc_tile {placed}: {MAT}")
    return "\n".join(lines)


@pytest.mark.parametrize("a, b, overlap", [
    ("%c0", "%c0", True),          # one address
    ("%c0", "%c512", True),        # 1 KiB tiles 512 bytes apart
    ("%c0", "%c1024", False),      # adjacent
    ("%c0", "", False),            # the allocator places the other
    ("", "", False),               # both placed by the allocator
    ("%addr", "%c1024", True),     # an address known at run time only
])
def test_allocations_alias_when_their_bytes_may_meet(context, a, b, overlap):
    values = _values(_allocs(a, b))
    assert may_alias(values["t0"], values["t1"]) is overlap


def test_locations_never_share_memory(context):
    values = _values(f"  %c0 = arith.constant 0 : i64\n"
                     f"  %m = pto.alloc_tile addr = %c0 : {MAT}\n"
                     f"  %l = pto.alloc_tile addr = %c0 : {LEFT}")
    assert not may_alias(values["m"], values["l"])


def test_a_view_is_its_buffer(context):
    values = _values(f"  %c0 = arith.constant 0 : index\n"
                     f"  %t = pto.alloc_tile : {MAT}\n"
                     f"  %u = pto.alloc_tile : {MAT}\n"
                     f"  %v = pto.subview %t[%c0, %c0] sizes [8, 16] : {MAT} -> "
                     "!pto.tile_buf<mat, 8x16xf32, blayout=col_major, slayout=row_major>")
    assert buffer_root(values["v"]) == values["t"]
    assert may_alias(values["v"], values["t"])
    assert not may_alias(values["v"], values["u"])


def test_placed_address_reads_the_address_operand(context):
    values = _values(_allocs("%c1024", "", "%addr"))
    assert placed_address(values["t0"]) == 1024
    assert placed_address(values["t1"]) is None
    assert placed_address(values["t2"]) is ...


def test_unknown_memory_may_be_any(context):
    values = _values(_allocs(""))
    assert may_alias(None, values["t0"])


@pytest.mark.parametrize("reserve, tile_addr, overlap", [
    (", base = 4096", 0, False),      # the tile ends where the slots begin
    (", base = 4096", 3584, True),    # its last 512 bytes are a slot's
    ("", 0, True),                    # slots placed by the allocator: unknown
    (None, 0, True),                             # no reserved buffer seen: unknown
])
def test_a_popped_slot_meets_a_placed_tile_only_where_the_reserved_slots_are(
        context, reserve, tile_addr, overlap):
    """A popped tile lives in the receive buffer its kernel reserves at that
    location; a tile placed at an address shares its bytes only if the
    ranges meet (tiles at an address declare no allocation of their own)."""
    lines = [f"  %c = arith.constant {tile_addr} : i64",
             f"  %t = pto.alloc_tile addr = %c : {MAT}"]
    if reserve is not None:
        lines.append(f"  %r = pto.reserve_buffer {{name = \"v2c\", size = 4096, location = "
                     f"#pto.address_space<mat>, auto = false{reserve}}} -> i32")
    lines.append(f"  %s = pto.tpop_from_aiv {{split = 0}} -> {MAT}")
    values = _values("\n".join(lines))
    assert may_alias(values["s"], values["t"]) is overlap
    assert may_alias(values["t"], values["s"]) is overlap
