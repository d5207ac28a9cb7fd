"""pto-opt: mlir-opt with the pto dialect and the skew-mlir passes.

Everything but `--load-python-plugin` is handled by the native driver (the
same flags, diagnostics and `--verify-diagnostics` as upstream mlir-opt).
`--load-python-plugin=FILE.py` imports a Python file before the command line
is parsed, so passes it registers get their own `--flag` (as
`--load-pass-plugin` does for C++ passes in mlir-opt).
"""

from __future__ import annotations

import runpy
import sys

import skew_mlir
from skew_mlir import _native

PLUGIN_FLAG = "--load-python-plugin="


def main(argv: list[str] | None = None, prog: str = "pto-opt") -> int:
    """Runs the driver on `argv` (default: the command line); `prog` names
    the tool in its messages."""
    args = sys.argv[1:] if argv is None else argv
    plugins = [a[len(PLUGIN_FLAG):] for a in args if a.startswith(PLUGIN_FLAG)]
    args = [a for a in args if not a.startswith(PLUGIN_FLAG)]
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
