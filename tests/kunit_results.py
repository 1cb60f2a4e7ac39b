#!/usr/bin/env python3
"""kunit_results.py JSON: flatten kunit.py's JSON into 'STATUS suite.case'."""
import json
import sys


def walk(group, prefix):
    name = group.get("name", "")
    path = f"{prefix}.{name}" if prefix and name else (name or prefix)
    for case in group.get("test_cases", []):
        print(case.get("status", "FAIL"), f"{path}.{case.get('name', '?')}")
    for sub in group.get("sub_groups", []):
        walk(sub, path)


with open(sys.argv[1]) as f:
    walk(json.load(f), "")
