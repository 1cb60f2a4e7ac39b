#!/usr/bin/env python3
"""md_section.py FILE NAME LINE...: replace (or append) the generated
section NAME of a markdown file, between '<!-- NAME:begin -->' and
'<!-- NAME:end -->', with LINE.... scripts/report.py keeps such sections
when it regenerates docs/RESULTS.md."""
import re
import sys

path, name, *lines = sys.argv[1:]
begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
block = "\n".join([begin, *lines, end]) + "\n"
try:
    text = open(path).read()
except FileNotFoundError:
    text = ""
pat = re.compile(re.escape(begin) + r".*?" + re.escape(end) + r"\n?", re.S)
text = pat.sub(lambda m: block, text) if pat.search(text) else text.rstrip("\n") + "\n\n" + block
open(path, "w").write(text)
