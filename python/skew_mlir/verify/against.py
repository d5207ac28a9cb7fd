"""Translation validation across two files: does a rewritten kernel pair
deliver every message where the original did (docs/message-identity.md)?

`check_against(original, rewrite, fifo_depth)` compares the cube/vector pair
of the module `rewrite` with the pair of the module `original` (each a
module op holding one function marked pto.core = "aic" and one "aiv"): the
rewrite's FIFO ops are matched to the original's (verify/sites.py), both
pairs run in the FIFO model with message identity on (verify/identity.py),
and the result is a list of Report: errors at the rewrite's pops that
receive another message than in the original, warnings where the check
could not be made. `pto-verify-fifo{against=FILE}` and the static phase of
`pto-sim check --against` both use it.
"""

from __future__ import annotations

from typing import NamedTuple

from mlir import ir

from ..fifo_model import SlotTable, kernels_of, pair_slots, subblocks
from .identity import check_same_messages
from .program import (OUTPUT_KEY_DEPTH, fifo_holders, one_argument, pair_programs,
                      template_uses)
from .sites import match_sites
from .symbolic import Evaluator, values_of
from .trips import NotAffine, Unfinished, over_all_trips

# Sets of trips the check over every run-time trip may split into.
BRANCHES = 10_000


class Report(NamedTuple):
    severity: str  # "error" / "warning"
    op: ir.Operation  # where (in the rewrite)
    message: str
    notes: tuple = ()  # (op, text)


def _pair(module: ir.Operation) -> dict | None:
    found, _ = kernels_of(module)
    if len(found["cube"]) != 1 or len(found["vector"]) != 1:
        return None
    return {role: functions[0] for role, functions in found.items()}


class _Found(Exception):
    def __init__(self, mismatches: list):
        super().__init__()
        self.mismatches = mismatches


def _keys_differ(rewrite: ir.Operation) -> Report:
    return Report("warning", rewrite, (
        "message identity not checked: the loops of the two files run trip counts "
        "known at run time only that are not one and the same expression of the "
        "kernels' arguments"))


def check_against(original: ir.Operation, rewrite: ir.Operation,
                  fifo_depth: int = 0) -> list[Report]:
    # The model builds the half tiles of split messages (types need a
    # location outside a pass too: pto-sim).
    with rewrite.location:
        return _check(original, rewrite, fifo_depth)


def _check(original: ir.Operation, rewrite: ir.Operation, fifo_depth: int) -> list[Report]:
    after = _pair(rewrite)
    if after is None:
        return []  # nothing to compare: pto-verify-fifo says what is wrong with the pair
    # What cannot be checked is a warning, as for everything the model
    # cannot read: the data comparison of pto-sim still runs.
    before = _pair(original)
    if before is None:
        return [Report("warning", rewrite, "message identity not checked: the original "
                                           "has no single cube/vector kernel pair")]
    site, why = match_sites(before, after)
    if site is None:
        return [Report("warning", rewrite, f"message identity not checked: {why}")]
    table = SlotTable(fifo_depth)
    sides = []
    for module, kernels in ((original, before), (rewrite, after)):
        _, holders = fifo_holders(module)
        sides.append((module, kernels, pair_programs(kernels, holders, module,
                                                     OUTPUT_KEY_DEPTH)))
    # Guards and loops of several trips that all read one launch argument:
    # both files run at every value of it (symbolic.py), else at one trip key.
    variable = one_argument([t for *_, programs in sides for t in programs.templates.values()])
    if variable is None and any(len(programs.keys) > 1 for *_, programs in sides):
        return [_keys_differ(rewrite)]
    checked = []
    for module, kernels, programs in sides:
        if variable is None:
            unproved = [(op, what) for p in programs.once.values() for op, what in p.unproved]
            uses = programs.uses
        else:
            unproved = [(op, what) for t in programs.templates.values()
                        for op, what in t.unproved]
            uses = {role: template_uses(t) for role, t in programs.templates.items()}
        if unproved:
            which = "original" if module is original else "rewrite"
            where = unproved[0][0] if module is rewrite else rewrite
            return [Report("warning", where, f"message identity not checked: the "
                                             f"{which} cannot be modelled "
                                             f"({unproved[0][1]})")]
        slots, _ = pair_slots(table, kernels, uses, module)
        checked.append((programs.templates, programs.keys, slots))
    (b, b_keys, b_slots), (a, a_keys, a_slots) = checked
    if variable is None and b_keys != a_keys:
        return [_keys_differ(rewrite)]
    key = next(iter(a_keys), None)
    lanes = subblocks(after["cube"], after["vector"])

    def run(n):
        trips, symbols = {} if key is None else {key: n}, None
        if variable is not None:
            trips, symbols = {}, Evaluator(variable, n)
        programs = [{role: t.at(trips, {}, symbols) for role, t in side.items()}
                    for side in (b, a)]
        found = check_same_messages(
            (programs[0]["cube"], programs[0]["vector"]),
            (programs[1]["cube"], programs[1]["vector"]), a_slots, lanes,
            lambda op: site.get(op, op), before_slots=b_slots)
        if found:
            # The first trips with a finding are the report: the other
            # branches need not run (each may take a model's whole budget).
            raise _Found(found)
        return found, 1

    try:
        if variable is not None:
            over_all_trips(run, BRANCHES, values_of(variable), variable[1])
        elif key is None:
            run(None)
        else:
            over_all_trips(run, BRANCHES)
        mismatches = []
    except _Found as first:
        mismatches = first.mismatches
    except (NotAffine, Unfinished) as exc:
        over = "trip" if variable is None else f"value of launch argument {variable[1]}"
        return [Report("warning", rewrite, f"message identity not checked over every "
                                           f"{over}: {exc}")]
    return [Report("warning" if m.unknown else "error", m.op, m.message, m.notes)
            for m in mismatches]
