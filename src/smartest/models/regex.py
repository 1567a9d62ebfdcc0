"""Models of `re`: matching a symbolic string against a constant pattern.

Whether a pattern matches is a branch on `re_ok` (terms/regex.py), recorded where the
target called `re.match`, `pattern.search`...; a match is a `SymMatch` whose group
texts are substrings of the subject between `re_pos` terms, so what the target does
with a group (`int(m.group(1))`) stays symbolic.  Whether an optional group took part
(`m.group(3) is None`) is a branch recorded where the group is read.  `findall`,
`finditer`, `sub`, `subn` and `split` search again from the end of each match, one
branch per "is there another match", as a loop records its test (after an empty match
the next search may not match "" at the same place, CPython's rule since 3.7).

A pattern outside the modelled syntax (back references, lookaround, ...: see
terms/regex.py), a symbolic pattern or `endpos` uses CPython on the concrete values
and records a concretization.  Replacement templates (`\\1`, `\\g<name>`) are read by
re's own template parser.

Compiled patterns: `re.compile` answers a `SymPattern` (the real pattern behind it),
and a target module's globals and class attributes bound to compiled patterns at
import time are rebound to one, so `WORD.match(s)` and `self.WORD.match(s)` are
modelled too.  On plain strings every method is the
real one.
"""
from __future__ import annotations

import re
from re import _parser
from types import ModuleType

from smartest.models.modules import register_function
from smartest.models.escapes import BOUND_MODELS
from smartest.models.registry import INSTALL_HOOKS, Journal
from smartest.symbolic.bytestr import SymBytes, make_bytes
from smartest.symbolic.ints import SymInt, int_term, make_int
from smartest.symbolic.realize import realize, term_of
from smartest.symbolic.strs import SymStr, make_str
from smartest.symbolic.text_methods import branch
from smartest.terms import build, const
from smartest.terms import regex as R
from smartest.trace.recorder import record_concretization

_MODES = {"match": R.MATCH, "fullmatch": R.FULL, "search": R.SEARCH}


