# hotremove: how much memory can be offlined after a load. The guest boots
# with hot-pluggable DIMMs (QEMU pc-dimm, onlined at boot as the
# memhp_default_state= argument says); fragload runs, stops, caches are
# dropped, the work disk unmounted and the slab caches shrunk; then every
# memory block is offlined, highest address first, and each DIMM whose
# blocks all went offline is removed (device_del, sent by the host when the
# guest asks for it on the results port).
# Kernel args (fa.NAME=): seconds (load, 60), timeout (s per block, 10),
# seed (1).
dir=$(fa_workdir) || exit 1
mem=/sys/devices/system/memory
block_kb=$(( $(printf '%d' "0x$(cat $mem/block_size_bytes)") / 1024 ))

# fa_block_dimm N: the DIMM slot of memory block N, or "boot"
fa_block_dimm() {
	local uid
	uid=$(cat "$mem/memory$1/firmware_node/uid" 2>/dev/null) || { echo boot; return; }
	echo $((uid))
}

# Blocks, highest first, as "N dimm"
blocks() {
	for d in "$mem"/memory[0-9]*; do
		n=${d##*memory}
		echo "$n $(fa_block_dimm "$n")"
	done | sort -n -r
}

# why N: the kernel's account of a failed offline, from the log: the first
# unmovable page dumped (its flags, and page_owner's migratetype, gfp mask
# and first caller outside the allocator).
why() {
	dmesg | awk '
	{ sub(/^\[[^]]*\] */, "") }
	/page dumped because:/ && !because { sub(/.*page dumped because: /, ""); because = $0 }
	/ flags: 0x/ && !flags { f = $0; sub(/.*flags: 0x[0-9a-f]*\(/, "", f); sub(/\).*/, "", f); flags = f }
	/page last allocated via order/ && !mt {
		m = $0; sub(/.*migratetype /, "", m); sub(/,.*/, "", m); mt = m
		g = $0; sub(/.*gfp_mask 0x[0-9a-f]*\(/, "", g); sub(/\).*/, "", g); gfp = g
		t = $0; sub(/.*tgid [0-9]* \(/, "", t); sub(/\).*/, "", t); task = t
		stack = 1; next
	}
	/page_owner info is not present/ && !mt { mt = "none (boot allocation)" }
	stack && !caller && /^ *[a-z_0-9.]+\+0x/ {
		fn = $1; sub(/\+.*/, "", fn)
		if (fn !~ /^(post_alloc_hook|prep_new_page|get_page_from_freelist|__alloc|alloc_pages|allocate_slab|new_slab|___slab_alloc|__slab_alloc|kmem_cache_alloc|__kmalloc|kmalloc|__folio_alloc|folio_alloc|__filemap_get_folio|filemap_alloc|__page_cache_alloc|__get_free_pages|get_zeroed_page|__pte_alloc|pte_alloc|__pmd_alloc|__pud_alloc|___kmalloc|__kmem_cache_alloc|kmem_cache_alloc_noprof|__kmalloc_noprof|__kmalloc_cache_noprof)/)
			caller = fn
	}
	END {
		printf "\"because\":\"%s\",\"flags\":\"%s\",\"mt\":\"%s\",\"gfp\":\"%s\",\"caller\":\"%s\",\"task\":\"%s\"",
			because, flags, mt, gfp, caller, task
	}'
}

# offline N: one attempt, bounded; reports the outcome
offline() {
	local n=$1 dimm=$2 state err t0 t1 rc
	state=$(cat "$mem/memory$n/state")
	[ "$state" = online ] || { fa_out "{\"event\":\"block\",\"block\":$n,\"dimm\":\"$dimm\",\"result\":\"$state\"}"; return 1; }
	zones=$(cat "$mem/memory$n/valid_zones" 2>/dev/null | tr ' ' ',')
	dmesg -c >/dev/null
	t0=$(cut -d' ' -f1 /proc/uptime)
	err=$(timeout "$(fa_arg timeout 10)" sh -c "echo offline >$mem/memory$n/state" 2>&1)
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	if [ "$(cat "$mem/memory$n/state")" = offline ]; then
		fa_out "{\"event\":\"block\",\"block\":$n,\"dimm\":\"$dimm\",\"zones\":\"$zones\",\"result\":\"offline\",\"start\":$t0,\"end\":$t1}"
		return 0
	fi
	err=$(echo "$err" | sed 's/.*: //; s/["\\]//g' | tail -n 1)
	[ "$rc" -lt 124 ] || err="timed out (signal backoff)"
	fa_out "{\"event\":\"block\",\"block\":$n,\"dimm\":\"$dimm\",\"zones\":\"$zones\",\"result\":\"failed\",\"error\":\"$err\",\"start\":$t0,\"end\":$t1,$(why)}"
	return 1
}

