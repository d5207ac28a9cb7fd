"""The `pto-skew-cross-core` pass."""

from __future__ import annotations

from mlir import ir

from .. import diagnostics
from ..dialect import DEFAULT_FIFO_DEPTH, FIFO_DEPTH_ATTR
from ..registry import Option, Pass, PassFailure
from .analysis import analyze
from .emit import demote, emit_skew
from .loops import find_pipeline_loops
from .plan import Demotion

# Membership groups start here in every function, clear of the groups that
# the buffer allocator numbers from 0.
FIRST_GROUP = 1 << 20


class SkewCrossCorePipeline(Pass):
    argument = "pto-skew-cross-core"
    summary = ("Software-pipeline cross-core (cube/vector) pipeline loops: "
               "producer skew, or demotion to a plain loop")
    options = (
        Option("fifo-depth", int, 0,
               "FIFO slots per direction (0: module attribute pto.fifo_depth, "
               "else 4)"),
        Option("remarks", bool, False, "Emit a remark for every decision"),
        Option("tag-membership", bool, True,
               "Tag skewed copies with pto.pipeline_membership"),
    )

    def run(self, op: ir.Operation) -> None:
        slots = self._slots(op)
        loops, errors = find_pipeline_loops(op)
        for bad, message in errors:
            diagnostics.error(bad.location, message)
        if errors:
            raise PassFailure()
        # Every plan is made before any IR changes: a loop's plan never depends
        # on another loop's rewrite (a loop holding a cross-core loop has a
        # nested FIFO op and is demoted whatever that inner loop becomes).
        plans = [analyze(loop, slots) for loop in loops]
        next_group: dict[ir.Operation, int] = {}
        for plan in plans:
            if plan is None:
                continue
            location = plan.loop.location
            if isinstance(plan, Demotion):
                demote(plan.loop)
                message = f"demoted: {plan.reason}"
            else:
                group = None
                if self.tag_membership:
                    function = _enclosing_function(plan.loop, op)
                    group = next_group.get(function, FIRST_GROUP)
                    next_group[function] = group + 1
                message = plan.remark()
                emit_skew(plan, group)
            if self.remarks:
                diagnostics.remark(location, message)

    def _slots(self, op: ir.Operation) -> int:
        """FIFO slots per direction: option, else module attribute, else 4."""
        if self.fifo_depth < 0:
            diagnostics.error(op.location,
                              f"fifo-depth must be >= 0, got {self.fifo_depth}")
            raise PassFailure()
        if self.fifo_depth:
            return self.fifo_depth
        module = op
        while module is not None:
            if module.name == "builtin.module" and FIFO_DEPTH_ATTR in module.attributes:
                attr = module.attributes[FIFO_DEPTH_ATTR]
                if not isinstance(attr, ir.IntegerAttr) or attr.value < 1:
                    diagnostics.error(module.location, f"'{FIFO_DEPTH_ATTR}' must "
                                      f"be an integer >= 1, got {attr}")
                    raise PassFailure()
                return attr.value
            module = module.parent
        return DEFAULT_FIFO_DEPTH


def _enclosing_function(op: ir.Operation, root: ir.Operation) -> ir.Operation:
    """The nearest enclosing function-like op (one with a function_type)."""
    while op != root:
        op = op.parent
        if "function_type" in op.attributes:
            return op
    return root