class SymMatch:
    """A match of a symbolic subject: the real Match, and terms for its slots."""

    def __init__(self, real: re.Match, subject, terms: tuple) -> None:
        self._real, self._subject, self._terms = real, subject, terms

    def _slot(self, slot: int):
        return R.re_pos(*self._terms, const(slot))

    def _index(self, g) -> int:
        g = realize(g)
        if isinstance(g, str):
            i = self._real.re.groupindex.get(g)
            if i is None:
                raise IndexError("no such group")
            return i
        if not isinstance(g, int) or not 0 <= g <= self._real.re.groups:
            raise IndexError("no such group")
        return int(g)

    def _text(self, i: int):
        """Group i's text ('' when it did not take part), with no decision."""
        start, end = self._slot(2 * i), self._slot(2 * i + 1)
        s = term_of(self._subject)
        make = make_bytes if type(self._subject) is SymBytes else make_str
        return make(self._real.group(i) or self._real.string[:0], build.substr(s, start, build.sub(end, start)))

    def _group(self, g, default=None):
        i = self._index(g)
        if i and not branch(build.le(const(0), self._slot(2 * i)), self._real.start(i) != -1):
            return default
        return self._text(i)

    def group(self, *gs):
        if not gs:
            return self._group(0)
        if len(gs) == 1:
            return self._group(gs[0])
        return tuple(self._group(g) for g in gs)

    __getitem__ = _group

    def groups(self, default=None):
        return tuple(self._group(i, default) for i in range(1, self._real.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._group(i, default) for name, i in self._real.re.groupindex.items()}

    def start(self, g=0):
        i = self._index(g)
        return make_int(self._real.start(i), self._slot(2 * i))

    def end(self, g=0):
        i = self._index(g)
        return make_int(self._real.end(i), self._slot(2 * i + 1))

    def span(self, g=0):
        return self.start(g), self.end(g)

    @property
    def string(self):
        return self._subject

    @property
    def lastindex(self):
        record_concretization("Match.lastindex has no symbolic model")
        return self._real.lastindex

    @property
    def lastgroup(self):
        record_concretization("Match.lastgroup has no symbolic model")
        return self._real.lastgroup

    def expand(self, template):
        record_concretization("Match.expand has no symbolic model")
        return self._real.expand(realize(template))

    def __getattr__(self, name):
        return getattr(self._real, name)   # re, pos, endpos, regs

    # re.Match cannot be subclassed; isinstance falls back on `__class__` when the type
    # differs, so `isinstance(m, re.Match)` holds as on CPython (and `type(m)` is
    # re.Match through the `type` model).
    __class__ = property(lambda self: re.Match)
    __smartest_type__ = re.Match

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return repr(self._real)


def _symbolic(*xs) -> bool:
    return any(type(x) in (SymStr, SymInt, SymBytes) for x in xs)


class SymPattern:
    """A compiled pattern whose methods are modelled for symbolic subjects."""

    def __init__(self, real: re.Pattern) -> None:
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)   # pattern, flags, groups, groupindex, scanner

    # As SymMatch: `isinstance(p, re.Pattern)` holds, so the target (and re's own
    # `_compile`, which then hands the pattern back to its models) takes CPython's branch.
    __class__ = property(lambda self: re.Pattern)
    __smartest_type__ = re.Pattern

    def __eq__(self, other) -> bool:
        return self._real == (other._real if isinstance(other, SymPattern) else other)

    def __hash__(self) -> int:
        return hash(self._real)

    def __repr__(self) -> str:
        return repr(self._real)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # -- one match -------------------------------------------------------------
    def _why_not(self) -> str | None:
        return R.check(self._real.pattern, self._real.flags)

    def _one(self, method: str, string, pos, endpos, advance: bool = False):
        """One match; `advance`: the search after an empty match at pos (findall...)."""
        real = getattr(self._real, method)
        if not _symbolic(string, pos):
            if advance:
                return R.advance_search(self._real, string, pos)
            return real(string, pos) if endpos is None else real(string, pos, endpos)
        if isinstance(string, str) != isinstance(self._real.pattern, str) or not isinstance(string, (str, bytes)):
            return real(realize(string), realize(pos))   # raises TypeError like CPython
        why = self._why_not() if endpos is None else "endpos is not modelled"
        why = why or _too_big(string)
        if why is not None:
            record_concretization(f"re {method}: {why}")
            args = (realize(string), realize(pos)) + (() if endpos is None else (realize(endpos),))
            return real(*args)
        plain = realize(string)
        m = R.advance_search(self._real, plain, realize(pos)) if advance else real(plain, realize(pos))
        terms = (term_of(string), const(self._real.pattern), const(int(self._real.flags)),
                 const(R.ADVANCE if advance else _MODES[method]), term_of(pos))
        if not branch(R.re_ok(*terms), m is not None):
            return None
        return SymMatch(m, string, terms)

    def match(self, string, pos=0, endpos=None):
        return self._one("match", string, pos, endpos)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._one("fullmatch", string, pos, endpos)

    def search(self, string, pos=0, endpos=None):
        return self._one("search", string, pos, endpos)

    # -- repeated matches ----------------------------------------------------------
    def _iterable(self, string, method: str, endpos=None, repl="") -> str | None:
        """Why the repeated search cannot be followed symbolically (None: it can); a
        reason is recorded when a proxy is involved."""
        if endpos is not None:
            why = "endpos is not modelled"
        elif not (isinstance(repl, (str, bytes)) or callable(repl)):
            why = "this replacement is not modelled"
        else:
            why = self._why_not() or (_too_big(string) if _symbolic(string) else None)
        if why is not None:
            record_concretization(f"re {method}: {why}")
        return why

    def _matches(self, string, pos=0, count=0):  # count < 0: none, as CPython
        """The successive matches as CPython's repeated search finds them (after an
        empty match, the next may not be empty at the same place): each "another
        match?" and, for a pattern that can match "", each "was it empty?" is a
        recorded decision."""
        found, advance = 0, False
        nullable = R.automaton(self._real.pattern, self._real.flags).may_be_empty
        while not count or found < count:
            m = self._one("search", string, pos, None, advance)
            if m is None:
                return
            yield m
            found += 1
            start, pos = m.start(), m.end()
            advance = nullable and branch(build.eq(int_term(start), int_term(pos)),
                                          int.__int__(start) == int.__int__(pos))

    def finditer(self, string, pos=0, endpos=None):
        if not _symbolic(string, pos) or self._iterable(string, "finditer", endpos):
            return self._real.finditer(realize(string), realize(pos), *(() if endpos is None else (realize(endpos),)))
        return iter(list(self._matches(string, pos)))

    def findall(self, string, pos=0, endpos=None):
        if not _symbolic(string, pos) or self._iterable(string, "findall", endpos):
            return self._real.findall(realize(string), realize(pos), *(() if endpos is None else (realize(endpos),)))
        n = self._real.groups
        out = []
        for m in self._matches(string, pos):
            if n == 0:
                out.append(m._text(0))
            elif n == 1:
                out.append(m._text(1))
            else:
                out.append(tuple(m._text(i) for i in range(1, n + 1)))
        return out

    def _template(self, repl: str) -> list:
        """A replacement string as literal texts and group numbers (re's own parser)."""
        parsed = _parser.parse_template(repl, self._real)
        if isinstance(parsed, tuple):   # 3.11: (groups, literals with None at the groups)
            groups, literals = parsed
            parts = list(literals)
            for index, group in groups:
                parts[index] = group
            return [x for x in parts if x != ""]
        return [x for x in parsed if x != ""]   # 3.12: literals and group numbers

    def subn(self, repl, string, count=0):
        if not _symbolic(string) or self._iterable(string, "sub", repl=repl):
            if callable(repl):
                return self._real.subn(lambda m: realize(repl(m)), realize(string), realize(count))
            return self._real.subn(realize(repl), realize(string), realize(count))
        parts = self._template(repl) if isinstance(repl, (str, bytes)) else None
        out, last, n = string[:0], 0, 0
        for m in self._matches(string, 0, count):
            if parts is None:
                piece = repl(m)
            else:
                piece = string[:0]
                for x in parts:
                    piece = piece + (m._text(x) if isinstance(x, int) else x)
            out = out + string[last:m.start()] + piece
            last = m.end()
            n += 1
        return out + string[last:], n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def split(self, string, maxsplit=0):
        if not _symbolic(string) or self._iterable(string, "split"):
            return self._real.split(realize(string), realize(maxsplit))
        out, last = [], 0
        for m in self._matches(string, 0, maxsplit):
            out.append(string[last:m.start()])
            out.extend(m._group(i) for i in range(1, self._real.groups + 1))
            last = m.end()
        out.append(string[last:])
        return out


