# picoparquet build.  `make` builds the host library and CLI; `make check`
# runs everything CI runs.  See README.md.

# TARGET=<board> cross-compiles for that board's core (boards/<board>/board.mk).
ifdef TARGET
include boards/$(TARGET)/board.mk
ifeq ($(origin CC),default)
CC := arm-none-eabi-gcc
endif
AR := arm-none-eabi-ar
BUILD ?= build/$(TARGET)
TARGET_FLAGS := $(BOARD_CPU_FLAGS) -ffunction-sections -fdata-sections
PORT ?= cortex-m
else
ifeq ($(origin CC),default)
CC := gcc
endif
BUILD ?= build/host
TARGET_FLAGS :=
endif
PORT ?= generic
OPT ?= -O2
# Tooling scripts run with Debian's python3 (python3-yaml from the bootstrap).
PYTHON := $(firstword $(wildcard /usr/bin/python3) python3)
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 2

WARN := -std=c99 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror
# src/ is layered (core, encodings, format, file, compression); internal headers sit beside their sources.
SRC_DIRS := $(sort $(dir $(wildcard src/*/*.c)))
INCS := -Iinc $(patsubst %/,-I%,$(SRC_DIRS)) -Iport
LIB_CFLAGS := $(WARN) $(OPT) $(TARGET_FLAGS) -ffreestanding $(INCS) $(EXTRA_CFLAGS)
HOST_CFLAGS := $(WARN) $(OPT) $(TARGET_FLAGS) $(BOARD_TEST_FLAGS) $(INCS) -Itest -Iboards/common -Itools $(EXTRA_CFLAGS)
LDFLAGS_EXTRA ?=

LIB_SRCS := $(wildcard src/*/*.c) $(wildcard port/$(PORT)/*.c)
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
LIB := $(BUILD)/libpicoparquet.a

TEST_COMMON_SRCS := $(filter-out test/host_main.c test/board_main.c,$(wildcard test/*.c))
TEST_SRCS := $(TEST_COMMON_SRCS) test/host_main.c
TEST_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(TEST_SRCS)) $(BUILD)/obj/generic_copy.o $(BUILD)/obj/delta32_copy.o
BOARD_TEST_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(TEST_COMMON_SRCS) test/board_main.c $(wildcard boards/common/*.c)) \
    $(BUILD)/obj/generic_copy.o $(BUILD)/obj/delta32_copy.o
BOARD_LDFLAGS = $(BOARD_CPU_FLAGS) -T boards/$(TARGET)/board.ld -Lboards/common -nostartfiles \
    --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections
BOARDS := microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505
QEMU_TIMEOUT ?= 600
TEST_BIN := $(BUILD)/unit_tests

CLI := $(BUILD)/ppq
CLI_SRCS := tools/ppq_cli.c tools/ppq_inspect.c tools/ppq_recover_cmd.c tools/ppq_cat.c
BENCH := $(BUILD)/bench
FUZZ_TARGETS := $(patsubst test/fuzz/%.c,%,$(wildcard test/fuzz/fuzz_*.c))

# Each capability's own rules live in mk/<name>.mk (included here, before the
# rules that use CLI_SRCS); a fragment appends make targets to CHECK_STEPS,
# which `make check` runs after the core steps, in order.
CHECK_STEPS :=
include $(sort $(wildcard mk/*.mk))
# Goals that need more than gcc and make get tools/bootstrap.sh first (mk/help.mk).
$(eval $(PPQ_BOOTSTRAP_HOOK))

.PHONY: bench-mcu-writer bench-mcu-writer-run durable-test cli-test check-switches demo-mcu demo-mcu-run unit-tests interop size stack bench-mcu bench-mcu-run qemu-test qemu-run all lib test test-run check check-freestanding check-clang fuzz fuzz-smoke fuzz-build \
        bench coverage demo encodings-demo bootstrap clean

ifdef TARGET
all: $(LIB)
else
all: $(LIB) $(CLI)
endif

lib: $(LIB)

# V=1 shows the full commands.
Q := $(if $(V),,@)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC  $(BUILD) $<")
	$(Q)$(CC) $(if $(filter src/% port/%,$<),$(LIB_CFLAGS),$(HOST_CFLAGS)) -MMD -MP -c $< -o $@

# The portable kernel again under another name, linked into the unit suite
# and bench-mcu so the port's kernel is checked and measured against it.
# Always its 32-bit-word variant: on 64-bit hosts the unit suite then checks
# the 8-byte-load variant (the host's port) against it.
GENERIC_RENAME := -Dppq_port_unpack32_groups=ppq_generic_unpack32_groups -Dppq_port_name=ppq_generic_port_name \
    -DPPQ_FAST64=0
GENERIC_COPY := $(BUILD)/obj/generic_copy.o
$(GENERIC_COPY): port/generic/ppq_port_generic.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(LIB_CFLAGS) $(GENERIC_RENAME) -MMD -MP -c $< -o $@

# DELTA_BINARY_PACKED again under other names (ppq_delta32_*), built as
# for 32-bit targets (PPQ_FAST64 0: blocks packed in 32-bit words, INT64
# deltas unpacked without the fused kernels), linked into the unit suite:
# on 64-bit hosts test_delta checks it writes the same bytes as the host's
# path and reads them back (on the boards both are the same code).
DELTA32_NAMES := enc_arena_size enc_init enc_init_narrow enc_init_small enc_narrow_size enc_fits enc_block_bytes enc_put_word enc_put enc_finish \
    enc_finish_to max_block_bytes header enc_header dec_init dec_count dec_get dec_get_i32 stream_end
DELTA32_RENAME := $(foreach f,$(DELTA32_NAMES),-Dppq_delta_$(f)=ppq_delta32_$(f)) -DPPQ_FAST64=0
$(BUILD)/obj/delta32_copy.o: src/encodings/ppq_delta.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(LIB_CFLAGS) $(DELTA32_RENAME) -MMD -MP -c $< -o $@

$(LIB): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $^

$(CLI): $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRCS)) $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

$(TEST_BIN): $(TEST_OBJS) $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

$(BENCH): $(BUILD)/obj/tools/bench/bench.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

BENCH_WRITER := $(BUILD)/bench_writer
$(BENCH_WRITER): $(BUILD)/obj/tools/bench/bench_writer.o $(BUILD)/obj/examples/sensor_logger/logger.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

BENCH_SENSOR := $(BUILD)/bench_sensor
$(BENCH_SENSOR): $(BUILD)/obj/tools/bench/bench_sensor.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

BENCH_WIDE := $(BUILD)/bench_wide
$(BENCH_WIDE): $(BUILD)/obj/tools/bench/bench_wide.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

BENCH_NESTED := $(BUILD)/bench_nested
$(BENCH_NESTED): $(BUILD)/obj/tools/bench/bench_nested.o $(LIB)
	$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

# Host unit tests: once plain, once under ASan+UBSan (clang's UBSan also
# catches arithmetic on NULL pointers; gcc's is the fallback).
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_CC := $(if $(shell command -v clang 2>/dev/null),clang,gcc)
test:
	$(MAKE) --no-print-directory test-run BUILD=build/host
	$(MAKE) --no-print-directory test-run BUILD=build/asan CC=$(SAN_CC) OPT=-O1 EXTRA_CFLAGS="$(SAN)" LDFLAGS_EXTRA="$(SAN)"

test-run: $(TEST_BIN)
	$(TEST_BIN)

# The unit suite on one board under QEMU (TARGET=<board>), and on all of them.
$(BUILD)/unit_tests.elf: $(BOARD_TEST_OBJS) $(LIB) boards/$(TARGET)/board.ld boards/common/sections.ld
	$(Q)$(CC) $(BOARD_LDFLAGS) -o $@ $(BOARD_TEST_OBJS) $(LIB) -Wl,-Map=$@.map

qemu-run: $(BUILD)/unit_tests.elf
	@echo "== $(TARGET) ($(BOARD_QEMU_MACHINE))"
	$(Q)NM=arm-none-eabi-nm tools/check_freestanding.sh $(LIB) >/dev/null
	$(Q)tools/check_no_heap.sh $<
	timeout $(QEMU_TIMEOUT) qemu-system-arm -M $(BOARD_QEMU_MACHINE) -nographic -monitor none -serial none \
	    -semihosting-config enable=on,target=native -kernel $<

# The microbit's 256 KB of flash cannot hold the whole suite: it runs it as
# three images (test/suites.c: PPQ_TEST_PART), the library at -Os as its
# firmware would build it; the other boards run it whole at -O2.
# One target per board (the microbit's suite in three parts): `make -j`
# runs them side by side.
## qemu-test-microbit-1: the unit suite's first half on the microbit (Cortex-M0, 16 KB RAM) under QEMU
## qemu-test-microbit-2: the unit suite's second part on the microbit under QEMU
## qemu-test-microbit-3: the unit suite's third part (the page index, bloom filters, nested writing, --where, the ZSTD decoder) on the microbit under QEMU
## qemu-test-mps2-an385: the unit suite on MPS2 AN385 (Cortex-M3) under QEMU
## qemu-test-mps2-an386: the unit suite on MPS2 AN386 (Cortex-M4) under QEMU
## qemu-test-mps2-an500: the unit suite on MPS2 AN500 (Cortex-M7) under QEMU
## qemu-test-mps2-an505: the unit suite on MPS2 AN505 (Cortex-M33) under QEMU
QEMU_TESTS := $(addprefix qemu-test-,$(filter-out microbit,$(BOARDS))) qemu-test-microbit-1 qemu-test-microbit-2 qemu-test-microbit-3
.PHONY: $(QEMU_TESTS)
qemu-test: $(QEMU_TESTS)

qemu-test-microbit-1 qemu-test-microbit-2 qemu-test-microbit-3: qemu-test-microbit-%:
	$(Q)$(MAKE) --no-print-directory qemu-run TARGET=microbit OPT=-Os BUILD=build/microbit-os-$* \
	    BOARD_TEST_FLAGS="-DPPQ_TEST_SMALL -Os -DPPQ_TEST_PART=$*"

$(addprefix qemu-test-,$(filter-out microbit,$(BOARDS))): qemu-test-%:
	$(Q)$(MAKE) --no-print-directory qemu-run TARGET=$*

# Instructions per value on the boards (QEMU TCG plugin, tools/qemu).
PLUGIN := build/tools/insn_count.so
$(PLUGIN): tools/qemu/insn_count.c
	@mkdir -p $(dir $@)
	$(Q)gcc -std=c99 -Wall -Wextra -Werror -O2 -shared -fPIC -fvisibility=hidden -o $@ $<


BENCH_MCU_OBJS := $(BUILD)/obj/tools/bench_mcu/bench_mcu.o $(BUILD)/obj/generic_copy.o \
    $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard boards/common/*.c))
$(BUILD)/bench_mcu.elf: $(BENCH_MCU_OBJS) $(LIB)
	$(Q)$(CC) $(BOARD_LDFLAGS) -o $@ $(BENCH_MCU_OBJS) $(LIB)

bench-mcu-run: $(BUILD)/bench_mcu.elf $(PLUGIN)
	$(Q)$(PYTHON) tools/bench_mcu.py $(TARGET) $(BOARD_QEMU_MACHINE) $< $(PLUGIN) $(BENCH_MCU_CHECK)

# The library configuration the sensor logger's firmware is built with
# (inc/ppq_config.h); the writer-min size profile measures it.
LOGGER_CONFIG := -include examples/sensor_logger/logger_config.h

# The smallest useful reader (issue 13's reader-min): PLAIN, RLE levels and
# booleans, dictionaries, DELTA_BINARY_PACKED, uncompressed pages, unpacking
# value by value (no width kernels); not the deprecated BIT_PACKED levels,
# nor the chunks' statistics, nor files decoded in memory.
READER_MIN_CONFIG := -DPPQ_DECOMPRESSORS=0u -DPPQ_READER_ENCODINGS=0x12Du -DPPQ_UNPACK_SMALL -DPPQ_READER_STATISTICS=0 \
    -DPPQ_READER_METADATA=0 -DPPQ_READER_SKIP=0 -DPPQ_READER_IN_MEMORY=0 -DPPQ_READER_PAGE_INDEX=0

# The writer-codecs size profile: every page compressor but ZSTD's, whose
# 8-9 KiB of flash a firmware writer opts into (project.yml: writer-zstd);
# writer-full: the writer without page compressors (each has its profile).
NO_ZSTD_ENC_CONFIG := -DPPQ_COMPRESSORS=0xA6u
NO_COMPRESSORS_CONFIG := -DPPQ_COMPRESSORS=0u

# Flash per size profile and core, -Os (project.yml: size), of the default
# library and of the logger's configuration.
size:
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0 OPT=-Os
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4 OPT=-Os
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-logger OPT=-Os EXTRA_CFLAGS="$(LOGGER_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-logger OPT=-Os EXTRA_CFLAGS="$(LOGGER_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-logger-small OPT=-Os EXTRA_CFLAGS="-DLOGGER_SMALL $(LOGGER_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-logger-small OPT=-Os EXTRA_CFLAGS="-DLOGGER_SMALL $(LOGGER_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-logger-compact OPT=-Os EXTRA_CFLAGS="-DLOGGER_SMALL -DLOGGER_COMPACT $(LOGGER_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-logger-compact OPT=-Os EXTRA_CFLAGS="-DLOGGER_SMALL -DLOGGER_COMPACT $(LOGGER_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-reader-min OPT=-Os EXTRA_CFLAGS="$(READER_MIN_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-reader-min OPT=-Os EXTRA_CFLAGS="$(READER_MIN_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-no-zstd-enc OPT=-Os EXTRA_CFLAGS="$(NO_ZSTD_ENC_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-no-zstd-enc OPT=-Os EXTRA_CFLAGS="$(NO_ZSTD_ENC_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-no-compressors OPT=-Os EXTRA_CFLAGS="$(NO_COMPRESSORS_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-no-compressors OPT=-Os EXTRA_CFLAGS="$(NO_COMPRESSORS_CONFIG)"
	$(Q)$(MAKE) --no-print-directory lib TARGET=microbit BUILD=build/size-m0-brotli OPT=-Os EXTRA_CFLAGS="-DPPQ_WITH_BROTLI=1"
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/size-m4-brotli OPT=-Os EXTRA_CFLAGS="-DPPQ_WITH_BROTLI=1"
	$(Q)$(PYTHON) tools/size_report.py

# Interop: files from the writer read back by independent readers (npm,
# pinned in test/interop/package-lock.json).
INTEROP_GEN := $(BUILD)/interop_gen_files
$(INTEROP_GEN): $(BUILD)/obj/test/interop/gen_files.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

INTEROP_NESTED := $(BUILD)/interop_gen_nested
$(INTEROP_NESTED): $(BUILD)/obj/test/interop/gen_nested.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

test/interop/node_modules: test/interop/package.json test/interop/package-lock.json
	# npm ci, or (for npm releases whose ci rejects a lock without other
	# platforms' optional packages) an install that follows the lock
	cd test/interop && (npm ci --no-audit --no-fund --loglevel=silent || \
	    npm install --no-audit --no-fund --loglevel=error)
	@touch $@

interop: $(INTEROP_GEN) $(INTEROP_NESTED) $(CLI) test/interop/node_modules
	@rm -rf build/interop build/interop-nested && mkdir -p build/interop build/interop-nested
	$(INTEROP_GEN) build/interop
	node test/interop/read_check.mjs build/interop
	$(INTEROP_NESTED) build/interop-nested
	node test/interop/nested_check.mjs build/interop-nested
	node test/interop/index_check.mjs build/interop
	node test/interop/reader_check.mjs build/reader-corpus $(CLI)
	node test/interop/reader_cases_check.mjs build/reader-cases $(CLI)

# Worst-case stack per public entry point (project.yml: stack).
stack:
	$(Q)$(MAKE) --no-print-directory lib TARGET=mps2-an386 BUILD=build/stack-m4 \
	    EXTRA_CFLAGS="-fstack-usage -fcallgraph-info=su"
	$(Q)$(PYTHON) tools/stack_report.py build/stack-m4

# The writer on the boards (issue 12): the sensor row through the row API
# and a CSV line of it, instructions and bytes per row, with the firmware
# demo's library (the logger's configuration; LOGGER_SMALL on the microbit).
BENCH_WRITER_MCU_OBJS = $(BUILD)/obj/tools/bench_mcu/bench_writer_mcu.o $(BUILD)/obj/examples/sensor_logger/logger.o \
    $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard boards/common/*.c))
$(BUILD)/bench_writer_mcu.elf: $(BENCH_WRITER_MCU_OBJS) $(LIB)
	$(Q)$(CC) $(BOARD_LDFLAGS) -u _printf_float -o $@ $(BENCH_WRITER_MCU_OBJS) $(LIB) -lm

bench-mcu-writer-run: $(BUILD)/bench_writer_mcu.elf $(PLUGIN)
	$(Q)$(PYTHON) tools/bench_mcu.py $(TARGET) $(BOARD_QEMU_MACHINE) $< $(PLUGIN) $(BENCH_MCU_CHECK)

bench-mcu-writer:
	$(Q)$(MAKE) --no-print-directory bench-mcu-writer-run TARGET=mps2-an386 BUILD=build/mps2-an386-bench \
	    EXTRA_CFLAGS="-DLOGGER_COMPACT $(LOGGER_CONFIG)" BENCH_MCU_CHECK=$(BENCH_MCU_CHECK)
	$(Q)$(MAKE) --no-print-directory bench-mcu-writer-run TARGET=microbit BUILD=build/microbit-logger \
	    EXTRA_CFLAGS="-DLOGGER_SMALL -DLOGGER_COMPACT $(LOGGER_CONFIG)" BENCH_MCU_CHECK=$(BENCH_MCU_CHECK)

bench-mcu:
	@for b in $(BOARDS); do $(MAKE) --no-print-directory bench-mcu-run TARGET=$$b || exit 1; done
	$(Q)$(MAKE) --no-print-directory bench-mcu-writer BENCH_MCU_CHECK=$(BENCH_MCU_CHECK)

# No heap, no stdio: the archive may only need the allow-listed symbols.
check-freestanding: $(LIB)
	tools/check_freestanding.sh $(LIB)

# Warnings-as-errors build with clang as well.
check-clang:
	$(MAKE) --no-print-directory all test-run BUILD=build/clang CC=clang

# The unit suite under each build switch docs/build.md documents (every
# switch's code compiles clean and passes, not only the defaults), and in
# the sensor logger's configurations (LOGGER_CONFIG: the writer's switches;
# LOGGER_SMALL also without statistics and recovery records).  Switches of
# separate code paths share a build (a group, joined by commas): the
# portable fallbacks, the writer's, the reader's.
SWITCHES := PPQ_UNPACK_SMALL,PPQ_NO_INTRINSICS,PPQ_NO_SIMD,PPQ_FAST64=0,PPQ_WRITER_AUTO_LEARNS=0,PPQ_DELTA_SMALL=0 PPQ_WRITER_AUTO_BY_SIZE=0,PPQ_DICT_NARROW=1,PPQ_WRITER_NESTED=0 \
    PPQ_READER_METADATA=0,PPQ_READER_SKIP=0,PPQ_READER_IN_MEMORY=0,PPQ_READER_PAGE_INDEX=0,PPQ_WRITER_REDICT_BITS=10,PPQ_WRITER_PACKED_FOOTER=0
check-switches:
	@for s in $(SWITCHES); do \
	    flags="-D$$(echo $$s | sed 's/,/ -D/g')"; echo "check-switches: $$flags"; \
	    $(MAKE) --no-print-directory test-run BUILD=build/sw-$$(echo $$s | tr -c 'A-Za-z0-9\n' _) EXTRA_CFLAGS="$$flags" >/tmp/ppq_sw.$$$$.log 2>&1 \
	        || { tail -20 /tmp/ppq_sw.$$$$.log; rm -f /tmp/ppq_sw.$$$$.log; exit 1; }; \
	    grep -h "passed," /tmp/ppq_sw.$$$$.log; rm -f /tmp/ppq_sw.$$$$.log; \
	done
	@for c in logger logger-small; do \
	    flags="$(LOGGER_CONFIG)"; [ $$c = logger-small ] && flags="-DLOGGER_SMALL $(LOGGER_CONFIG)"; \
	    echo "check-switches: $$flags"; \
	    $(MAKE) --no-print-directory test-run BUILD=build/sw-$$c EXTRA_CFLAGS="$$flags" >/tmp/ppq_sw.$$$$.log 2>&1 \
	        || { tail -20 /tmp/ppq_sw.$$$$.log; rm -f /tmp/ppq_sw.$$$$.log; exit 1; }; \
	    grep -h "passed," /tmp/ppq_sw.$$$$.log; rm -f /tmp/ppq_sw.$$$$.log; \
	done

unit-tests: $(TEST_BIN)

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

# Codec benchmarks, then the writer on 10 million rows and DuckDB's anchor,
# the reader's full scan of both sensor files beside polars and DuckDB, and
# the compressed writer beside DuckDB (SNAPPY) and polars (ZSTD).  Each step's
# JSON lines are kept in build/bench/*.json (make report draws them).
bench: $(BENCH) $(BENCH_WRITER) $(BENCH_SENSOR) $(BENCH_NESTED) $(BENCH_WIDE) $(CLI) test/interop/node_modules
	$(BENCH)
	@mkdir -p build/bench
	$(BENCH_WRITER) build/bench/sensors_10m.parquet | tee build/bench/writer.json
	node test/interop/bench_duckdb.mjs build/bench/sensors_10m.parquet build/bench/writer.json build/bench/duckdb_10m.parquet \
	    | tee build/bench/writer_anchor.json
	$(BENCH_SENSOR) build/bench/quantized_10m.parquet 10000000 1 | tee build/bench/sensor.json
	$(BENCH_SENSOR) build/bench/quantized_10m_no_bloom.parquet 10000000 1 --no-bloom | tee build/bench/sensor_no_bloom.json
	$(BENCH_SENSOR) build/bench/dict_vs_plain.parquet 10000000 1 --dict-vs-plain | tee build/bench/dict_vs_plain.json
	node test/interop/bench_duckdb.mjs build/bench/quantized_10m.parquet build/bench/sensor.json \
	    build/bench/duckdb_quantized_10m.parquet writer_sensor | tee build/bench/sensor_anchor.json
	# 256 FLOAT columns: opts NULL beside ppq_writer_options_for_arena(16 MiB) (issue 27)
	$(BENCH_WIDE) 200000 | tee build/bench/wide.json
	# nested: a timestamp and a LIST<FLOAT> burst of 256 samples a row (issue 29)
	$(BENCH_NESTED) build/bench/nested_100k.parquet 100000 | tee build/bench/nested.json
	node test/interop/bench_duckdb.mjs build/bench/nested_100k.parquet build/bench/nested.json \
	    build/bench/duckdb_nested_100k.parquet writer_nested | tee build/bench/nested_anchor.json
	node test/interop/bench_scan.mjs $(CLI) build/bench/quantized_10m.parquet build/bench/duckdb_quantized_10m.parquet \
	    | tee build/bench/scan.json
	$(BENCH_SENSOR) build/bench/quantized_10m_snappy.parquet 10000000 1 snappy | tee build/bench/codecs.json
	$(BENCH_SENSOR) build/bench/quantized_10m_zstd.parquet 10000000 1 zstd | tee -a build/bench/codecs.json
	node test/interop/bench_codec_writers.mjs build/bench/quantized_10m.parquet build/bench/codecs.json build/bench \
	    | tee build/bench/codecs_anchor.json
	# the reader on the compressed files: ours (SNAPPY, ZSTD), DuckDB's SNAPPY, polars' ZSTD
	node test/interop/bench_scan.mjs $(CLI) build/bench/quantized_10m_snappy.parquet build/bench/quantized_10m_zstd.parquet \
	    build/bench/duckdb_quantized_snappy.parquet build/bench/polars_quantized_zstd.parquet | tee build/bench/scan_codecs.json
	# ppq cat --where: one hour by timestamp range, an absent status (mk/where.mk)
	$(MAKE) --no-print-directory bench-where

coverage:
	$(MAKE) --no-print-directory test-run BUILD=build/cov OPT=-O0 EXTRA_CFLAGS="--coverage" LDFLAGS_EXTRA="--coverage"
	tools/coverage.sh build/cov

# The main job: a day of sensor readings written as Parquet, then summarised.
SENSOR_LOGGER := $(BUILD)/sensor_logger
$(SENSOR_LOGGER): $(BUILD)/obj/examples/sensor_logger/main.o $(BUILD)/obj/examples/sensor_logger/logger.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

# Power-loss-safe logging on the host: POSIX and FatFs-shaped file systems
# (the FatFs adapter built against ff_host/, a stand-in for FatFs's calls).
DURABLE_DIR := examples/durable_logger
DURABLE_LOGGER := $(BUILD)/durable_logger
DURABLE_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(DURABLE_DIR)/main.c $(DURABLE_DIR)/durable.c \
    $(DURABLE_DIR)/log_fs_posix.c $(DURABLE_DIR)/log_fs_fatfs.c $(DURABLE_DIR)/ff_host/ff_host.c \
    examples/sensor_logger/logger.c)
$(BUILD)/obj/$(DURABLE_DIR)/log_fs_fatfs.o: HOST_CFLAGS += -I$(DURABLE_DIR)/ff_host
$(DURABLE_LOGGER): $(DURABLE_OBJS) $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

# Power cuts at many points of a log, with both file systems: each next
# boot recovers the log in place, as `ppq recover` would.
durable-test: $(DURABLE_LOGGER) $(CLI)
	tools/durable_test.sh $(DURABLE_LOGGER) $(CLI)

NESTED_DEMO := $(BUILD)/nested_burst
$(NESTED_DEMO): $(BUILD)/obj/examples/nested_burst/main.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

# examples/nested_burst: LIST<FLOAT> bursts and a LIST<STRUCT> written with
# the nested API, printed back by ppq cat.
nested-demo: $(NESTED_DEMO) $(CLI)
	$(NESTED_DEMO) $(BUILD)/nested_burst.parquet
	$(CLI) cat $(BUILD)/nested_burst.parquet | head -3

ENCODINGS_DEMO := $(BUILD)/encodings_demo
$(ENCODINGS_DEMO): $(BUILD)/obj/examples/encodings_demo/main.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

demo: $(SENSOR_LOGGER) $(CLI)
	@mkdir -p build/demo
	$(SENSOR_LOGGER) build/demo/sensors.parquet
	$(CLI) inspect build/demo/sensors.parquet
	@echo "-- a power cut after 800000 bytes, and the recovery:"
	head -c 800000 build/demo/sensors.parquet >build/demo/sensors_cut.parquet
	$(CLI) recover build/demo/sensors_cut.parquet build/demo/sensors_recovered.parquet

encodings-demo: $(ENCODINGS_DEMO)
	$(ENCODINGS_DEMO)

# The same logger as firmware on the Cortex-M4F board, the library built
# with the logger's configuration; its file must be byte-identical to the
# host's (default configuration).
FIRMWARE_OBJS = $(BUILD)/obj/examples/sensor_logger/firmware.o $(BUILD)/obj/examples/sensor_logger/logger.o \
    $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard boards/common/*.c))
$(BUILD)/sensor_logger.elf: $(FIRMWARE_OBJS) $(LIB)
	$(Q)$(CC) $(BOARD_LDFLAGS) -o $@ $(FIRMWARE_OBJS) $(LIB)

demo-mcu-run: $(BUILD)/sensor_logger.elf
	@mkdir -p build/demo
	timeout $(QEMU_TIMEOUT) qemu-system-arm -M $(BOARD_QEMU_MACHINE) -nographic -monitor none -serial none \
	    -semihosting-config enable=on,target=native -kernel $<

demo-mcu: $(SENSOR_LOGGER) test/interop/node_modules
	@mkdir -p build/demo
	$(SENSOR_LOGGER) build/demo/sensors.parquet
	$(MAKE) --no-print-directory demo-mcu-run TARGET=mps2-an386 BUILD=build/mps2-an386-logger EXTRA_CFLAGS="$(LOGGER_CONFIG)"
	cmp build/demo/sensors.parquet build/demo/sensors_mcu.parquet && echo "demo-mcu: the M4F firmware's file is byte-identical to the host's"
	$(MAKE) --no-print-directory demo-mcu-run TARGET=microbit BUILD=build/microbit-logger \
	    EXTRA_CFLAGS="-DLOGGER_SMALL -DLOGGER_COMPACT $(LOGGER_CONFIG)" >build/demo/microbit.txt 2>&1; \
	    st=$$?; cat build/demo/microbit.txt; exit $$st
	$(SENSOR_LOGGER) --small build/demo/sensors_small.parquet \
	    $$(sed -n 's/.*options compact 1 chunk_bytes \([0-9]*\) dict_entries \([0-9]*\) page_bytes \([0-9]*\) footer_bytes \([0-9]*\).*/\1 \2 \3 \4/p' build/demo/microbit.txt)
	cmp build/demo/sensors_small.parquet build/demo/sensors_small_mcu.parquet && echo "demo-mcu: the M0 firmware's file is byte-identical to the host's"
	node test/interop/demo_check.mjs build/demo/sensors.parquet build/demo/sensors_small_mcu.parquet

bootstrap:
	tools/bootstrap.sh

# The boards `make check` runs the unit suite and the kernel benches on
# (within its 20 minutes): the M0, the M4F and the M33, each core family's
# port; `make qemu-test` and `make bench-mcu` run all of BOARDS (the M3 and
# M7 too), `make check CHECK_BOARDS="$(BOARDS)"` likewise.
CHECK_BOARDS ?= microbit mps2-an386 mps2-an505

# `make check` builds on every core, as .ci/run does: its sub-makes get
# -j$(nproc) unless make was given a -j (-j1 keeps it serial).  The steps
# themselves still run one after another, in order.
PPQ_MAKE := $(MAKE)
check: MAKE = $(PPQ_MAKE)$(if $(filter -j%,$(MAKEFLAGS)),, -j$(shell nproc 2>/dev/null || echo 2))
check: bootstrap
	$(MAKE) --no-print-directory all
	$(MAKE) --no-print-directory check-clang
	$(MAKE) --no-print-directory check-switches
	$(MAKE) --no-print-directory check-freestanding
	$(MAKE) --no-print-directory test
	$(MAKE) --no-print-directory qemu-test BOARDS="$(CHECK_BOARDS)"
	$(MAKE) --no-print-directory size
	$(MAKE) --no-print-directory stack
	$(MAKE) --no-print-directory bench-mcu BENCH_MCU_CHECK=--check BOARDS="$(CHECK_BOARDS)"
	$(MAKE) --no-print-directory fuzz-smoke
	$(MAKE) --no-print-directory cli-test
	$(MAKE) --no-print-directory durable-test
	$(MAKE) --no-print-directory interop
	$(MAKE) --no-print-directory demo-mcu
	@for t in $(CHECK_STEPS); do $(MAKE) --no-print-directory $$t || exit 1; done

# The CLI's tests; `ppq recover` gets a recoverable log from the demo logger.
cli-test: $(CLI) $(SENSOR_LOGGER)
	@mkdir -p build/demo
	$(Q)$(SENSOR_LOGGER) build/demo/sensors.parquet >/dev/null
	tools/cli_test.sh $(CLI) build/demo/sensors.parquet

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
