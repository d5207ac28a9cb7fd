"""Run a command with its address space capped at 3 GiB (tests of bounded
memory): `python capped.py TOOL ARGS...`; the tool's exit status."""

import resource
import subprocess
import sys

CAP = 3 << 30
resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))
sys.exit(subprocess.call(sys.argv[1:]))
