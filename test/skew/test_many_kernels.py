# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The pass's work grows linearly with the functions of a module (counted,
not timed: benchmarks/bad_inputs.py times funcs-4000 and kernels-4000).

- Functions that are not kernels, each with a cross-core loop: whether a
  kernel calls one is read from one reading of the module's kernels (it
  used to read them once per function: quadratic).
- Many kernels of each role, no pairing known: each loop's slots come from
  the initialise ops of every kernel of the other role, read once per pipe
  (they used to be read once per loop: quadratic).
"""

from __future__ import annotations

import pytest
from mlir import ir

import skew_mlir
from skew_mlir.fifo_model import SlotTable
from skew_mlir.passes import skew_cross_core_pipeline
from skew_mlir.skew import pairing

T = "tensor<4xf32>"


def _function(k: int, role: str | None) -> str:
    marker = f' attributes {{pto.core = "{role}"}}' if role else ""
    if role == "aiv":
        body = [f'%t = "pto.tpop_from_aic"() : () -> {T}',
                f'"pto.tpush_to_aic"(%t) : ({T}) -> ()']
    else:
        body = [f'"pto.tpush_to_aiv"(%w) : ({T}) -> ()',
                f'%p = "pto.tpop_from_aiv"() : () -> {T}']
    init = (['"pto.aiv_initialize_pipe"() {dir_mask = 3 : i8, slot_size = 64 : i32, '
             'slot_num = 2 : i32} : () -> ()'] if role == "aiv" and k % 4 == 1 else [])
    lines = [f"func.func @f{k}(%w: {T}){marker} {{", *init,
             "%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
             "%c8 = arith.constant 8 : index",
             "scf.for %i = %c0 to %c8 step %c1 {", *body,
             "} {pto.pipeline_stages = 2 : i64}", "return", "}"]
    return "\n".join(lines)


def _module(count: int, roles: list) -> str:
    return "module {\n" + "\n".join(_function(k, roles[k % len(roles)])
                                    for k in range(count)) + "\n}\n"


def _counted(text: str, monkeypatch) -> dict[str, int]:
    """How often the pass reads a module's kernels and a kernel's pipe
    declarations."""
    counts = {"kernels_of": 0, "declared": 0}
    kernels_of, declared = pairing.kernels_of, SlotTable.declared

    def counting_kernels_of(module):
        counts["kernels_of"] += 1
        return kernels_of(module)

    def counting_declared(self, function):
        counts["declared"] += 1
        return declared(self, function)

    monkeypatch.setattr(pairing, "kernels_of", counting_kernels_of)
    monkeypatch.setattr(SlotTable, "declared", counting_declared)
    with skew_mlir.make_context():
        module = ir.Module.parse(text)
        skew_cross_core_pipeline()(module)
    monkeypatch.undo()
    return counts


@pytest.mark.parametrize("roles", [[None], ["aic", None], ["aic", "aiv"],
                                   ["aic", "aiv", None]])
def test_work_is_linear_in_the_functions(roles, monkeypatch):
    small = _counted(_module(24, roles), monkeypatch)
    large = _counted(_module(96, roles), monkeypatch)
    # A module's kernels are read a fixed number of times.
    assert large["kernels_of"] == small["kernels_of"] <= 2
    # Pipe declarations: a bounded number of readings per function.
    assert large["declared"] <= 4 * small["declared"] + 8
    assert large["declared"] <= 12 * 96


def test_the_peers_least_declaration_counts():
    """Read once per group, a cube loop's slot count is still the least any
    vector kernel declares (every fourth declares 2 slots; default 4)."""
    seen = []
    with skew_mlir.make_context() as context:
        context.attach_diagnostic_handler(lambda d: seen.append(str(d.message)) or True)
        module = ir.Module.parse(_module(16, ["aic", "aiv"]))
        skew_cross_core_pipeline(remarks=True)(module)
    cube = [m for m in seen if m.startswith("skewed") or m.startswith("demoted")]
    assert len(cube) == 8 and all("2 slots" in m for m in cube), seen
