"""Regular-expression terms: where a match of a constant pattern starts and ends, and
the compilation of the pattern into the automaton the string lowering unrolls.

`re_pos(s, pattern, flags, mode, pos, slot)` is the position CPython's matcher gives
slot `slot` (2k: start of group k, 2k+1: its end; group 0 is the whole match) when
`pattern` is matched against `s` from `pos` (mode MATCH, FULL or SEARCH), or -1 when
there is no match or the group did not take part.  `re_ok(...)` is whether there is a
match.  Both are defined by CPython's own `re` (`evaluate.OPS`, so constants fold) and
lowered to integer formulas in `solver/regex_lowering.py` from the `Automaton` below.

The automaton is a backtracking program in continuation form: a state is a character
test, an ordered choice (the first alternative is the one the backtracking matcher
tries first: greedy repeats try another iteration first, lazy ones leave first), a
position assertion (`^`, `$`, `\\b`...), a save of the current position into a slot, or
acceptance.  Because a state holds the whole rest of the match, "the backtracking
matcher succeeds from state q at position i" is a property of (q, i) alone, and the
path it takes is the one that, at every choice, takes the first alternative that can
still succeed.  That is exact for the syntax compiled here.  What is not (back
references, lookaround, atomic groups, possessive repeats, conditional groups, the
locale flag, repeats whose body can match the empty string) raises
`Unsupported`, which the models turn into a recorded concretization.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import _sre
from re import _constants as C, _parser

from smartest.terms.evaluate import OPS
from smartest.terms.rewrite import register_op
from smartest.terms.term import Sort, Term, const, make

# ADVANCE: the search that follows an empty match at pos in findall/finditer/sub/split
# (CPython's `must_advance`): a match may start at pos only if it is not empty.
MATCH, FULL, SEARCH, ADVANCE = 0, 1, 2, 3
_METHODS = {MATCH: "match", FULL: "fullmatch", SEARCH: "search"}
MAX_STATES = 4000           # beyond this an unrolled repeat is not worth a formula
MAX_FOLD_CODES = 4000       # the largest case-insensitive set spelled out code by code


class Unsupported(Exception):
    """The pattern uses syntax the automaton cannot express exactly."""


# -- the terms ----------------------------------------------------------------------

def advance_search(compiled: re.Pattern, s: str, pos: int):
    """The match CPython's repeated search finds at pos right after an empty match
    there: the plain search's, unless that is empty at pos; then finditer's next one."""
    m = compiled.search(s, pos)
    if m is None or m.span() != (min(max(pos, 0), len(s)),) * 2:
        return m
    found = compiled.finditer(s, pos)
    next(found)
    return next(found, None)


def _match(s: str, pattern: str, flags: int, mode: int, pos: int):
    compiled = re.compile(pattern, flags)
    if mode == ADVANCE:
        return advance_search(compiled, s, pos)
    return getattr(compiled, _METHODS[mode])(s, pos)


def _re_pos(s, pattern, flags, mode, pos, slot):
    m = _match(s, pattern, flags, mode, pos)
    return -1 if m is None else m.span(slot // 2)[slot % 2]


def _re_ok(s, pattern, flags, mode, pos):
    return _match(s, pattern, flags, mode, pos) is not None


OPS["re_pos"] = _re_pos
OPS["re_ok"] = _re_ok


def _fold(op: str, args: tuple[Term, ...], sort: Sort) -> Term:
    if all(a.op == "const" for a in args):
        return const(OPS[op](*(a.value for a in args)))
    return make(op, args, sort)


def re_ok(s: Term, pattern: Term, flags: Term, mode: Term, pos: Term) -> Term:
    """Does `pattern` match `s` from `pos` (mode MATCH, FULL or SEARCH)?"""
    return _fold("re_ok", (s, pattern, flags, mode, pos), Sort.BOOL)


def re_pos(s: Term, pattern: Term, flags: Term, mode: Term, pos: Term, slot: Term) -> Term:
    """The position of `slot` in that match, -1 when there is none."""
    return _fold("re_pos", (s, pattern, flags, mode, pos, slot), Sort.INT)


register_op("re_ok", re_ok)
register_op("re_pos", re_pos)


@functools.lru_cache(maxsize=256)
def min_width(pattern: str | bytes, flags: int) -> int:
    """The fewest characters a match of `pattern` takes (0 if sre cannot parse it)."""
    try:
        return _parser.parse(pattern, flags).getwidth()[0]
    except Exception:   # noqa: BLE001 - a pattern sre rejects matches nothing: no demand
        return 0


# -- character sets -------------------------------------------------------------------

@dataclass(frozen=True)
class CharSet:
    """Codes given as ranges, plus named classes (`solver/charclass` names, 'word' and
    the ASCII variants), possibly negated."""

    ranges: tuple[tuple[int, int], ...]
    classes: tuple[str, ...] = ()
    negate: bool = False


def _to_ranges(codes) -> tuple[tuple[int, int], ...]:
    out: list[list[int]] = []
    for c in sorted(set(codes)):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return tuple((a, b) for a, b in out)


@functools.lru_cache(maxsize=2)
def _lower_preimages(unicode: bool) -> dict[int, tuple[int, ...]]:
    """y -> every code x != y with lower(x) == y (read from _sre's own case tables)."""
    lower = _sre.unicode_tolower if unicode else _sre.ascii_tolower
    out: dict[int, list[int]] = {}
    for x in range(0x110000 if unicode else 128):
        y = lower(x)
        if y != x:
            out.setdefault(y, []).append(x)
    return {y: tuple(xs) for y, xs in out.items()}


def _folded(lowered: set[int], unicode: bool) -> tuple[tuple[int, int], ...]:
    """Every code whose lower case is in `lowered` (the matcher lowers the subject)."""
    lower = _sre.unicode_tolower if unicode else _sre.ascii_tolower
    pre = _lower_preimages(unicode)
    codes = {y for y in lowered if lower(y) == y}
    for y in lowered:
        codes.update(pre.get(y, ()))
    return _to_ranges(codes)


def _ignore_case(flags: int):
    unicode = bool(flags & C.SRE_FLAG_UNICODE)
    if unicode:
        from re._casefix import _EXTRA_CASES as fixes
        return _sre.unicode_iscased, _sre.unicode_tolower, fixes, unicode
    return _sre.ascii_iscased, _sre.ascii_tolower, {}, unicode


def _category(cat, flags: int) -> str:
    ascii_ = not flags & C.SRE_FLAG_UNICODE
    names = {C.CATEGORY_DIGIT: "isdecimal", C.CATEGORY_SPACE: "isspace", C.CATEGORY_WORD: "word"}
    negated = {C.CATEGORY_NOT_DIGIT: C.CATEGORY_DIGIT, C.CATEGORY_NOT_SPACE: C.CATEGORY_SPACE,
               C.CATEGORY_NOT_WORD: C.CATEGORY_WORD}
    if cat in names:
        return ("ascii_" if ascii_ else "") + names[cat]
    if cat in negated:
        return "!" + _category(negated[cat], flags)
    raise Unsupported(f"category {cat}")


def literal_set(code: int, flags: int, negate: bool = False) -> CharSet:
    if flags & C.SRE_FLAG_IGNORECASE:
        iscased, lower, fixes, unicode = _ignore_case(flags)
        if code > 0xFFFF:
            raise Unsupported("a case-insensitive character outside the BMP")
        if iscased(code):
            lo = lower(code)
            return CharSet(_folded({lo, *fixes.get(lo, ())}, unicode), (), negate)
    return CharSet(((code, code),), (), negate)


def in_set(items, flags: int) -> CharSet:
    """An `IN` item of the parsed pattern: literals, ranges, categories, NEGATE."""
    negate = False
    codes: list[tuple[int, int]] = []
    classes: list[str] = []
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            codes.append((av, av))
        elif op is C.RANGE:
            codes.append(av)
        elif op is C.CATEGORY:
            classes.append(_category(av, flags))
        else:
            raise Unsupported(f"set item {op}")
    if flags & C.SRE_FLAG_IGNORECASE:
        iscased, lower, fixes, unicode = _ignore_case(flags)
        if any(any(map(iscased, range(lo, hi + 1))) for lo, hi in codes):
            if classes:
                raise Unsupported("a case-insensitive set mixing classes and cased letters")
            if sum(hi - lo + 1 for lo, hi in codes) > MAX_FOLD_CODES or any(hi > 0xFFFF for _, hi in codes):
                raise Unsupported("a large case-insensitive set")
            lowered: set[int] = set()
            for lo, hi in codes:
                for c in range(lo, hi + 1):
                    y = lower(c)
                    lowered.add(y)
                    lowered.update(fixes.get(y, ()))
            return CharSet(_folded(lowered, unicode), (), negate)
    return CharSet(_to_ranges(c for lo, hi in codes for c in range(lo, hi + 1))
                   if sum(hi - lo + 1 for lo, hi in codes) <= MAX_FOLD_CODES else tuple(codes),
                   tuple(classes), negate)


# -- the automaton ----------------------------------------------------------------------

@dataclass
class State:
    kind: str                       # "char", "split", "assert", "save", "accept"
    next: tuple[int, ...] = ()      # successors (a split's in priority order)
    chars: CharSet | None = None    # kind "char"
    atom: str = ""                  # kind "assert": begin, end, begin_line, end_line, ...
    slot: int = -1                  # kind "save"
    ascii_word: bool = False        # kind "assert" (\b): which word class


@dataclass(frozen=True)
class Automaton:
    states: tuple[State, ...]
    start: int
    groups: int                     # capturing groups, not counting group 0
    order: tuple[int, ...]          # states, each before the states its epsilon moves reach

    @property
    def slots(self) -> int:
        return 2 * (self.groups + 1)

    @property
    def may_be_empty(self) -> bool:
        """Can a match be empty (acceptance reachable without reading a character)?"""
        seen, stack = {self.start}, [self.start]
        while stack:
            st = self.states[stack.pop()]
            if st.kind == "accept":
                return True
            if st.kind != "char":
                for x in st.next:
                    if x not in seen:
                        seen.add(x)
                        stack.append(x)
        return False


class _Builder:
    def __init__(self) -> None:
        self.states: list[State] = []

    def add(self, state: State) -> int:
        self.states.append(state)
        if len(self.states) > MAX_STATES:
            raise Unsupported("the pattern unrolls to too many states")
        return len(self.states) - 1

    def seq(self, items, flags: int, nxt: int) -> int:
        for op, av in reversed(list(items)):
            nxt = self.item(op, av, flags, nxt)
        return nxt

    def item(self, op, av, flags: int, nxt: int) -> int:
        if op is C.LITERAL or op is C.NOT_LITERAL:
            return self.add(State("char", (nxt,), chars=literal_set(av, flags, op is C.NOT_LITERAL)))
        if op is C.ANY:
            cs = CharSet((), (), True) if flags & C.SRE_FLAG_DOTALL else CharSet(((10, 10),), (), True)
            return self.add(State("char", (nxt,), chars=cs))
        if op is C.IN:
            return self.add(State("char", (nxt,), chars=in_set(av, flags)))
        if op is C.SUBPATTERN:
            group, add, remove, body = av
            # As sre's compiler combines them: a scoped type flag ((?a:...), (?u:...))
            # replaces the pattern's, so (?a:[a-z]) under re.I is ASCII-only.
            type_flags = C.SRE_FLAG_ASCII | C.SRE_FLAG_LOCALE | C.SRE_FLAG_UNICODE
            inner = ((flags & ~type_flags if add & type_flags else flags) | add) & ~remove
            if group is None:
                return self.seq(body, inner, nxt)
            end = self.add(State("save", (nxt,), slot=2 * group + 1))
            return self.add(State("save", (self.seq(body, inner, end),), slot=2 * group))
        if op is C.BRANCH:
            return self.add(State("split", tuple(self.seq(alt, flags, nxt) for alt in av[1])))
        if op is C.MAX_REPEAT or op is C.MIN_REPEAT:
            return self.repeat(av, flags, nxt, greedy=op is C.MAX_REPEAT)
        if op is C.AT:
            return self.add(State("assert", (nxt,), atom=_atom(av, flags), ascii_word=not flags & C.SRE_FLAG_UNICODE))
        raise Unsupported(f"{str(op).lower()} is not modelled")

    def repeat(self, av, flags: int, nxt: int, greedy: bool) -> int:
        low, high, body = av
        unbounded = high == C.MAXREPEAT
        if (unbounded or high > 1) and _nullable(body):
            raise Unsupported("a repeat whose body can match the empty string")
        if unbounded:
            loop = self.add(State("split"))
            first = self.seq(body, flags, loop)
            self.states[loop].next = (first, nxt) if greedy else (nxt, first)
            tail = loop
        else:
            tail = nxt
            for _ in range(high - low):
                first = self.seq(body, flags, tail)
                tail = self.add(State("split", (first, nxt) if greedy else (nxt, first)))
        for _ in range(low):
            tail = self.seq(body, flags, tail)
        return tail


def _atom(at, flags: int) -> str:
    multiline = flags & C.SRE_FLAG_MULTILINE
    table = {C.AT_BEGINNING: "begin_line" if multiline else "begin", C.AT_BEGINNING_STRING: "begin",
             C.AT_END: "end_line" if multiline else "end", C.AT_END_STRING: "end_string",
             C.AT_BOUNDARY: "boundary", C.AT_NON_BOUNDARY: "non_boundary"}
    if at not in table:
        raise Unsupported(f"anchor {at}")
    return table[at]


def _nullable(items) -> bool:
    """Can this sequence of parsed items match the empty string?"""
    for op, av in items:
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
            return False
        if op is C.SUBPATTERN and not _nullable(av[3]):
            return False
        if op is C.BRANCH and not any(_nullable(alt) for alt in av[1]):
            return False
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT) and av[0] > 0 and not _nullable(av[2]):
            return False
    return True


