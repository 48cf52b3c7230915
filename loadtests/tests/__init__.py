"""The harness's pure parts (budgets, readers, SQL text), run by `make test-loadtests`."""
