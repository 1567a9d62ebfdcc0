"""A version parser: re.match with two groups and an optional third, the groups read
as ints; an optional group that did not take part is None; an assertion about one
version fails."""
import re


def version(s: str) -> str:
    m = re.match(r"^(\d)\.(\d)(?:\.(\d))?$", s)
    if not m:
        return "bad"
    major, minor = int(m.group(1)), int(m.group(2))
    patch = m.group(3)
    if patch is None:
        return "short"
    assert not (major == 1 and minor == 2 and int(patch) == 3)
    return "long"


EXPECTED = {
    "function": "version",
    "reach": ["return 'bad'", "return 'short'", "return 'long'", "bug AssertionError"],
    "never": [],
    "complete": True,
    "max_str_len": 5,
    "witness": {"return 'bad'": {"s": "x"}, "return 'short'": {"s": "1.0"}, "return 'long'": {"s": "1.2.4"},
                "bug AssertionError": {"s": "1.2.3"}},
    "alphabet": "0123.",
}
