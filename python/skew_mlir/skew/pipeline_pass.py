"""The `pto-skew-cross-core` pass."""

from __future__ import annotations

from collections import Counter

from mlir import ir

from .. import diagnostics
from ..diagnostics import LocatedError
from ..fifo_model import (FifoError, SlotTable, default_slots, is_symbol_table, kernel_role,
                          modules_under, pipe_of, unlaunched_functions)
from ..op_costs import CostModelError, load_cost_model
from ..registry import Pass, PassFailure, option
from .analysis import analyze, left_alone
from ..tile_capacity import capacities
from .auto_depth import auto_depth
from .capacity import Room
from .coskew import coskew
from .depth import MAX_DEPTH, DepthRule, MultiRoundTrip, PipeBudget, Remainder, skew_depth
from .emit import ConstantPool, emit_demotion, emit_skew
from .emit_guarded import emit_guarded_skew
from .emit_staged import emit_staged
from ..loop_ranges import Constants
from .loops import find_pipeline_loops
from .pairing import VisiblePeers, limit_depths
from .peer_memory import PeerMemories
from .plan import DemotionPlan, SkewPlan
from .staged import CoSkewPlan

# The tile locations a capacity-<loc> option sets.
_LOCATIONS = ("mat", "left", "right", "acc", "vec", "bias", "scaling")

# Membership groups start here in every function, clear of the groups that
# the buffer allocator numbers from 0.
FIRST_GROUP = 1 << 20


