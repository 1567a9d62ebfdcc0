"""Targets for demand: values a callee's own calls returned that reach the caller
inside an object the callee returned (a lexer's token list, the calc_tokens shape).

`pieces` returns a list, so its call is one outcome class per path of `pieces`;
each element is a value `run_end` returned inside `pieces`.  The caller's
conditions on them must be over the caller's own vocabulary (through the call
node of `pieces`), not opaque, or demand's search can never call itself complete.
"""


def run_end(s: str, i: int) -> int:
    """Index just past the run of 'a's that starts at i."""
    while i < len(s) and s[i] == "a":
        i += 1
    return i


def pieces(s: str) -> list:
    """The lengths of the runs of 'a's, split at 'b'; ValueError on anything else."""
    out = []
    i = 0
    while i < len(s):
        if s[i] == "a":
            j = run_end(s, i)
            out.append(j - i)
            i = j
        elif s[i] == "b":
            i += 1
        else:
            raise ValueError("unexpected character")
    return out


def runs_top(s: str) -> str:
    """The bug: two runs of 'a's, the second one longer than the first."""
    p = pieces(s)
    if len(p) == 2 and p[1] > p[0]:
        raise AssertionError("the second run is longer")
    if len(p) == 1 and p[0] == 3:
        return "three"
    return "other"
