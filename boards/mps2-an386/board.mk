# mps2-an386: QEMU machine and compiler flags (mirrored in project.yml).
BOARD_QEMU_MACHINE := mps2-an386
BOARD_CPU_FLAGS := -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard
