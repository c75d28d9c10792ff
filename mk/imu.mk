# The IMU logger (issue 29): LIST<FLOAT> bursts of a 1 kHz accelerometer,
# one per axis, written with the nested API on the host and as M4F firmware
# under QEMU (the library built with -DPPQ_WRITER_NESTED=1, which firmware
# opts into); the two files must be the same bytes, and DuckDB reads the
# host's value for value against the generator.

## demo-imu-mcu-run: the IMU firmware alone under QEMU (TARGET=mps2-an386 and a BUILD with -DPPQ_WRITER_NESTED=1, as demo-imu-mcu runs it)
## demo-imu-mcu: the IMU logger's nested file (LIST<FLOAT> per axis) from the M4F firmware, byte for byte the host's; DuckDB reads it
.PHONY: demo-imu-mcu demo-imu-mcu-run
IMU_LOGGER := $(BUILD)/imu_logger
$(IMU_LOGGER): $(BUILD)/obj/examples/imu_logger/main.o $(BUILD)/obj/examples/imu_logger/imu.o $(LIB)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ $(LDFLAGS_EXTRA)

IMU_FIRMWARE_OBJS = $(BUILD)/obj/examples/imu_logger/firmware.o $(BUILD)/obj/examples/imu_logger/imu.o \
    $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard boards/common/*.c))
$(BUILD)/imu_logger.elf: $(IMU_FIRMWARE_OBJS) $(LIB)
	$(Q)$(CC) $(BOARD_LDFLAGS) -o $@ $(IMU_FIRMWARE_OBJS) $(LIB)

demo-imu-mcu-run: $(BUILD)/imu_logger.elf
	@mkdir -p build/demo
	timeout $(QEMU_TIMEOUT) qemu-system-arm -M $(BOARD_QEMU_MACHINE) -nographic -monitor none -serial none \
	    -semihosting-config enable=on,target=native -kernel $<

BOOTSTRAP_GOALS += demo-imu-mcu
demo-imu-mcu: $(IMU_LOGGER) test/interop/node_modules
	@mkdir -p build/demo
	$(IMU_LOGGER) build/demo/imu.parquet
	$(MAKE) --no-print-directory demo-imu-mcu-run TARGET=mps2-an386 BUILD=build/mps2-an386-imu EXTRA_CFLAGS="-DPPQ_WRITER_NESTED=1"
	cmp build/demo/imu.parquet build/demo/imu_mcu.parquet && echo "demo-imu-mcu: the M4F firmware's nested file is byte-identical to the host's"
	node test/interop/imu_check.mjs build/demo/imu_mcu.parquet
CHECK_STEPS += demo-imu-mcu

# The reader on the M4F board (issue 30): the demo day written with its
# page index on the host (sensor_logger --index), read over semihosting by
# examples/sensor_logger/find_minute.c, which finds 06:00-06:01 through the
# ts column's page index reading only the pages that hold it.
## demo-find-mcu: the M4F finds one minute of the demo day through the page index, reading only the pages that hold it
## demo-find-mcu-run: the minute finder alone under QEMU (TARGET=mps2-an386), on build/demo/sensors_index.parquet
.PHONY: demo-find-mcu demo-find-mcu-run
FIND_OBJS = $(BUILD)/obj/examples/sensor_logger/find_minute.o $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard boards/common/*.c))
$(BUILD)/find_minute.elf: $(FIND_OBJS) $(LIB)
	$(Q)$(CC) $(BOARD_LDFLAGS) -o $@ $(FIND_OBJS) $(LIB)

demo-find-mcu-run: $(BUILD)/find_minute.elf
	timeout $(QEMU_TIMEOUT) qemu-system-arm -M $(BOARD_QEMU_MACHINE) -nographic -monitor none -serial none \
	    -semihosting-config enable=on,target=native -kernel $<

demo-find-mcu: $(SENSOR_LOGGER)
	@mkdir -p build/demo
	$(SENSOR_LOGGER) --index build/demo/sensors_index.parquet
	$(MAKE) --no-print-directory demo-find-mcu-run TARGET=mps2-an386 BUILD=build/mps2-an386-find
CHECK_STEPS += demo-find-mcu
