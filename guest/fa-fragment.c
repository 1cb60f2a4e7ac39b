// SPDX-License-Identifier: GPL-2.0
/*
 * fa-fragment: fragment free memory on purpose, for testing the
 * instruments. Writes --mb MiB of file data into --dir and, every --every
 * KiB, pins one page of kernel memory in a pipe; then deletes the files.
 * The pinned pages stay scattered through what was freed, so that under
 * page_grouping=none no large block survives. Prints "ready" and holds
 * the pipes until killed.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "fa_args.h"

static void usage(FILE *out)
{
	fputs("usage: fa-fragment [options]\n"
	      "Fragment free memory: file data interleaved with pinned pipe pages.\n"
	      "  -d, --dir PATH   where the files go (default /tmp)\n"
	      "  -m, --mb N       MiB of file data (default 256, 1..65536)\n"
	      "  -e, --every N    KiB of file data per pinned page (default 1024)\n"
	      "  -h, --help       this text\n", out);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "mb", required_argument, NULL, 'm' },
		{ "every", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static char buf[1 << 20];
	const char *dir = "/tmp";
	unsigned long mb = 256, every = 1024, chunks, i, done;
	struct rlimit rl;
	char path[4096];
	int c, fd = -1, fds[2];

	while ((c = getopt_long(argc, argv, "d:m:e:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'm': mb = fa_parse_num("fa-fragment", "mb", optarg, 1, 65536); break;
		case 'e': every = fa_parse_num("fa-fragment", "every", optarg, 4, 1 << 20); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	chunks = mb * 1024 / every;
	/* two descriptors per pinned page */
	if (!getrlimit(RLIMIT_NOFILE, &rl)) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	memset(buf, 0x6b, sizeof(buf));
	snprintf(path, sizeof(path), "%s/fa-fragment.data", dir);
	fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	if (fd < 0) {
		fprintf(stderr, "fa-fragment: %s: %s\n", path, strerror(errno));
		return 1;
	}
	for (i = 0; i < chunks; i++) {
		for (done = 0; done < every * 1024; ) {
			size_t n = every * 1024 - done;
			ssize_t w = write(fd, buf, n < sizeof(buf) ? n : sizeof(buf));

			if (w <= 0) {
				fprintf(stderr, "fa-fragment: write: %s\n", strerror(errno));
				return 1;
			}
			done += w;
		}
		if (pipe(fds) || write(fds[1], buf, 4096) != 4096) {
			fprintf(stderr, "fa-fragment: pipe %lu: %s\n", i, strerror(errno));
			return 1;
		}
	}
	close(fd);
	unlink(path);
	printf("ready: %lu pages pinned among %lu MiB freed\n", chunks, mb);
	fflush(stdout);
	pause();
	return 0;
}
