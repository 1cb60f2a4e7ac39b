# kselftest: the kernel's own tests, written by others, against this kernel:
# mm selftests and memory-hotplug's mem-on-off-test.sh, built from the same
# source by scripts/build-selftests.sh (boot with the initramfs-kselftest
# archive; tests/50-kselftest.sh boots two NUMA nodes and a hot-pluggable
# DIMM). Each runs bounded in time; its exit status (0 pass, 4 skip, else
# fail), time and output are reported; then its cleanup is checked: no
# page lost against the boot baseline, the free lists add up, a snapshot
# for the FALLBACK recount.
# Kernel args: fa.limit= seconds per test (default 300), fa.only= one test
# by name (default: all), fa.swap=1 to swap on the virtio disk (khugepaged's
# and cow's swap-out cases need swap).
KS=/usr/lib/kselftest
[ -d "$KS" ] || { echo "kselftest: no $KS (boot with build/initramfs-kselftest.cpio.gz)" >&2; exit 1; }
limit=$(fa_arg limit 300)
only=$(fa_arg only "")
HP=/proc/sys/vm/nr_hugepages
if [ "$(fa_arg swap 0)" = 1 ]; then
	mkswap /dev/vda >/dev/null && swapon /dev/vda || exit 1
fi
fa_event plan nodes "$(ls -d /sys/devices/system/node/node* | wc -l)" \
	memory_blocks "$(ls -d /sys/devices/system/memory/memory* | wc -l)" \
	offline_blocks "$(grep -l offline /sys/devices/system/memory/memory*/state | wc -l)" \
	limit "$limit" swap_kb "$(awk '/^SwapTotal/ { print $2 }' /proc/meminfo)"
fa_baseline

# ks NAME HUGEPAGES CMD...: one test, with HUGEPAGES 2 MB hugetlb pages
# reserved for it (released after)
ks() {
	local name=$1 hp=$2 t0 rc
	shift 2
	[ -z "$only" ] || [ "$only" = "$name" ] || return 0
	echo "$hp" >"$HP"
	t0=$(date +%s)
	(cd /tmp && timeout "$limit" "$@") </dev/null >/tmp/ks.out 2>&1
	rc=$?
	fa-report -t "kselftest:$name" /tmp/ks.out >"$FA_RESULTS"
	echo "kselftest $name: exit status $rc"
	fa_out "{\"event\":\"kselftest\",\"name\":\"$name\",\"rc\":$rc,\"seconds\":$(( $(date +%s) - t0 )),\"limit\":$limit,\"hugepages\":$(cat "$HP")}"
	echo 0 >"$HP"
	fa_nolost "after-$name"
}

ks compaction_test 0 "$KS/compaction_test"
ks transhuge-stress 0 "$KS/transhuge-stress" -d 10
ks hugepage-mmap 128 "$KS/hugepage-mmap"
ks map_hugetlb 128 "$KS/map_hugetlb"
ks hugepage-mremap 128 "$KS/hugepage-mremap"
ks hugetlb-madvise 128 "$KS/hugetlb-madvise"
ks khugepaged 0 "$KS/khugepaged"
ks split_huge_page_test 0 "$KS/split_huge_page_test"
ks cow 128 "$KS/cow"
ks migration 128 "$KS/migration"
ks mem-on-off-test 0 /bin/bash "$KS/mem-on-off-test.sh"
