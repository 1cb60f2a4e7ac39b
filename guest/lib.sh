# Helpers for guest scenarios (busybox sh).

# Results go to the second serial port, never interleaved with printk.
FA_RESULTS=/dev/ttyS1
stty -F "$FA_RESULTS" raw -echo 2>/dev/null

fa_out() { echo "@@fa $*" >"$FA_RESULTS"; }

# fa_arg NAME [DEFAULT]: value of fa.NAME= on the kernel command line
fa_arg() {
	local v
	v=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^fa\.$1=//p" | tail -n 1)
	echo "${v:-$2}"
}

# fa_event NAME [KEY VALUE]...: one result line; values are strings
fa_event() {
	local line="{\"event\":\"$1\""
	shift
	while [ $# -ge 2 ]; do
		line="$line,\"$1\":\"$(echo "$2" | sed 's/[\\"]/\\&/g')\""
		shift 2
	done
	fa_out "$line}"
}

# fa_snapshot TAG: the fragmentation tables, as the host parses them
fa_snapshot() {
	local blocks=/sys/kernel/debug/page_grouping/blocks
	[ -r "$blocks" ] || blocks=""
	fa-report -t "$1" /proc/buddyinfo /proc/pagetypeinfo /proc/zoneinfo \
		/proc/vmstat /proc/meminfo $blocks >"$FA_RESULTS"
}

# fa_check_freelists: for each zone, the pages on the buddy free lists
# (from /proc/pagetypeinfo, all types but Isolate) must equal the zone's
# nr_free_pages, read just before or just after the lists. Both move under
# load (and after a test, while khugepaged and kcompactd still work), so
# retry until a quiet moment, up to 30 s. TAG (optional) labels the events.
fa_check_freelists() {
	local try out
	for try in $(seq 30); do
		out=$(fa_freelist_sums)
		echo "$out" | awk '$3 != $4 && $3 != $5 { bad = 1 } END { exit bad }' && break
		sleep 1
	done
	echo "$out" | while read -r node zone lists free before; do
		case "$node$lists$free$before" in ''|*[!0-9]*) continue ;; esac
		fa_out "{\"event\":\"freelists\",\"node\":$node,\"zone\":\"$zone\",\"lists\":$lists,\"free\":$free,\"free_before\":$before,\"tries\":$try,\"tag\":\"${1:-}\"}"
	done
}

# fa_freelist_sums: per zone, "NODE ZONE LISTS FREE-AFTER FREE-BEFORE".
# One awk reads the three tables: a second process started between two
# reads would take a per-cpu batch of pages from the free lists in between
# (a mobility guest at rest missed by ~50 pages ten times in a row that
# way). nr_free_pages is read on both sides of the lists because with
# page_owner=on /proc/pagetypeinfo also walks every page for its mixed
# blocks, seconds under TCG, and nr_free_pages moves meanwhile: after the
# mixed workload the lists matched the read before exactly and the read
# after was 68 pages higher, 30 tries in a row.
fa_freelist_sums() {
	awk '
	FNR == 1 { file++ }
	file == 2 && /^Node .* zone .* type / {
		n = $2; sub(",", "", n); z = $4; sub(",", "", z)
		if ($6 == "Isolate") next
		for (o = 7, m = 1; o <= NF; o++) { sum[n " " z] += $o * m; m *= 2 }
	}
	file != 2 && /^Node/ { n = $2; sub(",", "", n); z = $4 }
	file != 2 && /^  pages free/ { free[file, n " " z] = $3 }
	END { for (k in sum) printf "%s %d %d %d\n", k, sum[k], free[3, k], free[1, k] }' \
		/proc/zoneinfo /proc/pagetypeinfo /proc/zoneinfo
}

# fa_workdir: where workloads put files: the virtio disk when there is one
# (real page cache with writeback), tmpfs otherwise.
fa_workdir() {
	if [ -b /dev/vda ]; then
		mkdir -p /mnt/disk
		grep -q " /mnt/disk " /proc/mounts || mount -t ext4 /dev/vda /mnt/disk || return 1
		echo /mnt/disk
	else
		echo /tmp
	fi
}

