"""`pto-verify-fifo`: a static check of a cube/vector kernel pair's FIFO use.

program.py abstracts each kernel into a tree of static loops holding FIFO
events, model.py runs the two programs against each other in an abstract
two-core FIFO model (no data, no unrolling), verify_pass.py is the pass.
"""
