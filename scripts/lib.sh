# shellcheck shell=bash
# Shared helpers for the host scripts: paths, progress lines, failures that
# name the step and the log to read.

FA_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FA_BUILD=${FA_BUILD:-$FA_TOP/build}
FA_SRC=${FA_SRC:-$FA_BUILD/linux}	# extracted tree, series applied as commits
FA_OBJ=${FA_OBJ:-$FA_BUILD/obj}		# kbuild output (O=)
FA_LOGS=$FA_BUILD/logs
FA_POLICIES="none mobility fragavoid"
FA_PYTHON=/usr/bin/python3	# Debian's, with python3-matplotlib
mkdir -p "$FA_LOGS"

fa_now() { date +%s; }
FA_T0=${FA_T0:-$(fa_now)}
export FA_T0

# step NAME: announce a long step
step() { printf '==> [%4ss] %s\n' "$(( $(fa_now) - FA_T0 ))" "$*"; }
info() { printf '    %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

# die STEP LOG MESSAGE: stop, naming the step and the log to read
die() {
	local stepname=$1 log=$2
	shift 2
	printf 'error: %s failed: %s\n' "$stepname" "$*" >&2
	if [ -n "$log" ] && [ -f "$log" ]; then
		printf '       log: %s (last lines below)\n' "$log" >&2
		tail -n 15 "$log" | sed 's/^/       | /' >&2
	fi
	exit 1
}

# run_logged STEP LOG CMD...: run CMD with output to LOG, printing a progress
# line every 20 s (elapsed time and the log's last line); fail naming STEP/LOG.
run_logged() {
	local stepname=$1 log=$2 pid rc t0 next
	shift 2
	t0=$(fa_now)
	next=$((t0 + 20))
	"$@" >"$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		if [ "$(fa_now)" -ge "$next" ]; then
			info "$stepname: $(( $(fa_now) - t0 ))s, $(progress_hint "$log")"
			next=$((next + 20))
		fi
	done
	wait "$pid"
	rc=$?
	[ "$rc" -eq 0 ] || die "$stepname" "$log" "exit status $rc"
	fa_record "$stepname" "$(( $(fa_now) - t0 ))"
}

# fa_record WHAT SECONDS: keep a measured duration for docs/TIMINGS.md
fa_record() {
	[ -z "${FA_NO_RECORD:-}" ] || return 0
	printf '%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$1" "$2" >>"$FA_LOGS/timings.tsv"
}

# What a log says about progress: for kbuild, the number of objects built.
progress_hint() {
	local n
	n=$(grep -c '^  CC\|^  AS\|^  LD\|^  AR' "$1" 2>/dev/null)
	if [ "${n:-0}" -gt 0 ]; then
		echo "$n objects built"
	else
		tail -n 1 "$1" 2>/dev/null | cut -c1-70
	fi
}

# Base the series was last rebased on, as recorded in patches/BASE.
fa_base_version() { sed -n 's/^linux-source-6.12 //p' "$FA_TOP/patches/BASE"; }
fa_installed_version() { dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null; }

# Fingerprint of what build/linux should hold: installed source + series.
fa_series_stamp() {
	{ fa_installed_version; echo; cat "$FA_TOP/patches/series"
	  grep -v '^#' "$FA_TOP/patches/series" | while read -r p; do
		[ -n "$p" ] && cat "$FA_TOP/patches/$p"; done; } | sha256sum | cut -d' ' -f1
}
