"""skew-mlir: cross-core software pipelining for Ascend-style NPUs, on MLIR.

Importing the package registers its passes in MLIR's pass registry and makes
`mlir.passmanager.PassManager.run` release the GIL (see `pass_manager`).
"""

from .mlir_import import import_mlir_ir

import_mlir_ir()  # before anything imports mlir.ir (see mlir_import)

from . import pass_manager  # noqa: E402
from .dialect import load_pto_dialect, make_context  # noqa: E402
from .registry import Pass, PassFailure, option, register_pass  # noqa: E402

pass_manager.install()

from . import passes  # noqa: E402  (registers the passes; needs the above)

__version__ = "0.1.0"
__all__ = ["Pass", "PassFailure", "load_pto_dialect", "make_context", "option",
           "passes", "register_pass"]
