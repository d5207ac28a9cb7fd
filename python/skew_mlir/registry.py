"""Python passes that live in MLIR's own pass registry.

A pass is a small class: `argument` (the pipeline name), `summary`, typed
`options`, and `run(op)`. `register_pass(cls)` hands it to the native shim,
which registers an `mlir::Pass` subclass whose options are real MLIR pass
options: `PassManager.parse`, `pto-opt --help` and pipeline printing see them
exactly as they see a C++ pass's.
"""

from __future__ import annotations

import dataclasses
import gc
import traceback
from typing import Any, ClassVar

from mlir import ir

from . import _native, diagnostics

_KINDS = {int: "int", bool: "bool", str: "string"}


@dataclasses.dataclass(frozen=True)
class Option:
    """A typed pass option: `int`, `bool`, `str`, or `list[int]` / `list[str]`."""

    name: str
    type: Any
    default: Any
    help: str

    @property
    def kind(self) -> str:
        if self.type in (list[int], list[str]):
            return "list-" + _KINDS[self.type.__args__[0]]
        return _KINDS[self.type]

    @property
    def attr(self) -> str:
        """Python attribute name on the pass instance (`fifo-depth` -> `fifo_depth`)."""
        return self.name.replace("-", "_")

    def default_text(self) -> str:
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        if isinstance(self.default, (list, tuple)):
            return ",".join(str(v) for v in self.default)
        return str(self.default)


class PassFailure(Exception):
    """Raise from `run` after emitting error diagnostics: fails the pass quietly."""


class Pass:
    """Base class of Python passes. Subclasses set the class attributes."""

    argument: ClassVar[str]
    summary: ClassVar[str]
    # Anchor op (e.g. "func.func"), as a C++ pass's; None runs on any op.
    op_name: ClassVar[str | None] = None
    options: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, **values: Any):
        known = {o.attr: o for o in self.options}
        for key in values:
            if key not in known:
                raise TypeError(f"pass '{self.argument}' has no option '{key}'")
        for option in self.options:
            setattr(self, option.attr, values.get(option.attr, option.default))

    def run(self, op: ir.Operation) -> None:
        raise NotImplementedError

    def run_reporting(self, op: ir.Operation) -> None:
        """`run`, with a LocatedError turned into its diagnostic and a
        PassFailure. Python's cyclic garbage collector is paused meanwhile: a
        pass holds an analysis per loop until it rewrites, and collections
        that rescan them all cost about 5% of the pass on 5,000 loops."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            self.run(op)
        except diagnostics.LocatedError as exc:
            diagnostics.error(exc.op.location, str(exc))
            raise PassFailure() from None
        finally:
            if collecting:
                gc.enable()

    # Library use: run this pass directly on an operation; an anchored pass
    # runs on every op of its anchor kind nested in `op`.
    def __call__(self, op: ir.Operation | ir.Module | ir.OpView) -> None:
        op = op.operation
        targets = [op] if self.op_name in (None, op.name) else _nested(op, self.op_name)
        with op.context, op.location:
            for target in targets:
                self.run_reporting(target)

    def pipeline_text(self) -> str:
        """The textual pipeline element, e.g. `pto-skew-cross-core{remarks=true}`."""
        parts = []
        for option in self.options:
            value = getattr(self, option.attr)
            text = Option(option.name, option.type, value, "").default_text()
            if isinstance(value, str) and (not value or " " in value or "}" in value):
                text = "{" + text + "}"
            parts.append(f"{option.name}={text}")
        return f"{self.argument}{{{' '.join(parts)}}}" if parts else self.argument


def _nested(op: ir.Operation, name: str) -> list[ir.Operation]:
    found = []

    def visit(nested):
        if nested.name == name:
            found.append(nested)
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE

    op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


_REGISTERED: dict[str, type[Pass]] = {}


def registered_passes() -> dict[str, type[Pass]]:
    return dict(_REGISTERED)


def register_pass(cls: type[Pass]) -> type[Pass]:
    """Register `cls` in MLIR's pass registry (usable as a class decorator)."""
    if cls.argument in _REGISTERED:
        if _REGISTERED[cls.argument] is cls:
            return cls
        raise ValueError(f"a pass named '{cls.argument}' is already registered")
    names = [o.name for o in cls.options]
    if len(set(names)) != len(names):
        raise ValueError(f"pass '{cls.argument}' declares an option twice")
    specs = [(o.name, o.kind, o.default_text(), o.help) for o in cls.options]
    _native.register_pass(cls.argument, cls.summary, cls.__name__,
                          cls.op_name or "", specs, _make_runner(cls))
    _REGISTERED[cls.argument] = cls
    return cls


def _convert(option: Option, value: Any) -> Any:
    return list(value) if option.kind.startswith("list-") else value


def _make_runner(cls: type[Pass]):
    """The callable the native pass invokes: (op capsule, option values) -> ok."""

    def runner(capsule, values: dict[str, Any]) -> bool:
        op = ir.Operation._CAPICreate(capsule)
        instance = cls(**{o.attr: _convert(o, values[o.name]) for o in cls.options})
        try:
            # Worker threads have no default context: give the pass its op's.
            with op.context, op.location:
                instance.run_reporting(op)
        except PassFailure:
            return False
        except Exception as exc:  # noqa: BLE001 - any failure becomes a diagnostic
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            diagnostics.error(op.location, f"pass '{cls.argument}' raised {detail}")
            return False
        return True

    return runner
