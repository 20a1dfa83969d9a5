# glowsim: every target installs what it needs into .venv first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install demo test test-slow test-nojit bench bench-report docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

## demo: one run and one report: card strength, the two board sides compared, what a reroll is worth
DEMO_SCENARIO ?= scenarios/demo.yaml
demo: $(STAMP)
	$(VENV)/bin/glowsim run $(DEMO_SCENARIO) --out runs/demo --fresh
	$(VENV)/bin/glowsim report runs/demo

## test: the CI suite: every test but the slow ones; the kernel tests marked nojit_ci again with
## numba off; a block of games compiled with bounds checks (in its own numba cache, so the
## main cache keeps the unchecked kernels)
BOUNDSCHECK_CACHE ?= .numba-cache-boundscheck
test: $(STAMP)
	$(PY) -m pytest -q -m "not slow" -n 2
	NUMBA_DISABLE_JIT=1 $(PY) -m pytest -q -m "nojit_ci and not slow" -n 2
	NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR=$(BOUNDSCHECK_CACHE) $(PY) -m pytest -q -p no:xdist \
		-m boundscheck_ci tests/fast/test_index_rule.py

## test-slow: the long suites too
test-slow: $(STAMP)
	$(PY) -m pytest -q -n 2

## test-nojit: the suite with numba compilation off (kernels run as Python)
test-nojit: $(STAMP)
	NUMBA_DISABLE_JIT=1 $(PY) -m pytest -q -m "not slow" -n 2

## bench: games per second, reference engine vs fast path (same 4-player heuristic workload)
bench: $(STAMP)
	$(VENV)/bin/glowsim bench

## bench-report: wall time and peak memory of `glowsim report` on a 10-million-game run
## (built at BENCH_RUN first when not there: the fast path plays it in about 10-20 minutes)
BENCH_RUN   ?= runs/bench-report
BENCH_GAMES ?= 10000000
bench-report: $(STAMP)
	$(VENV)/bin/glowsim bench --report $(BENCH_RUN) --games $(BENCH_GAMES)

## docs: the API reference, one page per layer, from the docstrings (build/api/index.html);
## fails on a broken docstring cross-reference (the test suite builds it too)
docs: $(STAMP)
	$(PY) tools/apidocs.py build/api

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache $(BOUNDSCHECK_CACHE)
