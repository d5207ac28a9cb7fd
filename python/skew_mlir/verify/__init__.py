"""`pto-verify-fifo`: a static check of a cube/vector kernel pair's FIFO use.

program.py abstracts each kernel into a tree of static loops holding FIFO
events, model.py runs the two programs against each other in an abstract
two-core FIFO model (no data, no unrolling), verify_pass.py is the pass.
identity.py compares the messages (push site, iteration) each pop receives
in an original and a rewritten pair (docs/message-identity.md); sites.py
matches the FIFO ops of two files, against.py is that check on two modules.
"""
