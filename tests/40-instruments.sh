# shellcheck shell=bash
# The experiment's instruments: the highalloc module refuses bad input and
# changes nothing, its counts add up, a fresh guest serves order-10
# attempts, a guest fragmented on purpose fails some (under none, where
# nothing groups the pinned pages), and no page is lost by release and
# unload. The console stays clean. fragload's realistic mode builds this
# machine's kernel tree with this machine's compiler inside a guest, once.
for pol in $FA_POLICIES; do
	prefix=$T_OUT/modtest-$pol
	if ! "$FA_TOP/scripts/boot.sh" -m 512 -t 600 -o "$prefix" -- modtest page_grouping="$pol"; then
		t_fail "instruments.$pol.boot" "status $? (console: $prefix.console)"
		continue
	fi
	t_pass "instruments.$pol.boot"
	t_ingest "$FA_PYTHON" "$TESTS/check_highalloc.py" "$prefix.results" "$pol" "instruments.$pol"
	t_console "instruments.$pol.console" "$prefix.console"
done

# fragload's realistic mode, for 90 s: the guest mounts this machine's
# root (shared read-only over 9p), runs its compiler chrooted there on the
# kernel tree, and walks the tree
prefix=$T_OUT/realistic
missing=""
for tool in gcc make flex bison; do
	command -v "$tool" >/dev/null || missing="$missing $tool"
done
if [ ! -f "$FA_SRC/Makefile" ]; then
	t_skip "instruments.realistic" "no kernel tree at $FA_SRC to build"
elif [ -n "$missing" ]; then
	t_skip "instruments.realistic" "this machine has no$missing for the guest to build with"
else
	"$FA_TOP/scripts/mkdisk.sh" "$T_OUT/disk.img" 1024
	if "$FA_TOP/scripts/boot.sh" -m 1024 -t 600 -r -d "$T_OUT/disk.img" -o "$prefix" \
		-- realistic fa.build="$FA_SRC" fa.seconds=90; then
		t_pass "instruments.realistic.boot"
		t_ingest "$FA_PYTHON" "$TESTS/check_realistic.py" "$prefix.results" "instruments.realistic"
		t_console "instruments.realistic.console" "$prefix.console"
	else
		t_fail "instruments.realistic.boot" "status $? (console: $prefix.console)"
	fi
	rm -f "$T_OUT/disk.img"
fi
