"""Targets whose only symbolic reads happen in code smartest does not own (the package
`silent_library` beside this folder, and the standard library): each asks whether the
library's result is one value, so a search that never solved for that value has
missed an outcome.  `direct_*` call the library function (smartest follows it as a
rewritten shadow); `mapped_*` have C (`map`) call it, so it runs as the interpreter
runs it; the last ones reach collections' Python code, which is watched.  Outcomes
are not declared: the test re-runs every input on the plain function."""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import silent_library as lib  # noqa: E402


def _via_c(fn, x):
    """`fn(x)`, called by C code (map's iterator), as a sort key or a callback is."""
    return next(map(fn, [x]))


def direct_counted(n: int) -> int:
    return 1 if lib.counted(n) == 2 else 0


def mapped_counted(n: int) -> int:
    return 1 if _via_c(lib.counted, n) == 2 else 0


def mapped_range_length(n: int) -> int:
    return 1 if _via_c(lib.range_length, n) == 2 else 0


def mapped_head(n: int) -> int:
    return 1 if _via_c(lib.head, n) == "abc" else 0


def mapped_head_by_slice(n: int) -> int:
    return 1 if _via_c(lib.head_by_slice, n) == "ab" else 0


def mapped_zeros(n: int) -> int:
    return 1 if _via_c(lib.zeros, n) == 3 else 0


def mapped_blank(n: int) -> int:
    return 1 if _via_c(lib.blank, n) == 2 else 0


def mapped_big_endian(n: int) -> int:
    return 1 if _via_c(lib.big_endian, n) == 1 else 0


def mapped_spelled(n: int) -> int:
    return 1 if _via_c(lib.spelled, n) == "42" else 0


def mapped_joined(s: str) -> int:
    return 1 if _via_c(lib.joined, s) == "a-x" else 0


def mapped_placed(n: int) -> int:
    return 1 if _via_c(lib.placed, n) == 0 else 0


def mapped_repeats(n: int) -> int:
    return 1 if _via_c(lib.repeats, n) == 3 else 0


def mapped_quotient(n: int) -> int:
    return 1 if _via_c(lib.quotient, n) == 5 else 0


def mapped_modular(n: int) -> int:
    return 1 if _via_c(lib.modular, n) == 1 else 0


def mapped_root(n: int) -> int:
    return 1 if _via_c(lib.root, n) == 3 else 0


def mapped_indexed(n: int) -> int:
    return 1 if _via_c(lib.indexed, n) == 20 else 0


def mapped_picked(n: int) -> int:
    return 1 if _via_c(lib.picked, n) == 20 else 0


def mapped_percent(n: int) -> int:
    return 1 if _via_c(lib.percent, n) == "42" else 0


def mapped_looked_up(s: str) -> int:
    return 1 if _via_c(lib.looked_up, s) == 2 else 0


def mapped_popped(n: int) -> int:
    return 1 if _via_c(lib.popped, n) == 1 else 0


def direct_range_length(n: int) -> int:
    return 1 if lib.range_length(n) == 2 else 0


def direct_head(n: int) -> int:
    return 1 if lib.head(n) == "abc" else 0


def direct_head_by_slice(n: int) -> int:
    return 1 if lib.head_by_slice(n) == "ab" else 0


def direct_blank(n: int) -> int:
    return 1 if lib.blank(n) == 2 else 0


def direct_big_endian(n: int) -> int:
    return 1 if lib.big_endian(n) == 1 else 0


def direct_joined(s: str) -> int:
    return 1 if lib.joined(s) == "a-x" else 0


def direct_placed(n: int) -> int:
    return 1 if lib.placed(n) == 0 else 0


def direct_repeats(n: int) -> int:
    return 1 if lib.repeats(n) == 3 else 0


def direct_modular(n: int) -> int:
    return 1 if lib.modular(n) == 1 else 0


def direct_root(n: int) -> int:
    return 1 if lib.root(n) == 3 else 0


def direct_indexed(n: int) -> int:
    return 1 if lib.indexed(n) == 20 else 0


def direct_picked(n: int) -> int:
    return 1 if lib.picked(n) == 20 else 0


def direct_percent(n: int) -> int:
    return 1 if lib.percent(n) == "42" else 0


def direct_popped(n: int) -> int:
    return 1 if lib.popped(n) == 1 else 0


def row_cell(n: int) -> int:
    """`Row.__getitem__` runs when the interpreter subscripts the row."""
    return 1 if lib.Row([1, 2, 3])[n] == 2 else 0


def row_widened(n: int) -> int:
    return 1 if lib.Row([1, 2]).widened(n) == 5 else 0


def most_common(n: int) -> int:
    """`Counter.most_common(n)` is collections' Python code: `range(0, -n, -1)`."""
    return 1 if len(collections.Counter("aabbbc").most_common(n)) == 2 else 0


def user_list_cell(n: int) -> int:
    """`UserList.__getitem__` subscripts its plain list with the SymInt."""
    return 1 if collections.UserList([10, 20, 30])[n] == 20 else 0


def user_list_insert(n: int) -> int:
    """`UserList.insert` calls `list.insert` from collections' code."""
    xs = collections.UserList([1, 2, 3])
    xs.insert(n, 9)
    return 1 if xs[0] == 9 else 0


def shelf_holds(n: int) -> int:
    """`in` runs the package class's `__contains__`."""
    return 1 if n in lib.Shelf([1, 2, 3]) else 0


def shelf_plus(n: int) -> int:
    """`+` runs the package class's `__add__`."""
    return 1 if lib.Shelf([1, 2, 3]) + n == 2 else 0


def shelf_called(n: int) -> int:
    """Calling an instance runs the package class's `__call__`."""
    return 1 if lib.Shelf([1, 2, 3])(n) == 2 else 0


class _Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


def own_len(n: int) -> int:
    """An own class's `__len__` returning the SymInt: len() reads it as a C ssize_t."""
    return 1 if len(_Sized(n)) == 2 else 0


def sorted_by_package_key(n: int) -> int:
    """`sorted(key=package.f)`: C calls the key."""
    return 1 if sorted([n], key=lib.picked)[0] == 5 else 0


def max_by_package_key(n: int) -> int:
    return 1 if max([n], key=lib.picked) == 1 else 0
