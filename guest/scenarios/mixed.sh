# mixed: a short mixed workload (page cache on the virtio disk, small-file
# churn, anonymous memory, pinned pipe buffers), then, once it has ended
# and its files are gone, the no-page-lost check: free pages back to the
# baseline taken before it, the free lists adding up. With page_owner=on
# it first reports where page_ext's tables went (fa_page_ext).
# Kernel args: fa.seconds= (default 20)
# The baseline is taken before the work disk is mounted and the count after
# it is unmounted: until jbd2 checkpoints, the journal keeps the metadata
# buffers of the files just removed, which drop_caches cannot free (about
# 1% of a 1 GiB guest, Buffers and SReclaimable in /proc/meminfo), and
# which are ext4's to give back, not pages the allocator lost.
fa_page_ext
fa_baseline
dir=$(fa_workdir) || exit 1
fa_snapshot before
fragload --seconds "$(fa_arg seconds 20)" --dir "$dir" --cache-mb 384 \
	--files 3000 --anon-mb 48 --procs 4 --pipes 128 || exit 1
fa_snapshot loaded
fa_buffer_cache loaded
rm -rf "$dir"/cache-* "$dir"/small
[ "$dir" = /tmp ] || umount "$dir" || exit 1
fa_nolost after
