"""IRMapping-style cloning, which the MLIR Python bindings do not offer.

A `Cloner` holds a fixed list of ops (a loop half); a `CloneJob` clones them
once per `CloneSpec` at an insertion point, optionally threading a `Carry`
through the copies; `clone_all` runs jobs in one native call (see
native/cloning.h). Every argument is checked when its object is built, so a
bad one never leaves half a copy behind.
"""

from __future__ import annotations

from collections.abc import Iterable

from mlir import ir

from ._native import Carry, CloneJob, Cloner, Clones, CloneSpec, clone_ops

__all__ = ["Carry", "CloneJob", "Cloner", "Clones", "CloneSpec", "clone_all"]


def clone_all(jobs: Iterable[CloneJob]) -> list[tuple[Clones, list[ir.Value]]]:
    """Run the jobs in order: each clones its cloner's ops once per copy, in
    order, at its insertion point (computed ops at the current location);
    later clones of a copy use its earlier clones' results. Returns per job
    every op built, and the values the last copy yields when carrying (else
    [])."""
    return clone_ops(list(jobs))
