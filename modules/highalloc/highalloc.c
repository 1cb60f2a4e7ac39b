// SPDX-License-Identifier: GPL-2.0
/*
 * highalloc: try high-order allocations on demand, as the module of
 * Fragmentation Avoidance V19's test did, and report how they fared.
 *
 * Controlled through /sys/kernel/debug/highalloc/ (root only):
 *   order        0..MAX_PAGE_ORDER
 *   count        attempts per run, 1..HIGHALLOC_MAX_COUNT
 *   interval_ms  pause between attempts, 0..60000
 *   class        user | hugetlb | thp | kernel (the GFP flags used)
 *   hold         1: keep what was allocated until "release"; 0: free at once
 *   run          write 1: make the attempts now (the write returns when
 *                done, or early on a signal)
 *   release      write 1: free everything held
 *   results      the last run: counts, successes per zone, latency
 *   attempts     the last run: one line per attempt
 * A malformed, out-of-range or overlong value, or one with a NUL inside, is
 * refused with -EINVAL, logged, and changes nothing. Unloading the module
 * frees everything held.
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "fa_input.h"

#define HIGHALLOC_MAX_COUNT	100000

struct attempt {
	u64 start_ns;		/* since the run began */
	u64 latency_ns;
	struct page *page;	/* NULL: failed; freed pages keep the pointer */
	int zone_idx;		/* -1: failed */
	const char *zone_name;
};

static const char * const class_names[] = { "user", "hugetlb", "thp", "kernel" };
enum highalloc_class { CLASS_USER, CLASS_HUGETLB, CLASS_THP, CLASS_KERNEL };

static DEFINE_MUTEX(highalloc_lock);	/* settings, the run, the results */
static struct dentry *highalloc_dir;
static unsigned int cfg_order = 9, cfg_count = 16, cfg_interval_ms = 100;
static unsigned int cfg_hold = 1;
static enum highalloc_class cfg_class = CLASS_USER;
static struct attempt *attempts;	/* of the last run */
static unsigned int nr_attempts, run_order;
static enum highalloc_class run_class;
static bool run_held, run_interrupted;

static gfp_t class_gfp(enum highalloc_class class)
{
	switch (class) {
	case CLASS_HUGETLB:	/* as hugetlb's buddy allocations */
		return GFP_HIGHUSER_MOVABLE | __GFP_COMP | __GFP_RETRY_MAYFAIL |
		       __GFP_NOWARN;
	case CLASS_THP:		/* as a THP fault without defrag */
		return GFP_TRANSHUGE_LIGHT;
	case CLASS_KERNEL:
		return GFP_KERNEL | __GFP_NOWARN;
	case CLASS_USER:	/* the seed's HighMem test */
	default:
		return GFP_HIGHUSER_MOVABLE | __GFP_NOWARN;
	}
}

/* Free what the last run holds; the results stay readable. */
static void release_held(void)
{
	unsigned int i;

	for (i = 0; i < nr_attempts; i++) {
		if (run_held && attempts[i].page)
			__free_pages(attempts[i].page, run_order);
		attempts[i].page = NULL;
	}
	run_held = false;
}