class SkewCrossCorePipeline(Pass):
    argument = "pto-skew-cross-core"
    summary = ("Software-pipeline cross-core (cube/vector) pipeline loops: "
               "producer skew, or demotion to a plain loop. Run it on "
               "builtin.module, where it proves each pair deadlock-free (under "
               "func.func the peer is not visible and riskier loops are demoted)")
    fifo_depth: int = option(0, "Slots of a pipe no initialise op declares (0: the "
                                "nearest module's pto.fifo_depth, else 4)", minimum=0)
    remarks: bool = option(False, "Emit a remark for every decision")
    tag_membership: bool = option(True, "Tag skewed copies with pto.pipeline_membership")
    remainder: Remainder = option(Remainder.PEEL, "When the depth does not divide a "
                                  "constant trip count: 'peel' keeps the depth and peels "
                                  "the rest after the steady loop, 'shrink' lowers the "
                                  "depth to the largest divisor")
    depth: DepthRule = option(DepthRule.STAGES, "Skew depth: 'stages' (from "
                              "pto.pipeline_stages) or 'auto' (the smallest that hides "
                              "the round trip under the cost model, docs/schedules.md)")
    cost_model: str = option("", "JSON or TOML cost model for depth=auto (default: the "
                                 "simulator's)")
    multi_round_trip: MultiRoundTrip = option(
        MultiRoundTrip.COSKEW, "A loop that turns between pushing and popping more than "
        "once: 'coskew' pipelines it together with its peer loop (module anchor), "
        "'demote' keeps the reference's rule")
    target: str = option("a2a3", "Target whose tile memory capacities bound the copies of "
                                 "the buffers a skew keeps in flight: 'a2a3' or 'a5'")
    target_file: str = option("", "JSON or TOML file of tile memory capacities (bytes per "
                                  "location), over the target's")
    capacity_mat: int = option(0, "Bytes of the mat location (0: the target's)", minimum=0)
    capacity_left: int = option(0, "Bytes of the left location (0: the target's)", minimum=0)
    capacity_right: int = option(0, "Bytes of the right location (0: the target's)", minimum=0)
    capacity_acc: int = option(0, "Bytes of the acc location (0: the target's)", minimum=0)
    capacity_vec: int = option(0, "Bytes of the vec location (0: the target's)", minimum=0)
    capacity_bias: int = option(0, "Bytes of the bias location (0: the target's)", minimum=0)
    capacity_scaling: int = option(0, "Bytes of the scaling location (0: the target's)",
                                   minimum=0)

    def __init__(self, **values):
        super().__init__(**values)
        # A bad cost-model file is a bad option: reported once, where the
        # pipeline sets it, not once per op the pass runs on.
        if self.cost_model:
            try:
                load_cost_model(self.cost_model)
            except CostModelError as exc:
                raise ValueError(f"option 'cost-model': {exc}") from None
        # Likewise a bad target, target file or capacity.
        overrides = {loc: getattr(self, f"capacity_{loc}") for loc in _LOCATIONS
                     if getattr(self, f"capacity_{loc}")}
        try:
            self.capacities = capacities(self.target, overrides or None,
                                         self.target_file or None)
        except ValueError as exc:
            raise ValueError(str(exc)) from None

    def run(self, op: ir.Operation) -> None:
        default_slots(op, self.fifo_depth)  # a bad option or attribute fails here
        table = SlotTable(self.fifo_depth)
        loops, errors, ignored = find_pipeline_loops(op)
        scopes: dict = {}  # op -> its _enclosing_scope
        # Functions a pto.entry does not launch are left alone (fifo_model).
        idle = {f for module in modules_under(op) for f in unlaunched_functions(module)}
        if idle:
            loops = [loop for loop in loops
                     if _enclosing_scope(loop.op, op, scopes) not in idle]
            errors = [(bad, message) for bad, message in errors
                      if _enclosing_scope(bad, op, scopes) not in idle]
            ignored = [(marked, message) for marked, message in ignored
                       if marked not in idle
                       and _enclosing_scope(marked, op, scopes) not in idle]
        for marked, message in ignored:
            diagnostics.warning(marked.location, message)
        peers = VisiblePeers(op)
        errors = _marker_errors(op, peers) + errors
        for bad, message in errors:
            diagnostics.error(bad.location, message)
        if errors:
            raise PassFailure()
        # Every plan is made before any IR changes: a loop's plan never depends
        # on another loop's rewrite (a loop holding a cross-core loop has a
        # nested FIFO op and is demoted whatever that inner loop becomes).
        failed = False
        plans = []
        analysed = []  # (loop, plan)
        bounds = {}  # loop -> the depth its slots allow (for depth=auto)
        constants = Constants()
        memories = PeerMemories()
        rooms: dict[ir.Operation, Room] = {}
        for loop in loops:
            try:
                function = _enclosing_scope(loop.op, op, scopes)
                slots = _loop_slots(loop, function, table, peers)
                peer = memories.of(function if peers.role(function) else None,
                                   peers.of(function))
                if function not in rooms:
                    rooms[function] = Room(self.capacities, function, op)
                plan = analyze(loop, slots, constants, rooms[function], self.remainder, peer)
                plans.append(plan)
                analysed.append((loop, plan))
                bounds[loop.op] = _slot_bound(loop, slots)
                if isinstance(plan, SkewPlan) and plan.buffers:
                    # depth=auto may go no deeper than the copies fit.
                    fitted, _ = rooms[function].fit(plan.buffers, bounds[loop.op])
                    bounds[loop.op] = max(1, fitted)
                    # The loops after it fit next to its copies, at the
                    # deepest depth it may still get.
                    rooms[function].commit(plan.buffers, bounds[loop.op]
                                           if self.depth is DepthRule.AUTO else plan.depth)
            except Exception as exc:  # a bug: report it at the loop, go on
                failed = True
                _report_failure(loop.op, "analysing", exc)
        auto_notes = (self._auto_depths(op, plans, bounds, peers)
                      if self.depth is DepthRule.AUTO else {})
        if self.multi_round_trip is MultiRoundTrip.COSKEW:
            try:
                grouped = coskew(analysed, table, self.remainder, self._cost(op)
                                 if self.depth is DepthRule.AUTO else None, peers)
            except Exception as exc:  # a bug: the loops stay as analysed
                failed = True
                diagnostics.error(op.location, "internal error while planning co-skews "
                                  f"(the loops stay demoted): {type(exc).__name__}: {exc}")
                grouped = {}
            plans = [grouped.get(plan.loop, plan) if plan is not None else None
                     for plan in plans]
        # No skew may make the cube/vector pair deadlock (docs/deadlock.md).
        decisions = limit_depths(op, plans, table, peers)
        if self.remarks:  # before any rewrite erases a loop nested in another
            for loop, plan in analysed:
                if plan is None:
                    diagnostics.remark(loop.op.location, left_alone(loop))
        next_group: dict[ir.Operation, int] = {}
        pool = ConstantPool()
        for plan, note in decisions:
            if plan is None:
                continue
            location = plan.loop.location
            message = plan.remark((auto_notes.get(plan.loop, ""), note))
            if isinstance(plan, DemotionPlan):
                emit_demotion(plan)
            else:
                group = None
                if self.tag_membership:
                    function = _enclosing_scope(plan.loop, op, scopes)
                    group = next_group.get(function, FIRST_GROUP)
                    next_group[function] = group + 1
                if isinstance(plan, CoSkewPlan):
                    emit = emit_staged
                else:
                    emit = emit_guarded_skew if plan.guarded else emit_skew
                try:
                    emit(plan, group, pool)
                except Exception as exc:  # the emitter put the loop back as it was
                    failed = True
                    _report_failure(plan.loop, "rewriting", exc)
                    continue
            if self.remarks:
                diagnostics.remark(location, message)
        if failed:
            raise PassFailure()


    def _cost(self, op: ir.Operation):
        try:
            return load_cost_model(self.cost_model or None)
        except CostModelError as exc:
            raise LocatedError(op, f"option 'cost-model': {exc}") from None

    def _auto_depths(self, op: ir.Operation, plans: list, bounds: dict,
                     peers: VisiblePeers) -> dict:
        """Replaces each skew in `plans` by its depth=auto plan (at most its
        loop's bound; `peers`: the kernels visible from `op`); the notes for
        the remarks, by loop."""
        cost = self._cost(op)
        notes = {}
        for i, plan in enumerate(plans):
            if isinstance(plan, SkewPlan):
                plans[i], notes[plan.loop] = auto_depth(plan, peers, bounds[plan.loop], cost)
        return notes


