# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""pto-skew-cross-core through its Python API: idempotency, verification,
the pass object, PassManager use, and what a failure leaves behind."""

from __future__ import annotations

import pathlib

import pytest
from mlir import ir
from mlir.passmanager import PassManager

import skew_mlir
from skew_mlir.dialect import MEMBERSHIP_ATTR, PIPELINE_STAGES_ATTR
from skew_mlir.passes import skew_cross_core_pipeline
from skew_mlir.skew import analysis as analysis_module
from skew_mlir.skew import emit as emit_module

HERE = pathlib.Path(__file__).parent
EXAMPLE = HERE.parent.parent / "examples" / "flash_decode_qk_pv.mlir"


def _cases() -> list[tuple[str, str]]:
    """Every split of every golden test whose input the pass accepts."""
    cases = []
    for path in sorted(HERE.glob("*.mlir")):
        if path.name in ("errors.mlir", "example.mlir"):
            continue
        for n, chunk in enumerate(path.read_text().split("// -----")):
            if "expected-error" not in chunk:  # inputs the pass rejects
                cases.append((f"{path.name}#{n}", chunk))
    cases.append((EXAMPLE.name, EXAMPLE.read_text()))
    return cases


CASES = _cases()

CUBE_LOOP = """
func.func @cube{n}(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (tensor<8x16xf32>) {{
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  }} {{pto.pipeline_stages = {stages} : i64}}
  return %r : tensor<8x16xf32>
}}
"""


class Diagnostics:
    """Collects the diagnostics of a context as (severity, message)."""

    def __init__(self, context: ir.Context):
        self.seen: list[tuple[str, str]] = []
        self.handler = context.attach_diagnostic_handler(self._record)

    def _record(self, diagnostic) -> bool:
        self.seen.append((str(diagnostic.severity).rsplit(".", 1)[-1],
                          diagnostic.message, str(diagnostic.location)))
        return True

    def messages(self, severity: str) -> list[str]:
        return [m for s, m, _ in self.seen if s == severity]

    def located(self, severity: str) -> list[tuple[str, str]]:
        return [(m, loc) for s, m, loc in self.seen if s == severity]


def _run(text: str, **options) -> str:
    with skew_mlir.make_context() as context:
        Diagnostics(context)  # keeps remarks off stderr
        module = ir.Module.parse(text)
        skew_cross_core_pipeline(**options)(module)
        assert module.operation.verify()
        return str(module)


@pytest.mark.parametrize("name,text", CASES, ids=[c[0] for c in CASES])
def test_output_verifies_and_second_run_changes_nothing(name, text):
    once = _run(text, remarks=True)
    assert _run(once, remarks=True) == once


@pytest.mark.parametrize("name,text", CASES, ids=[c[0] for c in CASES])
def test_no_cross_core_loop_keeps_its_marker(name, text):
    with skew_mlir.make_context() as context:
        Diagnostics(context)
        module = ir.Module.parse(text)
        skew_cross_core_pipeline()(module)
        marked = []
        module.operation.walk(
            lambda op: (marked.append(op) if PIPELINE_STAGES_ATTR in op.attributes
                        else None, ir.WalkResult.ADVANCE)[1])
        for loop in marked:
            # Cross-core = a push and a pop (nested ones included); a
            # push-only or pop-only loop keeps its marker.
            fifo = set()
            loop.walk(lambda op: (fifo.add(op.name[:8]) if op.name.startswith(
                ("pto.tpush", "pto.tpop")) else None, ir.WalkResult.ADVANCE)[1])
            assert fifo != {"pto.tpus", "pto.tpop"}, \
                f"{name}: cross-core loop kept {PIPELINE_STAGES_ATTR}"


def test_demoted_loops_keep_their_body():
    text = (HERE / "demote.mlir").read_text()
    for chunk in text.split("// -----"):
        with skew_mlir.make_context() as context:
            Diagnostics(context)
            expected = ir.Module.parse(chunk)
            expected.operation.walk(lambda op: (
                op.attributes.__delitem__(PIPELINE_STAGES_ATTR)
                if PIPELINE_STAGES_ATTR in op.attributes else None,
                ir.WalkResult.ADVANCE)[1])
            module = ir.Module.parse(chunk)
            skew_cross_core_pipeline()(module)
            assert str(module) == str(expected)


def test_python_api_remarks_and_options():
    with skew_mlir.make_context() as context:
        diagnostics = Diagnostics(context)
        module = ir.Module.parse(CUBE_LOOP.format(n=0, stages=4))
        skew_cross_core_pipeline(remarks=True, fifo_depth=2)(module)
        assert diagnostics.messages("REMARK") == [
            "skewed: depth 2 (requested 3, trip 8, slots 2; "
            "C2V has 2 slots: at most 2 iterations ahead)"]
        assert module.operation.verify()


def test_tag_membership_option():
    untagged = _run(CUBE_LOOP.format(n=0, stages=2), tag_membership=False)
    assert MEMBERSHIP_ATTR not in untagged
    assert PIPELINE_STAGES_ATTR not in untagged
    assert f'{MEMBERSHIP_ATTR} = "1048576:1"' in _run(CUBE_LOOP.format(n=0, stages=2))


def test_pipeline_text_parses_in_a_pass_manager():
    p = skew_cross_core_pipeline(remarks=True, fifo_depth=3)
    assert p.pipeline_text() == (
        "pto-skew-cross-core{fifo-depth=3 remarks=true tag-membership=true "
        "remainder=peel depth=stages cost-model={} multi-round-trip=coskew target=a2a3 "
        "target-file={} capacity-mat=0 capacity-left=0 capacity-right=0 capacity-acc=0 "
        "capacity-vec=0 capacity-bias=0 capacity-scaling=0}")
    with skew_mlir.make_context() as context:
        diagnostics = Diagnostics(context)
        module = ir.Module.parse(CUBE_LOOP.format(n=0, stages=6))
        PassManager.parse(f"builtin.module({p.pipeline_text()})").run(
            module.operation)
        assert diagnostics.messages("REMARK") == [
            "skewed: depth 3 (requested 5, trip 8, slots 3; "
            "C2V has 3 slots: at most 3 iterations ahead)"]


def test_many_functions_through_a_pass_manager():
    """Nested under func.func in a multi-threaded context: hundreds of
    functions, each with its own membership group numbering."""
    # Kernels (a plain function may be called from one, so under func.func
    # it is demoted) that push no more than the slots they declare: safe
    # whatever the peer, so skewed under func.func (docs/deadlock.md).
    text = "".join(CUBE_LOOP.format(n=n, stages=2) for n in range(300)).replace(
        "-> tensor<8x16xf32> {\n", '-> tensor<8x16xf32> attributes {pto.core = "aic"} {\n'
        '  "pto.aic_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, '
        'slot_num = 8 : i32} : () -> ()\n')
    text = f"module attributes {{pto.fifo_depth = 8 : i64}} {{{text}}}"
    with skew_mlir.make_context() as context:
        Diagnostics(context)
        module = ir.Module.parse(text)
        PassManager.parse("builtin.module(func.func(pto-skew-cross-core))").run(
            module.operation)
        out = str(module)
    assert PIPELINE_STAGES_ATTR not in out
    assert out.count('"1048576:0"') == 300 * 4
    assert "1048577" not in out


def test_groups_are_numbered_per_function_when_run_on_the_module():
    text = CUBE_LOOP.format(n=0, stages=2) + CUBE_LOOP.format(n=1, stages=2)
    out = _run(text)
    assert out.count('"1048576:0"') == 8 and "1048577" not in out


def _errors_of_a_failing_run(text: str) -> list[str]:
    """Runs the pass on `text`, which must fail and leave it unchanged."""
    with skew_mlir.make_context() as context:
        diagnostics = Diagnostics(context)
        module = ir.Module.parse(text)
        before = str(module)
        with pytest.raises(ir.MLIRError) as failure:
            skew_cross_core_pipeline()(module)
        assert str(module) == before
    # The exception carries the errors; no handler saw them.
    assert diagnostics.messages("ERROR") == []
    return [d.message for d in failure.value.error_diagnostics]


def test_malformed_marker_fails_before_any_rewrite():
    text = CUBE_LOOP.format(n=0, stages=2) + CUBE_LOOP.format(n=1, stages=0)
    assert _errors_of_a_failing_run(text) == [
        "'pto.pipeline_stages' must be an integer >= 1, got 0 : i64"]


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError):
        skew_cross_core_pipeline(depth=2)


def _function_text(module: ir.Module, name: str) -> str:
    return next(str(op) for op in module.body.operations
                if op.attributes["sym_name"].value == name)


# The emitter builds a skewed loop in three steps: the constants, the empty
# steady loop, then every copy in one clone batch. A failure after each of
# the first two (with what they built in place) and at the third covers
# every point of the rewrite.
def _fail_after(real):
    def failing(*args, **kwargs):
        real(*args, **kwargs)
        raise RuntimeError("injected")
    return failing


def _fail_instead(real):
    def failing(*args, **kwargs):
        raise RuntimeError("injected")
    return failing


FAILURE_POINTS = [
    (emit_module.SkewEmitter, "make_constants", _fail_after),
    (emit_module.SkewEmitter, "steady_loop", _fail_after),
    (emit_module, "clone_all", _fail_instead),
]


def _fail_at_the_nth_call(monkeypatch, owner, name, wrap, n):
    """Makes the n-th call of owner.name fail as `wrap` says."""
    real = getattr(owner, name)
    failing = wrap(real)
    calls = []

    def patched(*args, **kwargs):
        calls.append(None)
        return (failing if len(calls) == n else real)(*args, **kwargs)

    monkeypatch.setattr(owner, name, patched)


@pytest.mark.parametrize("owner, name, wrap", FAILURE_POINTS)
def test_failure_mid_rewrite_leaves_that_loop_as_it_was(monkeypatch, owner, name, wrap):
    text = "".join(CUBE_LOOP.format(n=n, stages=2) for n in range(3))
    _fail_at_the_nth_call(monkeypatch, owner, name, wrap, 2)  # the middle loop
    with skew_mlir.make_context() as context:
        diagnostics = Diagnostics(context)
        module = ir.Module.parse(text)
        before = _function_text(module, "cube1")
        loop_location = str(next(
            op for op in module.body.operations[1].regions[0].blocks[0].operations
            if op.name == "scf.for").location)
        with pytest.raises(ir.MLIRError) as failure:
            skew_cross_core_pipeline(remarks=True)(module)
        assert module.operation.verify()
        assert _function_text(module, "cube1") == before
        for other in ("cube0", "cube2"):
            out = _function_text(module, other)
            assert PIPELINE_STAGES_ATTR not in out and out.count("tpush_to_aiv") == 4
    assert [(d.message, str(d.location)) for d in failure.value.error_diagnostics] == [(
        "internal error while rewriting this loop (left unchanged): RuntimeError: injected",
        loop_location)]
    assert diagnostics.messages("REMARK") == [
        "skewed: depth 2 (requested 2, trip 8, slots 4)"] * 2


# Three loops in one block share the induction constants that the first
# builds; when that first rewrite fails, its constants go, and the second
# loop builds them again.
@pytest.mark.parametrize("owner, name, wrap", FAILURE_POINTS)
def test_failure_takes_back_the_shared_constants_it_built(monkeypatch, owner, name, wrap):
    loop = """
  %r{n} = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = {init}) -> (tensor<8x16xf32>) {{
    %s = tensor.extract_slice %k[%i, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<1x16xf32>
    "pto.tpush_to_aiv"(%s) : (tensor<1x16xf32>) -> ()
    %p = "pto.tpop_from_aiv"() : () -> tensor<1x16xf32>
    %o = tensor.insert_slice %p into %acc[%i, 0] [1, 16] [1, 1] : tensor<1x16xf32> into tensor<8x16xf32>
    scf.yield %o : tensor<8x16xf32>
  }} {{pto.pipeline_stages = 2 : i64}}"""
    text = """
func.func @cube(%k: tensor<8x16xf32>, %init: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index""" + "".join(
        loop.format(n=n, init="%init" if n == 0 else f"%r{n - 1}") for n in range(3)) + """
  return %r2 : tensor<8x16xf32>
}"""
    _fail_at_the_nth_call(monkeypatch, owner, name, wrap, 1)  # the first loop
    with skew_mlir.make_context():
        module = ir.Module.parse(text)
        with pytest.raises(ir.MLIRError):
            skew_cross_core_pipeline()(module)
        assert module.operation.verify()
        out = str(module)
    # The first loop is back as it was; the other two are skewed, and share
    # one set of constants built before the second.
    assert out.count(PIPELINE_STAGES_ATTR) == 1 and out.count("tpush_to_aiv") == 9
    assert out.count("arith.constant 2 : index") == 1
    assert out.index(PIPELINE_STAGES_ATTR) < out.index("arith.constant 2 : index")


def test_failure_in_the_analysis_is_reported_at_the_loop(monkeypatch):
    def broken(*args):
        raise ValueError("injected")

    monkeypatch.setattr(analysis_module, "split_halves", broken)
    assert _errors_of_a_failing_run(CUBE_LOOP.format(n=0, stages=2)) == [
        "internal error while analysing this loop (left unchanged): ValueError: injected"]
