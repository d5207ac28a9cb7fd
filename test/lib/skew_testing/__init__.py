"""Test helpers, not shipped with the package: random cube/vector kernel pairs
(`random_pairs`) and the properties every pair must keep (`properties`), for
the property tests (test/fuzz) and the fuzz soak (benchmarks/fuzz_soak.py).
One import route: test/lib is on the import path, through pytest's
`pythonpath` (pyproject.toml) for the tests and PYTHONPATH for the soak."""
