#!/usr/bin/env bash
# Run the tree's scripts/checkpatch.pl --strict on every patch of the series.
set -u
. "$(dirname "$0")/lib.sh"

rc=0
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	out=$("$FA_SRC/scripts/checkpatch.pl" --strict --no-tree -q \
		--ignore FILE_PATH_CHANGES "$FA_TOP/patches/$p" 2>&1)
	if [ -n "$out" ]; then
		echo "== $p"
		echo "$out"
		grep -q '^ERROR\|^WARNING\|^CHECK' <<<"$out" && rc=1
	else
		echo "ok: $p"
	fi
done <"$FA_TOP/patches/series"
exit $rc
