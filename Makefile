# The two commands a newcomer needs: `make app` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
APP_STAMP := $(VENV)/.installed-app

.PHONY: app lessons lessons-check test fuzz setup bench versus classroom notebooks site site-serve clean translations

# `make app` and `make lessons` install only the package and its own dependencies; the test extra
# (Playwright, OpenSpiel, pandas, Dask...) comes with `make setup` / `make test`.
$(APP_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e .
	touch $(APP_STAMP)

$(STAMP): pyproject.toml $(APP_STAMP)
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)  ## create .venv and install the package with its test extra

app: $(APP_STAMP)  ## serve the playable Voila app for one person (prints its URL; PORT=8900 to change the port)
	$(BIN)/danish-nb $(if $(PORT),--port $(PORT))

lessons: $(APP_STAMP)  ## serve the lessons with Voila, from their index (prints its URL; PORT=8900, LANG_=fr)
	$(BIN)/danish-nb --lessons $(if $(PORT),--port $(PORT)) $(if $(LANG_),--lang $(LANG_))

# `make test` runs pytest on $(WORKERS) workers (pytest-xdist): tests/conftest.py puts the browser tests
# against the session's app server in one group that one worker starts with, each module with a
# browser or server of its own in a group of its own, next, and each other module in a group of its
# own, last, for whichever worker is free (python -m benchmarks.suite shows where the time goes).
# nbval runs in the same run, each notebook on one worker, before those other modules: the browser
# tests leave a core idle much of the time (waiting for pages and servers), and the notebooks' kernels
# fill it (a run of their own after pytest took 2 minutes on CI; the package's copies of the
# lessons, danish_nb/**/*.ipynb, are not run twice). WORKERS=0 runs everything in this one process.
#
# Bytecode: uv installs no .pyc, and this machine's Python runs with PYTHONDONTWRITEBYTECODE set, so
# every process of the suite (each pytest worker, Voila server and kernel)
# compiled what it imports from source again: a kernel's imports took 1.7 CPU s instead of 0.45 s,
# and the collection's assertion rewriting most of a worker's 16 CPU s. The suite's processes
# write their bytecode once, into the venv ($(PYCACHE), not beside the sources).
WORKERS ?= 2
PYCACHE := $(abspath $(VENV))/pycache
test: $(STAMP)  ## run the whole suite: lint, types, docstring examples, engine, widgets, notebooks (nbval), browser
	$(BIN)/ruff check danish_nb tests benchmarks site_build
	$(BIN)/mypy
	PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(PYCACHE) \
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist loadgroup --no-loadscope-reorder \
	  --nbval --ignore-glob='danish_nb/*.ipynb' danish_nb site_build benchmarks tests notebooks

# tests/test_lessons_wheel.py: `make test` runs a sample of it (one lesson per language from the plain wheel)
lessons-check: $(STAMP)  ## every lesson in en/fr/de from a clean venv holding the wheel (and its sim, rl extras), in Chromium (minutes)
	DANISH_NB_WHEEL_LESSONS=all $(BIN)/python -m pytest -q -n 0 -p no:randomly tests/test_lessons_wheel.py

fuzz: $(STAMP)  ## long fuzz and contract runs (minutes): bad input at every boundary, random play of every game, every game by keyboard in every language
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_fuzz.py tests/test_contract.py
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_bridges_openspiel.py -k random_simulation
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_le_danish.py -k random_games_keep_every_invariant
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_properties.py -k illegal_move_raises_and_changes_nothing
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_rat_bastard_17.py -k random_games_keep_every_promise
	DANISH_NB_FUZZ=1 $(BIN)/python -m pytest -q tests/test_a11y_board.py -k whole_game_by_keyboard
	$(BIN)/python -m benchmarks.fuzz

bench: $(STAMP)  ## engine, observers, board, simulation, class tables, practice, bridges, strength, app, waits (hint, quiz answers) and static site benchmarks
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python -m benchmarks.observers
	$(BIN)/python -m benchmarks.observers_tricks
	$(BIN)/python -m benchmarks.board
	$(BIN)/python -m benchmarks.sim
	$(BIN)/python -m benchmarks.tables
	$(BIN)/python -m benchmarks.practice
	$(BIN)/python -m benchmarks.bridges
	$(BIN)/python -m benchmarks.strength
	$(BIN)/python -m benchmarks.app
	$(BIN)/python -m benchmarks.waits
	$(MAKE) site
	$(BIN)/python -m benchmarks.site

# In full: 240 matches at 0.1 CPU s a decision (about 4,100 CPU s of decisions) and 240 at 10
# simulations (about 2,900 CPU s); stopped, it resumes from the --out files.
versus: $(STAMP)  ## the strong player against OpenSpiel's ISMCTS and MCTS at equal CPU and equal simulations, 95% intervals (long; not in make test)
	nice -n 10 $(BIN)/python -m benchmarks.versus --cpu 0.1 --games 24 --workers 2 --out benchmarks/results/versus-cpu.jsonl
	nice -n 10 $(BIN)/python -m benchmarks.versus --simulations 10 --games 24 --workers 2 --out benchmarks/results/versus-simulations.jsonl

# The static site needs npm and Node.js (Pyodide from the npm registry, bytecode compiled in it).
site: $(STAMP)  ## build site/: the app and the lessons running in the browser (Pyodide), for any static web host
	$(BIN)/python -m site_build build

site-serve: site  ## serve site/ on 127.0.0.1 (PORT=8000 to change the port)
	$(BIN)/python -m site_build serve $(if $(PORT),--port $(PORT))

classroom: $(STAMP)  ## a class arriving at the app server: boards, latency, memory, release (LEARNERS=20; COMPARE=10,30: before/after the gentle refill)
	$(BIN)/python -m benchmarks.classroom $(if $(LEARNERS),--learners $(LEARNERS)) $(if $(COMPARE),--compare $(COMPARE))

notebooks: $(STAMP)  ## build the lessons in French and German, re-execute every notebook in place (commit the outputs)
	$(BIN)/python -m danish_nb.lessons.languages
	$(BIN)/python -m danish_nb.tools.execute_notebooks notebooks/*.ipynb notebooks/fr/*.ipynb notebooks/de/*.ipynb
	cp notebooks/app.ipynb danish_nb/notebooks/app.ipynb
	cp notebooks/0*.ipynb danish_nb/lessons/ && cp notebooks/records/*.json danish_nb/lessons/records/
	for lang in fr de; do mkdir -p danish_nb/lessons/$$lang && cp notebooks/$$lang/*.ipynb danish_nb/lessons/$$lang/; done

clean:
	rm -rf $(VENV) site build *.egg-info

translations: $(STAMP)  ## extract the interface's texts, update the fr/de catalogues, compile them (commit the .po and .mo)
	$(BIN)/python -m danish_nb.tools.translations all
