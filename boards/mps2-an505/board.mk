# mps2-an505: QEMU machine and compiler flags (mirrored in project.yml).
BOARD_QEMU_MACHINE := mps2-an505
BOARD_CPU_FLAGS := -mcpu=cortex-m33 -mthumb
