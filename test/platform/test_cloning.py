# RUN: %python -m pytest -q -p no:cacheprovider %s
"""IRMapping-style cloning through the native shim."""

from mlir import ir

import skew_mlir
from skew_mlir.cloning import Cloner, clone_ops

SOURCE = """
func.func @f(%a: i32, %b: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %y = scf.execute_region -> i32 {
    %z = arith.muli %x, %a : i32
    scf.yield %z : i32
  }
  return %y : i32
}
"""


def test_clone_remaps_operands_nested_uses_and_chains_results():
    with skew_mlir.make_context(), ir.Location.unknown():
        module = ir.Module.parse(SOURCE)
        block = module.body.operations[0].regions[0].blocks[0]
        ops = list(block.operations)
        a, b = block.arguments
        mapping = {a: b}
        with ir.InsertionPoint(ops[-1]):
            clones = clone_ops(ops[:2], mapping)
        assert module.operation.verify()
        add, region = clones
        assert list(add.operands) == [b, b]
        assert mapping[ops[0].results[0]] == add.results[0]
        assert mapping[ops[1].results[0]] == region.results[0]
        inner = region.regions[0].blocks[0].operations[0]
        # The use of %x and %a inside the region now names the copies.
        assert list(inner.operands) == [add.results[0], b]
        # The originals are untouched.
        assert list(ops[0].operands) == [a, a]


def test_clone_appends_at_block_end():
    with skew_mlir.make_context(), ir.Location.unknown():
        module = ir.Module.parse(SOURCE)
        func = module.body.operations[0]
        block = func.regions[0].blocks[0]
        first = list(block.operations)[0]
        target = ir.Block.create_at_start(func.regions[0], [])
        with ir.InsertionPoint(target):
            (clone,) = clone_ops([first], {})
        assert list(target.operations)[-1] == clone


def test_clone_sets_attributes_on_the_clones_only():
    with skew_mlir.make_context(), ir.Location.unknown():
        module = ir.Module.parse(SOURCE)
        block = module.body.operations[0].regions[0].blocks[0]
        ops = list(block.operations)
        tag = ir.StringAttr.get("g:0")
        with ir.InsertionPoint(ops[-1]):
            clones = Cloner(ops[:2]).clone({}, [(1, "test.tag", tag)])
        assert "test.tag" not in clones[0].attributes
        assert clones[1].attributes["test.tag"] == tag
        assert all("test.tag" not in op.attributes for op in ops)
        assert module.operation.verify()
