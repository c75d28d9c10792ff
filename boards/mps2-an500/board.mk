# mps2-an500: QEMU machine and compiler flags (mirrored in project.yml).
BOARD_QEMU_MACHINE := mps2-an500
BOARD_CPU_FLAGS := -mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard
