"""What the peer kernel of a pair may do to global memory.

A kernel's access to global memory is named by the argument it reaches
through views (tile_memory.buffer_root), or is unknown (a value MLIR cannot
trace to an argument, an op of unknown effects: any global memory). The
two kernels relate through what their arguments hold at launch
(launch.launch_names): without a `pto.entry`, argument k of one is argument
k of the other; an entry may pass them in another order. The peer's access
to a launch value meets an access of ours when one of our arguments holds
that value and MLIR's aliasing rules of our function
(aliasing.first_alias: an `llvm.noalias` argument is distinct from the
others) do not keep it apart from the argument we access; a launch value
none of our arguments holds (or one that cannot be named) may be anything.
"""

from __future__ import annotations

from mlir import ir

from .. import _native
from ..aliasing import first_alias, private_memory
from ..attributes import function_name
from ..calls import call_summaries, calls_under
from ..fifo_model import CUBE, VECTOR, kernel_role, subblocks
from ..launch import launch_names
from ..tile_memory import buffer_root
from .body_effects import op_effects

# The peer's accesses: argument positions, or ANY (unknown global memory).
ANY = None


def _global(value: ir.Value | None) -> bool:
    return value is None or not private_memory(value)


def _argument(value: ir.Value, function: ir.Operation | None) -> int | None:
    """The position of the argument of `function` that `value` addresses
    (through views), else None."""
    if function is None or len(function.regions) == 0 or not function.regions[0].blocks:
        return None
    root = buffer_root(value)
    if isinstance(root, ir.BlockArgument) and root.owner == function.regions[0].blocks[0]:
        return root.arg_number
    return None


class PeerMemory:
    """What the peer kernel may do to global memory, and how to name it:
    `reads` / `writes` are the launch values (launch.launch_names) it may
    read / write (ANY: any global memory), read from the peer's code the
    first time a check needs them (a loop touching no global memory never does);
    `function`: the kernel whose code is checked (None: code outside the
    kernels, or the arguments are not compared)."""

    def __init__(self, access, who: str, function: ir.Operation | None = None):
        self._access = access  # (reads, writes), or a function returning them
        self.who = who
        self.function = function
        # What our arguments hold at launch, in order and as a set.
        self._mine: tuple[tuple, frozenset] | None = None

    def _positions(self) -> tuple:
        if callable(self._access):
            self._access = self._access()
        return self._access

    @property
    def reads(self) -> frozenset | None:
        return self._positions()[0]

    @property
    def writes(self) -> frozenset | None:
        return self._positions()[1]

    def may_read(self, value: ir.Value | None) -> bool:
        """Whether the peer may read global memory `value` addresses."""
        return _global(value) and self._meets(self.reads, value)

    def may_write(self, value: ir.Value | None) -> bool:
        return _global(value) and self._meets(self.writes, value)

    def _meets(self, names: frozenset | None, value: ir.Value | None) -> bool:
        """Whether the peer's accesses to the launch values `names` may meet
        global `value`."""
        if names is ANY:
            return True
        if not names:
            return False
        ours = None if value is None else _argument(value, self.function)
        if ours is None:
            return True
        if self._mine is None:
            mine = launch_names(self.function)
            self._mine = mine, frozenset(mine)
        mine, known = self._mine
        if not names <= known:
            return True  # a value our kernel does not get: unknown
        arguments = list(self.function.regions[0].blocks[0].arguments)
        theirs = [arguments[k] for k, name in enumerate(mine) if name in names]
        return first_alias([arguments[ours]], theirs) is not None


UNKNOWN_PEER = PeerMemory((ANY, ANY), "the peer kernel (not visible)")
# Code outside the kernels: no peer runs against it (a skew in a function a
# kernel may call is demoted by the pair rules, docs/deadlock.md).
NO_PEER = PeerMemory((frozenset(), frozenset()), "no peer")


