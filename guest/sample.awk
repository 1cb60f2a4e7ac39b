# One "sample" result event (guest/lib.sh fa_sampler): what the
# high-order attempts compete with at this moment. Reads, in this order,
# /proc/uptime /proc/meminfo /proc/buddyinfo /proc/vmstat; -v tag=TAG.
# Memory in kB as /proc/meminfo has it; blocks9: free blocks of order 9
# or more, counted in order-9 blocks; the vmstat counters are cumulative.
FILENAME ~ /uptime$/ { t = $1 }
FILENAME ~ /meminfo$/ { m[$1] = $2 }
FILENAME ~ /buddyinfo$/ && NF == 15 { blocks9 += $14 + 2 * $15 }
FILENAME ~ /vmstat$/ { v[$1] = $2 }
END {
	printf "@@fa {\"event\":\"sample\",\"tag\":\"%s\",\"t\":%s", tag, t + 0
	printf ",\"free\":%d,\"file\":%d", m["MemFree:"], m["Active(file):"] + m["Inactive(file):"]
	printf ",\"anon\":%d,\"slab\":%d,\"kernel\":%d", m["AnonPages:"], m["Slab:"], \
		m["KernelStack:"] + m["PageTables:"]
	printf ",\"blocks9\":%d", blocks9
	printf ",\"compact_stall\":%d,\"compact_success\":%d", v["compact_stall"], v["compact_success"]
	printf ",\"pgmigrate_success\":%d", v["pgmigrate_success"]
	printf ",\"isolate_block_success\":%d", v["isolate_block_success"]
	printf ",\"pgscan\":%d}\n", v["pgscan_kswapd"] + v["pgscan_direct"]
}
