"""Which FIFO op of an original kernel each FIFO op of a rewrite stands for,
across two files (docs/message-identity.md).

- By location, when every push, pop and tfree of the rewrite has the
  location of exactly one such op of the original, of the same kind, pipe and kernel
  role, and the original's locations tell its ops apart: a rewrite made by a
  pass keeps its ops' locations (the pass clones ops with theirs), so do
  files printed with `--mlir-print-debuginfo`, and hand-made rewrites can
  name their sites (`loc("S")`) in both files.
- Otherwise by what they move: a push by the value it pushes, named by how
  it is computed (a kernel argument by position, an op's result by the op's
  name, attributes and operands, whatever the order the ops are defined
  in), so reordered pushes are told apart; a pop (a tfree) by its
  position among its kernel's pops from (frees on) the pipe. Every op of
  each side must match one of the other's.

`match_sites(before, after)` -> (site map, None) or (None, why not): the map
takes each FIFO op of `after` (a dict role -> kernel function) to the op of
`before` it stands for.
"""

from __future__ import annotations

from mlir import ir

from ..diagnostics import place, site_name
from ..fifo_model import OPS, PUSH, pipe_of, tile_of


def _fifo_ops(function: ir.Operation) -> list[ir.Operation]:
    """The pushes, pops and frees of a kernel, in program order."""
    found = []

    def visit(op):
        if op.name in OPS:
            found.append(op)
        return ir.WalkResult.ADVANCE

    function.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _by_location(before: list, after: list) -> dict | None:
    key = {}
    for op in before:
        loc = (str(op.location), op.name, pipe_of(op))
        if loc in key:
            return None
        key[loc] = op
    out = {}
    for op in after:
        original = key.get((str(op.location), op.name, pipe_of(op)))
        if original is None:
            return None
        out[op] = original
    return out


class _Structures:
    """Each value of a kernel named by how it is computed, not where: an
    argument by its position, an op's result by the op's name, attributes
    and operands' names, a block argument by its block's owner op and its
    position. Names are small integers from `ids`, a table shared by the
    kernels compared, so equal structures get equal names in both and shared
    subexpressions cost nothing. Pure ops defined in another order keep
    their names; two values computed alike share one (and cannot be told
    apart)."""

    def __init__(self, function: ir.Operation, ids: dict):
        self.function = function
        self.ids = ids
        self.values: dict = {}
        entry = function.regions[0].blocks[0] if function.regions[0].blocks else None
        if entry is not None:
            for argument in entry.arguments:
                self.values[argument] = self._intern(("argument", argument.arg_number))
        # Pre-order: an op's operands and its enclosing ops come first.
        function.walk(self._visit, ir.WalkOrder.PRE_ORDER)

    def _intern(self, key) -> int:
        return self.ids.setdefault(key, len(self.ids))

    def _visit(self, op: ir.Operation):
        if op == self.function:
            return ir.WalkResult.ADVANCE
        found = op.attributes
        attributes = tuple(sorted((name, str(found[name])) for name in found))
        operands = tuple(self.of(v) for v in op.operands)
        me = self._intern((op.name, attributes, operands))
        for result in op.results:
            self.values[result] = self._intern(("result", me, result.result_number))
        for r, region in enumerate(op.regions):
            for b, block in enumerate(region.blocks):
                for argument in block.arguments:
                    self.values[argument] = self._intern(
                        ("block argument", me, r, b, argument.arg_number))
        return ir.WalkResult.ADVANCE

    def of(self, value: ir.Value) -> int:
        found = self.values.get(value)
        # A value from outside the kernel: named by its type alone.
        return found if found is not None else self._intern(("outside", str(value.type)))


def _moved(function: ir.Operation, ops: list, ids: dict) -> tuple[dict, list]:
    """Each op's key by what it moves (module docstring; `ids`: the names
    of structures, shared by the kernels compared), and the ops whose key
    repeats."""
    structures = _Structures(function, ids)
    positions: dict = {}
    keys = {}
    for op in ops:
        kind = OPS[op.name].kind
        if kind != PUSH:
            n = positions.get((kind, pipe_of(op)), 0)
            positions[(kind, pipe_of(op))] = n + 1
            keys[op] = (op.name, pipe_of(op), kind, n)
            continue
        keys[op] = (op.name, pipe_of(op), structures.of(tile_of(op)))
    counts: dict = {}
    for key in keys.values():
        counts[key] = counts.get(key, 0) + 1
    return keys, [op for op, key in keys.items() if counts[key] > 1]


def match_sites(before: dict, after: dict) -> tuple[dict | None, str | None]:
    ops = {side: {role: _fifo_ops(f) for role, f in kernels.items()}
           for side, kernels in (("before", before), ("after", after))}
    mapping: dict = {}
    for role in after:
        found = _by_location(ops["before"].get(role, []), ops["after"][role])
        if found is None:
            break
        mapping.update(found)
    else:
        return mapping, None
    mapping = {}
    for role in sorted(after):
        if role not in before:
            return None, f"the original has no {role} kernel"
        ids: dict = {}
        keys, repeated = _moved(before[role], ops["before"][role], ids)
        if repeated:
            return None, (f"the original {role} kernel's FIFO ops cannot be told apart "
                          f"by location or by what they move ('{repeated[0].name}' at "
                          f"{place(repeated[0].location)})")
        originals = {key: op for op, key in keys.items()}
        mine, repeated = _moved(after[role], ops["after"][role], ids)
        unmatched = [op for op, key in mine.items() if key not in originals] + repeated
        if unmatched or len(mine) != len(originals):
            where = (f"'{unmatched[0].name}' at {site_name(unmatched[0].location)}" if unmatched
                     else f"{len(mine)} FIFO op(s) for the original's {len(originals)}")
            return None, (f"the FIFO ops of the rewrite's {role} kernel do not match the "
                          f"original's by location or by what they move ({where}): keep "
                          f"the original's locations (print the rewrite with "
                          f"--mlir-print-debuginfo) or name each site with loc(\"...\") "
                          f"in both files")
        mapping.update({op: originals[key] for op, key in mine.items()})
    return mapping, None
