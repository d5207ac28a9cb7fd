"""Console scripts for the LLVM/MLIR tools that the xtc wheels ship as files.

The wheels put FileCheck, not, count, split-file and mlir-opt under their
package folders rather than on PATH; these entry points make one
`pip install` give a newcomer the whole lit toolchain. Upstream's mlir-opt is
`mlir-opt-upstream`: `mlir-opt` is skew-mlir's (see `mlir_opt`).
"""

from __future__ import annotations

import os
import sys

import llvm
import mlir


def tool_path(name: str) -> str:
    for root in (llvm.__path__[0], mlir.__path__[0]):
        path = os.path.join(root, "bin", name)
        if os.path.exists(path):
            return path
    raise FileNotFoundError(name)


def exec_tool(name: str, args: list[str]) -> None:
    """Replaces this process with the tool `name` run on `args`."""
    path = tool_path(name)
    sys.stdout.flush()
    os.execv(path, [path, *args])


def _exec(name: str) -> None:
    exec_tool(name, sys.argv[1:])


def filecheck() -> None:
    _exec("FileCheck")


def not_() -> None:
    _exec("not")


def count() -> None:
    _exec("count")


def split_file() -> None:
    _exec("split-file")


def mlir_opt_upstream() -> None:
    _exec("mlir-opt")