# Distinct term nodes of a subject past which matching is not modelled: the lowering
# unrolls the automaton over every position of the subject, and a subject built by
# earlier substitutions (pieces at symbolic offsets: stringcase, inflection chain four
# or five `re.sub`) grew lowerings past minutes at 16 characters.
SUBJECT_NODES = 60


def _too_big(string) -> str | None:
    seen, stack = set(), [term_of(string)]
    while stack:
        t = stack.pop()
        if t is None or id(t) in seen:
            continue
        seen.add(id(t))
        if len(seen) > SUBJECT_NODES:
            return f"a subject of more than {SUBJECT_NODES} term nodes (built by earlier operations) is not modelled"
        stack.extend(t.args)
    return None


def _compiled(pattern, flags=0) -> SymPattern:
    if isinstance(pattern, SymPattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if _symbolic(pattern, flags):
        record_concretization("re: a symbolic pattern is not modelled")
    return SymPattern(re.compile(realize(pattern), realize(flags)))


@register_function("re", "compile")
def compile_(pattern, flags=0):
    return _compiled(pattern, flags)


def _one_pattern_function(name: str) -> None:
    """re.NAME(pattern, string, flags=0) as the compiled pattern's method."""
    def model(pattern, string, flags=0):
        return getattr(_compiled(pattern, flags), name)(string)

    register_function("re", name)(model)


for _name in ("match", "fullmatch", "search", "findall", "finditer"):
    _one_pattern_function(_name)


@register_function("re", "sub")
def sub(pattern, repl, string, count=0, flags=0):
    return _compiled(pattern, flags).sub(repl, string, count)


@register_function("re", "subn")
def subn(pattern, repl, string, count=0, flags=0):
    return _compiled(pattern, flags).subn(repl, string, count)


@register_function("re", "split")
def split(pattern, string, maxsplit=0, flags=0):
    return _compiled(pattern, flags).split(string, maxsplit)


def install_patterns(module: ModuleType, journal: Journal) -> None:
    """Rebind the compiled patterns (made at import) that the module's globals and the
    class attributes of its own classes hold."""
    owners = [c for c in module.__dict__.values() if isinstance(c, type) and c.__module__ == module.__name__]
    for key, value in list(module.__dict__.items()):
        if _is_pattern(value):
            journal.set(module.__dict__, key, SymPattern(value))
    for cls in owners:
        for key, value in list(vars(cls).items()):
            if _is_pattern(value):
                journal.setattr(cls, key, SymPattern(value))


def _is_pattern(value) -> bool:
    return type(value) is re.Pattern


def _pattern_method(pattern: re.Pattern, name: str):
    """The model of a compiled pattern's method reached as a bound C method (a pattern
    a library module compiled, called from code the guard follows)."""
    return getattr(SymPattern(pattern), name) if name in vars(SymPattern) and not name.startswith("_") else None


INSTALL_HOOKS.append(install_patterns)
BOUND_MODELS[re.Pattern] = _pattern_method
