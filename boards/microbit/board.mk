# microbit: QEMU machine and compiler flags (mirrored in project.yml).
BOARD_QEMU_MACHINE := microbit
BOARD_CPU_FLAGS := -mcpu=cortex-m0 -mthumb
BOARD_TEST_FLAGS := -DPPQ_TEST_SMALL
