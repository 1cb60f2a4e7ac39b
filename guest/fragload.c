// SPDX-License-Identifier: GPL-2.0
/*
 * fragload: a bounded, deterministic mixed workload that fragments memory
 * the way a busy machine does.
 *
 * Jobs, each in its own process, run until --seconds pass:
 *   cache   write and re-read files in DIR (page cache: movable)
 *   files   create, stat and delete many small files (dentries, inodes:
 *           reclaimable slab)
 *   anon    children map, touch and drop anonymous memory and exit, so page
 *           tables and kernel stacks (unmovable) are scattered through time
 *   pipes   pipes filled and held for the whole run (pinned kernel pages)
 * and, in the realistic mode (--root and --build), as the seed's kernel
 * compile and updatedb:
 *   build   a real kernel build (make tinyconfig vmlinux, then make clean,
 *           over and over) with the compiler of the tree mounted at ROOT
 *           (the host's, shared read-only over 9p), chrooted into it, of
 *           the source tree SRC there, into ROOT/mnt/fragload-build (the
 *           caller mounts something writable on ROOT/mnt; the compiler's
 *           temporary files go there too, ROOT/tmp may be read-only)
 *   walk    ROOT/SRC walked again and again, every entry stat()ed
 * The same --seed gives the same sequence of sizes and names. SIGTERM or
 * SIGINT ends the run early, as cleanly as the timer does.
 */
#define _GNU_SOURCE	/* nftw() */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fa_args.h"

struct opts {
	unsigned int seconds;
	const char *dir;
	unsigned int cache_mb;
	unsigned int files;
	unsigned int anon_mb;
	unsigned int procs;
	unsigned int pipes;
	uint64_t seed;
	const char *root;
	const char *build;
	unsigned int jobs;
};

static volatile sig_atomic_t stop;

static void on_alarm(int sig)
{
	(void)sig;
	stop = 1;
}

static uint64_t next_rand(uint64_t *s)
{
	/* xorshift64*: deterministic for a given --seed */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static void die(const char *what)
{
	fprintf(stderr, "fragload: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void job_cache(const struct opts *o, uint64_t seed)
{
	static char buf[1 << 16];
	char path[4096];
	unsigned int gen = 0;

	memset(buf, 0xa5, sizeof(buf));
	while (!stop) {
		/* Several files of random size adding up to cache_mb. */
		unsigned long left = (unsigned long)o->cache_mb << 20;

		for (unsigned int i = 0; left && !stop; i++) {
			unsigned long size = (next_rand(&seed) % 16 + 1) << 20;
			int fd;

			if (size > left)
				size = left;
			left -= size;
			snprintf(path, sizeof(path), "%s/cache-%u-%u", o->dir, gen % 2, i);
			fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0644);
			if (fd < 0 && errno == ENOSPC)
				continue;	/* disk full: the next generation frees it */
			if (fd < 0)
				die(path);
			for (unsigned long done = 0; done < size && !stop; done += sizeof(buf))
				if (write(fd, buf, sizeof(buf)) < 0)
					break;	/* ENOSPC: the cache is full enough */
			close(fd);
			fd = open(path, O_RDONLY);
			if (fd >= 0) {
				while (!stop && read(fd, buf, sizeof(buf)) > 0)
					;
				close(fd);
			}
		}
		gen++;
	}
}

static void job_files(const struct opts *o, uint64_t seed)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/small", o->dir);
	if (mkdir(path, 0755) && errno != EEXIST)
		die(path);
	while (!stop) {
		unsigned int base = next_rand(&seed) % 100000;

		for (unsigned int i = 0; i < o->files && !stop; i++) {
			int fd;

			snprintf(path, sizeof(path), "%s/small/f%u", o->dir, base + i);
			fd = open(path, O_CREAT | O_WRONLY, 0644);
			if (fd >= 0) {
				if (write(fd, path, 64) < 0)
					break;
				close(fd);
			}
		}
		for (unsigned int i = 0; i < o->files && !stop; i++) {
			snprintf(path, sizeof(path), "%s/small/f%u", o->dir, base + i);
			stat(path, &st);
			if (i % 2)
				unlink(path);	/* half stay: the dcache grows */
		}
	}
}

static void anon_child(unsigned long bytes)
{
	char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(1);
	for (unsigned long off = 0; off < bytes; off += 4096)
		p[off] = (char)off;
	usleep(200000);
	_exit(0);
}

static void job_anon(const struct opts *o, uint64_t seed)
{
	unsigned int running = 0;

	while (!stop) {
		while (running < o->procs && !stop) {
			unsigned long mb = next_rand(&seed) % (o->anon_mb + 1) + 1;
			pid_t pid = fork();

			if (pid == 0)
				anon_child(mb << 20);
			if (pid > 0)
				running++;
			else
				break;
		}
		if (wait(NULL) > 0)
			running--;
	}
	while (wait(NULL) > 0)
		;
}

static void job_pipes(const struct opts *o)
{
	static char buf[1 << 16];
	int fds[2];

	memset(buf, 0x5a, sizeof(buf));
	for (unsigned int i = 0; i < o->pipes; i++) {
		if (pipe(fds))
			break;	/* out of file descriptors: hold what we have */
		fcntl(fds[1], F_SETFL, O_NONBLOCK);
		while (write(fds[1], buf, sizeof(buf)) > 0)
			;
	}
	while (!stop)
		pause();
}

static pid_t spawn(void (*fn)(const struct opts *, uint64_t),
		   const struct opts *o, uint64_t seed)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (pid == 0) {
		fn(o, seed);
		fflush(stdout);	/* _exit() would drop what the job printed */
		_exit(0);
	}
	return pid;
}

