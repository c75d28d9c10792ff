# Loggers that rotate files (issue 27): without a footer spill a small
# arena's footer store fills every few hundred rows; the sensor logger and
# the durable logger then close the file and write the row that did not fit
# to the next one.  tools/rotate_test.sh reads every file back with
# `ppq cat`: each row once, in order, with the values of one file's rows
# (a few seconds).
.PHONY: rotate-test
## rotate-test: the loggers rotating files in small arenas without a footer spill (every row once, in order; a power cut in the second file)
rotate-test: $(CLI) $(BUILD)/sensor_logger $(BUILD)/durable_logger
	tools/rotate_test.sh $(BUILD)/sensor_logger $(BUILD)/durable_logger $(CLI)

CHECK_STEPS += rotate-test
