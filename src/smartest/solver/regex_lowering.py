"""Lowering of `re_ok` / `re_pos` (terms/regex.py) over a bounded string: the pattern's
automaton unrolled over the positions 0..K of the string.

Two tables of booleans, one entry per (state q, position i):

    acc[q][i]  the backtracking matcher, in state q at position i, can still succeed
               (computed backwards: a character state needs its test on s[i] and
               acc[next][i+1]; a choice needs any alternative; acceptance needs
               i == len for fullmatch, i <= len otherwise)
    vis[q][i]  the matcher's successful path passes through (q, i) (forwards: a
               choice sends the path to its first alternative whose acc holds)

A slot (group boundary) is the last position at which the path saves it; the path's
positions never decrease, so that is the largest i with vis[save][i].  `re.search`
starts at the first i >= pos where acc[start][i] holds; the search that follows an
empty match (ADVANCE) also refuses acceptance at pos itself.  Formulas are linear in
states x positions; every entry is an interned term, so shared subformulas are built
once.
"""
from __future__ import annotations

import weakref

from smartest.solver import charclass, text_lowering
from smartest.terms import build, const
from smartest.terms.regex import ADVANCE, FULL, SEARCH, CharSet, automaton
from smartest.terms.term import Sort, Term

_TRUE, _FALSE = const(True), const(False)
_ZERO = const(0)
_NEWLINE = const(10)
_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # lowering -> key -> (ok, slots)


def _ranges(c: Term, rs) -> Term:
    return charclass.in_ranges(c, rs) if rs else _FALSE


def _class(c: Term, name: str) -> Term:
    if name.startswith("!"):
        return build.not_(_class(c, name[1:]))
    if name == "ascii_isdecimal":
        return _ranges(c, ((48, 57),))
    if name == "ascii_isspace":
        return _ranges(c, ((9, 13), (32, 32)))
    if name == "ascii_word":
        return _ranges(c, ((48, 57), (65, 90), (95, 95), (97, 122)))
    if name == "word":
        return build.or_(build.eq(c, const(95)), charclass.member(c, "isalnum", Sort.STR))
    return charclass.member(c, name, Sort.STR)


def char_test(c: Term, cs: CharSet) -> Term:
    hit = build.or_(_ranges(c, cs.ranges), *(_class(c, name) for name in cs.classes))
    return build.not_(hit) if cs.negate else hit


def _atom(s, i: int, atom: str, ascii_word: bool) -> Term:
    n = s.length
    here, before = s.char(i), s.char(i - 1)
    at_end = build.eq(n, const(i))
    if atom == "begin":
        return _TRUE if i == 0 else _FALSE
    if atom == "begin_line":
        return _TRUE if i == 0 else build.and_(build.le(const(i), n), build.eq(before, _NEWLINE))
    if atom == "end_string":
        return at_end
    if atom == "end":
        return build.or_(at_end, build.and_(build.eq(n, const(i + 1)), build.eq(here, _NEWLINE)))
    if atom == "end_line":
        return build.or_(at_end, build.and_(build.lt(const(i), n), build.eq(here, _NEWLINE)))
    word = "ascii_word" if ascii_word else "word"
    this = build.and_(build.lt(const(i), n), _class(here, word)) if i < s.capacity else _FALSE
    that = build.and_(build.le(const(i), n), _class(before, word)) if i > 0 else _FALSE
    if atom == "boundary":
        return build.not_(_iff(this, that))
    return build.and_(build.lt(_ZERO, n), _iff(this, that))   # \B never holds on ""


def _iff(a: Term, b: Term) -> Term:
    return build.or_(build.and_(a, b), build.and_(build.not_(a), build.not_(b)))


def _tables(lw, t: Term):
    s_term, pattern, flags, mode, pos = t.args[:5]
    cache = _TABLES.setdefault(lw, {})
    key = (s_term, pattern, flags, mode, pos)
    hit = cache.get(key)
    if hit is not None:
        return hit
    a = automaton(pattern.value, flags.value)
    s = lw.seq(s_term)
    n, k = s.length, s.capacity
    mode = mode.value
    states = a.states
    p = lw.lower(pos)
    p = build.ite(build.lt(p, _ZERO), _ZERO, build.ite(build.lt(n, p), n, p))
    acc = [[_FALSE] * (k + 2) for _ in states]
    for i in range(k, -1, -1):
        for q in reversed(a.order):
            st = states[q]
            if st.kind == "accept":
                v = build.eq(n, const(i)) if mode == FULL else build.le(const(i), n)
                if mode == ADVANCE:   # no empty match at the start position
                    v = build.and_(v, build.not_(build.eq(p, const(i))))
            elif st.kind == "char":
                v = _FALSE if i >= k else build.and_(build.lt(const(i), n), char_test(s.chars[i], st.chars),
                                                     acc[st.next[0]][i + 1])
            elif st.kind == "split":
                v = build.or_(*(acc[x][i] for x in st.next))
            elif st.kind == "assert":
                v = build.and_(_atom(s, i, st.atom, st.ascii_word), acc[st.next[0]][i])
            else:
                v = acc[st.next[0]][i]
            acc[q][i] = v
    incoming: dict[tuple[int, int], list[Term]] = {}
    earlier: list[Term] = []
    for i in range(k + 1):
        here = build.and_(build.eq(p, const(i)), acc[a.start][i])
        if mode in (SEARCH, ADVANCE):
            first = build.and_(build.le(p, const(i)), acc[a.start][i])
            here = build.and_(first, *(build.not_(e) for e in earlier))
            earlier.append(first)
        incoming[(a.start, i)] = [here]
    vis = [[_FALSE] * (k + 2) for _ in states]
    for i in range(k + 1):
        for q in a.order:
            v = build.or_(*incoming.get((q, i), ()))
            vis[q][i] = v
            if v is _FALSE:
                continue
            st = states[q]
            if st.kind == "split":
                blocked: list[Term] = []
                for x in st.next:
                    incoming.setdefault((x, i), []).append(build.and_(v, acc[x][i], *(build.not_(b) for b in blocked)))
                    blocked.append(acc[x][i])
            elif st.kind == "char":
                incoming.setdefault((st.next[0], i + 1), []).append(v)
            elif st.kind in ("assert", "save"):
                incoming.setdefault((st.next[0], i), []).append(v)
    ok = build.or_(*(vis[a.start][i] for i in range(k + 1)))
    slots = []
    for slot in range(a.slots):
        savers = [q for q, st in enumerate(states) if st.kind == "save" and st.slot == slot]
        out: Term = const(-1)
        for i in range(k + 1):
            out = build.ite(build.or_(*(vis[q][i] for q in savers)), const(i), out)
        slots.append(out)
    cache[key] = (ok, slots)
    return ok, slots


def re_ok(lw, t: Term) -> Term:
    return _tables(lw, t)[0]


def re_pos(lw, t: Term) -> Term:
    slot = t.args[5]
    slots = _tables(lw, t)[1]
    return slots[slot.value] if 0 <= slot.value < len(slots) else const(-1)


text_lowering.VALUES.update({"re_ok": re_ok, "re_pos": re_pos})
