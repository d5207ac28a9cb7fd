# RUN: %python -m pytest -q -p no:cacheprovider %s
"""pto-verify-fifo over every value of a launch argument, against the
simulator at each of them: the pass's guarded skew of an i8 pair
(Inputs/guarded_i8_pair.mlir) and mutants of it (a guard, a group count or
a remainder test reading another constant, a predicate off by one). Where
the verifier proves the pair, the simulator must run it at all 256 values;
where it reports a value, the simulator must fail there; where it stops
without a claim (a division by zero), it says so."""

from __future__ import annotations

import pathlib
import re

import pytest
from mlir import ir

from skew_mlir.dialect import make_context
from skew_mlir.passes import SkewCrossCorePipeline, VerifyFifo
from skew_mlir.sim import SimError, simulate

INPUT = pathlib.Path(__file__).parent / "Inputs" / "guarded_i8_pair.mlir"
VALUES = range(-128, 128)
_WHEN = re.compile(r"when it is (-?\d+), ")


def _skewed() -> str:
    with make_context(), ir.Location.unknown():
        module = ir.Module.parse(INPUT.read_text())
        SkewCrossCorePipeline()(module)
        return str(module)


def _mutants(text: str) -> list[tuple[str, str]]:
    """(what changed, text) for each one-token change of the cube's guard,
    group count and remainder arithmetic."""
    lines = text.splitlines()
    constants = sorted(set(re.findall(r"(%c-?\d+_i8) = arith.constant", text)))
    found = []
    for n, line in enumerate(lines):
        if not re.search(r"arith\.(cmpi|divui|remui|addi|subi) ", line):
            continue
        for used in set(re.findall(r"%c-?\d+_i8", line)):
            for other in constants:
                if other != used:
                    found.append((f"line {n + 1}: {used} -> {other}",
                                  "\n".join(lines[:n] + [line.replace(used, other)]
                                            + lines[n + 1:])))
        for a, b in (("uge", "ugt"), ("ugt", "uge"), ("sgt", "sge")):
            if f"cmpi {a}," in line:
                found.append((f"line {n + 1}: {a} -> {b}", "\n".join(
                    lines[:n] + [line.replace(f"cmpi {a},", f"cmpi {b},")] + lines[n + 1:])))
    return found


def _verdict(text: str) -> tuple[bool, int | None, list[str]]:
    """(proved, the value a finding names, the messages)."""
    messages = []

    def take(diagnostic):
        messages.append(str(diagnostic.message))
        return True

    with make_context() as context, ir.Location.unknown():
        module = ir.Module.parse(text)
        handler = context.attach_diagnostic_handler(take)
        try:
            VerifyFifo()(module)
        except ir.MLIRError as exc:
            messages += [d.message for d in exc.error_diagnostics]
        handler.detach()
    values = [int(m.group(1)) for m in map(_WHEN.search, messages) if m]
    return not messages, (values[0] if values else None), messages


def _failing(text: str, values) -> list[int]:
    """The values of launch argument #1 at which the simulator fails."""
    with make_context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        failing = []
        for value in values:
            try:
                simulate(module, args={1: str(value)})
            except SimError:
                failing.append(value)
    return failing


def test_the_pass_output_proves_and_runs_everywhere():
    text = _skewed()
    proved, _, messages = _verdict(text)
    assert proved, messages
    assert not _failing(text, VALUES)


MUTANTS = _mutants(_skewed())


def test_there_are_mutants_of_each_kind():
    kinds = {what.split(": ")[1].split(" ")[0] for what, _ in MUTANTS}
    assert len(MUTANTS) >= 20 and {"uge", "sgt"} <= kinds, [w for w, _ in MUTANTS]


@pytest.mark.parametrize("index", range(len(MUTANTS)))
def test_mutant_verdict_matches_the_simulator(index):
    what, text = MUTANTS[index]
    try:
        proved, value, messages = _verdict(text)
    except ir.MLIRError:
        pytest.skip(f"{what}: not valid IR")  # a type clash, say: nothing to check
    if proved:
        failing = _failing(text, VALUES)
        assert not failing, f"{what}: proved, but the simulator fails at {failing[:5]}"
    elif value is None:
        # No claim: the proof stopped (a division by zero in the guard, say).
        assert all("over every value of" in m for m in messages), (what, messages)
    else:
        assert _failing(text, [value]), f"{what}: reported at {value}, but it runs there"
