# Loggers that rotate files (issue 27): without a footer spill a small
# arena's footer store fills every few thousand rows; the sensor logger and
# the durable logger then close the file and write the row that did not fit
# to the next one.  tools/rotate_test.sh reads every file back with
# `ppq cat`: each row once, in order, with the values of one file's rows.
# The microbit firmware does the same (LOGGER_ROTATE: its day in 8 KiB
# without the footer spill, 13 files), through its block sink and semihosting
# (its library built once, about a minute in all).
.PHONY: rotate-test
## rotate-test: the loggers and the microbit firmware rotating files in small arenas without a footer spill (every row once, in order; a power cut in the second file)
rotate-test: $(CLI) $(BUILD)/sensor_logger $(BUILD)/durable_logger
	@mkdir -p build/demo/rotate && rm -f build/demo/rotate/*.parquet
	$(MAKE) --no-print-directory demo-mcu-run TARGET=microbit BUILD=build/microbit-rotate \
	    EXTRA_CFLAGS="-DLOGGER_SMALL -DLOGGER_COMPACT -DLOGGER_ROTATE $(LOGGER_CONFIG)"
	tools/rotate_test.sh $(BUILD)/sensor_logger $(BUILD)/durable_logger $(CLI) \
	    build/demo/rotate/sensors_small_mcu.parquet

CHECK_STEPS += rotate-test
BOOTSTRAP_GOALS += rotate-test
