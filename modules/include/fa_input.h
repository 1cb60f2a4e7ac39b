/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How the fragavoid modules take a write to one of their debugfs files.
 */
#ifndef FA_INPUT_H
#define FA_INPUT_H

#include <linux/errno.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define FA_MAX_INPUT	24	/* bytes a write may hold, with the NUL */

/*
 * Copy a write into @buf as a string. A write that does not fit, or holds
 * a NUL, is refused: kstrtouint_from_user() would parse only its first
 * bytes, or the bytes before the NUL, and take a value the writer never
 * wrote whole ("0...01junk" past its buffer, "1\0junk").
 */
static inline int fa_copy_input(char *buf, size_t size,
				const char __user *ubuf, size_t len)
{
	if (len >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	return strlen(buf) == len ? 0 : -EINVAL;
}

/* A write of one unsigned decimal number, whole. */
static inline int fa_parse_uint(const char __user *ubuf, size_t len,
				unsigned int *v)
{
	char buf[FA_MAX_INPUT];
	int ret = fa_copy_input(buf, sizeof(buf), ubuf, len);

	return ret ? ret : kstrtouint(buf, 10, v);
}

#endif /* FA_INPUT_H */
