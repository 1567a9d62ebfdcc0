"""html.unescape: library code with a compiled pattern.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import html


def f(s: str) -> int:
    if html.unescape(s) == "<":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'max_str_len': 4,
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': '&lt;'}},
}
