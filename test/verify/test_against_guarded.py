# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Message identity across the pass's guarded skew (pto-verify-fifo
against=FILE over every value of the launch argument): kept by the pass;
two pushes swapped in the prologue (every trip the guard lets through) or
in the remainder's `scf.if` (odd trips only) is a mismatch at the pop."""

from __future__ import annotations

import pathlib

import pytest
from mlir import ir

from skew_mlir.dialect import make_context
from skew_mlir.passes import SkewCrossCorePipeline
from skew_mlir.verify.against import check_against

INPUT = pathlib.Path(__file__).parent / "Inputs" / "two_push_dynamic.mlir"
W, X = 'loc("push_w")', 'loc("push_x")'


def _rewrite() -> str:
    with make_context(), ir.Location.unknown():
        module = ir.Module.parse(INPUT.read_text())
        SkewCrossCorePipeline(fifo_depth=8)(module)
        return module.operation.get_asm(enable_debug_info=True, use_local_scope=True)


def _swap(text: str, first: bool) -> str:
    """The pushes of one copy (the prologue's first, else the remainder's
    after the group count's `remui`) with their sites swapped."""
    at_w = text.find(W) if first else text.find(W, text.index("arith.remui"))
    at_x = text.find(X, at_w)
    assert 0 < at_w < at_x and text[at_w:at_x].count("pto.tpush_to_aiv") == 1
    return text[:at_w] + X + text[at_w + len(W):at_x] + W + text[at_x + len(X):]


def _reports(text: str) -> list:
    with make_context(), ir.Location.unknown():
        original = ir.Module.parse(INPUT.read_text())
        rewrite = ir.Module.parse(text)
        return [(r.severity, r.message) for r in
                check_against(original.operation, rewrite.operation, fifo_depth=8)]


def test_the_pass_keeps_message_identity():
    text = _rewrite()
    assert "scf.if" in text and "arith.remui" in text  # the guarded form
    assert _reports(text) == []


@pytest.mark.parametrize("first, iteration", [(True, "iteration 0"),
                                              (False, "iteration %arg1 - 1")])
def test_swapped_pushes_are_found(first, iteration):
    reports = _reports(_swap(_rewrite(), first))
    errors = [m for severity, m in reports if severity == "error"]
    assert errors and all("message identity mismatch" in m for m in errors), reports
    assert f'"pop_w" {iteration} receives the message of' in errors[0], errors[0]
