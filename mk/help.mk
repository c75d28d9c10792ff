# `make help` and the bootstrap before goals that need tools (issue 15).
#
# Help: a line `## TARGET: what it does` in a mk/*.mk fragment (the Makefile's
# own targets: below) documents TARGET; `make help` lists them in order, and
# `make help-check` (a check step) fails when a phony target or a check step
# has no such line, or a line names no target.
#
# Bootstrap: goals in BOOTSTRAP_GOALS (and any make with TARGET=<board>) need
# more than gcc and make (QEMU, the ARM toolchain and newlib, clang and its
# libFuzzer runtime, lcov, node/npm, cmake, pkg-config, python3-yaml): the
# Makefile evaluates PPQ_BOOTSTRAP_HOOK after reading every fragment, so
# tools/bootstrap.sh installs what is missing before anything is built, or
# make stops with its one line naming the command to run.  A fragment whose
# goals need a tool appends them (`BOOTSTRAP_GOALS += my-test`) and adds the
# tool to tools/bootstrap.sh.

# The Makefile's own targets (the fragments document theirs beside them).
## all: (default) build/host/libpicoparquet.a and build/host/ppq; with TARGET=<board> that core's archive
## lib: the archive only, build/host or build/<board> (TARGET=<board>)
## test: the host unit suite, plain and under ASan+UBSan
## test-run: the host unit suite once, as built by BUILD, CC, OPT, EXTRA_CFLAGS
## unit-tests: build the host unit suite without running it
## check: everything CI runs (installs what it needs first), its builds on every core (-j$(nproc) unless -j is given); not on a shared machine
## check-clang: the host build and unit suite with clang, warnings as errors
## check-switches: the unit suite under each documented build switch and the logger's configurations
## check-freestanding: the archive's external symbols against the allow-list
## qemu-test: the unit suite on the five boards under QEMU
## qemu-run: the unit suite on one board (TARGET=<board>)
## size: flash per size profile and core against project.yml's budgets
## stack: worst-case stack per public entry point against project.yml's budgets
## bench-mcu: instructions per value on every board (QEMU TCG plugin), painted stack
## bench-mcu-run: bench-mcu on one board (TARGET=<board>)
## bench-mcu-writer: the writer's and a CSV line's instructions and bytes per row on M4F and M0
## bench-mcu-writer-run: bench-mcu-writer on one board (TARGET=<board>, the logger's library)
## fuzz-build: every libFuzzer target in test/fuzz (clang)
## fuzz: each fuzz target for FUZZ_SECONDS (default 60)
## fuzz-smoke: each fuzz target for FUZZ_SMOKE_SECONDS (default 10)
## bench: host benchmarks, one JSON object per line (codecs; the writer beside DuckDB; the reader beside polars and DuckDB; compressed writes; ppq cat --where)
## coverage: line and branch coverage of src/ and port/ (lcov)
## interop: writer files read back by DuckDB, arrow-rs, hyparquet and polars; DuckDB's and arrow-rs's files (flat and nested) read by ppq cat (npm, pinned)
## cli-test: the ppq CLI's golden, round-trip and error-status tests
## durable-test: power cuts in the durable logger, each recovered at the next boot
## demo: a day of sensor readings written, inspected, cut off and recovered
## demo-mcu: the sensor logger as firmware on mps2-an386 and microbit, files compared with the host's
## demo-mcu-run: the logger firmware on one board (TARGET=<board>)
## encodings-demo: every codec on a day of sensor data, sizes compared
## bootstrap: install the tools the build and checks need (apt-get; idempotent)
## clean: remove build/

# This fragment's.
## help: this list
## help-check: every phony target and check step has a `## target:` help line, and each line a target

BOOTSTRAP_GOALS += check check-clang test qemu-test qemu-run size stack bench-mcu bench-mcu-run \
    fuzz fuzz-build fuzz-smoke bench coverage interop demo-mcu demo-mcu-run

CHECK_STEPS += help-check

define PPQ_BOOTSTRAP_HOOK
ifndef PPQ_BOOTSTRAPPED
ifneq ($$(strip $$(filter $$(BOOTSTRAP_GOALS),$$(MAKECMDGOALS)) \
    $$(if $$(TARGET),$$(filter-out clean help help-check,$$(or $$(MAKECMDGOALS),all)))),)
PPQ_BOOTSTRAP_OUT := $$(shell tools/bootstrap.sh -q)
ifneq ($$(.SHELLSTATUS),0)
$$(error $$(or $$(PPQ_BOOTSTRAP_OUT),tools/bootstrap.sh failed: run it to see why))
endif
export PPQ_BOOTSTRAPPED := 1
endif
endif
endef

PPQ_HELP_FILES = mk/help.mk Makefile $(filter-out mk/help.mk,$(sort $(wildcard mk/*.mk)))

.PHONY: help help-check
help:
	@echo "make [TARGET=<board>] [PORT=generic|cortex-m] [OPT=-O2] [EXTRA_CFLAGS=...] [CC=...] [V=1] [goal...]"
	@echo "boards: $(BOARDS)"
	@sed -n 's/^## \([^ :]*\): */\1	/p' $(PPQ_HELP_FILES) | awk -F'	' '{ printf "  %-20s %s\n", $$1, $$2 }'

help-check:
	tools/check_help.sh $(PPQ_HELP_FILES)
