# Integration as firmware teams build (issue 15): the CMake build checked
# against this Makefile, `make install` (headers, archive, ppq, pkg-config file
# and CMake package), the consumer example built three ways, one version.
# CMakeLists.txt and cmake/ hold the CMake side.

## install: headers, archive, ppq, picoparquet.pc and the CMake package under PREFIX (default /usr/local; DESTDIR too)
## install-test: examples/consumer built by pkg-config, find_package and add_subdirectory against fresh installs
## cmake-check: CMake's archives against make's: five boards, every switch set, add_subdirectory; the source lists
## check-version: project.yml's version in the headers, created_by and ppq --version

# make install PREFIX=/usr/local [DESTDIR=stage]: include/, lib/ (the archive of
# this build: TARGET=<board> installs that core's), bin/ppq (host builds),
# lib/pkgconfig/picoparquet.pc, lib/cmake/picoparquet/ (find_package).
PREFIX ?= /usr/local
PPQ_INSTALL_DIR = $(DESTDIR)$(PREFIX)
PPQ_VERSION_PART = $(shell sed -n 's/^\#define PPQ_VERSION_$(1)[ \t][ \t]*"*\([0-9.]*\)"*.*/\1/p' inc/ppq_core.h)

.PHONY: install install-test cmake-check check-version
install: $(LIB) $(if $(TARGET),,$(CLI))
	install -d $(PPQ_INSTALL_DIR)/include $(PPQ_INSTALL_DIR)/lib/pkgconfig $(PPQ_INSTALL_DIR)/lib/cmake/picoparquet
	install -m 644 inc/*.h $(PPQ_INSTALL_DIR)/include/
	install -m 644 $(LIB) $(PPQ_INSTALL_DIR)/lib/
	$(if $(TARGET),,install -d $(PPQ_INSTALL_DIR)/bin && install -m 755 $(CLI) $(PPQ_INSTALL_DIR)/bin/)
	sed -e 's|@PPQ_PC_PREFIX@|$${pcfiledir}/../..|' -e 's|@PPQ_PC_LIBDIR@|$${prefix}/lib|' \
	    -e 's|@PPQ_PC_INCLUDEDIR@|$${prefix}/include|' -e 's|@PPQ_PC_VERSION@|$(call PPQ_VERSION_PART,STRING)|' \
	    cmake/picoparquet.pc.in >$(PPQ_INSTALL_DIR)/lib/pkgconfig/picoparquet.pc
	install -m 644 cmake/picoparquetConfig-make.cmake.in $(PPQ_INSTALL_DIR)/lib/cmake/picoparquet/picoparquetConfig.cmake
	sed -e 's|@PPQ_VERSION@|$(call PPQ_VERSION_PART,STRING)|' -e 's|@PPQ_VERSION_MAJOR@|$(call PPQ_VERSION_PART,MAJOR)|' \
	    -e 's|@PPQ_VERSION_MINOR@|$(call PPQ_VERSION_PART,MINOR)|' \
	    -e "s|@PPQ_SIZEOF_VOID_P@|$$($(CC) $(TARGET_FLAGS) -dM -E -x c /dev/null | sed -n 's/^#define __SIZEOF_POINTER__ //p')|g" \
	    cmake/picoparquetConfigVersion-make.cmake.in >$(PPQ_INSTALL_DIR)/lib/cmake/picoparquet/picoparquetConfigVersion.cmake

# The consumer example (examples/consumer) built against a `make install`
# (DESTDIR staging, PREFIX=/opt/picoparquet) and a `cmake --install`, by
# pkg-config and find_package, and with add_subdirectory; a cross build's
# install by a cross-compiled consumer (tools/install_test.sh).
install-test: $(LIB) $(CLI)
	@rm -rf build/install-test
	$(Q)$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/build/install-test/stage PREFIX=/opt/picoparquet >/dev/null
	tools/install_test.sh build/install-test

# make check builds two boards (M0 and M4F; CMAKE_CHECK_BOARDS="..." names others):
# the others differ from these only in their CPU flags, which the script checks for all five
CMAKE_CHECK_BOARDS ?= microbit mps2-an386
cmake-check:
	tools/cmake_check.sh $(CMAKE_CHECK_BOARDS)

check-version: $(CLI)
	$(Q)$(MAKE) --no-print-directory $(SENSOR_LOGGER)
	@mkdir -p build/demo
	$(Q)$(SENSOR_LOGGER) build/demo/sensors.parquet >/dev/null
	tools/check_version.sh $(CLI) build/demo/sensors.parquet

CHECK_STEPS += check-version cmake-check install-test
BOOTSTRAP_GOALS += cmake-check install-test
