# bench: speed parity (make bench). The seed's AIM9 rows, page-fault
# throughput and a cache-heavy job (fa-bench), then the page allocator's own
# speed per order (the allocbench module), each reported as JSON lines.
# Kernel args (fa.NAME=): scale (percent of fa-bench's default loops, 30),
# tests (comma-separated fa-bench tests, default all but cache), cache
# (runs of the cache job, 3; 0 skips), count (allocbench allocations per
# order, 10000; 0 skips), classes (allocbench GFP classes, "kernel,movable"),
# abwarm (allocbench's untimed allocations per order first, default count).
# 10000: an order-0 run of 1000 lasts 0.65 ms of guest time, and that row
# spread by 0.6% over five boots of one kernel. The warm-up: without it an
# order's timing followed the free lists left by the tests before it
# (order 1, movable: 2.2% apart between two policies whose code there is
# the same, by how many part-split blocks the page cache had left).
scale=$(fa_arg scale 30)
tests=$(fa_arg tests "creat-clo,page_test,brk_test,jmp_test,signal_test,exec_test,fork_test,link_test,page_fault1,page_fault2")
cache=$(fa_arg cache 3)
count=$(fa_arg count 10000)
classes=$(fa_arg classes kernel,movable)
abwarm=$(fa_arg abwarm "$count")
fa_event plan scale "$scale" tests "$tests" cache "$cache" count "$count" classes "$classes" \
	abwarm "$abwarm"

fa_settle
cd /tmp || exit 1
args=""
for t in $(echo "$tests" | tr ',' ' '); do
	args="$args --test $t"
done
# shellcheck disable=SC2086
fa-bench --scale "$scale" $args >/tmp/bench.out || exit 1
run=1
while [ "$run" -le "$cache" ]; do
	fa-bench --test cache --loops 1 >>/tmp/bench.out || exit 1
	run=$((run + 1))
done
while read -r line; do
	fa_out "$line"
done </tmp/bench.out

[ "$count" = 0 ] && exit 0
AB=/sys/kernel/debug/allocbench
[ -d "$AB" ] || insmod /lib/fa/modules/allocbench.ko || exit 1
echo "$count" >"$AB/count" && echo "$abwarm" >"$AB/warmup" || exit 1
vmstat_mt() { grep -E '^pg(alloc|fallback)_mt_(unmovable|movable) ' /proc/vmstat; }
for class in $(echo "$classes" | tr ',' ' '); do
	fa_settle
	vmstat_mt >/tmp/vm0
	echo "$class" >"$AB/class" && echo 1 >"$AB/run" || exit 1
	# how often the run's allocations took the buddy lists and left their
	# own (CONFIG_ALLOCSTATS counters; none without it)
	vmstat_mt | awk -v class="$class" 'NR == FNR { b[$1] = $2; next }
		{ d = d sprintf("%s\"%s\":%d", d == "" ? "" : ",", $1, $2 - b[$1]) }
		END { if (d != "") printf "{\"event\":\"allocbench_vmstat\",\"class\":\"%s\",%s}\n", class, d }' \
		/tmp/vm0 - >>/tmp/ab.vm
	awk -v class="$class" '!/^#/ && NF == 5 {
		printf "{\"event\":\"allocbench\",\"class\":\"%s\",\"order\":%d,\"allocs\":%d,\"failed\":%d,\"alloc_ns\":%d,\"free_ns\":%d}\n",
			class, $1, $2, $3, $4, $5 }' "$AB/results" >/tmp/ab.out
	while read -r line; do
		fa_out "$line"
	done </tmp/ab.out
done
touch /tmp/ab.vm
while read -r line; do
	fa_out "$line"
done </tmp/ab.vm
