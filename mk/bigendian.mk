# Big-endian targets (issue 32): Parquet is little-endian on disk, and the
# library promises the same bytes on every target.  The unit suite is
# cross-built for s390x (big-endian, 64-bit; Debian's gcc-s390x-linux-gnu,
# linked statically) and run under qemu-user's qemu-s390x; then the files
# the writer writes there are compared byte for byte with the host's:
# bench_sensor's sensor table (BE_ROWS rows, seed 1; the defaults and each
# page codec) and the interop generator's files (every physical type,
# encoding and codec, statistics, recovery).  On s390x PPQ_FAST64 is off
# (port/ppq_port.h: fast paths only on little-endian targets), so this runs
# the portable code on a 64-bit core.  About a minute and a half on 2 cores.
BE_CC := s390x-linux-gnu-gcc
BE_AR := s390x-linux-gnu-ar
BE_QEMU := qemu-s390x
BE_BUILD := build/s390x
BE_ROWS := 30000 # (enough for every codec's pages and several row groups; make check's time)
# bench_sensor's page codecs ("default": no codec argument, the options NULL)
BE_CODECS := default snappy gzip zstd lz4_raw
BE_OUT := build/bigendian

.PHONY: check-bigendian
## check-bigendian: the unit suite on big-endian s390x under qemu-user, and the files written there (the sensor table, the interop set) against the host's, byte for byte
check-bigendian:
	$(Q)$(MAKE) --no-print-directory $(BE_BUILD)/unit_tests $(BE_BUILD)/bench_sensor $(BE_BUILD)/interop_gen_files \
	    BUILD=$(BE_BUILD) CC=$(BE_CC) AR=$(BE_AR) LDFLAGS_EXTRA=-static
	$(Q)$(MAKE) --no-print-directory build/host/bench_sensor build/host/interop_gen_files BUILD=build/host
	@echo "== s390x (big-endian) unit suite under $(BE_QEMU)"
	$(Q)timeout $(QEMU_TIMEOUT) $(BE_QEMU) $(BE_BUILD)/unit_tests >$(BE_BUILD)/unit_tests.log 2>&1; st=$$?; \
	    grep -v '^ok ' $(BE_BUILD)/unit_tests.log; exit $$st
	$(Q)rm -rf $(BE_OUT) && mkdir -p $(BE_OUT)/s390x/gen $(BE_OUT)/host/gen
	$(Q)for c in $(BE_CODECS); do \
	    arg=$$c; [ $$c = default ] && arg=; \
	    timeout $(QEMU_TIMEOUT) $(BE_QEMU) $(BE_BUILD)/bench_sensor $(BE_OUT)/s390x/sensor_$$c.parquet $(BE_ROWS) 1 $$arg >/dev/null && \
	    build/host/bench_sensor $(BE_OUT)/host/sensor_$$c.parquet $(BE_ROWS) 1 $$arg >/dev/null && \
	    cmp $(BE_OUT)/s390x/sensor_$$c.parquet $(BE_OUT)/host/sensor_$$c.parquet || exit 1; \
	done; echo "check-bigendian: the sensor table ($(BE_ROWS) rows; $(BE_CODECS)): s390x's files are the host's, byte for byte"
	$(Q)timeout $(QEMU_TIMEOUT) $(BE_QEMU) $(BE_BUILD)/interop_gen_files $(BE_OUT)/s390x/gen >/dev/null && \
	    build/host/interop_gen_files $(BE_OUT)/host/gen >/dev/null || exit 1; \
	    n=0; for f in $(BE_OUT)/host/gen/*; do \
	        cmp $$f $(BE_OUT)/s390x/gen/$${f##*/} || exit 1; n=$$((n + 1)); \
	    done; \
	    [ $$n -gt 0 ] && [ $$n -eq $$(ls $(BE_OUT)/s390x/gen | wc -l) ] || { echo "check-bigendian: file sets differ"; exit 1; }; \
	    echo "check-bigendian: the interop set ($$n files): s390x's files are the host's, byte for byte"

BOOTSTRAP_GOALS += check-bigendian
CHECK_STEPS += check-bigendian