# fa_checkpoint DIR: the journal of the disk file system mounted at DIR
# checkpointed, as on a machine that has been idle for a while. After a
# sync, ext4's metadata buffers stay on the journal's checkpoint list until
# a later commit cleans it, each with a reference that no drop_caches can
# drop: 12 MiB of block-device page cache and its buffer heads outlived
# fa_settle after a highalloc load. Freezing the file system flushes the
# journal and lets them go. Nothing for a DIR that is no mount point.
fa_checkpoint() {
	grep -q " $1 " /proc/mounts || return 0
	fsfreeze --freeze "$1" && fsfreeze --unfreeze "$1"
}

# fa_settle: end of a workload: caches dropped, per-cpu pages drained
fa_settle() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo 1 >/proc/sys/vm/compact_memory 2>/dev/null
	sleep 1
}

# fa_depot_pages: pages the stack depot holds (page_owner and KASAN record
# a stack for every allocation; the depot never gives its pools back), 0
# when it keeps no statistics
fa_depot_pages() {
	awk '/^pools:/ { print $2 * 4; found = 1 } END { if (!found) print 0 }' \
		/sys/kernel/debug/stackdepot/stats 2>/dev/null || echo 0
}

# fa_hold_slab_files: every slab cache's shrink file opened once, by a
# process that keeps them open until the guest powers off, and their paths
# listed in FA_SLAB_FILES; nothing if that was done already. Looking up a
# sysfs file allocates a dentry and a generic inode (alloc_inode()), and
# drop_caches frees them again: walked right after fa_settle, the ~300
# names under /sys/kernel/slab (a directory and a shrink file for each of
# ~100 caches, and the aliases) put as many of each into whatever partial
# slabs the caches kept, and pinned about ten pageblocks that the
# measurement at rest then charged to the placement policy (DESIGN.md,
# "What grouping cannot free"). Held open, they stay cached. Scenarios call
# this before their load; fa_shrink_slabs does if they did not. Aliases
# (symbolic links to a merged cache) are skipped: the cache is listed.
FA_SLAB_FILES=/tmp/fa-slab-files
fa_hold_slab_files() {
	local f pid redir="" fd=10
	[ -e "$FA_SLAB_FILES" ] && return
	for f in /sys/kernel/slab/*; do
		{ [ -L "$f" ] || [ ! -e "$f/shrink" ]; } && continue
		echo "$f/shrink"
		redir="$redir $fd<'$f/shrink'"
		fd=$((fd + 1))
	done >"$FA_SLAB_FILES.new"
	sh -c "exec $redir; exec sleep 1000000" </dev/null >/dev/null 2>&1 &
	pid=$!
	while [ "$(cat "/proc/$pid/comm" 2>/dev/null)" != sleep ]; do
		kill -0 "$pid" 2>/dev/null || {
			echo "fa_hold_slab_files: the process holding the files exited" >&2
			break
		}
		sleep 1
	done
	mv "$FA_SLAB_FILES.new" "$FA_SLAB_FILES"
}

# fa_host_root DIR: the host's root file system, which boot.sh -r shares
# read-only over 9p, mounted at FA_HOST for fragload's realistic mode, as
# virtme does (cache=loose: its page cache, dentries and inodes are the
# guest's to keep and reclaim, as a local disk's would be); the guest's
# /dev and /proc over the host's, and DIR, writable, over its /mnt, where
# fragload's build writes (not over /tmp: the tree may be there), so that
# the host's compiler runs chrooted there. Nothing if mounted already.
FA_HOST=/host
fa_host_root() {
	grep -q " $FA_HOST 9p " /proc/mounts && return 0
	mkdir -p "$FA_HOST" &&
		mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 \
			hostroot "$FA_HOST" &&
		mount -t devtmpfs devtmpfs "$FA_HOST/dev" &&
		mount -t proc proc "$FA_HOST/proc" &&
		mount -o bind "$1" "$FA_HOST/mnt" || {
		echo "fa_host_root: cannot mount the host's root (boot.sh -r shares it)" >&2
		return 1
	}
}

# fa_dentries: dentries allocated (sysctl files give a one-byte read, as
# the shell's read builtin makes, a value cut to its first digit)
fa_dentries() { awk '{ print $1 }' /proc/sys/fs/dentry-state; }

# fa_shrink_slabs: every slab cache gives its empty slabs back to the page
# allocator. Under KASAN this also empties the cache's quarantine of freed
# objects, which otherwise holds pages (up to 1/32 of memory) that a
# no-page-lost count would miss. The caches are those fa_hold_slab_files
# listed (one created later is not shrunk). FA_WALK_DENTRIES is left with
# the number of dentries the walk allocated: none once the files are held.
fa_shrink_slabs() {
	local f n
	fa_hold_slab_files
	n=$(fa_dentries)
	while read -r f; do
		[ -e "$f" ] && echo 1 >"$f"
	done <"$FA_SLAB_FILES"
	FA_WALK_DENTRIES=$(($(fa_dentries) - n))
	sleep 1
}

# The highalloc module (modules/highalloc), loaded once.
FA_HA=/sys/kernel/debug/highalloc
fa_highalloc_load() {
	[ -d "$FA_HA" ] || insmod /lib/fa/modules/highalloc.ko
}

# fa_attempts TAG ORDER COUNT INTERVAL_MS CLASS: one run of attempts, each
# success held until the run ends; its results and per-attempt lines are
# reported under TAG, then everything is released.
fa_attempts() {
	local sampler ok=0
	echo "$2" >"$FA_HA/order" && echo "$3" >"$FA_HA/count" &&
	echo "$4" >"$FA_HA/interval_ms" && echo "$5" >"$FA_HA/class" &&
	echo 1 >"$FA_HA/hold" || return 1
	rm -f /tmp/fa-sampler.stop
	fa_sampler "$1" &
	sampler=$!
	echo 1 >"$FA_HA/run" || ok=1
	touch /tmp/fa-sampler.stop
	wait "$sampler"
	[ "$ok" = 0 ] || return 1
	fa-report -t "$1" "$FA_HA/results" "$FA_HA/attempts" >"$FA_RESULTS"
	echo 1 >"$FA_HA/release"
}

# fa_sampler TAG: a "sample" event (guest/sample.awk) every second while
# attempts run, so that their successes can be set against free, file,
# anonymous and slab memory over time; the first is taken as the run
# starts. Stops at the next second after /tmp/fa-sampler.stop appears
# (the caller removes it before starting the sampler: a run can end
# before this shell has started): it writes to the results port, which
# fa-report then has to itself.
fa_sampler() {
	while :; do
		awk -v tag="$1" -f /lib/fa/sample.awk /proc/uptime /proc/meminfo \
			/proc/buddyinfo /proc/vmstat >"$FA_RESULTS"
		[ -e /tmp/fa-sampler.stop ] && return
		sleep 1
	done
}

fa_free_pages() { awk '$1 == "nr_free_pages" { print $2 }' /proc/vmstat; }

# fa_free_total: free pages, the buddy allocator's and those on the per-cpu
# lists (after large frees these hold thousands of free pages that
# nr_free_pages does not count, and no interface drains them)
fa_free_total() {
	awk 'FILENAME == "/proc/vmstat" && $1 == "nr_free_pages" { n += $2 }
	     FILENAME == "/proc/zoneinfo" && $1 == "count:" { n += $2 } END { print n }' \
		/proc/vmstat /proc/zoneinfo
}

# fa_baseline: free pages at rest before any workload, the mark that
# fa_nolost compares with (kept in FA_BASELINE, and reported)
fa_baseline() {
	fa_settle
	fa_shrink_slabs
	FA_BASELINE=$(fa_free_total)
	fa_out "{\"event\":\"baseline\",\"free\":$FA_BASELINE,\"depot\":$(fa_depot_pages)}"
}

# fa_nolost TAG: after a workload and its cleanup (its processes ended,
# held allocations released): caches dropped, then the free pages against
# the baseline, the free lists against the zones' free pages, and a
# snapshot (the host recounts the FALLBACK reserve from it)
fa_nolost() {
	fa_settle
	fa_shrink_slabs
	fa_out "{\"event\":\"nolost\",\"tag\":\"$1\",\"baseline\":${FA_BASELINE:-0},\"free\":$(fa_free_total),\"buddy\":$(fa_free_pages),\"depot\":$(fa_depot_pages)}"
	fa_check_freelists "$1"
	fa_snapshot "$1"
}

# A nearly free pageblock has this many pages in use or fewer (and one at
# least): scripts/fa_results.py NEARLY_FREE_USED, which counts them from the
# block map
FA_NEARLY_FREE_USED=64

# fa_pinners TAG: what holds the pages of the non-movable pageblocks, from
# page_owner (boot with page_owner=on): allocated pages of blocks that are
# not MOVABLE, summed per page type, block type and the first stack frame
# outside the allocators, largest first, with how many blocks each key
# touches; and first, how many blocks hold a non-movable page at all, of
# any block type, which ones, and the free pages inside them; per site, the
# nearly free blocks it holds and those it alone holds. The 25 largest
# rows are kept, and every row of a MOVABLE block, however small: one such
# page costs a whole block that compaction could otherwise empty. Compaction cannot move
# those pages; reclaim may still free the reclaimable ones. Reported as the file "page_owner-pinners" of
# TAG; nothing without page_owner.
fa_pinners() {
	local po=/sys/kernel/debug/page_owner out=/tmp/page_owner-pinners
	local sum=/tmp/pinned-blocks
	[ -r "$po" ] && grep -q 'page_owner=on' /proc/cmdline || return 0
	rm -f "$sum"
	# page_owner fails a read() too small for a whole record: dd's is not
	dd if="$po" bs=65536 2>/dev/null |
		awk -v sum="$sum" -v map=/sys/kernel/debug/page_grouping/blocks \
			-v nearly="$FA_NEARLY_FREE_USED" \
			-v ppb="$(awk '/^Pages per block:/ { print $4 }' /proc/pagetypeinfo)" \
			-f /lib/fa/pinners.awk | sort -rn |
		awk 'NR <= 25 || $4 == "Movable"' >"$out.rows"
	{
		cat "$sum"
		echo "pages blocks page_type block_type first_frame"
		cat "$out.rows"
	} >"$out"
	fa-report -t "$1" "$out" >"$FA_RESULTS"
}

# fa_page_ext: where page_ext's tables went (boot with page_owner=on): one
# event with the total the boot log gives and the tables vmalloc() holds
# (guest/page_ext.awk); nothing without page_owner
fa_page_ext() {
	local total
	grep -q 'page_owner=on' /proc/cmdline || return 0
	total=$(dmesg | sed -n 's/.*allocated \([0-9]*\) bytes of page_ext.*/\1/p')
	# shellcheck disable=SC2046 # "tables N bytes B" are the event's pairs
	fa_event page_ext total "${total:-0}" $(awk -f /lib/fa/page_ext.awk /proc/vmallocinfo)
}

# fa_buffer_cache TAG: the buffer cache's pages per page type (guest/
# bufcache.awk), from page_owner (boot with page_owner=on): one event, e.g.
# "Movable":"1200"; nothing without page_owner
fa_buffer_cache() {
	local po=/sys/kernel/debug/page_owner counts
	[ -r "$po" ] && grep -q 'page_owner=on' /proc/cmdline || return 0
	counts=$(dd if="$po" bs=65536 2>/dev/null | awk -f /lib/fa/bufcache.awk)
	# shellcheck disable=SC2086 # the pairs are words
	fa_event buffer_cache tag "$1" $counts
}
