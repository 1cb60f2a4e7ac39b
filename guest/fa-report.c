// SPDX-License-Identifier: GPL-2.0
/*
 * fa-report: print files as machine-readable result lines for the host.
 *
 * Each FILE becomes one line on standard output:
 *   @@fa {"event":"file","tag":"TAG","path":"FILE","text":"..."}
 * with the text JSON-escaped, so /proc tables survive the serial line intact.
 * A FILE longer than 1 MiB is cut there, marked "truncated":true, and makes
 * the exit status 1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_escaped(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
}

/*
 * A file longer than the buffer is reported up to the buffer's end, marked
 * "truncated", and fails: a table cut short must not pass for a whole one.
 */
static int report(const char *tag, const char *path)
{
	static char buf[1 << 20];
	int truncated;
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "fa-report: %s: %s\n", path, strerror(errno));
		return 1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	truncated = n == sizeof(buf) && fgetc(f) != EOF;
	fclose(f);
	fputs("@@fa {\"event\":\"file\",\"tag\":\"", stdout);
	put_escaped(tag, strlen(tag));
	fputs("\",\"path\":\"", stdout);
	put_escaped(path, strlen(path));
	if (truncated)
		fputs("\",\"truncated\":true", stdout);
	else
		fputs("\"", stdout);
	fputs(",\"text\":\"", stdout);
	put_escaped(buf, n);
	fputs("\"}\n", stdout);
	if (truncated)
		fprintf(stderr, "fa-report: %s: longer than %zu bytes, reported truncated\n",
			path, sizeof(buf));
	return truncated;
}

static void usage(FILE *out)
{
	fputs("usage: fa-report [-t TAG] FILE...\n"
	      "Print each FILE as one '@@fa {...}' JSON line.\n"
	      "  -t, --tag TAG   label for the snapshot (default: none)\n"
	      "  -h, --help      this text\n", out);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "tag", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *tag = "";
	int c, rc = 0;

	while ((c = getopt_long(argc, argv, "t:h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			tag = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind == argc) {
		usage(stderr);
		return 2;
	}
	for (; optind < argc; optind++)
		rc |= report(tag, argv[optind]);
	return rc;
}