/*
 * One build round after another, each a process group of its own so that
 * the end of the run stops the compilers too. make's output goes to the
 * build directory's log.
 */
static void job_build(const struct opts *o, uint64_t seed)
{
	unsigned int rounds = 0;
	char cmd[8192];
	int status = 0;

	(void)seed;
	snprintf(cmd, sizeof(cmd),
		 "export TMPDIR=/mnt/fragload-tmp && mkdir -p $TMPDIR /mnt/fragload-build && "
		 "cd '%s' && { make O=/mnt/fragload-build -j%u tinyconfig vmlinux; "
		 "make O=/mnt/fragload-build clean; } >>/mnt/fragload-build/log 2>&1",
		 o->build, o->jobs);
	while (!stop) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0) {
			setpgid(0, 0);
			if (chroot(o->root) || chdir("/"))
				perror(o->root);
			else
				execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
			_exit(127);
		}
		setpgid(pid, pid);
		rounds++;
		/* The timer's signal restarts waitpid(): poll instead */
		while (waitpid(pid, &status, WNOHANG) == 0) {
			if (stop)
				kill(-pid, SIGKILL);
			sleep(1);
		}
		if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
			fprintf(stderr, "fragload: build: no shell under %s\n", o->root);
			exit(1);
		}
		sleep(1);	/* a round that fails at once is not retried in a loop */
	}
	printf("fragload: build: %u rounds started\n", rounds);
}

static unsigned long walked;

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)path, (void)st, (void)type, (void)ftw;
	walked++;
	return stop;	/* non-zero ends the walk */
}

static void job_walk(const struct opts *o, uint64_t seed)
{
	char path[4096];
	unsigned int rounds = 0;

	(void)seed;
	snprintf(path, sizeof(path), "%s/%s", o->root, o->build);
	while (!stop) {
		if (nftw(path, walk_one, 32, FTW_PHYS) < 0)
			die(path);
		rounds++;
	}
	printf("fragload: walk: %lu entries in %u rounds\n", walked, rounds);
}

static void pipes_adapter(const struct opts *o, uint64_t seed)
{
	(void)seed;
	job_pipes(o);
}

