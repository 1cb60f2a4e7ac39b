"""Parse what a guest reported: '@@fa {json}' lines and the /proc tables."""
import json
import os
import re
import sys

PREFIX = "@@fa "


def events(path):
    """All result events of one boot, in order."""
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.startswith(PREFIX):
                try:
                    out.append(json.loads(line[len(PREFIX):]))
                except json.JSONDecodeError:
                    out.append({"event": "garbled", "line": line})
    return out


def snapshots(evs):
    """{tag: {path: text}} from the 'file' events. A file that fa-report
    had to cut short is named on stderr: what is read from it is partial."""
    snap = {}
    for e in evs:
        if e.get("event") == "file":
            snap.setdefault(e["tag"], {})[e["path"]] = e["text"]
            if e.get("truncated"):
                print(f"warning: {e['path']} ({e['tag']}) was cut at {len(e['text'])}"
                      " bytes in the guest; what is read from it is partial", file=sys.stderr)
    return snap


def buddyinfo(text):
    """[(node, zone, [free blocks per order])]"""
    rows = []
    for line in text.splitlines():
        m = re.match(r"Node (\d+), zone\s+(\S+)\s+(.*)", line)
        if m:
            rows.append((int(m[1]), m[2], [int(x) for x in m[3].split()]))
    return rows


def pagetypeinfo(text):
    """{'free': {(node, zone, type): [per order]}, 'blocks': {(node, zone): {type: n}},
    'mixed': the same for page_owner's table of mixed blocks (when present),
    'types': [block type names in column order]}"""
    free, tables, types, table = {}, {"blocks": {}, "mixed": {}}, [], None
    for line in text.splitlines():
        m = re.match(r"Node\s+(\d+), zone\s+(\S+), type\s+(\S+)\s+(.*)", line)
        if m:
            counts = [int(x.lstrip(">")) for x in m[4].split()]
            free[(int(m[1]), m[2], m[3])] = counts
            continue
        m = re.match(r"Number of (blocks|mixed blocks) type\s+(.*)", line) or \
            re.match(r"Number of (mixed blocks)\s+(.*)", line)
        if m:
            table = "blocks" if m[1] == "blocks" else "mixed"
            types = m[2].split()
            continue
        m = re.match(r"Node (\d+), zone\s+(\S+)\s+([\d\s]+)$", line)
        if m and table:
            tables[table][(int(m[1]), m[2])] = dict(zip(types, map(int, m[3].split())))
    return {"free": free, "blocks": tables["blocks"], "mixed": tables["mixed"], "types": types}


def free_summary(rows, order):
    """Free pages, and the share of them in blocks of at least `order`:
    1 - Gorman's unusable free space index at that order."""
    total = sum(k << i for _, _, ks in rows for i, k in enumerate(ks))
    usable = sum(k << i for _, _, ks in rows for i, k in enumerate(ks) if i >= order)
    return total, usable


def zoneinfo(text):
    """{(node, zone): {field: int}} for the zone-level fields of /proc/zoneinfo."""
    zones, key = {}, None
    for line in text.splitlines():
        m = re.match(r"Node (\d+), zone\s+(\S+)", line)
        if m:
            key = (int(m[1]), m[2])
            zones[key] = {}
            continue
        m = re.match(r"\s+(\w+)\s+(\d+)$", line)
        if m and key:
            zones[key].setdefault(m[1], int(m[2]))
            continue
        m = re.match(r"\s+protection: \((.*)\)", line)
        if m and key:
            zones[key]["protection"] = [int(x) for x in m[1].split(",")]
    return zones


def within_reach(text, order, highest_zone):
    """Blocks of `order` that an allocation allowed up to `highest_zone`
    could get from the zones of /proc/zoneinfo `text` if it reclaimed every
    page on the file LRUs and compaction were perfect: per zone, the free
    pages and the file LRU less the min watermark and the lowmem reserve
    that protects the zone from such an allocation, in whole blocks. Anon
    (no swap in the guest), slab, page tables and other kernel memory count
    as held."""
    zones = zoneinfo(text)
    names = {}
    for node, name in zones:
        names.setdefault(node, []).append(name)
    blocks = 0
    for (node, name), z in zones.items():
        if highest_zone not in names[node]:
            continue
        hi = names[node].index(highest_zone)
        if names[node].index(name) > hi:
            continue
        prot = z.get("protection", [])
        reserve = prot[hi] if hi < len(prot) else 0
        usable = (z.get("nr_free_pages", 0) + z.get("nr_zone_inactive_file", 0) +
                  z.get("nr_zone_active_file", 0) - z.get("min", 0) - reserve)
        blocks += max(0, usable) >> order
    return blocks


def outside_pinned(reach, pinned_free, order, block_pages):
    """Of within_reach's `reach` blocks of `order`, those that free memory
    outside the pageblocks holding a non-movable page could hold: the free
    pages inside such blocks (guest/pinners.awk) make no block of a
    pageblock or more without moving kernel memory, which compaction does
    not do. None below pageblock order, where they could."""
    if (1 << order) < block_pages:
        return None
    return max(0, reach - (pinned_free >> order))


