"""Console scripts for the LLVM/MLIR tools that the xtc wheels ship as files.

The wheels put FileCheck, not, count, split-file and mlir-opt under their
package folders rather than on PATH; these entry points make one
`pip install` give a newcomer the whole lit toolchain.
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


def _exec(name: str) -> None:
    path = tool_path(name)
    os.execv(path, [path, *sys.argv[1:]])


def filecheck() -> None:
    _exec("FileCheck")


def not_() -> None:
    _exec("not")


def count() -> None:
    _exec("count")


def split_file() -> None:
    _exec("split-file")


def mlir_opt() -> None:
    _exec("mlir-opt")
