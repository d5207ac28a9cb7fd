# RUN: %python -m pytest -q -p no:cacheprovider %s
"""Every skew the pass makes of the golden inputs (test/skew, its Inputs,
examples/) validates clean against its input across the two modules
(verify/against.py, the check of pto-verify-fifo{against=FILE}): the
rewrite keeps the input's locations, so each cloned push and pop stands for
its original site, and every pop receives the message (push site,
iteration) it receives in the input."""

from __future__ import annotations

import re
from pathlib import Path

from mlir import ir
from mlir.passmanager import PassManager

from skew_mlir.dialect import make_context
from skew_mlir.fifo_model import modules_under
from skew_mlir.verify.against import check_against

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.glob("test/skew/*.mlir"), *ROOT.glob("test/skew/Inputs/*.mlir"),
                  *ROOT.glob("examples/*.mlir")])
_SPLIT = re.compile(r"^// -----$|^//--- .*$", re.MULTILINE)


def chunks(path: Path) -> list[str]:
    return [part for part in _SPLIT.split(path.read_text()) if "pto.core" in part
            or "pto.kernel_kind" in part]


def skews_validated(path: Path) -> int:
    """How many inputs of `path` the pass changes; each must validate."""
    skewed = 0
    for text in chunks(path):
        with make_context() as context:
            context.emit_error_diagnostics = False
            context.attach_diagnostic_handler(lambda d: True)
            try:
                original = ir.Module.parse(text)
                after = ir.Module.parse(text)
                PassManager.parse("builtin.module(pto-skew-cross-core)").run(after.operation)
            except ir.MLIRError:
                continue  # an input the pass (or the parser) rejects: an error test
            if str(after) == str(original):
                continue
            skewed += 1
            for before_module, after_module in zip(modules_under(original.operation),
                                                   modules_under(after.operation)):
                errors = [r.message for r in check_against(before_module, after_module)
                          if r.severity == "error"]
                assert errors == [], f"{path.name}:\n{text}"
    return skewed


def test_golden_skews_keep_message_identity():
    counts = {path.name: skews_validated(path) for path in SOURCES}
    # The inputs do get skewed (else this would check nothing).
    assert sum(counts.values()) >= 80, counts
    assert counts["flash_attention_exact.mlir"] and counts["flash_decode_qk_pv.mlir"]
