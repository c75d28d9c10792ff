# picoparquet build.  `make` builds the host library and CLI; `make check`
# runs everything CI runs.  See README.md.

ifeq ($(origin CC),default)
CC := gcc
endif
PORT ?= generic
BUILD ?= build/host
OPT ?= -O2
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 10

WARN := -std=c99 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror
INCS := -Iinc -Isrc -Iport
LIB_CFLAGS := $(WARN) $(OPT) -ffreestanding $(INCS) $(EXTRA_CFLAGS)
HOST_CFLAGS := $(WARN) $(OPT) $(INCS) -Itest $(EXTRA_CFLAGS)
LDFLAGS_EXTRA ?=

LIB_SRCS := $(wildcard src/*.c) $(wildcard port/$(PORT)/*.c)
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
LIB := $(BUILD)/libpicoparquet.a

TEST_SRCS := $(wildcard test/*.c)
TEST_LIB_SRCS := $(filter-out test/host_main.c,$(TEST_SRCS))
TEST_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(TEST_SRCS))
TEST_BIN := $(BUILD)/unit_tests

CLI := $(BUILD)/ppq
CLI_SRCS := $(wildcard tools/ppq*.c)
BENCH := $(BUILD)/bench
FUZZ_TARGETS := $(patsubst test/fuzz/%.c,%,$(wildcard test/fuzz/fuzz_*.c))

.PHONY: all lib test test-run check check-freestanding check-clang fuzz fuzz-smoke fuzz-build \
        bench coverage demo bootstrap clean

all: $(LIB) $(CLI)

lib: $(LIB)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(if $(filter src/% port/%,$<),$(LIB_CFLAGS),$(HOST_CFLAGS)) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(CLI): $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRCS)) $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

$(TEST_BIN): $(TEST_OBJS) $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

$(BENCH): $(BUILD)/obj/tools/bench/bench.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

# Host unit tests: once plain, once under ASan+UBSan.
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
test:
	$(MAKE) --no-print-directory test-run BUILD=build/host
	$(MAKE) --no-print-directory test-run BUILD=build/asan OPT=-O1 EXTRA_CFLAGS="$(SAN)" LDFLAGS_EXTRA="$(SAN)"

test-run: $(TEST_BIN)
	$(TEST_BIN)

# No heap, no stdio: the archive may only need the allow-listed symbols.
check-freestanding: $(LIB)
	tools/check_freestanding.sh $(LIB)

# Warnings-as-errors build with clang as well.
check-clang:
	$(MAKE) --no-print-directory all $(TEST_BIN) BUILD=build/clang CC=clang

# libFuzzer targets (clang).
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
fuzz-build:
	$(MAKE) --no-print-directory $(addprefix build/fuzz/,$(FUZZ_TARGETS)) BUILD=build/fuzz CC=clang \
	    OPT=-O1 EXTRA_CFLAGS="-g -fsanitize=fuzzer-no-link,address,undefined"

build/fuzz/fuzz_%: test/fuzz/fuzz_%.c $(LIB)
	$(CC) $(HOST_CFLAGS) $(FUZZ_FLAGS) -o $@ $< $(LIB)

fuzz: fuzz-build
	tools/run_fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	tools/run_fuzz.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

bench: $(BENCH)
	$(BENCH)

coverage:
	$(MAKE) --no-print-directory test-run BUILD=build/cov OPT=-O0 EXTRA_CFLAGS="--coverage" LDFLAGS_EXTRA="--coverage"
	tools/coverage.sh build/cov

DEMO := $(BUILD)/encodings_demo
$(DEMO): $(BUILD)/obj/examples/encodings_demo/main.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

demo: $(DEMO)
	$(DEMO)

bootstrap:
	tools/bootstrap.sh

check: bootstrap
	$(MAKE) --no-print-directory all
	$(MAKE) --no-print-directory check-clang
	$(MAKE) --no-print-directory check-freestanding
	$(MAKE) --no-print-directory test
	$(MAKE) --no-print-directory fuzz-smoke
	tools/cli_test.sh $(CLI)

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
