# mps2-an385: QEMU machine and compiler flags (mirrored in project.yml).
BOARD_QEMU_MACHINE := mps2-an385
BOARD_CPU_FLAGS := -mcpu=cortex-m3 -mthumb
