# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""Options given from Python are checked as a pipeline's are: the wrong type
is a TypeError and a value out of range a ValueError, both naming the option,
before anything runs."""

import math

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir import passes
from skew_mlir.skew.depth import DepthRule, MultiRoundTrip, Remainder

PASSES = [passes.skew_cross_core_pipeline, passes.verify_fifo]


@pytest.mark.parametrize("make", PASSES)
@pytest.mark.parametrize("value, error, message", [
    (1.5, TypeError, "takes an integer, got float 1.5"),
    ("2", TypeError, "takes an integer, got str '2'"),
    (True, TypeError, "takes an integer, got bool True"),
    (None, TypeError, "takes an integer, got NoneType None"),
    (math.nan, TypeError, "takes an integer, got float nan"),
    (math.inf, TypeError, "takes an integer, got float inf"),
    (-1, ValueError, "must be >= 0, got -1"),
    (1 << 63, ValueError, "must fit in a signed 64-bit integer"),
])
def test_bad_fifo_depth_names_the_option(make, value, error, message):
    with pytest.raises(error, match=r"option 'fifo-depth' of pass 'pto-[a-z-]+' "
                       + message.replace("(", r"\(")):
        make(fifo_depth=value)


@pytest.mark.parametrize("make, name", [
    (passes.skew_cross_core_pipeline, "tag_membership"),
    (passes.skew_cross_core_pipeline, "remarks"),
    (passes.verify_fifo, "remarks"),
])
@pytest.mark.parametrize("value", ["false", 0, 1, None, 1.0])
def test_bool_options_take_only_bools(make, name, value):
    dashed = name.replace("_", "-")
    with pytest.raises(TypeError, match=f"option '{dashed}' of pass .* takes a bool"):
        make(**{name: value})


@pytest.mark.parametrize("value, error, message", [
    ("exact", ValueError, "must be one of peel, shrink, got 'exact'"),
    ("", ValueError, "must be one of peel, shrink, got ''"),
    (1, TypeError, "takes one of peel, shrink, got int 1"),
])
def test_remainder_takes_one_of_its_modes(value, error, message):
    with pytest.raises(error, match="option 'remainder' of pass 'pto-skew-cross-core' "
                       + message):
        passes.skew_cross_core_pipeline(remainder=value)


def test_options_set_after_construction_are_checked_too():
    skew = passes.skew_cross_core_pipeline()
    with pytest.raises(TypeError, match="option 'fifo-depth'"):
        skew.fifo_depth = 2.0
    with pytest.raises(ValueError, match="option 'fifo-depth'"):
        skew.fifo_depth = -3
    assert skew.fifo_depth == 0  # unchanged by the refused values


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="pass 'pto-skew-cross-core' has no option "
                                        "'fifo-depth'"):
        passes.skew_cross_core_pipeline(**{"fifo-depth": 2})


def test_good_values_are_kept_and_printed_as_a_pipeline():
    skew = passes.skew_cross_core_pipeline(fifo_depth=2, tag_membership=False)
    assert (skew.fifo_depth, skew.remarks, skew.tag_membership) == (2, False, False)
    assert skew.pipeline_text() == ("pto-skew-cross-core{fifo-depth=2 remarks=false "
                                    "tag-membership=false remainder=peel depth=stages "
                                    "cost-model={} multi-round-trip=coskew target=a2a3 "
                                    "target-file={} capacity-mat=0 capacity-left=0 "
                                    "capacity-right=0 capacity-acc=0 capacity-vec=0 "
                                    "capacity-bias=0 capacity-scaling=0}")
    assert passes.verify_fifo().pipeline_text() == ("pto-verify-fifo{fifo-depth=0 remarks=false "
                                                     "against={}}")


def test_good_values_run():
    ctx = skew_mlir.make_context()
    with ctx:
        module = ir.Module.parse("""
          func.func @cube(%a: tensor<16xf32>) attributes {pto.core = "aic"} {
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %c8 = arith.constant 8 : index
            scf.for %i = %c0 to %c8 step %c1 {
              "pto.tpush_to_aiv"(%a) : (tensor<16xf32>) -> ()
              %p = "pto.tpop_from_aiv"() : () -> tensor<16xf32>
            } {pto.pipeline_stages = 2 : i64}
            return
          }""")
    passes.skew_cross_core_pipeline(fifo_depth=1, tag_membership=False)(module)
    text = str(module)
    assert "pto.pipeline_stages" not in text and "pto.pipeline_membership" not in text
    assert text.count('"pto.tpush_to_aiv"') == 2  # prologue and steady loop


def test_option_fields_declare_name_type_default_and_help_once():
    cls = passes.SkewCrossCorePipeline
    assert [(o.name, o.type, o.default) for o in cls.options] == [
        ("fifo-depth", int, 0), ("remarks", bool, False),
        ("tag-membership", bool, True), ("remainder", Remainder, Remainder.PEEL),
        ("depth", DepthRule, DepthRule.STAGES), ("cost-model", str, ""),
        ("multi-round-trip", MultiRoundTrip, MultiRoundTrip.COSKEW),
        ("target", str, "a2a3"), ("target-file", str, ""),
        *((f"capacity-{loc}", int, 0)
          for loc in ("mat", "left", "right", "acc", "vec", "bias", "scaling"))]


def test_an_enum_option_holds_its_member_and_is_spelled_by_its_value():
    """remainder is typed: a pipeline's word or the member itself gives the
    member, and the pipeline text spells its value."""
    by_word = passes.skew_cross_core_pipeline(remainder="shrink")
    by_member = passes.skew_cross_core_pipeline(remainder=Remainder.SHRINK)
    assert by_word.remainder is by_member.remainder is Remainder.SHRINK
    assert "remainder=shrink" in by_word.pipeline_text()
    with skew_mlir.make_context():
        pm = PassManager.parse(f"builtin.module({by_word.pipeline_text()})")
    assert "remainder=shrink" in str(pm)


def test_an_option_field_needs_a_supported_annotation():
    with pytest.raises(TypeError, match="option 'ratio' of Bad must be annotated "
                                        "int, bool, str or an Enum"):
        class Bad(skew_mlir.Pass):
            argument = "test-bad-option"
            summary = "a float option"
            ratio: float = skew_mlir.option(0.5, "")


def test_a_bad_default_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="option 'depth' of pass 'test-bad-default' "
                                        "takes an integer"):
        class BadDefault(skew_mlir.Pass):
            argument = "test-bad-default"
            summary = "a string default for an int option"
            depth: int = skew_mlir.option("2", "")
