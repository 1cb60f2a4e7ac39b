// SPDX-License-Identifier: GPL-2.0
/*
 * fa-poke: try one access to a file, as a hostile user would, and report
 * how it went.
 *
 * Opens FILE for reading (reads it to the end) or, with --write, for
 * writing (one write() of exactly the given bytes, none added), optionally
 * after dropping to another user and group. Prints one JSON object:
 *   {"op":"read|write","uid":N,"ok":0|1,"stage":"open|read|write|-",
 *    "errno":"EACCES","bytes":N}
 * Exit status: 0 the access succeeded, 1 it was refused, 2 bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fa_args.h"

static void usage(FILE *out)
{
	fputs("usage: fa-poke [options] FILE\n"
	      "Try one access to FILE and print how it went as JSON.\n"
	      "  -u, --uid N        drop to user and group N first (0..65535)\n"
	      "  -w, --write DATA   write DATA in one write() instead of reading;\n"
	      "                     \\n \\t \\0 \\\\ and \\xHH are unescaped, nothing\n"
	      "                     is appended; an empty DATA is a 0-byte write\n"
	      "  -h, --help         this text\n"
	      "exit status: 0 done, 1 refused, 2 bad usage\n", out);
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Unescape @s into a new buffer; its length in *len. NULL if malformed. */
static char *unescape(const char *s, size_t *len)
{
	char *out = malloc(strlen(s) + 1);
	size_t n = 0;

	if (!out)
		return NULL;
	while (*s) {
		if (*s != '\\') {
			out[n++] = *s++;
			continue;
		}
		switch (s[1]) {
		case 'n': out[n++] = '\n'; s += 2; break;
		case 't': out[n++] = '\t'; s += 2; break;
		case '0': out[n++] = '\0'; s += 2; break;
		case '\\': out[n++] = '\\'; s += 2; break;
		case 'x':
			if (hexval(s[2]) < 0 || hexval(s[3]) < 0)
				goto bad;
			out[n++] = (char)(hexval(s[2]) << 4 | hexval(s[3]));
			s += 4;
			break;
		default:
			goto bad;
		}
	}
	*len = n;
	return out;
bad:
	free(out);
	return NULL;
}

static int report(const char *op, long uid, int ok, const char *stage,
		  int err, long bytes)
{
	printf("{\"op\":\"%s\",\"uid\":%ld,\"ok\":%d,\"stage\":\"%s\","
	       "\"errno\":\"%s\",\"bytes\":%ld}\n", op, uid, ok, stage,
	       err ? strerrorname_np(err) : "", bytes);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "uid", required_argument, NULL, 'u' },
		{ "write", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *data = NULL, *path;
	long uid = -1, total = 0;
	char *buf, rbuf[4096];
	size_t len = 0;
	ssize_t n;
	int c, fd;

	while ((c = getopt_long(argc, argv, "u:w:h", lopts, NULL)) != -1) {
		switch (c) {
		case 'u': uid = fa_parse_num("fa-poke", "uid", optarg, 0, 65535); break;
		case 'w': data = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	path = argv[optind];
	buf = data ? unescape(data, &len) : NULL;
	if (data && !buf) {
		fprintf(stderr, "fa-poke: --write '%s': malformed escape\n", data);
		return 2;
	}
	if (uid >= 0 && (setgroups(0, NULL) || setgid(uid) || setuid(uid))) {
		fprintf(stderr, "fa-poke: cannot become uid %ld: %s\n", uid, strerror(errno));
		return 2;
	}
	if (uid < 0)
		uid = getuid();

	fd = open(path, data ? O_WRONLY : O_RDONLY);
	if (fd < 0)
		return report(data ? "write" : "read", uid, 0, "open", errno, -1);
	if (data) {
		n = write(fd, buf, len);
		if (n < 0)
			return report("write", uid, 0, "write", errno, -1);
		/* a short write took only part of the bytes: not accepted whole */
		return report("write", uid, (size_t)n == len, "-", 0, n);
	}
	while ((n = read(fd, rbuf, sizeof(rbuf))) > 0)
		total += n;
	if (n < 0)
		return report("read", uid, 0, "read", errno, total);
	return report("read", uid, 1, "-", 0, total);
}
