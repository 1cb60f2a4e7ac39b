# realistic: fragload's realistic mode on its own, briefly: the host's root
# shared over 9p (boot.sh -r), a build of the host's kernel tree with the
# host's compiler and a walk of the tree, beside the usual jobs made small;
# then what it did: fragload's own lines, and the ELF files (objects and
# programs) that the build wrote.
# Kernel args (fa.NAME=): build (the tree, a path on the host; required),
# seconds (60).
dir=$(fa_workdir) || exit 1
build=$(fa_arg build)
[ -n "$build" ] || { echo "realistic: no tree to build (fa.build=)" >&2; exit 1; }
fa_host_root "$dir" || exit 1
fragload --seconds "$(fa_arg seconds 60)" --dir "$dir" --cache-mb 64 --files 500 \
	--anon-mb 16 --procs 2 --pipes 16 --root "$FA_HOST" --build "$build" \
	>/tmp/fragload.out 2>&1 || { cat /tmp/fragload.out; exit 1; }
elf=0
for f in $(find "$dir/fragload-build" -type f); do
	[ "$(head -c 4 "$f" | tail -c 3)" = ELF ] && elf=$((elf + 1))
done
fa_event realistic output "$(tr '\n' ';' </tmp/fragload.out)" elf "$elf" \
	log "$(tail -n 3 "$dir/fragload-build/log" | tr '\n' ';')"