def _order(states: list[State], start: int) -> tuple[int, ...]:
    """A topological order of the epsilon moves (char moves go to the next position)."""
    seen: set[int] = set()
    done: list[int] = []
    for root in [start, *range(len(states))]:
        if root in seen:
            continue
        stack = [(root, iter(states[root].next if states[root].kind != "char" else ()))]
        seen.add(root)
        on_stack = {root}
        while stack:
            q, it = stack[-1]
            child = next(it, None)
            if child is None:
                stack.pop()
                on_stack.discard(q)
                done.append(q)
                continue
            if child in on_stack:
                raise Unsupported("an empty loop")
            if child not in seen:
                seen.add(child)
                on_stack.add(child)
                stack.append((child, iter(states[child].next if states[child].kind != "char" else ())))
    return tuple(reversed(done))


@functools.lru_cache(maxsize=512)
def automaton(pattern: str, flags: int) -> Automaton:
    """The automaton of a str or bytes pattern; raises Unsupported (or re.error for a
    bad one).  Bytes patterns have ASCII classes and case, as CPython's."""
    parsed = _parser.parse(pattern, flags)
    flags = parsed.state.flags
    if flags & C.SRE_FLAG_LOCALE:
        raise Unsupported("the LOCALE flag")
    b = _Builder()
    accept = b.add(State("accept"))
    end = b.add(State("save", (accept,), slot=1))
    body = b.seq(parsed.data, flags, end)
    start = b.add(State("save", (body,), slot=0))
    return Automaton(tuple(b.states), start, parsed.state.groups - 1, _order(b.states, start))


def check(pattern, flags: int) -> str | None:
    """Why the pattern cannot be modelled, or None if it can."""
    try:
        automaton(pattern, flags)
    except Unsupported as e:
        return str(e)
    return None