static int do_run(void)
{
	gfp_t gfp = class_gfp(cfg_class);
	struct attempt *a;
	u64 t0;
	unsigned int i;

	release_held();
	kvfree(attempts);
	nr_attempts = 0;
	attempts = kvcalloc(cfg_count, sizeof(*attempts), GFP_KERNEL);
	if (!attempts)
		return -ENOMEM;
	run_order = cfg_order;
	run_class = cfg_class;
	run_held = cfg_hold;
	run_interrupted = false;
	t0 = ktime_get_ns();
	for (i = 0; i < cfg_count; i++) {
		if (i && cfg_interval_ms)
			msleep_interruptible(cfg_interval_ms);
		if (signal_pending(current)) {
			run_interrupted = true;
			break;
		}
		a = &attempts[i];
		a->start_ns = ktime_get_ns() - t0;
		a->page = alloc_pages(gfp, run_order);
		a->latency_ns = ktime_get_ns() - t0 - a->start_ns;
		a->zone_idx = a->page ? zone_idx(page_zone(a->page)) : -1;
		a->zone_name = a->page ? page_zone(a->page)->name : "-";
		nr_attempts = i + 1;
		if (a->page && !run_held) {
			__free_pages(a->page, run_order);
			a->page = NULL;
		}
		cond_resched();
	}
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static int results_show(struct seq_file *m, void *v)
{
	const char *zone_name[MAX_NR_ZONES] = { NULL };
	unsigned long per_zone[MAX_NR_ZONES] = { 0 };
	unsigned int i, ok = 0;
	u64 *lat;

	mutex_lock(&highalloc_lock);
	for (i = 0; i < nr_attempts; i++) {
		if (attempts[i].zone_idx >= 0) {
			ok++;
			per_zone[attempts[i].zone_idx]++;
			zone_name[attempts[i].zone_idx] = attempts[i].zone_name;
		}
	}
	seq_printf(m, "order %u\nclass %s\nheld %u\ninterrupted %u\n",
		   run_order, class_names[run_class], run_held, run_interrupted);
	seq_printf(m, "attempts %u\nsuccess %u\nfailed %u\n", nr_attempts, ok,
		   nr_attempts - ok);
	/* zones that served at least one attempt, in zone order */
	for (i = 0; i < MAX_NR_ZONES; i++)
		if (per_zone[i])
			seq_printf(m, "zone %s %lu\n", zone_name[i], per_zone[i]);
	lat = nr_attempts ? kvmalloc_array(nr_attempts, sizeof(*lat), GFP_KERNEL) : NULL;
	if (lat) {
		for (i = 0; i < nr_attempts; i++)
			lat[i] = attempts[i].latency_ns;
		sort(lat, nr_attempts, sizeof(*lat), cmp_u64, NULL);
		seq_printf(m, "latency_ns min %llu median %llu p99 %llu max %llu\n",
			   lat[0], lat[nr_attempts / 2],
			   lat[(nr_attempts * 99) / 100], lat[nr_attempts - 1]);
		kvfree(lat);
	} else {
		seq_puts(m, "latency_ns min 0 median 0 p99 0 max 0\n");
	}
	mutex_unlock(&highalloc_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(results);

static int attempts_show(struct seq_file *m, void *v)
{
	unsigned int i;

	mutex_lock(&highalloc_lock);
	seq_puts(m, "# index start_ms success zone latency_ns\n");
	for (i = 0; i < nr_attempts; i++) {
		const struct attempt *a = &attempts[i];

		seq_printf(m, "%u %llu %d %s %llu\n", i, a->start_ns / NSEC_PER_MSEC,
			   a->zone_idx >= 0, a->zone_name, a->latency_ns);
	}
	mutex_unlock(&highalloc_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(attempts);

/* A write of one unsigned number in [min, max]; anything else is refused. */
static ssize_t write_uint(const char __user *ubuf, size_t len, const char *name,
			  unsigned int min, unsigned int max, unsigned int *val)
{
	unsigned int v;
	int ret = fa_parse_uint(ubuf, len, &v);

	if (!ret && (v < min || v > max))
		ret = -EINVAL;
	if (ret) {
		pr_warn("highalloc: %s: refused, expected a number from %u to %u\n",
			name, min, max);
		return ret;
	}
	mutex_lock(&highalloc_lock);
	*val = v;
	mutex_unlock(&highalloc_lock);
	return len;
}

#define HIGHALLOC_UINT_FILE(_name, _var, _min, _max)			\
static ssize_t _name##_write(struct file *f, const char __user *ubuf,	\
			     size_t len, loff_t *ppos)			\
{									\
	return write_uint(ubuf, len, #_name, _min, _max, &_var);	\
}									\
static int _name##_show(struct seq_file *m, void *v)			\
{									\
	seq_printf(m, "%u\n", READ_ONCE(_var));				\
	return 0;							\
}									\
static int _name##_open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, _name##_show, NULL);			\
}									\
static const struct file_operations _name##_fops = {			\
	.owner = THIS_MODULE, .open = _name##_open, .read = seq_read,	\
	.write = _name##_write, .llseek = seq_lseek,			\
	.release = single_release,					\
}

HIGHALLOC_UINT_FILE(order, cfg_order, 0, MAX_PAGE_ORDER);
HIGHALLOC_UINT_FILE(count, cfg_count, 1, HIGHALLOC_MAX_COUNT);
HIGHALLOC_UINT_FILE(interval_ms, cfg_interval_ms, 0, 60000);
HIGHALLOC_UINT_FILE(hold, cfg_hold, 0, 1);

static ssize_t class_write(struct file *f, const char __user *ubuf,
			   size_t len, loff_t *ppos)
{
	char buf[16];
	int class;

	if (fa_copy_input(buf, sizeof(buf), ubuf, len))
		goto refuse;
	class = sysfs_match_string(class_names, buf);
	if (class < 0)
		goto refuse;
	mutex_lock(&highalloc_lock);
	cfg_class = class;
	mutex_unlock(&highalloc_lock);
	return len;
refuse:
	pr_warn("highalloc: class: refused, expected user, hugetlb, thp or kernel\n");
	return -EINVAL;
}

static int class_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", class_names[READ_ONCE(cfg_class)]);
	return 0;
}

static int class_open(struct inode *inode, struct file *file)
{
	return single_open(file, class_show, NULL);
}

static const struct file_operations class_fops = {
	.owner = THIS_MODULE, .open = class_open, .read = seq_read,
	.write = class_write, .llseek = seq_lseek, .release = single_release,
};

/* "run" and "release" take exactly "1". */
static ssize_t action_write(struct file *f, const char __user *ubuf,
			    size_t len, loff_t *ppos)
{
	bool run = f->private_data != NULL;	/* simple_open() set it */
	unsigned int one;
	int ret = fa_parse_uint(ubuf, len, &one);

	if (ret || one != 1) {
		pr_warn("highalloc: %s: refused, write 1\n", run ? "run" : "release");
		return -EINVAL;
	}
	mutex_lock(&highalloc_lock);
	if (run)
		ret = do_run();
	else
		release_held();
	mutex_unlock(&highalloc_lock);
	return ret ? ret : len;
}

static const struct file_operations action_fops = {
	.owner = THIS_MODULE, .open = simple_open, .write = action_write,
	.llseek = noop_llseek,
};

static int __init highalloc_init(void)
{
	highalloc_dir = debugfs_create_dir("highalloc", NULL);
	debugfs_create_file("order", 0600, highalloc_dir, NULL, &order_fops);
	debugfs_create_file("count", 0600, highalloc_dir, NULL, &count_fops);
	debugfs_create_file("interval_ms", 0600, highalloc_dir, NULL, &interval_ms_fops);
	debugfs_create_file("hold", 0600, highalloc_dir, NULL, &hold_fops);
	debugfs_create_file("class", 0600, highalloc_dir, NULL, &class_fops);
	debugfs_create_file("run", 0200, highalloc_dir, (void *)1, &action_fops);
	debugfs_create_file("release", 0200, highalloc_dir, NULL, &action_fops);
	debugfs_create_file("results", 0400, highalloc_dir, NULL, &results_fops);
	debugfs_create_file("attempts", 0400, highalloc_dir, NULL, &attempts_fops);
	return 0;
}

static void __exit highalloc_exit(void)
{
	debugfs_remove(highalloc_dir);
	mutex_lock(&highalloc_lock);
	release_held();
	kvfree(attempts);
	attempts = NULL;
	nr_attempts = 0;
	mutex_unlock(&highalloc_lock);
}

module_init(highalloc_init);
module_exit(highalloc_exit);
MODULE_DESCRIPTION("High-order allocation attempts on demand");
MODULE_LICENSE("GPL");
