"""Reading a module and applying a pass pipeline."""

from __future__ import annotations

from mlir import ir
from mlir.passmanager import PassManager

from .. import dialect  # noqa: F401  (importing the package registered the pto passes)
from .errors import SimError
from .pypto_abi import bind_subblock_arguments


def load_module(path: str) -> ir.Module:
    """Parse a file in the current context (which must have the pto dialect),
    with pypto's sub-block argument bound (pypto_abi)."""
    try:
        module = ir.Module.parseFile(path)
    except ir.MLIRError as exc:
        raise SimError(f"cannot parse {path}: {_diagnostics(exc)}") from None
    except (OSError, RuntimeError) as exc:
        raise SimError(f"cannot read {path}: {exc}") from None
    bind_subblock_arguments(module)
    return module


def clone(module: ir.Module) -> ir.Module:
    return ir.Module.parse(str(module.operation.get_asm(enable_debug_info=True)))


def apply_pipeline(module: ir.Module, pipeline: str) -> None:
    """Run a textual pass pipeline on `module` in place."""
    try:
        PassManager.parse(pipeline).run(module.operation)
    except ir.MLIRError as exc:
        raise SimError(f"pass pipeline '{pipeline}' failed: {_diagnostics(exc)}") from None
    except ValueError as exc:
        raise SimError(f"invalid pass pipeline '{pipeline}': {str(exc).splitlines()[0]}") from None


def _diagnostics(exc: ir.MLIRError) -> str:
    notes = [f"{_where(d.location)}: {d.message}" for d in exc.error_diagnostics]
    return "; ".join(notes) or str(exc)


def _where(loc: ir.Location) -> str:
    """`file:line:col` for a file location (as pto-opt prints it), else as is."""
    if loc.is_a_file():
        return f"{loc.filename}:{loc.start_line}:{loc.start_col}"
    return str(loc)
