# smoke: the kernel boots to /init; the free lists add up at rest. The slab
# walk that measures at rest (fa_shrink_slabs) allocates no dentry once its
# files are held (fa_hold_slab_files), even after drop_caches has freed
# every dentry it can: three passes, a second apart, as a pass keeps a
# dentry looked up since the last one for the next, and inodes are freed
# after an RCU grace period. Without the holder that walk allocated 193.
fa_snapshot boot
fa_check_freelists
fa_hold_slab_files
for _ in 1 2 3; do
	echo 2 >/proc/sys/vm/drop_caches
	sleep 1
done
fa_shrink_slabs
fa_event slabwalk caches "$(wc -l <"$FA_SLAB_FILES")" dentries "$FA_WALK_DENTRIES"
