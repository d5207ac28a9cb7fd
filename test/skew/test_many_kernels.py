# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: pytest
"""The pass's work grows linearly with the functions of a module (counted,
not timed: benchmarks/bad_inputs.py times funcs-4000 and kernels-4000).

- Functions that are not kernels, each with a cross-core loop: whether a
  kernel calls one is read from one reading of the module's kernels (it
  used to read them once per function: quadratic).
- Many kernels of each role, no pairing known: each loop's slots come from
  the initialise ops of every kernel of the other role, read once per pipe
  (they used to be read once per loop: quadratic); whether each kernel's
  FIFO use asks for two vector sub-blocks is read once per kernel, and the
  ops holding FIFO ops once per module (they used to be read once per
  kernel for every peer, and once per kernel: quadratic).
"""

from __future__ import annotations

import pytest
from mlir import ir

import skew_mlir
from skew_mlir.fifo_model import SlotTable
from skew_mlir.passes import skew_cross_core_pipeline
from skew_mlir.skew import pairing, peer_memory

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


def _counted(text: str, monkeypatch, **options) -> dict[str, int]:
    """How often the pass (with `options`) reads a module's kernels, a
    kernel's pipe declarations, a kernel's sub-blocks (for its peer's
    memory) and the holders of FIFO ops (for a kernel's own FIFO use)."""
    counts = {"kernels_of": 0, "declared": 0, "subblocks": 0, "fifo_holders": 0}
    kernels_of, declared = pairing.kernels_of, SlotTable.declared
    subblocks, fifo_holders = peer_memory.subblocks, pairing.fifo_holders

    def counting_subblocks(*kernels):
        counts["subblocks"] += 1
        return subblocks(*kernels)

    def counting_fifo_holders(root):
        counts["fifo_holders"] += 1
        return fifo_holders(root)

    def counting_kernels_of(module):
        counts["kernels_of"] += 1
        return kernels_of(module)

    def counting_declared(self, function):
        counts["declared"] += 1
        return declared(self, function)

    monkeypatch.setattr(pairing, "kernels_of", counting_kernels_of)
    monkeypatch.setattr(SlotTable, "declared", counting_declared)
    monkeypatch.setattr(peer_memory, "subblocks", counting_subblocks)
    monkeypatch.setattr(pairing, "fifo_holders", counting_fifo_holders)
    with skew_mlir.make_context():
        module = ir.Module.parse(text)
        skew_cross_core_pipeline(**options)(module)
    monkeypatch.undo()
    return counts


@pytest.mark.parametrize("depth", ["stages", "auto"])
@pytest.mark.parametrize("roles", [[None], ["aic", None], ["aic", "aiv"],
                                   ["aic", "aiv", None]])
def test_work_is_linear_in_the_functions(roles, depth, monkeypatch):
    """Under depth=auto too: its estimate reads each loop's peer."""
    small = _counted(_module(24, roles), monkeypatch, depth=depth)
    large = _counted(_module(96, roles), monkeypatch, depth=depth)
    # A module's kernels are read a fixed number of times.
    assert large["kernels_of"] == small["kernels_of"] <= 2
    # Pipe declarations: a bounded number of readings per function.
    assert large["declared"] <= 4 * small["declared"] + 8
    assert large["declared"] <= 12 * 96
    # A kernel's sub-blocks at most once, the FIFO holders once per module
    # and once per visible pair.
    assert large["subblocks"] <= 96
    assert large["fifo_holders"] <= small["fifo_holders"] + 2


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


def _pair_of_loops(count: int) -> str:
    """A pair whose kernels run `count` loops in sequence, each over the
    run-time trip %n: the cube's `push; pop`, the vector's `pop; push`."""
    def kernel(name: str, role: str, body: list) -> str:
        loops = "\n".join(f"scf.for %i{k} = %c0 to %n step %c1 {{\n"
                          + "\n".join(line.format(k=k) for line in body)
                          + "\n} {pto.pipeline_stages = 2 : i64}" for k in range(count))
        return (f'func.func @{name}(%n: index, %w: {T}) attributes {{pto.core = "{role}"}} {{\n'
                "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
                f"{loops}\nreturn\n}}")
    cube = kernel("cube", "aic", [f'"pto.tpush_to_aiv"(%w) : ({T}) -> ()',
                                  f'%p{{k}} = "pto.tpop_from_aiv"() : () -> {T}'])
    vector = kernel("vector", "aiv", [f'%t{{k}} = "pto.tpop_from_aic"() : () -> {T}',
                                      f'"pto.tpush_to_aic"(%t{{k}}) : ({T}) -> ()'])
    return "module {\n" + cube + "\n" + vector + "\n}\n"


def test_the_pair_proof_is_linear_in_the_loops(monkeypatch):
    """A period jump moves the message ordinals of the ops the period ran,
    not of every op of the pair (which made the proof quadratic in the
    loops); the model's events grow linearly too."""
    from skew_mlir.verify import model as model_module

    def work(count: int) -> tuple[int, int]:
        moved, events = [], []
        ran_since, run = model_module.Model._ran_since, model_module.Model.run

        def counting_ran_since(self, counted):
            found = ran_since(self, counted)
            moved.append(len(found))
            return found

        def counting_run(self, *args):
            before = self.simulated
            outcome = run(self, *args)
            events.append(self.simulated - before)
            return outcome

        monkeypatch.setattr(model_module.Model, "_ran_since", counting_ran_since)
        monkeypatch.setattr(model_module.Model, "run", counting_run)
        with skew_mlir.make_context():
            module = ir.Module.parse(_pair_of_loops(count))
            skew_cross_core_pipeline()(module)
        monkeypatch.undo()
        assert moved, "no period was jumped over"
        return sum(moved), sum(events)

    small, large = work(10), work(40)
    assert large[0] <= 5 * small[0]
    assert large[1] <= 5 * small[1]
