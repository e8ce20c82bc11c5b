PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install browser run worker test test-quick lint format bench clean check-fixtures

# Compiled modules are kept (__pycache__, ignored by git), whatever the machine's
# PYTHONDONTWRITEBYTECODE says: without them every Python process the recipes start — each
# test worker, gunicorn, Celery and manage.py process — compiles the project again (0.3 s a
# start), and each test worker rewrites every test module's asserts again (9 of its 16 s of
# collection).
unexport PYTHONDONTWRITEBYTECODE

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet ".[dev]"
	touch $@

install: $(BIN)/.installed

## Start the site on SQLite with the starter catalogue at http://127.0.0.1:8000, and one job
## worker beside it on the embedded queue (var/queue); Ctrl-C stops both. WORKERS=n: its
## processes (default: one per core)
run: install
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --no-input
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py load_catalogue
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py draw_proxies --background
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runsite $(HOST):$(PORT) $(if $(WORKERS),--concurrency $(WORKERS))

## One more job worker on this machine, on the queue the settings name (Redis if REDIS_URL)
worker: install
	DEBUG=$${DEBUG:-1} $(BIN)/celery -A cardsite worker --loglevel INFO $(if $(WORKERS),--concurrency $(WORKERS))

## Chromium's headless shell and CJK fonts from Debian's packages, for the browser tests. The
## shell is the headless-only Chromium build (what Playwright itself runs headless): the browser
## tests take about a third less CPU than with the full browser. A machine with the full
## `chromium` only runs them with that (or CHROMIUM=/path/to/a/chromium).
browser:
	@command -v $${CHROMIUM:-chromium-headless-shell} >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq chromium-headless-shell fonts-noto-cjk; \
	  elif command -v chromium >/dev/null; then :; \
	  else \
	    echo "The browser tests need Chromium: sudo apt-get install chromium-headless-shell" \
	      "fonts-noto-cjk (or chromium, or set CHROMIUM to its path)" >&2; exit 1; \
	  fi; }

## Run the whole test suite, browser tests included (SQLite unless DATABASE_URL says otherwise),
## in parallel (pytest-xdist: each worker has its own database, folders and ports): one worker
## more than the cores, since a browser test waits on Chromium and its live server about half
## its time; TEST_WORKERS=n sets the workers (1: in this process), PYTEST_ARGS adds options
# (test-quick: one a core, unless TEST_WORKERS is given)
QUICK_WORKERS := $(if $(filter command line environment,$(origin TEST_WORKERS)),$(TEST_WORKERS),auto)
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')
test: install browser
	$(BIN)/pytest $(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist worksteal) $(PYTEST_ARGS)

## The unit tests alone, one worker per core: no browser, no gunicorn, Celery worker or
## benchmark process
test-quick: install
	$(BIN)/pytest $(if $(filter 1,$(QUICK_WORKERS)),,-n $(QUICK_WORKERS)) -m "not browser and not processes" $(PYTEST_ARGS)

## The committed fixtures are exactly the conversions of the fan lists in ../shared (issue 13)
check-fixtures: install
	$(BIN)/python manage.py convert_pad_list ../shared/data/pad-tcg-cardlist.json --check
	$(BIN)/python manage.py convert_digimon_list ../shared/data/digimon-starter-cards.json --check

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache staticfiles

## Load benchmark: gunicorn on PostgreSQL (127.0.0.1:5432) under a locust mix; see README
## (make bench-load ARGS="--steps 180,240,300,360,420" finds the highest rate keeping read p95 < 100 ms)
.PHONY: bench-load
bench-load: install
	@test -x $(BIN)/locust || $(BIN)/python -m pip install --quiet ".[bench]"
	$(BIN)/python bench/load/run.py $(ARGS)
