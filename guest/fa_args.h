/* SPDX-License-Identifier: GPL-2.0 */
/* Option parsing shared by the guest programs. */
#ifndef FA_ARGS_H
#define FA_ARGS_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* A whole decimal number in [min, max], or a message and exit status 2. */
static inline unsigned long fa_parse_num(const char *prog, const char *name,
					 const char *s, unsigned long min,
					 unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v < min || v > max) {
		fprintf(stderr, "%s: --%s '%s': expected %lu..%lu\n",
			prog, name, s, min, max);
		exit(2);
	}
	return v;
}

#endif
