"""skew-mlir: cross-core software pipelining for Ascend-style NPUs, on MLIR.

Importing the package registers its passes in MLIR's pass registry and makes
`mlir.passmanager.PassManager.run` release the GIL (see `pass_manager`).
"""

from .deferred_import import deferred

with deferred("numpy"):  # the bindings' import needs numpy only for list builders
    from . import pass_manager
from .diagnostics import format_diagnostic
from .dialect import load_pto_dialect, make_context
from .registry import Pass, PassFailure, option, register_pass

pass_manager.install()

from . import passes  # noqa: E402  (registers the passes; needs the above)

__version__ = "0.1.0"
__all__ = ["Pass", "PassFailure", "format_diagnostic", "load_pto_dialect",
           "make_context", "option", "passes", "register_pass"]
