#!/usr/bin/env bash
# Build the kernel's own mm selftests and the memory-hotplug selftest from
# the installed source (build/linux, the same tree the guest kernel is built
# from), statically linked, and pack them as a second initramfs archive
# appended to the guest's: build/initramfs-kselftest.cpio.gz. The plain
# initramfs (make run, the other tests) stays as small as it was.
#
# Built as their Makefile builds them (tools/testing/selftests/mm/Makefile:
# CFLAGS, vm_util.c and thp_settings.c, -lnuma for migration) against the
# tree's own UAPI headers, plus -static. liburing is left out (the guest
# kernel has no io_uring), so cow's io_uring cases are not built; the
# header the Makefile's check_config.sh would write says so.
# The body is a function, parsed whole before it runs (see tests/run.sh).
main() {
set -eu
. "$(dirname "$0")/lib.sh"

out=$FA_BUILD/selftests
bin=$out/bin
st=$FA_SRC/tools/testing/selftests
log=$FA_LOGS/selftests.log
MM_TESTS="compaction_test transhuge-stress hugepage-mmap map_hugetlb hugepage-mremap
	  hugetlb-madvise khugepaged split_huge_page_test cow migration"
mkdir -p "$bin" "$out/include"
: >"$log"
[ -d "$st/mm" ] || die "selftests" "" "no $st/mm (make tree)"
[ -f /usr/lib/x86_64-linux-gnu/libnuma.a ] ||
	die "selftests" "" "no static libnuma (libnuma-dev; make deps)"
bash_static=/bin/bash-static
[ -x "$bash_static" ] || die "selftests" "" "no $bash_static (bash-static; make deps)"

# The tree's UAPI headers, installed apart from the kernel's object
# directory (headers_install needs no configuration).
if [ ! -f "$out/usr/include/linux/mman.h" ] || [ "$FA_SRC/.git/fa-stamp.head" -nt "$out/usr/include/linux/mman.h" ]; then
	step "installing the tree's UAPI headers for the selftests"
	run_logged "selftest headers" "$FA_LOGS/selftests-headers.log" \
		make -C "$FA_SRC" O="$out/hdr" INSTALL_HDR_PATH="$out/usr" headers_install
fi
echo "// No liburing support found" >"$out/include/local_config.h"

step "building mm selftests (static): $(echo $MM_TESTS)"
for t in $MM_TESTS; do
	libs="-lrt -lpthread -lm"
	[ "$t" = migration ] && libs="-lnuma $libs"
	# 6.12's khugepaged.c returns KSFT_SKIP without including
	# kselftest.h, which defines it (4): it does not build as shipped
	[ "$t" = khugepaged ] && libs="-DKSFT_SKIP=4 $libs"
	if [ ! "$bin/$t" -nt "$st/mm/$t.c" ] || [ "$st/mm/vm_util.c" -nt "$bin/$t" ]; then
		echo "== $t" >>"$log"
		(cd "$st/mm" && gcc -static -Wall -O2 -I "$FA_SRC" -I "$out/include" \
			-isystem "$out/usr/include" -U_FORTIFY_SOURCE \
			-o "$bin/$t.tmp" "$t.c" vm_util.c thp_settings.c $libs) >>"$log" 2>&1 ||
			die "selftest $t" "$log" "build failed"
		mv "$bin/$t.tmp" "$bin/$t"
	fi
done
cp "$st/memory-hotplug/mem-on-off-test.sh" "$bin/"

# The archive appended to the guest's initramfs: the kernel unpacks
# concatenated archives in order.
list=$out/initramfs.list
{
	echo "dir /usr/lib 755 0 0"
	echo "dir /usr/lib/kselftest 755 0 0"
	echo "file /bin/bash $bash_static 755 0 0"
	for f in "$bin"/*; do
		echo "file /usr/lib/kselftest/$(basename "$f") $f 755 0 0"
	done
} >"$list"
[ -x "$FA_BUILD/gen_init_cpio" ] || die "selftests" "" "no gen_init_cpio (make initramfs)"
"$FA_BUILD/gen_init_cpio" "$list" | gzip -1 >"$out/kselftest.cpio.gz"
cat "$FA_BUILD/initramfs.cpio.gz" "$out/kselftest.cpio.gz" >"$FA_BUILD/initramfs-kselftest.cpio.gz.tmp"
mv "$FA_BUILD/initramfs-kselftest.cpio.gz.tmp" "$FA_BUILD/initramfs-kselftest.cpio.gz"
info "selftests: $(ls "$bin" | xargs)"
info "initramfs with selftests: $FA_BUILD/initramfs-kselftest.cpio.gz ($(du -h "$FA_BUILD/initramfs-kselftest.cpio.gz" | cut -f1))"
}

main "$@"; exit
