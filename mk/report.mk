# Charts of the numbers (issue 31): tools/report.py draws docs/charts/*.svg
# with gnuplot from the benches' JSON lines, and checks they were.
#
# The JSON: `make bench`'s files in REPORT_BENCH (build/bench/*.json), `make
# bench-mcu-writer`'s lines in REPORT_MCU and `make size`'s in REPORT_SIZE.
# `make report` runs a bench only when its JSON is missing (`make bench`
# takes many minutes), so JSON already there, or given with
# REPORT_BENCH=DIR / REPORT_MCU=FILE / REPORT_SIZE=FILE, is drawn as it is;
# delete it (or `make report-fresh`) to measure again.  Each chart keeps,
# beside its SVG, the JSON lines it was drawn from (NAME.json) and the table
# gnuplot plotted (NAME.dat); the SVG records both files' SHA-256.
#
# `make report-check` (no bench, no gnuplot; under a second) recomputes each
# NAME.dat from NAME.json and the hashes the SVG records, and compares
# NAME.json with the lines the JSON in build/ gives, where it is there: a
# chart older than that JSON is a note, or a failure with REPORT_STRICT=1.
REPORT_BENCH ?= build/bench
REPORT_MCU ?= build/report/mcu_writer.json
REPORT_SIZE ?= build/report/size.json
REPORT_HOST_JSON = $(addprefix $(REPORT_BENCH)/,writer.json writer_anchor.json sensor.json sensor_anchor.json \
    codecs.json codecs_anchor.json scan.json scan_codecs.json)
REPORT_ARGS = --bench $(REPORT_BENCH) --mcu $(REPORT_MCU) --size $(REPORT_SIZE) --out docs/charts

.PHONY: report report-check report-fresh
## report: docs/charts/*.svg from the benches' JSON (make bench, bench-mcu-writer, size), each run only if its JSON is missing
report:
	$(Q)for f in $(REPORT_HOST_JSON); do \
	    [ -f $$f ] || { echo "report: $$f missing: make bench"; $(MAKE) --no-print-directory bench || exit 1; break; }; \
	done
	$(Q)[ -f $(REPORT_MCU) ] || { echo "report: $(REPORT_MCU) missing: make bench-mcu-writer"; mkdir -p $(dir $(REPORT_MCU)) && \
	    $(MAKE) --no-print-directory bench-mcu-writer >$(REPORT_MCU).log && \
	    grep '^{' $(REPORT_MCU).log >$(REPORT_MCU).tmp && mv $(REPORT_MCU).tmp $(REPORT_MCU); }
	$(Q)[ -f $(REPORT_SIZE) ] || { echo "report: $(REPORT_SIZE) missing: make size"; mkdir -p $(dir $(REPORT_SIZE)) && \
	    $(MAKE) --no-print-directory size >$(REPORT_SIZE).log && \
	    grep '^{' $(REPORT_SIZE).log >$(REPORT_SIZE).tmp && mv $(REPORT_SIZE).tmp $(REPORT_SIZE); }
	$(Q)$(PYTHON) tools/report.py draw $(REPORT_ARGS)

## report-fresh: make report after the MCU and size JSON are measured again (not make bench's: delete build/bench to redo it)
report-fresh:
	rm -f $(REPORT_MCU) $(REPORT_SIZE)
	$(MAKE) --no-print-directory report

## report-check: every chart in docs/charts drawn from the JSON lines it records, and not older than build/'s JSON (REPORT_STRICT=1: a failure)
report-check:
	$(Q)$(PYTHON) tools/report.py check $(REPORT_ARGS) $(if $(filter 1,$(REPORT_STRICT)),--strict)

BOOTSTRAP_GOALS += report report-fresh
CHECK_STEPS += report-check
