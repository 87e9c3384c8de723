# Two entry points: `make run` and `make test`. Each sets up everything it needs first.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
TORCH_VERSION := 2.13.0
LLAMA_CPP_VERSION := 0.3.36
# llama-cpp-python compiles from source (~6 min on 2 cores): keep the wheel across clones.
# The cache is named by the build flags, so a wheel built with other flags is never reused.
WHEEL_CACHE ?= $(HOME)/.cache/protograph/wheels-noamx
# It compiles with -march=native. On a CPU with AMX tiles (Xeon Sapphire Rapids and later) that
# builds llama.cpp's AMX kernels, which crashed the process here (SIGSEGV in ggml_backend_amx_mul_mat)
# on the DBpedia prompts; without them the AVX-512 kernels run instead.
LLAMA_CMAKE_ARGS := -DCMAKE_C_FLAGS='-mno-amx-tile -mno-amx-int8 -mno-amx-bf16' -DCMAKE_CXX_FLAGS='-mno-amx-tile -mno-amx-int8 -mno-amx-bf16'
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: run test setup index bench screenshots clean help

help:
	@echo "make run   - set up everything and start the app at http://127.0.0.1:8050"
	@echo "make test  - set up everything and run the whole test suite"
	@echo "make bench - print the benchmark figures of docs/benchmarks.md"

setup: $(STAMP)

$(STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip wheel setuptools
	# A bare `torch` would pull a multi-GB CUDA build; this pin takes the CPU build.
	$(PIP) install --quiet torch==$(TORCH_VERSION)
	mkdir -p $(WHEEL_CACHE)
	ls $(WHEEL_CACHE)/llama_cpp_python-$(LLAMA_CPP_VERSION)-*.whl >/dev/null 2>&1 || \
		CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) \
		$(PIP) wheel --no-cache-dir --no-deps llama-cpp-python==$(LLAMA_CPP_VERSION) -w $(WHEEL_CACHE)
	$(PIP) install --quiet --no-deps --force-reinstall $(WHEEL_CACHE)/llama_cpp_python-$(LLAMA_CPP_VERSION)-*.whl
	$(PIP) install --quiet --find-links $(WHEEL_CACHE) -e ".[llm,server,test]"
	$(PIP) install --quiet --no-deps text2sparql-client==2.1.0  # its pytrec-eval dependency: see pyproject's test extra
	touch $(STAMP)

index: setup
	$(VENV)/bin/protograph index

run: index
	$(VENV)/bin/protograph serve

test: setup
	$(VENV)/bin/pytest --headless $(PYTEST_ARGS)

screenshots: setup
	PROTOGRAPH_SCREENSHOTS=$(CURDIR)/docs/screenshots $(VENV)/bin/pytest --headless tests/integration

bench: setup
	$(PY) -m benchmarks.run_all

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
