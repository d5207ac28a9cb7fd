"""pto-skew-cross-core: producer skew of cross-core pipeline loops.

analysis (loops, slicing, hazards -> plan) never touches the IR; emit
materialises a plan; pipeline_pass ties them to the pass registry.
"""
