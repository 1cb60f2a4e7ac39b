// SPDX-License-Identifier: GPL-2.0
/*
 * allocbench: the page allocator's own speed, per order, in nanoseconds
 * per alloc_pages() and per __free_pages().
 *
 * For each order from 0 to MAX_PAGE_ORDER, "count" allocations are made in
 * batches: a batch of blocks is allocated (timed), then freed (timed). A
 * batch holds at most "batch" blocks and at most 16 MiB, so the buddy
 * lists, not only the per-cpu lists, are exercised at every order.
 * Before them, "warmup" allocations of the order are made and freed the
 * same way, untimed: the timed ones then find the free lists in the state
 * their own churn keeps them in, not in whatever state the last workload
 * left, which decides how deep a split or a merge goes. Everything
 * allocated is freed before the run returns.
 *
 * Controlled through /sys/kernel/debug/allocbench/ (root only):
 *   count    allocations per order, 1..ALLOCBENCH_MAX_COUNT
 *   batch    blocks held at once, 1..ALLOCBENCH_MAX_BATCH
 *   warmup   untimed allocations per order first, 0..ALLOCBENCH_MAX_COUNT
 *   class    kernel (GFP_KERNEL) | movable (GFP_HIGHUSER_MOVABLE)
 *   run      write 1: measure now (returns when done, or early on a signal)
 *   results  the last run: one line per order,
 *            "order allocs failed alloc_ns_per_op free_ns_per_op"
 * A malformed or out-of-range value is refused with -EINVAL, logged, and
 * changes nothing.
 */
#include <linux/debugfs.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "fa_input.h"

#define ALLOCBENCH_MAX_COUNT	1000000
#define ALLOCBENCH_MAX_BATCH	4096
#define ALLOCBENCH_BATCH_BYTES	(16UL << 20)

struct order_result {
	unsigned long allocs;	/* attempted */
	unsigned long failed;
	u64 alloc_ns;		/* total, over the successful and failed */
	u64 free_ns;
};

static const char * const class_names[] = { "kernel", "movable" };
enum allocbench_class { CLASS_KERNEL, CLASS_MOVABLE };

static DEFINE_MUTEX(allocbench_lock);	/* settings, the run, the results */
static struct dentry *allocbench_dir;
static unsigned int cfg_count = 2000, cfg_batch = 64, cfg_warmup;
static enum allocbench_class cfg_class = CLASS_KERNEL;
static struct order_result results[NR_PAGE_ORDERS];
static unsigned int run_count, run_batch, run_warmup, nr_orders;
static enum allocbench_class run_class;
static bool run_interrupted;

static gfp_t class_gfp(enum allocbench_class class)
{
	if (class == CLASS_MOVABLE)
		return GFP_HIGHUSER_MOVABLE | __GFP_NOWARN;
	return GFP_KERNEL | __GFP_NOWARN;
}

/*
 * Allocate and free @count blocks of @order in batches of at most @batch,
 * adding the time taken to @r, if any. Returns false if a signal cut it
 * short.
 */
static bool churn(struct page **pages, gfp_t gfp, unsigned int order,
		  unsigned int batch, unsigned int count, struct order_result *r)
{
	unsigned int i, n;
	unsigned long done;
	u64 t0, t1, t2;

	for (done = 0; done < count; done += n) {
		if (signal_pending(current))
			return false;
		n = min_t(unsigned long, batch, count - done);
		t0 = ktime_get_ns();
		for (i = 0; i < n; i++)
			pages[i] = alloc_pages(gfp, order);
		t1 = ktime_get_ns();
		for (i = 0; i < n; i++)
			if (pages[i])
				__free_pages(pages[i], order);
		t2 = ktime_get_ns();
		if (r) {
			r->alloc_ns += t1 - t0;
			r->free_ns += t2 - t1;
			for (i = 0; i < n; i++)
				r->failed += !pages[i];
			r->allocs += n;
		}
		cond_resched();
	}
	return true;
}

