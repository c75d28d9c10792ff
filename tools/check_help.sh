#!/bin/sh
# `make help` in sync with the targets (`make help-check`): every .PHONY
# target and every CHECK_STEPS entry of the Makefile and mk/*.mk needs a
# `## target: text` line, and every such line must name a target.
#   tools/check_help.sh FILE...   (the Makefile and mk/*.mk)
set -eu
cd "$(dirname "$0")/.."
unset MAKEFLAGS MFLAGS MAKELEVEL || true
T=${TMPDIR:-/tmp}/ppq_help.$$
trap 'rm -f "$T".*' EXIT INT TERM
# make's database: the phony targets, the check steps, every target.
make -pRrq -f Makefile ppq-no-such-goal >"$T.db" 2>/dev/null || true
sed -n 's/^\.PHONY: //p' "$T.db" | tr ' ' '\n' >"$T.want"
sed -n 's/^CHECK_STEPS :*= //p' "$T.db" | tr ' ' '\n' >>"$T.want"
sort -u -o "$T.want" "$T.want"; sed -i '/^$/d' "$T.want"
sed -n 's/^\([^ #.%\t][^ :=\t]*\):\( \|$\).*/\1/p' "$T.db" | sort -u >"$T.targets"
sed -n 's/^## \([^ :]*\):.*/\1/p' "$@" | sort >"$T.doc"
fail=0
dup=$(uniq -d "$T.doc")
[ -z "$dup" ] || { echo "help-check: documented twice: $dup"; fail=1; }
missing=$(comm -23 "$T.want" "$T.doc")
[ -z "$missing" ] || { echo "help-check: no '## target: text' line for:" $missing; fail=1; }
stale=$(sort -u "$T.doc" | comm -23 - "$T.targets")
[ -z "$stale" ] || { echo "help-check: help lines for targets that do not exist:" $stale; fail=1; }
[ $fail = 0 ] && echo "help-check: $(wc -l <"$T.doc") targets, each with one help line"
exit $fail
