# The two commands a newcomer needs: `make app` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SITE_VENV  := .venv-site
SITE_STAMP := $(SITE_VENV)/.installed

.PHONY: app test setup bench notebooks site site-serve clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)  ## create .venv and install the package with its test extra

app: $(STAMP)  ## serve the playable Voila app (prints its URL; PORT=8900 to change the port)
	$(BIN)/danish-nb $(if $(PORT),--port $(PORT))

test: $(STAMP)  ## run the whole suite: lint, engine, widgets, notebooks (nbval), browser
	$(BIN)/ruff check danish_nb tests benchmarks site_build
	$(BIN)/python -m pytest -q tests
	$(BIN)/python -m pytest -q --nbval notebooks

bench: $(STAMP)  ## engine, board, app and static site benchmarks (figures quoted in issue notes)
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python -m benchmarks.board
	$(BIN)/python -m benchmarks.app
	$(MAKE) site
	$(BIN)/python -m benchmarks.site

# The static site's build tools (pyproject's `site` extra) live in their own venv, apart from .venv.
$(SITE_STAMP): pyproject.toml $(STAMP)
	test -x $(SITE_VENV)/bin/python || $(PYTHON) -m venv $(SITE_VENV)
	$(BIN)/python -m site_build requirements > $(SITE_VENV)/requirements.txt
	$(BIN)/uv pip install --quiet --python $(SITE_VENV)/bin/python -r $(SITE_VENV)/requirements.txt
	touch $(SITE_STAMP)

site: $(SITE_STAMP)  ## build site/: the app running in the browser (Pyodide), for any static web host
	$(SITE_VENV)/bin/python -m site_build build

site-serve: site  ## serve site/ on 127.0.0.1 (PORT=8000 to change the port)
	$(BIN)/python -m site_build serve $(if $(PORT),--port $(PORT))

notebooks: $(STAMP)  ## re-execute every notebook in place (commit the outputs)
	$(BIN)/python -m danish_nb.tools.execute_notebooks notebooks/*.ipynb
	cp notebooks/app.ipynb danish_nb/notebooks/app.ipynb

clean:
	rm -rf $(VENV) $(SITE_VENV) site build *.egg-info
