# mixed: a short mixed workload (page cache on the virtio disk, small-file
# churn, anonymous memory, pinned pipe buffers), then, once it has ended
# and its files are gone, the no-page-lost check: free pages back to the
# baseline taken before it, the free lists adding up.
# Kernel args: fa.seconds= (default 20)
dir=$(fa_workdir) || exit 1
fa_baseline
fa_snapshot before
fragload --seconds "$(fa_arg seconds 20)" --dir "$dir" --cache-mb 384 \
	--files 3000 --anon-mb 48 --procs 4 --pipes 128 || exit 1
fa_snapshot loaded
rm -rf "$dir"/cache-* "$dir"/small
fa_nolost after
