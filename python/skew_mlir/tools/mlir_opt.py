"""mlir-opt, as installed with skew-mlir: upstream's mlir-opt that also knows
the pto dialect and the skew-mlir passes.

The pto dialect (its ODS definition, with PTOAS's textual syntax) and the
skew-mlir passes live in this package's native extension and Python, which
upstream's binary cannot load. So a command line runs in pto-opt, the
mlir-opt compatible driver that hosts them, when that driver defines every
flag it gives (the usual case: any pass, pipeline, printing or
split/verify-diagnostics flag), names one of our passes, loads a Python
plugin, or asks for `--help` (which must list our passes). A command line
with a flag only upstream's binary has (`--emit-bytecode`, pass statistics,
...) or an `--irdl-file` runs upstream's own binary (`mlir-opt-upstream`)
unchanged, with the IRDL form of the pto dialect added unless the line gives
one: it reads pto ops in their generic form.
"""

from __future__ import annotations

import re
import sys

from . import llvm_tools

PIPELINE_FLAGS = ("pass-pipeline", "p")
HELP_FLAGS = ("help", "help-hidden", "help-list", "help-list-hidden", "h")
PYTHON_PLUGIN_FLAG = "load-python-plugin"
# Pass names as MLIR's pipeline grammar spells them.
_PASS_NAME = re.compile(r"[A-Za-z_][\w.-]*")


def parse_flag(arg: str) -> tuple[str, str | None] | None:
    """(name, value after '=' or None) of a `-flag` / `--flag[=value]`."""
    if not arg.startswith("-") or arg in ("-", "--"):
        return None
    name, eq, value = arg.lstrip("-").partition("=")
    return name, (value if eq else None)


def needs_python(args: list[str], python_passes: set[str]) -> bool:
    """Whether the command line needs the driver that hosts Python passes."""
    for i, arg in enumerate(args):
        flag = parse_flag(arg)
        if flag is None:
            continue
        name, value = flag
        if name in python_passes or name in HELP_FLAGS or name == PYTHON_PLUGIN_FLAG:
            return True
        if name in PIPELINE_FLAGS:
            if value is None and i + 1 < len(args):
                value = args[i + 1]
            if value and python_passes & set(_PASS_NAME.findall(value)):
                return True
    return False


def runs_in_driver(args: list[str]) -> bool:
    """Whether pto-opt's driver defines every flag of the command line."""
    from skew_mlir import _native

    return not _native.unknown_driver_flags(args)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # Importing the package registers its passes: their names come from the
    # registry, not from a list kept here.
    from skew_mlir.registry import registered_passes

    irdl_given = any((parse_flag(a) or ("",))[0] == "irdl-file" for a in args)
    if needs_python(args, set(registered_passes())) or (
            not irdl_given and runs_in_driver(args)):
        from . import pto_opt

        return pto_opt.main(args, prog="mlir-opt")
    if not irdl_given:
        from skew_mlir.dialect import irdl_path

        args = [f"--irdl-file={irdl_path()}", *args]
    llvm_tools.exec_tool("mlir-opt", args)
    return 1  # not reached: exec_tool replaces the process