def _marker_errors(root: ir.Operation, peers: VisiblePeers) -> list[tuple[ir.Operation, str]]:
    """The malformed kernel markers (pto.core, pto.kernel_kind) of the ops
    the pass may plan as kernels: those directly in a module under `root`,
    or `root` itself. A function whose marker cannot be read cannot be
    paired, and planned as a plain function its skews could deadlock."""
    errors = [error for module in modules_under(root) for error in peers.kernels(module)[1]]
    if not is_symbol_table(root):
        try:
            kernel_role(root)
        except FifoError as exc:
            errors.append((exc.op, str(exc)))
    return errors


def _slot_bound(loop, slots: dict) -> int:
    """The depth the loop's pipes allow, whatever its trip count."""
    messages = Counter(pipe_of(fifo) for fifo in loop.fifo)
    pipes = {pipe: PipeBudget(slots[pipe], count) for pipe, count in messages.items()}
    return skew_depth(MAX_DEPTH, pipes, None).depth


def _loop_slots(loop, function: ir.Operation, table: SlotTable, peers: VisiblePeers) -> dict:
    """Slots of each pipe the loop uses: the initialise ops of its kernel
    `function` and of the peer kernels visible from the pass's root, else the
    option, else the nearest module enclosing the loop (not the pass's root:
    a nested module's pto.fifo_depth governs its kernels)."""
    group = peers.of(function)
    return {pipe: table.slots(pipe, function, [function], group)
            for pipe in {pipe_of(fifo) for fifo in loop.fifo}}


def _report_failure(loop: ir.Operation, stage: str, exc: Exception) -> None:
    diagnostics.error(loop.location, f"internal error while {stage} this loop "
                      f"(left unchanged): {type(exc).__name__}: {exc}")


def _enclosing_scope(op: ir.Operation, root: ir.Operation, cache: dict) -> ir.Operation:
    """The nearest op enclosing `op` that is function-like (has a
    function_type) or a symbol table, else `root`. The answer for every op
    climbed through is kept in `cache`: the loops of a deep nest climb it
    once in all, not once each."""
    climbed = []
    found = root
    while op != root:
        op = op.parent
        if op in cache:
            found = cache[op]
            break
        if "function_type" in op.attributes or is_symbol_table(op):
            found = op
            break
        climbed.append(op)
    for passed in climbed:
        cache[passed] = found
    return found
