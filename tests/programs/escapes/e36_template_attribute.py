"""string.Template(s).substitute: the symbolic text rides in an attribute (`self.template`).

The call that hands it to C code (`self.pattern.sub(convert, self.template)`) has no
proxy among its arguments or the frame's locals, only inside `self`: an escape channel
(issue 11) that once ended `complete` with three outcomes missed."""
import string


def f(s: str) -> int:
    try:
        r = string.Template(s).substitute(a="Z")
    except KeyError:
        return -2
    except ValueError:
        return -1
    return 1 if "Z" in r else 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -2', 'return -1', 'return 0', 'return 1'],
    'witness': {'return -2': {'s': '$b'}, 'return -1': {'s': '$'}, 'return 0': {'s': ''}, 'return 1': {'s': '$a'}},
}
