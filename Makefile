# The two commands a newcomer needs: `make app` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: app test fuzz setup bench classroom notebooks clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)  ## create .venv and install the package with its test extra

app: $(STAMP)  ## serve the playable Voila app (prints its URL; PORT=8900 to change the port)
	$(BIN)/danish-nb $(if $(PORT),--port $(PORT))

test: $(STAMP)  ## run the whole suite: lint, engine, widgets, notebooks (nbval), browser
	$(BIN)/ruff check danish_nb tests benchmarks
	$(BIN)/python -m pytest -q tests
	$(BIN)/python -m pytest -q --nbval notebooks

fuzz: $(STAMP)  ## long fuzz and contract runs (minutes): bad input at every boundary, random play of every game
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_fuzz.py tests/test_contract.py
	$(BIN)/python -m benchmarks.fuzz

bench: $(STAMP)  ## engine, board and app benchmarks (figures quoted in issue notes)
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python -m benchmarks.board
	$(BIN)/python -m benchmarks.app

classroom: $(STAMP)  ## a class arriving at the app server: boards, latency, memory, release (LEARNERS=20)
	$(BIN)/python -m benchmarks.classroom $(if $(LEARNERS),--learners $(LEARNERS))

notebooks: $(STAMP)  ## re-execute every notebook in place (commit the outputs)
	$(BIN)/python -m danish_nb.tools.execute_notebooks notebooks/*.ipynb
	cp notebooks/app.ipynb danish_nb/notebooks/app.ipynb

clean:
	rm -rf $(VENV) build *.egg-info
