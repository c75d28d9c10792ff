# microbit: QEMU machine and compiler flags (mirrored in project.yml).
BOARD_QEMU_MACHINE := microbit
BOARD_CPU_FLAGS := -mcpu=cortex-m0 -mthumb
# The test code (not the library) at -Os: the whole suite must fit 256 KB of flash.
BOARD_TEST_FLAGS := -DPPQ_TEST_SMALL -Os
