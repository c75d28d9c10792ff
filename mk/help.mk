# `make help` and the bootstrap before goals that need tools (issue 15).
#
# Help: a line `## TARGET: what it does` anywhere in the Makefile or a mk/*.mk
# fragment documents TARGET; `make help` lists them in file order, and
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

PPQ_HELP_FILES = Makefile $(sort $(wildcard mk/*.mk))

.PHONY: help help-check
help:
	@echo "make [TARGET=<board>] [PORT=generic|cortex-m] [OPT=-O2] [EXTRA_CFLAGS=...] [CC=...] [V=1] [goal...]"
	@echo "boards: $(BOARDS)"
	@sed -n 's/^## \([^ :]*\): */\1	/p' $(PPQ_HELP_FILES) | awk -F'	' '{ printf "  %-20s %s\n", $$1, $$2 }'

help-check:
	tools/check_help.sh $(PPQ_HELP_FILES)
