"""Container inputs (not from a paper): merging intervals, written for smartest's
support of `list[tuple[int, int]]`, sorting and tuple unpacking.

`merge(spans)` sorts the (start, end) pairs and merges overlapping ones.  The
merge step takes the later interval's end instead of the larger end, so an
interval nested inside an earlier one shortens the merged span; the final check
(every input interval lies inside some merged one) then fails: an
`AssertionError` bug that needs three properly nested or overlapping spans.
Spans with end < start are skipped on purpose.
"""
from __future__ import annotations


def merge(spans: list[tuple[int, int]]) -> int:
    valid = sorted(s for s in spans if s[0] <= s[1])
    merged: list[list[int]] = []
    for start, end in valid:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = end          # bug: should be max(merged[-1][1], end)
        else:
            merged.append([start, end])
    for start, end in valid:
        assert any(m[0] <= start and end <= m[1] for m in merged), "interval lost by the merge"
    return len(merged)


EXPECTED = {
    "function": "merge",
    "bug": "AssertionError: a nested interval shortens the merged span",
    "bug_input": {"spans": [(0, 10), (2, 3)]},
    "unreachable": None,
    "paths": None,
    "paper": "none (written for smartest's container inputs)",
}
