"""The profile hook's view of library code (models/library_reads.py): the arguments
of a C call decoded from the bytecode, and the static test for reads that make no
call.  Each case is checked against what the call really received."""
import sys

from smartest.models import library_reads
from smartest.models.library_reads import call_arguments, reads_without_call
from smartest.symbolic.ints import make_int
from smartest.terms.term import Sort, var


def _decoded_at_c_calls(fn, *args):
    """(callee name, decoded arguments) at every C call `fn` makes."""
    seen = []

    def hook(frame, event, arg):
        if event == "c_call" and frame.f_code is fn.__code__:
            seen.append((getattr(arg, "__name__", ""), call_arguments(frame)))

    sys.setprofile(hook)
    try:
        fn(*args)
    finally:
        sys.setprofile(None)
    return seen


def _calls(n, xs):     # (pop takes the 9 back off)
    xs.insert(n, 9)
    sorted(xs, key=abs)
    max(-n, 0)
    divmod(n, 7)
    xs.pop()


def test_plain_loads_are_decoded_and_computed_arguments_are_not():
    seen = dict(_decoded_at_c_calls(_calls, 5, [3, -4]))
    assert seen["insert"] == ((5, 9), {})
    assert seen["sorted"][1] == {"key": abs} and len(seen["sorted"][0]) == 1
    assert seen["max"] is None            # `-n` is computed: the hook falls back to the frame's locals
    assert seen["divmod"] == ((5, 7), {})
    assert seen["pop"] == ((), {})


def test_the_decoded_list_is_the_object_the_call_received():
    xs = [3, -4]
    seen = dict(_decoded_at_c_calls(_calls, 1, xs))
    assert seen["sorted"][0][0] is xs


def _index(xs, i):
    return xs[i]


def _constant_index(xs):
    return xs[0], xs[1:], xs[-1]


def _bounded_slice(xs, n):
    return xs[1:n]


def _stored(xs, i):
    xs[i] = 0


def _template(n):
    return "%d" % n


def _arithmetic(a, b):
    return a % b


def _counting(n):
    return list(range(n))


def _range_as_a_type(x):
    return isinstance(x, range)


def test_reads_without_call_is_decided_from_the_code():
    assert not reads_without_call(_range_as_a_type.__code__)
    assert reads_without_call(_index.__code__)
    assert not reads_without_call(_constant_index.__code__)
    assert reads_without_call(_bounded_slice.__code__)
    assert reads_without_call(_stored.__code__)
    assert reads_without_call(_template.__code__)
    assert not reads_without_call(_arithmetic.__code__)
    assert reads_without_call(_counting.__code__)


def test_a_symbolic_int_is_found_one_level_down():
    n = make_int(3, var("n", Sort.INT))
    assert library_reads.holds_symbolic_int((n,))
    assert library_reads.holds_symbolic_int(([1, n],))
    assert library_reads.holds_symbolic_int(({"k": n},))
    assert not library_reads.holds_symbolic_int((3, [1, 2], {"k": 3}))
