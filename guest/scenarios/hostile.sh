# hostile: the project's interfaces attacked as a hostile user would.
# Writes of empty, out-of-range, negative, non-numeric, huge, overlong and
# NUL-smuggled values to /proc/sys/vm/page_grouping (as root and as nobody)
# and to the page_grouping block map; every project debugfs file (the block
# map, the highalloc module's) read and written as nobody, with debugfs
# mounted 0700 as usual and then opened up to 0755 so that only the files'
# own modes stand in the way; parameters given to a module that has none.
# Each attempt is one "poke" event with what was expected (refused or
# allowed), what happened, and whether the visible state stayed the same.
# The boot parameters the host gave (garbage page_grouping= values) are
# checked on the host from the console and the running policy.
# Ends with the no-page-lost check.
NOBODY=65534
PG=/proc/sys/vm/page_grouping
BLOCKS=/sys/kernel/debug/page_grouping/blocks

fa_highalloc_load || exit 1
fa_baseline
# Kernel parameters the kernel took (page_grouping= among them) must not
# reach init
fa_event init argv "$(tr '\0' ' ' </proc/1/cmdline)" env "$(tr '\0' ' ' </proc/1/environ)"

# What a hostile write could change: the policy, the highalloc settings and
# its last run, and the shape of the block map (one line per pageblock).
fa_state() {
	{
		cat "$PG" "$FA_HA/order" "$FA_HA/count" "$FA_HA/interval_ms" \
			"$FA_HA/hold" "$FA_HA/class" "$FA_HA/results"
		wc -l <"$BLOCKS"
	} 2>&1 | md5sum
}

# poke EXPECT LABEL FILE [fa-poke options]: one attempt, reported
poke() {
	local expect=$1 label=$2 f=$3 before res same=0
	shift 3
	before=$(fa_state)
	res=$(fa-poke "$@" "$f" 2>/tmp/poke.err)
	[ -n "$res" ] || res="{\"ok\":-1,\"errno\":\"fa-poke failed: $(tr -d '"\\' </tmp/poke.err | head -c 200)\"}"
	[ "$(fa_state)" = "$before" ] && same=1
	fa_out "{\"event\":\"poke\",\"expect\":\"$expect\",\"case\":\"$label\",\"file\":\"$f\",\"result\":$res,\"same\":$same}"
}

long=$(printf '%05000d' 0)	# 5000 bytes, past any kernel buffer

# The sysctl is read-only (0444) for everyone: every write refused.
for who in root nobody; do
	uid=""
	[ "$who" = nobody ] && uid="--uid $NOBODY"
	for v in "" "none" "mobility" "fragavoid" "NONE" "FragAvoid" "-1" "0" "2" \
		 "99999999999999999999999" "abc" "none\\n" "fragavoid\\0none" "$long"; do
		label="$who.write.$(printf '%s' "$v" | head -c 24 | tr -c 'A-Za-z0-9_.-' '_')"
		[ -n "$v" ] || label="$who.write.empty"
		[ "$v" = "$long" ] && label="$who.write.5000-bytes"
		# shellcheck disable=SC2086
		poke refused "sysctl.$label" "$PG" $uid --write "$v"
	done
done
poke allowed sysctl.nobody.read "$PG" --uid "$NOBODY"
before=$(fa_state)
refused=0
sysctl -w vm.page_grouping=none >/dev/null 2>&1 || refused=1
same=0
[ "$(fa_state)" = "$before" ] && same=1
fa_out "{\"event\":\"poke\",\"expect\":\"refused\",\"case\":\"sysctl.root.sysctl-w-none\",\"file\":\"$PG\",\"result\":{\"ok\":$((1 - refused))},\"same\":$same}"

# The block map is read-only: root's writes refused too.
for v in "" "1" "0" "-1" "abc" "99999999999999999999999" "$long"; do
	label="blocks.root.write.$(printf '%s' "${v:-empty}" | head -c 24)"
	[ "$v" = "$long" ] && label="blocks.root.write.5000-bytes"
	poke refused "$label" "$BLOCKS" --write "$v"
done
poke allowed blocks.root.read "$BLOCKS"

# Non-root: every project debugfs file, read and written, denied; first
# with debugfs as mounted (0700), then with its top directory opened up so
# that each file's own mode is what must refuse.
files=$BLOCKS
for f in order count interval_ms hold class run release results attempts; do
	files="$files $FA_HA/$f"
done
for mode in 700 755; do
	mount -o remount,mode=0$mode /sys/kernel/debug || exit 1
	for f in $files; do
		poke refused "nobody.debugfs$mode.read.${f#/sys/kernel/debug/}" "$f" --uid "$NOBODY"
		poke refused "nobody.debugfs$mode.write1.${f#/sys/kernel/debug/}" "$f" --uid "$NOBODY" --write 1
		poke refused "nobody.debugfs$mode.write0.${f#/sys/kernel/debug/}" "$f" --uid "$NOBODY" --write 0
	done
done
mount -o remount,mode=0700 /sys/kernel/debug

# Files' own modes: no access for group or others, ever.
for f in $files; do
	m=$(stat -c %a "$f")
	fa_out "{\"event\":\"mode\",\"file\":\"$f\",\"mode\":\"$m\"}"
done

# Module parameters: highalloc has none (so none to attack); parameters
# given at load are ignored by the kernel, and must change no setting.
params=0
[ -d /sys/module/highalloc/parameters ] && params=$(ls /sys/module/highalloc/parameters | wc -l)
rmmod highalloc || exit 1
before_ld=$(dmesg | grep -c "highalloc: unknown parameter")
loaded=0
insmod /lib/fa/modules/highalloc.ko order=3 count=-1 class=bogus "x=$long" && loaded=1
logged=$(( $(dmesg | grep -c "highalloc: unknown parameter") - before_ld ))
settings=$(for f in order count interval_ms hold class; do cat "$FA_HA/$f"; done | xargs)
fa_event modparams params "$params" loaded "$loaded" logged "$logged" settings "$settings"
fa_highalloc_load || exit 1

rmmod highalloc
fa_nolost hostile
