"""pto-opt: mlir-opt with the pto dialect and the skew-mlir passes.

Everything but `--load-python-plugin` is handled by the native driver (the
same flags, diagnostics and `--verify-diagnostics` as upstream mlir-opt).
`--load-python-plugin=FILE.py` imports a Python file before the command line
is parsed, so passes it registers get their own `--flag` (as
`--load-pass-plugin` does for C++ passes in mlir-opt); the driver declares
the flag for `--help` only.
"""

from __future__ import annotations

import runpy
import sys

import skew_mlir
from skew_mlir import _native

from .mlir_opt import PYTHON_PLUGIN_FLAG, parse_flag


def _take_plugins(args: list[str]) -> tuple[list[str], list[str]] | None:
    """(the files of the plugin flags, the other arguments), None when a
    flag lacks its file. Every spelling LLVM's parser takes is taken here
    (one or two dashes, the file after '=' or as the next argument): the
    driver would accept and ignore one left to it."""
    plugins, rest = [], []
    pending = False  # the flag was given without '=': its file comes next
    for arg in args:
        flag = parse_flag(arg)
        if pending:
            plugins.append(arg)
            pending = False
        elif flag and flag[0] == PYTHON_PLUGIN_FLAG:
            pending = flag[1] is None
            if not pending:
                plugins.append(flag[1])
        else:
            rest.append(arg)
    return None if pending else (plugins, rest)


def main(argv: list[str] | None = None, prog: str = "pto-opt") -> int:
    """Runs the driver on `argv` (default: the command line); `prog` names
    the tool in its messages."""
    taken = _take_plugins(sys.argv[1:] if argv is None else argv)
    if taken is None:
        print(f"{prog}: error: --{PYTHON_PLUGIN_FLAG} needs a file: "
              f"--{PYTHON_PLUGIN_FLAG}=FILE.py", file=sys.stderr)
        return 1
    plugins, args = taken
    for plugin in plugins:
        try:
            runpy.run_path(plugin, run_name="pto_opt_plugin")
        except Exception as exc:  # noqa: BLE001 - report, never a traceback
            print(f"{prog}: error: cannot load plugin '{plugin}': "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
    sys.stdout.flush()
    version = (f"{prog} (skew-mlir {skew_mlir.__version__})\n"
               "  built on MLIR 22 (xtc-mlir-python-bindings)")
    return _native.opt_main([prog, *args], version)


if __name__ == "__main__":
    sys.exit(main())
