"""Test helpers, not shipped with the package: random cube/vector kernel pairs
(`random_pairs`) and the properties every pair must keep (`properties`), for
the property tests (test/fuzz) and the fuzz soak (benchmarks/fuzz_soak.py),
which put test/lib on sys.path."""
