// SPDX-License-Identifier: GPL-2.0
/*
 * fa-bench: the seed's AIM9 rows, and a few more, as fixed-size loops.
 *
 * Each test runs a fixed number of loops (so that under QEMU's -icount a
 * run is the same instructions every time) and prints one JSON line:
 *   {"event":"bench","test":NAME,"loops":N,"ops":N,"ns":N,
 *    "ops_per_s":X,"user_us":N,"sys_us":N}
 * ns is CLOCK_MONOTONIC time (guest time: instructions under -icount);
 * user_us and sys_us are the CPU time of this process and its children.
 *
 * Tests (AIM9's names where it has one):
 *   page_test    grow the break by 64 pages, touch each, shrink (ops: pages)
 *   brk_test     grow and shrink the break, untouched (ops: brk calls)
 *   fork_test    fork, the child exits, wait (ops: forks)
 *   exec_test    fork, exec this program to exit at once, wait (ops: execs)
 *   creat-clo    creat and close a file, then unlink it (ops: creats)
 *   link_test    link and unlink a second name (ops: link/unlink pairs)
 *   signal_test  send this process a caught signal (ops: signals)
 *   jmp_test     setjmp and longjmp (ops: longjmps)
 *   page_fault1  will-it-scale's page_fault1 with 1 process: map 16 MiB
 *                anonymous, write one byte per page, unmap (ops: faults);
 *                huge pages off (MADV_NOHUGEPAGE) so every fault is order 0
 *   page_fault2  the same with 2 processes at once (ops: faults of both)
 *   cache        a CPU- and cache-heavy job (a pointer chase over 8 MiB
 *                and a sort of 512K integers) in a child; the seed rendered
 *                a postscript file (ops: jobs)
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fa_args.h"

#define PAGE		4096UL
#define PF_BYTES	(16UL << 20)

struct test {
	const char *name;
	unsigned long loops;		/* default loops per run */
	unsigned long (*fn)(unsigned long loops);	/* returns ops */
};

static const char *dir = "/tmp";
static const char *self_exe = "/proc/self/exe";

static void die(const char *what)
{
	fprintf(stderr, "fa-bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static unsigned long page_test(unsigned long loops)
{
	unsigned long ops = 0;

	for (unsigned long i = 0; i < loops; i++) {
		char *p = sbrk(64 * PAGE);

		if (p == (void *)-1)
			die("sbrk");
		for (unsigned long off = 0; off < 64 * PAGE; off += PAGE)
			p[off] = (char)off;
		if (sbrk(-(long)(64 * PAGE)) == (void *)-1)
			die("sbrk");
		ops += 64;
	}
	return ops;
}

static unsigned long brk_test(unsigned long loops)
{
	for (unsigned long i = 0; i < loops; i++) {
		if (sbrk(64 * PAGE) == (void *)-1)
			die("sbrk");
		if (sbrk(-(long)(64 * PAGE)) == (void *)-1)
			die("sbrk");
	}
	return loops * 2;
}

static void wait_child(pid_t pid)
{
	int status;

	if (pid < 0)
		die("fork");
	if (waitpid(pid, &status, 0) < 0)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "fa-bench: child failed (status %d)\n", status);
		exit(1);
	}
}

static unsigned long fork_test(unsigned long loops)
{
	for (unsigned long i = 0; i < loops; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		wait_child(pid);
	}
	return loops;
}

static unsigned long exec_test(unsigned long loops)
{
	for (unsigned long i = 0; i < loops; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			execl(self_exe, "fa-bench", "--exec-child", (char *)NULL);
			_exit(127);
		}
		wait_child(pid);
	}
	return loops;
}

static unsigned long creat_clo(unsigned long loops)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/fa-bench-creat", dir);
	for (unsigned long i = 0; i < loops; i++) {
		int fd = creat(path, 0644);

		if (fd < 0)
			die(path);
		close(fd);
		if (unlink(path))
			die(path);
	}
	return loops;
}

static unsigned long link_test(unsigned long loops)
{
	char a[4096], b[4096];
	int fd;

	snprintf(a, sizeof(a), "%s/fa-bench-link-a", dir);
	snprintf(b, sizeof(b), "%s/fa-bench-link-b", dir);
	fd = creat(a, 0644);
	if (fd < 0)
		die(a);
	close(fd);
	for (unsigned long i = 0; i < loops; i++) {
		if (link(a, b))
			die(b);
		if (unlink(b))
			die(b);
	}
	unlink(a);
	return loops;
}