static void usage(FILE *out)
{
	fputs("usage: fragload [options]\n"
	      "Run a bounded mixed workload that fragments memory.\n"
	      "  -t, --seconds N   run time (default 30, 1..86400)\n"
	      "  -d, --dir PATH    where files go (default /tmp)\n"
	      "  -c, --cache-mb N  page cache written and re-read (default 256)\n"
	      "  -f, --files N     small files per churn round (default 2000)\n"
	      "  -a, --anon-mb N   largest anonymous map per child (default 32)\n"
	      "  -p, --procs N     anonymous children alive at once (default 4)\n"
	      "  -P, --pipes N     pipes filled and held (default 64)\n"
	      "  -s, --seed N      random seed (default 1)\n"
	      "  -r, --root DIR    realistic mode: the tree with the compiler (a\n"
	      "                    system root, e.g. the host's over 9p)\n"
	      "  -b, --build SRC   realistic mode: the kernel source tree, a path\n"
	      "                    inside --root, not under /mnt; built (into\n"
	      "                    ROOT/mnt, which must be writable) and walked\n"
	      "  -j, --jobs N      realistic mode: make -j (default 2, 1..64)\n"
	      "  -h, --help        this text\n", out);
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "seconds", required_argument, NULL, 't' },
		{ "dir", required_argument, NULL, 'd' },
		{ "cache-mb", required_argument, NULL, 'c' },
		{ "files", required_argument, NULL, 'f' },
		{ "anon-mb", required_argument, NULL, 'a' },
		{ "procs", required_argument, NULL, 'p' },
		{ "pipes", required_argument, NULL, 'P' },
		{ "seed", required_argument, NULL, 's' },
		{ "root", required_argument, NULL, 'r' },
		{ "build", required_argument, NULL, 'b' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { 30, "/tmp", 256, 2000, 32, 4, 64, 1, NULL, NULL, 2 };
	pid_t pids[6];
	time_t t0 = time(NULL);
	int c, n, status, rc = 0;

	while ((c = getopt_long(argc, argv, "t:d:c:f:a:p:P:s:r:b:j:h", lopts, NULL)) != -1) {
		switch (c) {
		case 't': o.seconds = fa_parse_num("fragload", "seconds", optarg, 1, 86400); break;
		case 'd': o.dir = optarg; break;
		case 'c': o.cache_mb = fa_parse_num("fragload", "cache-mb", optarg, 0, 1 << 20); break;
		case 'f': o.files = fa_parse_num("fragload", "files", optarg, 0, 1000000); break;
		case 'a': o.anon_mb = fa_parse_num("fragload", "anon-mb", optarg, 0, 1 << 16); break;
		case 'p': o.procs = fa_parse_num("fragload", "procs", optarg, 0, 256); break;
		case 'P': o.pipes = fa_parse_num("fragload", "pipes", optarg, 0, 100000); break;
		case 's': o.seed = fa_parse_num("fragload", "seed", optarg, 1, ~0UL); break;
		case 'r': o.root = optarg; break;
		case 'b': o.build = optarg; break;
		case 'j': o.jobs = fa_parse_num("fragload", "jobs", optarg, 1, 64); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	if (!o.root != !o.build) {
		fputs("fragload: --root and --build go together (realistic mode)\n", stderr);
		return 2;
	}
	if (o.build && o.build[0] != '/') {
		fprintf(stderr, "fragload: --build '%s': expected an absolute path inside --root\n",
			o.build);
		return 2;
	}
	if (o.build && !strncmp(o.build, "/mnt", 4) && strchr("/", o.build[4])) {
		fprintf(stderr, "fragload: --build '%s': under /mnt, where the build's output is mounted\n",
			o.build);
		return 2;
	}

	/* The timer, or a kill, ends every job cleanly */
	signal(SIGALRM, on_alarm);
	signal(SIGTERM, on_alarm);
	signal(SIGINT, on_alarm);
	pids[0] = spawn(job_cache, &o, o.seed);
	pids[1] = spawn(job_files, &o, o.seed * 3);
	pids[2] = spawn(job_anon, &o, o.seed * 7);
	pids[3] = spawn(pipes_adapter, &o, 0);
	n = 4;
	if (o.root) {
		pids[n++] = spawn(job_build, &o, 0);
		pids[n++] = spawn(job_walk, &o, 0);
	}
	while (!stop && time(NULL) - t0 < o.seconds)
		sleep(1);
	for (int i = 0; i < n; i++)
		kill(pids[i], SIGALRM);
	for (int i = 0; i < n; i++) {
		if (waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			rc = 1;
	}
	printf("fragload: ran %lld of %u s (cache %u MiB, files %u, anon %u MiB x %u, pipes %u, seed %llu)\n",
	       (long long)(time(NULL) - t0), o.seconds, o.cache_mb, o.files, o.anon_mb, o.procs, o.pipes,
	       (unsigned long long)o.seed);
	return rc;
}