static int do_run(void)
{
	gfp_t gfp = class_gfp(cfg_class);
	struct page **pages;
	unsigned int order, batch;

	pages = kvcalloc(cfg_batch, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	memset(results, 0, sizeof(results));
	run_count = cfg_count;
	run_batch = cfg_batch;
	run_warmup = cfg_warmup;
	run_class = cfg_class;
	run_interrupted = false;
	nr_orders = 0;
	for (order = 0; order <= MAX_PAGE_ORDER; order++) {
		batch = min_t(unsigned long, run_batch,
			      max(1UL, ALLOCBENCH_BATCH_BYTES >> (PAGE_SHIFT + order)));
		if (!churn(pages, gfp, order, batch, run_warmup, NULL) ||
		    !churn(pages, gfp, order, batch, run_count, &results[order])) {
			run_interrupted = true;
			break;
		}
		nr_orders = order + 1;
	}
	kvfree(pages);
	return 0;
}

static int results_show(struct seq_file *m, void *v)
{
	unsigned int order;

	mutex_lock(&allocbench_lock);
	seq_printf(m, "# class %s count %u batch %u warmup %u interrupted %u\n",
		   class_names[run_class], run_count, run_batch, run_warmup,
		   run_interrupted);
	seq_puts(m, "# order allocs failed alloc_ns_per_op free_ns_per_op\n");
	for (order = 0; order < nr_orders; order++) {
		const struct order_result *r = &results[order];
		unsigned long ok = r->allocs - r->failed;

		seq_printf(m, "%u %lu %lu %llu %llu\n", order, r->allocs, r->failed,
			   r->allocs ? div64_u64(r->alloc_ns, r->allocs) : 0,
			   ok ? div64_u64(r->free_ns, ok) : 0);
	}
	mutex_unlock(&allocbench_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(results);

/* A write of one unsigned number in [min, max]; anything else is refused. */
static ssize_t write_uint(const char __user *ubuf, size_t len, const char *name,
			  unsigned int min, unsigned int max, unsigned int *val)
{
	unsigned int v;
	int ret = fa_parse_uint(ubuf, len, &v);

	if (!ret && (v < min || v > max))
		ret = -EINVAL;
	if (ret) {
		pr_warn("allocbench: %s: refused, expected a number from %u to %u\n",
			name, min, max);
		return -EINVAL;
	}
	mutex_lock(&allocbench_lock);
	*val = v;
	mutex_unlock(&allocbench_lock);
	return len;
}

#define ALLOCBENCH_UINT_FILE(_name, _var, _min, _max)			\
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

ALLOCBENCH_UINT_FILE(count, cfg_count, 1, ALLOCBENCH_MAX_COUNT);
ALLOCBENCH_UINT_FILE(batch, cfg_batch, 1, ALLOCBENCH_MAX_BATCH);
ALLOCBENCH_UINT_FILE(warmup, cfg_warmup, 0, ALLOCBENCH_MAX_COUNT);

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
	mutex_lock(&allocbench_lock);
	cfg_class = class;
	mutex_unlock(&allocbench_lock);
	return len;
refuse:
	pr_warn("allocbench: class: refused, expected kernel or movable\n");
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

static ssize_t run_write(struct file *f, const char __user *ubuf,
			 size_t len, loff_t *ppos)
{
	unsigned int one;
	int ret = fa_parse_uint(ubuf, len, &one);

	if (ret || one != 1) {
		pr_warn("allocbench: run: refused, write 1\n");
		return -EINVAL;
	}
	mutex_lock(&allocbench_lock);
	ret = do_run();
	mutex_unlock(&allocbench_lock);
	return ret ? ret : len;
}

static const struct file_operations run_fops = {
	.owner = THIS_MODULE, .open = simple_open, .write = run_write,
	.llseek = noop_llseek,
};

static int __init allocbench_init(void)
{
	allocbench_dir = debugfs_create_dir("allocbench", NULL);
	debugfs_create_file("count", 0600, allocbench_dir, NULL, &count_fops);
	debugfs_create_file("batch", 0600, allocbench_dir, NULL, &batch_fops);
	debugfs_create_file("warmup", 0600, allocbench_dir, NULL, &warmup_fops);
	debugfs_create_file("class", 0600, allocbench_dir, NULL, &class_fops);
	debugfs_create_file("run", 0200, allocbench_dir, NULL, &run_fops);
	debugfs_create_file("results", 0400, allocbench_dir, NULL, &results_fops);
	return 0;
}

static void __exit allocbench_exit(void)
{
	debugfs_remove(allocbench_dir);
}

module_init(allocbench_init);
module_exit(allocbench_exit);
MODULE_DESCRIPTION("Page allocator speed per order, in ns per operation");
MODULE_LICENSE("GPL");
