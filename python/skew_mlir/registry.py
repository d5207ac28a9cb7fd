"""Python passes that live in MLIR's own pass registry.

A pass is a small class: `argument` (the pipeline name), `summary`, options
declared as typed fields, and `run(op)`. `register_pass(cls)` hands it to the native shim,
which registers an `mlir::Pass` subclass whose options are real MLIR pass
options: `PassManager.parse`, `pto-opt --help` and pipeline printing see them
exactly as they see a C++ pass's.
"""

from __future__ import annotations

import enum
import gc
import os
import traceback
import typing
from typing import Any, ClassVar

from mlir import ir

from . import _native, diagnostics, pass_manager

_KINDS = {int: _native.OptionKind.INT, bool: _native.OptionKind.BOOL,
          str: _native.OptionKind.STRING}
_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
# Set (to anything but "" or "0") to add the Python traceback to the error a
# pass's unexpected exception becomes.
TRACEBACK_VARIABLE = "SKEW_MLIR_TRACEBACK"


class Option:
    """A typed pass option, declared once as a field of its pass class:

        fifo_depth: int = option(0, "FIFO slots per direction", minimum=0)

    The field's annotation (`int`, `bool`, `str`, or an `enum.Enum` whose
    values are strings) is the option's type; its pipeline name is the
    field's with dashes (`fifo-depth`). An enum option is spelled by its
    members' values on a pipeline and holds the member. Values are checked
    whenever they are set, from Python as from a pipeline (where parsing the
    pipeline reports them, once): the wrong type is a TypeError, a value out
    of range a ValueError, each naming the option.
    """

    def __init__(self, default: Any, help: str, minimum: int | None = None):
        self.default = default
        self.help = help
        self.minimum = minimum
        self.type: type = object  # the field's annotation, set by Pass
        self.attr = self.name = ""

    def __set_name__(self, owner: type, attr: str) -> None:
        self.attr = attr
        self.name = attr.replace("_", "-")

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        return instance.__dict__.get(self.attr, self.default)

    def __set__(self, instance: Any, value: Any) -> None:
        instance.__dict__[self.attr] = self.check(value, type(instance).argument)

    @property
    def kind(self) -> _native.OptionKind:
        return _native.OptionKind.STRING if _is_enum(self.type) else _KINDS[self.type]

    def check(self, value: Any, argument: str) -> Any:
        """`value` as this option holds it, or TypeError / ValueError."""
        what = f"option '{self.name}' of pass '{argument}'"
        if _is_enum(self.type):
            if isinstance(value, self.type):
                return value
            names = ", ".join(member.value for member in self.type)
            if not isinstance(value, str):
                raise TypeError(f"{what} takes one of {names}, got "
                                f"{type(value).__name__} {value!r}")
            try:
                return self.type(value)
            except ValueError:
                raise ValueError(f"{what} must be one of {names}, got {value!r}") from None
        if self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{what} takes an integer, got "
                                f"{type(value).__name__} {value!r}")
            if not _INT64_MIN <= value <= _INT64_MAX:
                raise ValueError(f"{what} must fit in a signed 64-bit integer, "
                                 f"got {value}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"{what} must be >= {self.minimum}, got {value}")
            return int(value)
        if not isinstance(value, self.type):
            raise TypeError(f"{what} takes a {self.type.__name__}, got "
                            f"{type(value).__name__} {value!r}")
        return value

    def text(self, value: Any) -> str:
        """`value` as a pipeline spells it."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, enum.Enum):
            return value.value
        return str(value)


def _is_enum(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, enum.Enum)


def option(default: Any, help: str, *, minimum: int | None = None) -> Any:
    """Declares a pass option as a typed class field (see Option): `minimum`
    bounds an int option; an option with a fixed set of values is an Enum."""
    return Option(default, help, minimum)


class PassFailure(Exception):
    """Raise from `run` after emitting error diagnostics: fails the pass
    quietly (the diagnostics say why). Whoever runs the pass sees an
    `mlir.ir.MLIRError` carrying those diagnostics, from a PassManager as
    from calling the pass object."""


class Pass:
    """Base class of Python passes. Subclasses set `argument`, `summary` and
    optionally `op_name`, and declare their options as typed fields with
    `option(...)`."""

    argument: ClassVar[str]
    summary: ClassVar[str]
    # Anchor op (e.g. "func.func"), as a C++ pass's; None runs on any op.
    op_name: ClassVar[str | None] = None
    # The declared options, in declaration order (collected, not written).
    options: ClassVar[tuple[Option, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        declared = [value for value in vars(cls).values() if isinstance(value, Option)]
        hints = typing.get_type_hints(cls)
        for field in declared:
            field.type = hints.get(field.attr, object)
            if field.type not in _KINDS and not _is_enum(field.type):
                raise TypeError(f"option '{field.name}' of {cls.__name__} must be "
                                f"annotated int, bool, str or an Enum, not {field.type}")
            field.check(field.default, getattr(cls, "argument", cls.__name__))
        cls.options = cls.options + tuple(declared)

    def __init__(self, **values: Any):
        known = {o.attr for o in self.options}
        for key, value in values.items():
            if key not in known:
                raise TypeError(f"pass '{self.argument}' has no option '{key}'")
            setattr(self, key, value)

    def run(self, op: ir.Operation) -> None:
        raise NotImplementedError

    def run_reporting(self, op: ir.Operation) -> None:
        """`run`, with a LocatedError turned into its diagnostic and a
        PassFailure. Python's cyclic garbage collector is paused meanwhile: a
        pass holds an analysis per loop until it rewrites, and each collection
        would rescan them all, a cost that grows with the number of loops."""
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
        """Runs the pass on `op`. On failure raises `mlir.ir.MLIRError` whose
        `error_diagnostics` are the errors the pass emitted (as
        `PassManager.run` does); remarks and warnings go to the context's
        handlers as they are emitted. Called from inside another Python
        pass, it fails that pass: PassFailure, its errors left to the
        pipeline that runs it (a Python handler attached on a worker thread
        could wait for the GIL while this thread holds it)."""
        op = op.operation
        targets = [op] if self.op_name in (None, op.name) else _nested(op, self.op_name)
        if pass_manager.inside_pass():
            with op.context, op.location:
                for target in targets:
                    self.run_reporting(target)
            return
        errors = _ErrorCapture(op.context)
        try:
            with op.context, op.location:
                for target in targets:
                    self.run_reporting(target)
        except PassFailure:
            raise ir.MLIRError(f"Failure while executing pass '{self.argument}'",
                               errors.diagnostics) from None
        finally:
            errors.detach()

    def pipeline_text(self) -> str:
        """The textual pipeline element, e.g. `pto-skew-cross-core{remarks=true}`."""
        parts = []
        for field in self.options:
            value = getattr(self, field.attr)
            text = field.text(value)
            if isinstance(value, str) and (not value or " " in value or "}" in value):
                text = "{" + text + "}"
            parts.append(f"{field.name}={text}")
        return f"{self.argument}{{{' '.join(parts)}}}" if parts else self.argument


class _ErrorCapture:
    """Takes the error diagnostics emitted in `context` (leaving the others
    to the handlers attached before it) until detached."""

    def __init__(self, context: ir.Context):
        self.diagnostics: list[pass_manager.DiagnosticInfo] = []
        self.handler = context.attach_diagnostic_handler(self._take)

    def _take(self, diagnostic) -> bool:
        if diagnostic.severity != ir.DiagnosticSeverity.ERROR:
            return False
        self.diagnostics.append(_copy(diagnostic))
        return True

    def detach(self) -> None:
        self.handler.detach()


def _copy(diagnostic) -> pass_manager.DiagnosticInfo:
    """A diagnostic outlives its handler call only as a copy."""
    return pass_manager.DiagnosticInfo(
        diagnostic.severity, diagnostic.location, diagnostic.message,
        tuple(_copy(note) for note in diagnostic.notes))


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
    specs = [_native.OptionSpec(o.name, o.kind, o.text(o.default), o.help)
             for o in cls.options]
    _native.register_pass(cls.argument, cls.summary, cls.__name__,
                          cls.op_name or "", specs, _make_runner(cls), _make_checker(cls))
    _REGISTERED[cls.argument] = cls
    return cls


def _make_checker(cls: type[Pass]):
    """The callable the native pass invokes when a pipeline sets its
    options: ({option name: value}) -> the error message, "" when valid."""

    def checker(values: dict[str, Any]) -> str:
        try:
            cls(**{o.attr: values[o.name] for o in cls.options})
        except (TypeError, ValueError) as exc:
            return str(exc)
        return ""

    return checker


def _make_runner(cls: type[Pass]):
    """The callable the native pass invokes: (op, option values) -> ok."""

    def runner(op: ir.Operation, values: dict[str, Any]) -> bool:
        # MLIR parsed the values to the right types, and the checker their
        # ranges when the pipeline set them.
        instance = cls(**{o.attr: values[o.name] for o in cls.options})
        try:
            # Worker threads have no default context: give the pass its op's.
            with op.context, op.location, pass_manager.in_pass():
                instance.run_reporting(op)
        except PassFailure:
            return False
        except Exception as exc:  # noqa: BLE001 - any failure becomes a diagnostic
            _report_exception(op, cls.argument, exc)
            return False
        return True

    return runner


def _report_exception(op: ir.Operation, argument: str, exc: Exception) -> None:
    """An error at `op` naming the pass and the exception; its note holds the
    Python traceback when TRACEBACK_VARIABLE is set, else says how to get it."""
    detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    if os.environ.get(TRACEBACK_VARIABLE, "") not in ("", "0"):
        note = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    else:
        note = f"set {TRACEBACK_VARIABLE}=1 to see the Python traceback"
    diagnostics.error(op.location, f"pass '{argument}' raised {detail}",
                      [(op.location, note.rstrip())])