# remove SLOT: ask the host to unplug the DIMM, wait until its blocks go
remove() {
	local slot=$1 i
	fa_out "{\"event\":\"device_del\",\"id\":\"dimm$slot\"}"
	for i in $(seq 1 30); do
		blocks | grep -q " $slot\$" || {
			fa_out "{\"event\":\"dimm\",\"slot\":$slot,\"result\":\"removed\",\"seconds\":$i}"
			return 0
		}
		sleep 1
	done
	fa_out "{\"event\":\"dimm\",\"slot\":$slot,\"result\":\"still present\"}"
}

# The unmovable footprint: present memory neither free nor on an LRU list
# (kernel image, memory maps, slab, page tables, kernel stacks...); the
# ideal offlines every block but the ones it needs.
footprint() {
	awk -v present_kb="$1" '
	/^MemFree:/ { free = $2 }
	/^Active:/ || /^Inactive:/ || /^Unevictable:/ { lru += $2 }
	END { printf "%d", present_kb - free - lru }' /proc/meminfo
}

nblocks=$(blocks | wc -l)
ndimm=$(blocks | awk '$2 != "boot" { print $2 }' | sort -u | wc -l)
fa_event plan blocks "$nblocks" dimms "$ndimm" block_kb "$block_kb" \
	online "$(cat $mem/auto_online_blocks)" seconds "$(fa_arg seconds 60)"
blocks | while read -r n dimm; do
	fa_out "{\"event\":\"layout\",\"block\":$n,\"dimm\":\"$dimm\",\"zones\":\"$(cat "$mem/memory$n/valid_zones" | tr ' ' ',')\",\"state\":\"$(cat "$mem/memory$n/state")\"}"
done
fa_hold_slab_files
fa_settle
fa_check_freelists
free0=$(fa_free_total)

mem_kb=$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)
fragload --seconds "$(fa_arg seconds 60)" --dir "$dir" --cache-mb $((mem_kb * 3 / 2048)) \
	--files 5000 --anon-mb 64 --procs 4 --pipes 256 --seed "$(fa_arg seed 1)" \
	>/tmp/fragload.out 2>&1 || { cat /tmp/fragload.out; exit 1; }
rm -rf "$dir"/cache-* "$dir"/small
# What an operator does before a hot-remove: the work disk is unmounted (its
# buffer heads, inodes and journal go with it) and the slab caches give
# back their empty slabs, as well as dropping the page cache.
if [ "$dir" = /mnt/disk ]; then
	if umount /mnt/disk; then
		fa_event unmount dir /mnt/disk result ok
	else
		fa_event unmount dir /mnt/disk result failed
	fi
fi
fa_settle
fa_shrink_slabs
fa_snapshot rest
present_kb=$((nblocks * block_kb))
fp=$(footprint "$present_kb")
fa_out "{\"event\":\"footprint\",\"kb\":$fp,\"blocks\":$(( (fp + block_kb - 1) / block_kb )),\"present_kb\":$present_kb,\"free_before_load\":$free0,\"free_after_load\":$(fa_free_total)}"

# DIMMs first (they are the highest), each removed once all its blocks are
# offline; then boot memory, top down.
for slot in $(blocks | awk '$2 != "boot" { print $2 }' | sort -u -n -r); do
	ok=1
	for n in $(blocks | awk -v s="$slot" '$2 == s { print $1 }'); do
		offline "$n" "$slot" || ok=0
	done
	[ "$ok" = 1 ] && remove "$slot"
done
for n in $(blocks | awk '$2 == "boot" { print $1 }'); do
	offline "$n" boot
done
fa_check_freelists

# No page lost: every block still present goes back online; free memory
# must come back to what it was after the load, less the DIMMs removed
# (and plus their memory maps, which were allocated from boot memory).
for n in $(blocks | awk '{ print $1 }'); do
	[ "$(cat "$mem/memory$n/state")" = online ] ||
		echo online >"$mem/memory$n/state" ||
		fa_out "{\"event\":\"online\",\"block\":$n,\"result\":\"failed\"}"
done
fa_settle
fa_shrink_slabs
fa_snapshot end
fa_check_freelists
fa_out "{\"event\":\"end\",\"blocks\":$(blocks | wc -l),\"free_pages\":$(fa_free_total)}"
