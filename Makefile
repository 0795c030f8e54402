# Two commands on a fresh machine: `make demo` and `make test`.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
DEMO    ?= out/demo

.PHONY: demo test lint clean browser

# torch is installed first and pinned (any other version drags in gigabytes of CUDA wheels),
# with pip, which finds the local CPU wheel; uv then installs the rest several times faster
# than pip and byte-compiles it, so later runs start fast.
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --no-compile torch==2.13.0 uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode -e ".[all]"
	touch $(STAMP)

# The main job on the bundled sample, with the bundled offline encoder; a rerun resumes.
demo: $(STAMP)
	$(BIN)/align build --src en --tgt et --src-subs sample/films --pairs sample/seed_pairs.csv \
		--encoder e5-small --out $(DEMO)/et
	$(BIN)/align build --src en --tgt hi --src-subs sample/films --pairs sample/seed_pairs.csv \
		--encoder e5-small --out $(DEMO)/hi

lint: $(STAMP)
	$(BIN)/ruff check aligner langs scripts tests

# The review page's tests drive Debian's Chromium through Playwright (Playwright's own
# browser download cannot work offline); installed here when missing, as root.
browser:
	@command -v chromium >/dev/null || if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; \
	then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends chromium >/dev/null; \
	else echo "no chromium and no root to apt-get it: the browser tests will be skipped"; fi

test: $(STAMP) lint browser
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) out
