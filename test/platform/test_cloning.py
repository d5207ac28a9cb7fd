# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""IRMapping-style cloning through the native shim."""

import pytest
from mlir import ir

import skew_mlir
from skew_mlir.cloning import Carry, CloneJob, Cloner, CloneSpec, clone_all

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


def _clone(cloner, copies, carry=None):
    """The cloner's ops once per copy at the current insertion point."""
    return clone_all([CloneJob(cloner, ir.InsertionPoint.current, copies, carry)])[0]


def _parse():
    module = ir.Module.parse(SOURCE)
    block = module.body.operations[0].regions[0].blocks[0]
    return module, block, list(block.operations)


def test_clone_remaps_operands_nested_uses_and_chains_results():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        a, b = block.arguments
        with ir.InsertionPoint(ops[-1]):
            clones, carried = _clone(Cloner(ops[:2]), [CloneSpec({a: b})])
        assert module.operation.verify()
        assert carried == []
        add, region = clones
        assert list(add.operands) == [b, b]
        inner = region.regions[0].blocks[0].operations[0]
        # The use of %x and %a inside the region now names the copies.
        assert list(inner.operands) == [add.results[0], b]
        # The originals are untouched.
        assert list(ops[0].operands) == [a, a]


def test_clone_appends_at_block_end():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        target = ir.Block.create_at_start(module.body.operations[0].regions[0], [])
        with ir.InsertionPoint(target):
            (clone,) = _clone(Cloner(ops[:1]), [CloneSpec({})])[0]
        assert list(target.operations)[-1] == clone


def test_tags_go_on_the_tagged_clones_only_after_an_existing_value():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        ops[1].attributes["test.tag"] = ir.StringAttr.get("7:3")
        cloner = Cloner(ops[:2], "test.tag", [0, 1])
        with ir.InsertionPoint(ops[-1]):
            clones = list(_clone(cloner, [CloneSpec({}, (), "g:0"), CloneSpec({})])[0])
        assert [str(op.attributes["test.tag"]) if "test.tag" in op.attributes else None
                for op in clones] == ['"g:0"', '"7:3;g:0"', None, '"7:3"']
        assert "test.tag" not in ops[0].attributes
        assert str(ops[1].attributes["test.tag"]) == '"7:3"'
        assert module.operation.verify()


NESTED = """
func.func @g(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.execute_region -> tensor<4xf32> {
    %e = math.exp %t {test.tag = "5:1"} : tensor<4xf32>
    %n = arith.constant 1 : index
    %p = "pto.tpop_from_aic"() : () -> tensor<4xf32>
    %s = arith.addf %e, %p : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
"""


def test_nested_tensor_ops_are_tagged_but_the_untagged_names():
    with skew_mlir.make_context(), ir.Location.unknown():
        module = ir.Module.parse(NESTED)
        block = module.body.operations[0].regions[0].blocks[0]
        ops = list(block.operations)
        with ir.InsertionPoint(ops[-1]):
            (region,), _ = _clone(Cloner(ops[:1], "test.tag", [], ["pto.tpop_from_aic"]),
                                  [CloneSpec({}, (), "g:1")])
        tags = {op.name: (str(op.attributes["test.tag"]) if "test.tag" in op.attributes
                          else None) for op in region.regions[0].blocks[0].operations}
        # Tensor results only, after an existing value; the untagged names and
        # scalar ops stay bare; the region op itself is not among `tagged`.
        assert tags == {"math.exp": '"5:1;g:1"', "arith.constant": None,
                        "pto.tpop_from_aic": None, "arith.addf": '"g:1"', "scf.yield": None}
        assert "test.tag" not in region.attributes
        assert str(ops[0].regions[0].blocks[0].operations[0].attributes["test.tag"]) == '"5:1"'


def test_each_copy_has_its_own_mapping_and_computed_ops():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        a, b = block.arguments
        with ir.InsertionPoint(ops[-1]):
            built = list(_clone(Cloner(ops[:1]), [
                CloneSpec({a: b}),
                CloneSpec({}, [(a, "arith.subi", (b, a))])])[0])
        assert module.operation.verify()
        first, computed, second = built
        assert list(first.operands) == [b, b]
        assert computed.name == "arith.subi" and list(computed.operands) == [b, a]
        assert list(second.operands) == [computed.results[0]] * 2


def test_carry_threads_yielded_values_through_the_copies():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        a, b = block.arguments
        add = ops[0]
        # Three copies of %x = addi %a, %a with %a carried: a+a, then doubled twice.
        with ir.InsertionPoint(ops[-1]):
            built, carried = _clone(Cloner([add]),
                [CloneSpec({})] * 3, Carry([a], [b], [add.results[0]]))
        first, second, third = built
        assert list(first.operands) == [b, b]
        assert list(second.operands) == [first.results[0]] * 2
        assert list(third.operands) == [second.results[0]] * 2
        assert carried == [third.results[0]]
        assert module.operation.verify()


def test_a_bad_argument_builds_nothing():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        before = str(module)
        with ir.InsertionPoint(ops[-1]), pytest.raises(IndexError):
            _clone(Cloner(ops[:2], "test.tag", [2]),
                   [CloneSpec({}), CloneSpec({}, (), "g:0")])
        assert str(module) == before


def test_clone_all_runs_each_job_at_its_own_point():
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        a, b = block.arguments
        add = ops[0]
        cloner = Cloner([add])
        results = clone_all([
            CloneJob(cloner, ir.InsertionPoint(ops[1]), [CloneSpec({a: b})]),
            CloneJob(cloner, ir.InsertionPoint(ops[-1]), [CloneSpec({})] * 2,
                     Carry([a], [b], [add.results[0]])),
        ])
        assert module.operation.verify()
        (first,), _ = results[0]
        (second, third), carried = results[1]
        assert list(block.operations)[1] == first
        assert list(block.operations)[-2] == third
        assert list(third.operands) == [second.results[0]] * 2
        assert carried == [third.results[0]]


@pytest.mark.parametrize("mapping", [{1: 2}, [(None, None)], "ab"])
def test_what_is_not_ir_is_an_error_and_builds_nothing(mapping):
    with skew_mlir.make_context(), ir.Location.unknown():
        module, block, ops = _parse()
        before = str(module)
        with ir.InsertionPoint(ops[-1]), pytest.raises((AttributeError, TypeError)):
            _clone(Cloner(ops[:2]), [CloneSpec({}), CloneSpec(mapping)])
        assert str(module) == before
