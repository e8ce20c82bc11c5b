PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test lint format bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet ".[dev]"
	touch $@

install: $(BIN)/.installed

## Start the site on SQLite with the starter catalogue at http://127.0.0.1:8000
run: install
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --no-input
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py load_catalogue
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT)

## Run the whole test suite (SQLite unless DATABASE_URL says otherwise)
test: install
	$(BIN)/pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache staticfiles