class PeerMemories:
    """What the peers of each kernel may do to global memory (a vector
    kernel that runs as two sub-blocks is its own peer too), each kernel's
    ops read once: a kernel touches it through an effect on a value that is
    not private (aliasing.private_memory) or on an unknown value, or through
    an op whose effects are unknown (a call of a function that touches global
    memory or cannot be read, say)."""

    def __init__(self):
        self._access: dict[ir.Operation, tuple] = {}
        self._splitting: dict[ir.Operation, bool] = {}  # see _splits
        # Per list of peers (by identity: every kernel of a module shares its
        # module's list of the other role), whether one splits; the list is
        # kept so that its id stays its own.
        self._peers_split: dict[int, tuple[list, bool]] = {}
        # Per function a call runs: whether it touches no global memory
        # itself (a helper of tiles that several kernels call is read once).
        self._untouching: dict[ir.Operation, bool] = {}

    def of(self, function: ir.Operation | None, peers: list[ir.Operation]) -> PeerMemory:
        """The peer of code in kernel `function` whose peer may be any of
        `peers` (none: not visible, so it may do anything), or in a plain
        function (`function` None)."""
        if function is None:
            return NO_PEER
        if not peers:
            return UNKNOWN_PEER
        who = (f"@{function_name(peers[0])}" if len(peers) == 1
               else "a peer kernel")
        if self._sub_blocks(function, peers):
            # The other sub-block runs this kernel beside us, ordered
            # against us only through the cube's messages.
            peers = [*peers, function]
            who += f" or the other sub-block of @{function_name(function)}"

        def access() -> tuple:
            found = [self._kernel(peer) for peer in peers]
            return _union(r for r, _ in found), _union(w for _, w in found)

        return PeerMemory(access, who, function)

    def _sub_blocks(self, function: ir.Operation, peers: list[ir.Operation]) -> bool:
        """Whether vector kernel `function` runs as two sub-blocks: its own
        FIFO use or a peer's asks for them (each kernel read once)."""
        if kernel_role(function) != VECTOR:
            return False
        if self._splits(function, VECTOR):
            return True
        found = self._peers_split.get(id(peers))
        if found is None or found[0] is not peers:
            found = self._peers_split[id(peers)] = (
                peers, any(self._splits(peer, CUBE) for peer in peers))
        return found[1]

    def _splits(self, function: ir.Operation, role: str) -> bool:
        """Whether kernel `function` of `role` alone makes its pair run two
        vector sub-blocks (fifo_model.subblocks), read once."""
        found = self._splitting.get(function)
        if found is None:
            found = self._splitting[function] = (
                subblocks(None, function) if role == VECTOR else subblocks(function, None)) == 2
        return found

    def _kernel(self, function: ir.Operation) -> tuple:
        found = self._access.get(function)
        if found is None:
            names = launch_names(function)
            found = self._access[function] = tuple(
                ANY if access is ANY or any(names[p] is None for p in access)
                else frozenset(names[p] for p in access)
                for access in _global_access(function, self._untouching))
        return found


def _union(sets) -> frozenset | None:
    found = frozenset()
    for positions in sets:
        if positions is ANY:
            return ANY
        found |= positions
    return found


def _global_access(function: ir.Operation, untouching: dict | None = None) -> tuple:
    """The argument positions of global memory `function` may read and
    may write (ANY: unknown global memory). A call counts for nothing when
    no function it runs touches global memory (a helper of tiles), else
    for any; without `untouching` (the memo of which functions touch none)
    calls are left to their callers."""
    access: list[frozenset | None] = [frozenset(), frozenset()]
    local = set() if untouching is None else _local_calls(function, untouching)

    def visit(op):
        if op == function:
            return ir.WalkResult.ADVANCE
        # An op with regions has effects of its own too (linalg's on its
        # operands), besides its nested ops' (each visited as well).
        effects = op_effects(op)
        if effects is None:
            kind = _native.control_flow_kind(op)
            # Control flow (scf.for, scf.if) does what its nested ops do,
            # each visited on its own: a call among them is judged there.
            if kind == "branch" or kind == "call" and (untouching is None or op in local):
                return ir.WalkResult.ADVANCE
            access[:] = [ANY, ANY]
            return ir.WalkResult.INTERRUPT
        for effect in effects:
            if effect.kind not in ("read", "write") or not _global(effect.value):
                continue
            kind = effect.kind == "write"
            if access[kind] is ANY:
                continue
            position = None if effect.value is None else _argument(effect.value, function)
            access[kind] = ANY if position is None else access[kind] | {position}
        return ir.WalkResult.ADVANCE

    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return access[0], access[1]


def _local_calls(function: ir.Operation, untouching: dict) -> set:
    """The calls in `function` every function of which (directly or not)
    is known and touches no global memory itself."""
    calls = calls_under(function)
    if not calls:
        return set()

    def untouched(callee: ir.Operation) -> bool:
        found = untouching.get(callee)
        if found is None:
            found = untouching[callee] = (
                _global_access(callee) == (frozenset(), frozenset()))
        return found

    return {call for call, summary in zip(calls, call_summaries(function.parent, calls, ()))
            if summary.problem is None and summary.functions
            and all(untouched(callee) for callee in summary.functions)}
