"""Importing a module only when it is first used.

Upstream's `mlir/ir.py` imports numpy (a large part of a tool's start-up)
just to register the attribute builders that turn Python lists into dense
elements attributes, which the passes never call. `deferred("numpy")` runs
the import of the bindings with a stand-in for numpy that imports the real
module the first time one of its attributes is read, so pto-opt starts
without numpy, and the simulator (or a builder) gets it when it needs it.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types


class _StandIn(types.ModuleType):
    """Reads its attributes from the real module, imported on first use."""

    def __getattr__(self, name: str):
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


@contextlib.contextmanager
def deferred(name: str):
    """While active, `import name` (of a module not imported yet) binds a
    stand-in; the modules imported meanwhile keep it, every later import
    gets the real module."""
    if name in sys.modules:
        yield
        return
    stand_in = sys.modules[name] = _StandIn(name)
    try:
        yield
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
