# smoke: the kernel boots to /init; the free lists add up at rest.
fa_snapshot boot
fa_check_freelists
