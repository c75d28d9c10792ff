# The writer's configuration sweep (issue 27): generated tables written
# under a grid of options (dictionary capacities, page and row-group sizes,
# arenas by ppq_writer_options_for_arena with and without a footer spill,
# opts NULL, every codec built, recovery, v1/v2 pages, statistics) and data
# shapes through the batch, setter and record APIs; each write read back
# value for value, each AUTO chunk against the best fixed encoding.
# test/sweep/sweep.c, the public API only.  `make sweep` reports and exits 0
# (the writer is known to fail some checks today); `make sweep-strict` fails
# on any failure.  SWEEP_FULL=1: six times the cases.  A sample of the files
# goes to build/sweep/ with the values expected (a .json each), which
# `make sweep-interop` reads with DuckDB, arrow-rs, hyparquet and polars,
# with the AUTO files of the random within-cases (SWEEP_WITHIN_RANDOM, in
# build/sweep/random-SEED/).

## sweep: the writer's configuration sweep: every write read back, AUTO against the best fixed encoding (reports; exit 0)
## sweep-strict: the sweep, failing on any failure
## sweep-check: the sweep as make check runs it: failing on any failure but the AUTO ratios (reported)
## sweep-interop: the sweep's sample files read value for value by DuckDB, arrow-rs, hyparquet and polars (npm, pinned; --auto-all's too)
## sweep-within: the sweep's cases whose every AUTO chunk is within 1.05x of the best fixed encoding's, held so
.PHONY: sweep sweep-strict sweep-check sweep-interop sweep-within
SWEEP := $(BUILD)/sweep
SWEEP_DIR := build/sweep

$(SWEEP): $(BUILD)/obj/test/sweep/sweep.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lm $(LDFLAGS_EXTRA)

sweep: $(SWEEP)
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)
	$(SWEEP) --out $(SWEEP_DIR)

# The sweep as make check runs it, once for sweep-check and sweep-interop
# (its sample files): the default grid, and again with
# opts.auto_all_encodings (--auto-all: AUTO also weighs the encodings some
# readers lack, and is compared with every fixed encoding) into auto-all/;
# each run's exit status beside its log.
SWEEP_RUN := $(SWEEP_DIR)/run.stamp
$(SWEEP_RUN): $(SWEEP)
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)/auto-all
	@$(SWEEP) --strict-correct --out $(SWEEP_DIR) >$(SWEEP_DIR)/sweep.log; echo $$? >$(SWEEP_DIR)/status
	@$(SWEEP) --strict-correct --auto-all --out $(SWEEP_DIR)/auto-all >$(SWEEP_DIR)/auto-all/sweep.log; \
	    echo $$? >$(SWEEP_DIR)/auto-all/status
	@touch $@

sweep-check: $(SWEEP_RUN)
	@st=0; for d in $(SWEEP_DIR) $(SWEEP_DIR)/auto-all; do echo "== $$d/sweep.log"; \
	    grep -v '^{"case"' $$d/sweep.log | grep -E '^(== (sweep|failures|AUTO)|  [a-z_]+ +[0-9]+ +[0-9]+ +e\.g\.|\{"bench"|sweep:)' | cut -c1-240; \
	    [ "$$(cat $$d/status)" = 0 ] || st=1; done; exit $$st

CHECK_STEPS += sweep-check sweep-interop sweep-within

