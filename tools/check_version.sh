#!/bin/sh
# One version everywhere: project.yml's `version:` must be inc/ppq_core.h's
# PPQ_VERSION_MAJOR/MINOR/PATCH and PPQ_VERSION_STRING, the writer's created_by
# must be built from PPQ_VERSION_STRING, and (given) PPQ's `--version` and
# FILE's created_by (ppq inspect) must say it.  CMake and the pkg-config file
# read the header (tools/install_test.sh checks the installed ones).
#
#   tools/check_version.sh [PPQ [FILE.parquet]]
set -eu
cd "$(dirname "$0")/.."
fail() { echo "check-version: FAIL: $*"; exit 1; }
yml=$(sed -n 's/^version:[ \t]*\([^ \t#]*\).*/\1/p' project.yml)
[ -n "$yml" ] || fail "no version: in project.yml"
macro() { sed -n "s/^#define PPQ_VERSION_$1[ \t][ \t]*\([^ \t]*\).*/\1/p" inc/ppq_core.h; }
hdr="$(macro MAJOR).$(macro MINOR).$(macro PATCH)"
str=$(macro STRING | tr -d '"')
[ "$hdr" = "$yml" ] || fail "PPQ_VERSION_MAJOR.MINOR.PATCH is $hdr, project.yml says $yml"
[ "$str" = "$yml" ] || fail "PPQ_VERSION_STRING is \"$str\", project.yml says $yml"
grep -q '^#define PPQ_CREATED_BY "picoparquet version " PPQ_VERSION_STRING$' inc/ppq_writer.h ||
    fail "PPQ_CREATED_BY (inc/ppq_writer.h) is not \"picoparquet version \" PPQ_VERSION_STRING"
if [ $# -ge 1 ]; then
    v=$("$1" --version) || fail "$1 --version failed"
    [ "$v" = "ppq (picoparquet) $yml" ] || fail "$1 --version says '$v'"
fi
if [ $# -ge 2 ]; then
    c=$("$1" inspect "$2" | sed -n 's/^created_by: //p')
    [ "$c" = "picoparquet version $yml" ] || fail "$2's created_by is '$c'"
fi
echo "check-version: $yml in project.yml, inc/ppq_core.h, PPQ_CREATED_BY${1:+, $1 --version}${2:+, $2's created_by}"