static volatile sig_atomic_t caught;

static void on_usr1(int sig)
{
	(void)sig;
	caught++;
}

static unsigned long signal_test(unsigned long loops)
{
	struct sigaction sa = { .sa_handler = on_usr1 };

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		die("sigaction");
	caught = 0;
	for (unsigned long i = 0; i < loops; i++)
		kill(getpid(), SIGUSR1);
	if ((unsigned long)caught != loops) {
		fprintf(stderr, "fa-bench: %lu signals sent, %lu caught\n",
			loops, (unsigned long)caught);
		exit(1);
	}
	return loops;
}

static jmp_buf jb;

static unsigned long jmp_test(unsigned long loops)
{
	volatile unsigned long i = 0;

	setjmp(jb);
	if (i++ < loops)
		longjmp(jb, 1);
	return loops;
}

static unsigned long fault_loop(unsigned long loops)
{
	for (unsigned long i = 0; i < loops; i++) {
		char *p = mmap(NULL, PF_BYTES, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			die("mmap");
		madvise(p, PF_BYTES, MADV_NOHUGEPAGE);
		for (unsigned long off = 0; off < PF_BYTES; off += PAGE)
			p[off] = 1;
		if (munmap(p, PF_BYTES))
			die("munmap");
	}
	return loops * (PF_BYTES / PAGE);
}

static unsigned long page_faults(unsigned long loops, int procs)
{
	pid_t pids[8];

	for (int p = 0; p < procs; p++) {
		pids[p] = fork();
		if (pids[p] == 0) {
			fault_loop(loops);
			_exit(0);
		}
		if (pids[p] < 0)
			die("fork");
	}
	for (int p = 0; p < procs; p++)
		wait_child(pids[p]);
	return procs * loops * (PF_BYTES / PAGE);
}

static unsigned long page_fault1(unsigned long loops)
{
	return page_faults(loops, 1);
}

static unsigned long page_fault2(unsigned long loops)
{
	return page_faults(loops, 2);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* One job: a pointer chase over 8 MiB (every step a likely cache miss)
 * and a sort of 512K pseudo-random integers. Deterministic. */
static void cache_job(void)
{
	size_t n = (8UL << 20) / sizeof(uint32_t);
	uint32_t *next = malloc(n * sizeof(*next));
	uint64_t s = 88172645463325252ULL, sum = 0;
	uint32_t at = 0;

	if (!next)
		die("malloc");
	/* Sattolo's shuffle: one cycle through every slot */
	for (size_t i = 0; i < n; i++)
		next[i] = i;
	for (size_t i = n - 1; i > 0; i--) {
		size_t j;
		uint32_t t;

		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		j = s % i;
		t = next[i], next[i] = next[j], next[j] = t;
	}
	for (size_t i = 0; i < n; i++) {
		at = next[at];
		sum += at;
	}
	for (size_t i = 0; i < n / 4; i++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		next[i] = (uint32_t)s;
	}
	qsort(next, n / 4, sizeof(*next), cmp_u32);
	for (size_t i = 1; i < n / 4; i++)
		if (next[i - 1] > next[i])
			exit(1);
	free(next);
	if (sum == 1)	/* keep the chase */
		exit(1);
}

static unsigned long cache_test(unsigned long loops)
{
	for (unsigned long i = 0; i < loops; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			cache_job();
			_exit(0);
		}
		wait_child(pid);
	}
	return loops;
}

static const struct test tests[] = {
	{ "creat-clo",   20000, creat_clo },
	{ "page_test",    2000, page_test },
	{ "brk_test",    40000, brk_test },
	{ "jmp_test", 10000000, jmp_test },
	{ "signal_test", 50000, signal_test },
	{ "exec_test",     300, exec_test },
	{ "fork_test",    1000, fork_test },
	{ "link_test",   20000, link_test },
	{ "page_fault1",    40, page_fault1 },
	{ "page_fault2",    20, page_fault2 },
	{ "cache",           1, cache_test },
};
#define NR_TESTS (sizeof(tests) / sizeof(tests[0]))

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static uint64_t cpu_us(int who, int sys)
{
	struct rusage ru;
	struct timeval *tv = sys ? &ru.ru_stime : &ru.ru_utime;

	getrusage(who, &ru);
	return (uint64_t)tv->tv_sec * 1000000 + tv->tv_usec;
}

static uint64_t all_cpu_us(int sys)
{
	return cpu_us(RUSAGE_SELF, sys) + cpu_us(RUSAGE_CHILDREN, sys);
}

static void run(const struct test *t, unsigned long loops)
{
	uint64_t t0, t1, u0, s0, u1, s1;
	unsigned long ops;

	/* A short warm-up: code and libc pages faulted in, not counted */
	if (loops >= 10)
		t->fn(loops / 10);
	u0 = all_cpu_us(0);
	s0 = all_cpu_us(1);
	t0 = now_ns();
	ops = t->fn(loops);
	t1 = now_ns();
	u1 = all_cpu_us(0);
	s1 = all_cpu_us(1);
	if (t1 <= t0)
		t1 = t0 + 1;
	printf("{\"event\":\"bench\",\"test\":\"%s\",\"loops\":%lu,\"ops\":%lu,"
	       "\"ns\":%llu,\"ops_per_s\":%.2f,\"user_us\":%llu,\"sys_us\":%llu}\n",
	       t->name, loops, ops, (unsigned long long)(t1 - t0),
	       ops * 1e9 / (double)(t1 - t0), (unsigned long long)(u1 - u0),
	       (unsigned long long)(s1 - s0));
	fflush(stdout);
}

static void usage(FILE *out)
{
	fputs("usage: fa-bench [options]\n"
	      "Run the seed's AIM9 rows (and page faults, a cache job) as fixed\n"
	      "loops; print one JSON line per test.\n"
	      "  -t, --test NAME   run this test (repeatable; default all):\n"
	      "                    creat-clo page_test brk_test jmp_test signal_test\n"
	      "                    exec_test fork_test link_test page_fault1\n"
	      "                    page_fault2 cache\n"
	      "  -s, --scale N     percent of each test's default loops (default 100,\n"
	      "                    1..100000)\n"
	      "  -n, --loops N     exact loops for every test chosen (1..1000000000)\n"
	      "  -d, --dir PATH    where creat-clo and link_test make files (/tmp)\n"
	      "  -l, --list        list the tests and their default loops\n"
	      "  -h, --help        this text\n", out);
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "test", required_argument, NULL, 't' },
		{ "scale", required_argument, NULL, 's' },
		{ "loops", required_argument, NULL, 'n' },
		{ "dir", required_argument, NULL, 'd' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ "exec-child", no_argument, NULL, 'X' },
		{ NULL, 0, NULL, 0 },
	};
	int chosen[NR_TESTS] = { 0 }, any = 0, c;
	unsigned long scale = 100, loops = 0;
	size_t i;

	while ((c = getopt_long(argc, argv, "t:s:n:d:lh", lopts, NULL)) != -1) {
		switch (c) {
		case 't':
			for (i = 0; i < NR_TESTS; i++)
				if (!strcmp(optarg, tests[i].name))
					break;
			if (i == NR_TESTS) {
				fprintf(stderr, "fa-bench: --test '%s': unknown test (--list)\n", optarg);
				return 2;
			}
			chosen[i] = any = 1;
			break;
		case 's': scale = fa_parse_num("fa-bench", "scale", optarg, 1, 100000); break;
		case 'n': loops = fa_parse_num("fa-bench", "loops", optarg, 1, 1000000000); break;
		case 'd': dir = optarg; break;
		case 'l':
			for (i = 0; i < NR_TESTS; i++)
				printf("%s %lu\n", tests[i].name, tests[i].loops);
			return 0;
		case 'X': return 0;	/* exec_test's child */
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	if (access(self_exe, X_OK))
		self_exe = argv[0];
	for (i = 0; i < NR_TESTS; i++) {
		unsigned long n = loops ? loops : tests[i].loops * scale / 100;

		if (!any || chosen[i])
			run(&tests[i], n ? n : 1);
	}
	return 0;
}
