"""Test helpers shipped with the package: random cube/vector kernel pairs
(`random_pairs`) for the property tests and the fuzz soak script."""
