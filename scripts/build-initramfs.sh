#!/usr/bin/env bash
# Build the guest initramfs: busybox-static, /init, the scenarios, the guest
# programs and the out-of-tree modules, packed with the kernel's own
# gen_init_cpio (device nodes without needing root).
set -eu
. "$(dirname "$0")/lib.sh"

# FA_INITRAMFS and FA_MODULES may be set apart for another kernel (the
# debug kernel of scripts/test-debug.sh)
out=${FA_INITRAMFS:-$FA_BUILD/initramfs.cpio.gz}
modules=${FA_MODULES:-$FA_BUILD/modules}
list=${out%.cpio.gz}.list
gen=$FA_BUILD/gen_init_cpio
busybox=""
for b in /bin/busybox /usr/bin/busybox; do
	[ -x "$b" ] && ! ldd "$b" >/dev/null 2>&1 && busybox=$b && break
done
[ -n "$busybox" ] || die "initramfs" "" "no static busybox (make deps)"

step "building guest programs"
run_logged "guest programs" "$FA_LOGS/guest.log" make -C "$FA_TOP/guest" OUT="$FA_BUILD/guest"
[ "$gen" -nt "$FA_SRC/usr/gen_init_cpio.c" ] ||
	run_logged "gen_init_cpio" "$FA_LOGS/guest.log" \
		gcc -O2 -o "$gen" "$FA_SRC/usr/gen_init_cpio.c"

{
	for d in /bin /sbin /usr /usr/bin /usr/sbin /dev /proc /sys /tmp /mnt \
		 /lib /lib/fa /lib/fa/modules /scenarios /root; do
		echo "dir $d 755 0 0"
	done
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /bin/busybox $busybox 755 0 0"
	echo "slink /bin/sh busybox 777 0 0"
	echo "file /init $FA_TOP/guest/init 755 0 0"
	echo "file /lib/fa/lib.sh $FA_TOP/guest/lib.sh 644 0 0"
	echo "file /lib/fa/pinners.awk $FA_TOP/guest/pinners.awk 644 0 0"
	echo "file /lib/fa/bufcache.awk $FA_TOP/guest/bufcache.awk 644 0 0"
	echo "file /lib/fa/page_ext.awk $FA_TOP/guest/page_ext.awk 644 0 0"
	echo "file /lib/fa/sample.awk $FA_TOP/guest/sample.awk 644 0 0"
	for f in "$FA_TOP"/guest/scenarios/*.sh; do
		echo "file /scenarios/$(basename "$f") $f 644 0 0"
	done
	for f in "$FA_BUILD"/guest/*; do
		echo "file /usr/bin/$(basename "$f") $f 755 0 0"
	done
	for f in "$modules"/*.ko; do
		[ -f "$f" ] && echo "file /lib/fa/modules/$(basename "$f") $f 644 0 0"
	done
} >"$list"
"$gen" "$list" | gzip -1 >"$out.tmp" || die "initramfs" "" "gen_init_cpio failed on $list"
mv "$out.tmp" "$out"
info "initramfs: $out ($(du -h "$out" | cut -f1))"
