# CMake toolchain file for arm-none-eabi-gcc (bare-metal Cortex-M).
#
#   cmake -S . -B build/m4 -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake -DPICOPARQUET_BOARD=mps2-an386
#   cmake -S . -B build/m0 -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake -DPICOPARQUET_CPU_FLAGS="-mcpu=cortex-m0 -mthumb"
#
# PICOPARQUET_BOARD takes the core's flags from boards/<board>/board.mk
# (BOARD_CPU_FLAGS, as `make TARGET=<board>`); PICOPARQUET_CPU_FLAGS gives them
# directly; without either, give -mcpu etc. in CMAKE_C_FLAGS (else, with the
# default cortex-m port, configuring stops with one line naming both, as the
# compiler then targets no M-profile core).  All three are read when a build
# directory is first configured: change them in a new one.  Like the
# Makefile's cross builds, every function and object gets its own section
# (-ffunction-sections -fdata-sections) for the firmware's --gc-sections.
# ARM_TOOLCHAIN_DIR: where arm-none-eabi-gcc lives when it is not on PATH.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

# try_compile projects re-read this file: hand them the same settings.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PICOPARQUET_BOARD PICOPARQUET_CPU_FLAGS ARM_TOOLCHAIN_DIR)
# Probe the compiler without linking (no startup code or linker script here).
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

if(ARM_TOOLCHAIN_DIR)
  set(_ppq_prefix "${ARM_TOOLCHAIN_DIR}/arm-none-eabi-")
else()
  set(_ppq_prefix "arm-none-eabi-")
endif()
set(CMAKE_C_COMPILER "${_ppq_prefix}gcc")
set(CMAKE_CXX_COMPILER "${_ppq_prefix}g++")
set(CMAKE_ASM_COMPILER "${_ppq_prefix}gcc")

if(PICOPARQUET_BOARD AND NOT PICOPARQUET_CPU_FLAGS)
  set(_ppq_board_mk "${CMAKE_CURRENT_LIST_DIR}/../boards/${PICOPARQUET_BOARD}/board.mk")
  if(NOT EXISTS "${_ppq_board_mk}")
    message(FATAL_ERROR "arm-none-eabi.cmake: no board '${PICOPARQUET_BOARD}' (boards/<board>/board.mk)")
  endif()
  file(STRINGS "${_ppq_board_mk}" _ppq_line REGEX "^BOARD_CPU_FLAGS[ \t]*:?=")
  string(REGEX REPLACE "^BOARD_CPU_FLAGS[ \t]*:?=[ \t]*" "" PICOPARQUET_CPU_FLAGS "${_ppq_line}")
  string(STRIP "${PICOPARQUET_CPU_FLAGS}" PICOPARQUET_CPU_FLAGS)
endif()

set(CMAKE_C_FLAGS_INIT "${PICOPARQUET_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_CXX_FLAGS_INIT "${PICOPARQUET_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${PICOPARQUET_CPU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${PICOPARQUET_CPU_FLAGS} -Wl,--gc-sections")

# Libraries and headers from the target's sysroot only; programs from the host.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