# Cases of the default sweep where AUTO had chunks over 1.05x of the best
# fixed encoding's and has none since rechunk (a chunk weighed again whole
# at its row group's end, 64-bit CPUs): each run alone with --strict, which
# fails on any such chunk (or any other failure).  The reference is each
# fixed encoding's own file of the same values and options.  Since the
# first list: chunks weighed again after a close contest, and where a
# dictionary grew (46 48 56 111 345 385 443 542 543); and the full sweep's
# (--full) ZSTD chunks of small arenas, read back through the decoder's
# reduced tables (SWEEP_WITHIN_FULL, the first 9), or in the codec buffers
# taken together (the rest); then (2026-11-30) a dictionary weighed whole
# where the chunk's values repeat after the sample, compact
# FIXED_LEN_BYTE_ARRAY rewritten as a dictionary, and the compact redict
# table of 512 entries (default 539 665; full from 1841); then (2026-12-01)
# the compact layout's dictionary indices in pages of growing width, weighed
# at their width before the rewrites, redict's table of 4,096, byte arrays'
# and split dictionaries' rewrites, a split row group written DELTA (default
# from 7; full from 2118); then a compact integer's dictionary that ends row
# groups where it fills, where that pays (dict_fill_pays: default 528, full
# from 2917), and rechunk's wait for chunks within a 16th of the last's
# bytes a value, not an 8th (full 3187 2840); then (2026-12-01, later)
# ZSTD pages read back through the decoder's smallest tables, in codec
# buffers of 5,168-5,312 bytes (full 3128 3076), and a dictionary that
# filled weighed again where its chunk held other pages too (full 2729 296
# 394 3036); then (2026-12-02) the random mode's cases (SWEEP_WITHIN_RANDOM,
# seed:case): compact chunks of a few rows PLAIN where that takes less than
# DELTA's one block or a byte array's dictionary (201:*), a byte array's
# split dictionary weighed against PLAIN (202:1829), an enum alone in its
# dictionary kept (204:58) but a dictionary of 1 entry given up (101:1494,
# 22,554 row groups of a row before the fix was right), and a split
# dictionary of distinct integers weighed as DELTA (103:844); then a compact
# integer's dictionary kept where it fills while its row groups take less
# than DELTA's (102:1346), and 20-byte ids in 4 shared entries kept over
# noise of as many entries (104:1510, 1.5x DELTA's file before); then a
# compressed chunk of a few pages tried on its first eighth while rechunk
# waits (102:402, a latitude under SNAPPY 1.19x PLAIN's chunk before;
# 104:1525, a gyro under SNAPPY 1.13x its dictionary's); then a compact
# byte array's PLAIN row group written as its dictionary where the footer
# store bounds the file too (106:230, 108:333: hashed ids in row groups of
# 3-4 rows, up to 1.9x), and rechunk's wait not for chunks of 64 values
# or fewer (101:1395: a heading in row groups of 18 rows, 1.10x); then a
# large compressed chunk's candidate weighed whole where its sample took up
# to a 32nd more than the chunk (104:1812, step strings under LZ4_RAW, DLBA
# at 1.11x the dictionary's chunk; 105:1734, a step under ZSTD, 1.08x);
# then a compact dictionary split where it outgrew its index width, one
# page again where that takes less (106:405, a longitude, 1.17x), and an
# OPTIONAL dictionary of distinct values only, split so, written PLAIN in
# one page, its levels joined (108:1008, 12 prices in pages of 11 and 1,
# 1.17x PLAIN's chunk); then a dictionary's data page written at the width
# of its own greatest index, not the dictionary's final one, where a split
# chunk's pages are replayed (105:488, an enum 1.11x; 103:827, a heading
# 1.07x); a compact integer's counted dictionary probed against DELTA once
# where its next value would fill it (105:1437, hashes 2.99x; 103:486, runs
# 1.19x); and a compact float's dictionary that alone holds entries kept
# through one row group that lost by less than a 16th (102:410, a walk in
# row groups of 212 rows, 2.88x); then (2026-12-03) that probe in the row
# groups after the file's first while they end before it (117:333: a
# DOUBLE's 4 entries ended the first after 4 rows, hashed ids went DELTA
# for the rest, 7.1x DICTIONARY's chunk).  Out since (2026-12-03, later):
# 104 and 106, whose footer stores, packed, now hold 62 row groups (they
# had filled at 19): in row group 49 AUTO's chunk of a
# walk in 16-entry dictionaries that fall back to PLAIN takes 1.063x the
# DICTIONARY file's (page layout, pages of 16 values; the chunks before
# are unchanged); so full 744 (a few codes in row group 36, 1.069x
# BYTE_STREAM_SPLIT's, under ZSTD) and full 3128 (a longitude in row group
# 96, 1.066x DICTIONARY's), the same options_for_arena pages in 32 KiB.
# Back since (2026-12-03, later): 104 and 106, the first decision on a
# sample of under 16 values taking a walk's entries (14 of 16 distinct) as
# a walk's, not noise's (its dictionary had gone PLAIN for two pages).
SWEEP_WITHIN := 104 106 46 47 48 56 57 92 111 114 151 209 226 228 231 322 330 337 340 343 345 385 419 421 427 \
                439 442 443 444 446 447 448 467 472 473 477 482 484 487 492 493 494 496 508 510 511 519 520 \
                522 542 543 547 552 564 601 622 623 625 629 644 652 653 539 665 \
                7 8 20 23 34 51 414 415 502 506 534 574 592 528
SWEEP_WITHIN_FULL := 148 2343 2380 2939 3237 3318 556 2740 1936 2144 2234 2344 2778 3038 3236 4022 \
                     1841 1912 2987 4257 4297 4334 4484 4491 4502 4590 4682 4720 \
                     2118 2256 2276 2634 2655 2829 3043 3173 3200 3211 3233 2917 2957 2822 2863 3187 2840 \
                     3076 2729 296 394 3036
SWEEP_WITHIN_RANDOM := 201:714 201:782 201:554 201:1968 201:416 201:546 202:1829 204:58 101:1494 103:844 \
                       102:1346 104:1510 102:402 104:1525 106:230 108:333 101:1395 \
                       104:1812 105:1734 106:405 108:1008 105:488 103:827 105:1437 103:486 102:410 \
                       117:333

sweep-within: $(SWEEP)
	@for c in $(SWEEP_WITHIN) $(addprefix full:,$(SWEEP_WITHIN_FULL)) $(addprefix random:,$(SWEEP_WITHIN_RANDOM)); do \
	    a="--only $${c#full:}"; case $$c in full:*) a="--full $$a";; \
	    random:*) r=$${c#random:}; a="--random 1 --seed $${r%:*} --only $${r#*:}";; esac; \
	    $(SWEEP) --strict $$a >/dev/null || { echo "sweep-within: case $$c:"; \
	    $(SWEEP) --strict $$a --verbose 2>&1 | grep '^over' | head -5; exit 1; }; done; \
	    echo "sweep-within: $(words $(SWEEP_WITHIN) $(SWEEP_WITHIN_FULL) $(SWEEP_WITHIN_RANDOM)) cases, every AUTO chunk within 1.05x"

# The random mode (test/sweep/sweep.c --random): N cases drawn from SEED,
# each a table of 1-8 drawn columns (shape, type, optional, bursts; the
# grid's shapes and a saw-tooth, a quantised sine, gaussian noise, spikes,
# steps, hashed ids, prices, 99% nulls) of 50-30,000 rows and drawn options
# (manual, by arena or opts NULL; every codec built and its levels; the
# compact layout), written and compared as the grid's cases.  Not a check
# step: it reports.  Any case alone: $(SWEEP) --random 1 --seed S --only K.
# tools/sweep_random_groups.py sums runs (their .log, .err beside) and
# groups the over lines whose best encoding every reader reads.
## sweep-random: the sweep's random mode, N cases from SEED (N=2000 SEED=1: about 2 minutes); logs in build/sweep-random/ (reports; exit 0)
.PHONY: sweep-random
sweep-random: N ?= 2000
sweep-random: SEED ?= 1
sweep-random: $(SWEEP)
	@mkdir -p build/sweep-random
	@$(SWEEP) --random $(N) --seed $(SEED) --verbose >build/sweep-random/seed$(SEED).log \
	    2>build/sweep-random/seed$(SEED).err; st=$$?; \
	    grep -E '^(== (sweep|failures)|  [a-z_0-9]+ +[0-9]+ +[0-9]+ +e\.g\.|sweep:)' \
	    build/sweep-random/seed$(SEED).log | cut -c1-300; grep '^{"bench"' build/sweep-random/seed$(SEED).log; \
	    grep 'CRASH' build/sweep-random/seed$(SEED).err; \
	    python3 tools/sweep_random_groups.py --top 10 build/sweep-random/seed$(SEED).log | sed -n '/^readable over/,$$p'; \
	    echo "sweep-random: over lines in build/sweep-random/seed$(SEED).err; a case alone:" \
	        "$(SWEEP) --random 1 --seed $(SEED) --only K --verbose"; exit $$st

sweep-strict: $(SWEEP)
	@rm -rf $(SWEEP_DIR) && mkdir -p $(SWEEP_DIR)
	$(SWEEP) --strict --out $(SWEEP_DIR)

sweep-interop: $(SWEEP_RUN) test/interop/node_modules
	node test/interop/sweep_check.mjs $(SWEEP_DIR)
	node test/interop/sweep_check.mjs $(SWEEP_DIR)/auto-all
	@# the random within-cases' AUTO files too (their rewrites: a seed's own folder, its fixed files left out)
	@for c in $(SWEEP_WITHIN_RANDOM); do d=$(SWEEP_DIR)/random-$${c%:*}; mkdir -p $$d; \
	    $(SWEEP) --random 1 --seed $${c%:*} --only $${c#*:} --out $$d >/dev/null || exit 1; \
	    rm -f $$d/case*_*.parquet; done
	@for d in $(SWEEP_DIR)/random-*; do node test/interop/sweep_check.mjs $$d || exit 1; done

BOOTSTRAP_GOALS += sweep-interop