def pageblock_pages(text):
    m = re.search(r"Pages per block:\s+(\d+)", text)
    return int(m[1]) if m else 512


# At most this many pages in use: a block that is nearly free
NEARLY_FREE_USED = 64


def block_fill(text, ppb, pinned=None):
    """From the pageblock map (/sys/kernel/debug/page_grouping/blocks: node
    zone start_pfn type free_pages): the blocks that are wholly free, and per
    block type the nearly free ones (1 to NEARLY_FREE_USED pages in use) with
    the free pages inside them. Only wholly free blocks can serve an
    allocation of a block; the nearly free are what a few pages keep from
    it. With @pinned, the blocks (pfn / ppb) that hold a page compaction
    cannot move (pinners()' "pinned"), "nearly_pinned" counts the nearly
    free ones among them per block type: the others hold movable pages
    only, which compaction can move out; else it is None."""
    whole, nearly, nearly_free = 0, {}, 0
    nearly_pinned = None if pinned is None else {}
    pinned = set(pinned or ())
    for line in text.splitlines():
        f = line.split()
        if len(f) != 5 or not f[4].isdigit() or not f[2].isdigit():
            continue
        used = ppb - int(f[4])
        if used == 0:
            whole += 1
        elif 0 < used <= NEARLY_FREE_USED:
            nearly[f[3]] = nearly.get(f[3], 0) + 1
            nearly_free += ppb - used
            if nearly_pinned is not None and int(f[2]) // ppb in pinned:
                nearly_pinned[f[3]] = nearly_pinned.get(f[3], 0) + 1
    return {"whole": whole, "nearly": nearly, "nearly_free": nearly_free,
            "nearly_pinned": nearly_pinned}


def highalloc_results(text):
    """The highalloc module's 'results' file as a dict."""
    r = {"zones": {}}
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "zone":
            r["zones"][f[1]] = int(f[2])
        elif f[0] == "latency_ns":
            r["latency_ns"] = dict(zip(f[1::2], map(int, f[2::2])))
        elif f[0] == "class":
            r["class"] = f[1]
        else:
            r[f[0]] = int(f[1])
    return r


def pinners(text):
    """guest/lib.sh fa_pinners' report: {"pinned_blocks": blocks holding a
    non-movable page (None if not reported), "pinned": those blocks, as
    pfn / pageblock pages, in order (None unless each is listed: an older
    guest listed none), "pinned_free": free pages inside them (None if not
    reported), "rows": [{pages, blocks, page_type, block_type, site}],
    largest first, "nearly_pinned": the nearly free blocks holding a page
    that cannot move and "nearly_held": {"page_type site": [alone, held]},
    those in which the site's pages are the only such and those in which
    it has one (both None if not reported)}"""
    out = {"pinned_blocks": None, "pinned": None, "pinned_free": None, "rows": [],
           "nearly_pinned": None, "nearly_held": None}
    listed, held = set(), {}
    for line in text.splitlines():
        f = line.split()
        if len(f) == 2 and f[0] == "blocks_with_nonmovable" and f[1].isdigit():
            out["pinned_blocks"] = int(f[1])
        elif len(f) == 2 and f[0] == "pinned_block" and f[1].isdigit():
            listed.add(int(f[1]))
        elif len(f) == 2 and f[0] == "free_in_those_blocks" and f[1].isdigit():
            out["pinned_free"] = int(f[1])
        elif len(f) == 2 and f[0] == "nearly_pinned" and f[1].isdigit():
            out["nearly_pinned"] = int(f[1])
        elif len(f) == 5 and f[0] == "nearly_held" and f[1].isdigit() and f[2].isdigit():
            held[f"{f[3]} {f[4]}"] = [int(f[1]), int(f[2])]
        elif len(f) == 5 and f[0].isdigit() and f[1].isdigit():
            out["rows"].append({"pages": int(f[0]), "blocks": int(f[1]), "page_type": f[2],
                                "block_type": f[3], "site": f[4]})
    if out["pinned_blocks"] is not None and len(listed) == out["pinned_blocks"]:
        out["pinned"] = sorted(listed)
    if out["nearly_pinned"] is not None:
        out["nearly_held"] = held
    return out


def samples(evs):
    """{tag: [sample, ...]} from guest/lib.sh fa_sampler's 'sample' events,
    in time order; 't' in seconds since the first sample of the tag"""
    out = {}
    for e in evs:
        if e.get("event") == "sample" and "tag" in e:
            out.setdefault(e["tag"], []).append(dict(e))
    for rows in out.values():
        t0 = rows[0]["t"]
        for r in rows:
            r["t"] = r["t"] - t0
    return out


def series_line():
    """'- series: ...' for a results section: which patches the kernel had"""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "patches", "series")
    try:
        with open(path) as f:
            names = [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]
    except OSError:
        return "- series: unknown (no patches/series)\n"
    return f"- series: the {len(names)} patches of patches/series, the last {names[-1]}\n" \
        if names else "- series: none\n"
