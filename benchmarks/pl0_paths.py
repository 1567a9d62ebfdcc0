"""The abstract paths of `programs/pl0.py`'s parser with its lexer abstracted, counted.

LATEST's lazy search explores the parser over free token symbols: each `getsym`
answers a symbol, and the parser's comparisons split the symbols into classes.  This
enumerates those classes exactly, without the engine: the parser is run on symbol
sequences whose symbols record the constants they are compared with, so that at
each read the alternatives are those constants plus one symbol equal to none of
them.  It prints how many abstract paths the bounded parser has, how many are
valid programs, how many a string of n characters can hold (a lower bound on
each sequence's characters: keyword and operator lengths, and the blank two
adjacent words or numbers need), and the sizes of the subtrees a depth-first
search goes through.  It is how notes/s8-latest3.md says why 2,000 runs of the
lazy search make at most a few valid programs: they are 6 of 20,691 paths.

    python benchmarks/pl0_paths.py --tokens 7 --n 16
"""
from __future__ import annotations

import argparse
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "programs"))

import pl0  # noqa: E402

OTHER = 99   # a symbol none of the parser's comparisons names
NAMES = dict(enumerate("NUL EOF id num := ; = < + - * / ( ) . begin end if then while do".split()))
WORDS = {pl0.IDENT, *pl0.KEYWORD_SYMS}


class Symbol(int):
    """A token symbol that records what the parser compares it with."""

    compared: set = set()

    def __eq__(self, other):
        Symbol.compared.add(int(other))
        return int(self) == int(other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = int.__hash__


class OutOfSymbols(Exception):
    pass


def run(symbols: list[int], tokens: int) -> tuple[str, list[set]]:
    """The parser over `symbols` ("valid", "error", or "more": it read past them),
    and at each read the constants the symbol read was compared with."""
    compared: list[set] = []
    supply = iter(symbols)

    def getsym(cur) -> None:
        try:
            value = next(supply)
        except StopIteration:
            raise OutOfSymbols from None
        Symbol.compared = set()
        compared.append(Symbol.compared)
        cur.sym = Symbol(value)
        if cur.sym == pl0.NUL:
            raise ValueError("lexical error")
        if cur.sym != pl0.EOF:
            cur.count += 1
            if cur.count > tokens:
                raise ValueError("too many tokens")

    saved = pl0.getsym
    pl0.getsym = getsym
    try:
        pl0.parse_bounded("", tokens)
        return "valid", compared
    except ValueError:
        return "error", compared
    except OutOfSymbols:
        return "more", compared
    finally:
        pl0.getsym = saved


def abstract_paths(tokens: int) -> list[tuple[str, list[int]]]:
    """Every abstract path: (outcome, the symbol read at each getsym)."""
    paths = []
    stack = [[]]
    while stack:
        prefix = stack.pop()
        _, compared = run(prefix + [OTHER], tokens)
        for value in sorted(compared[len(prefix)]) + [OTHER]:
            symbols = prefix + [value]
            outcome, _ = run(symbols, tokens)
            if outcome == "more":
                stack.append(symbols)
            else:
                paths.append((outcome, symbols))
    return paths


TEXT = {pl0.IDENT: "a", pl0.NUMBER: "0", pl0.BECOMES: ":=", pl0.SEMICOLON: ";", pl0.EQL: "=", pl0.LSS: "<",
        pl0.PLUS: "+", pl0.MINUS: "-", pl0.TIMES: "*", pl0.SLASH: "/", pl0.LPAREN: "(", pl0.RPAREN: ")",
        pl0.PERIOD: ".", pl0.NUL: "!", **dict(zip(pl0.KEYWORD_SYMS, pl0.KEYWORDS))}


def render(symbols: list[int]) -> str:
    """The shortest input whose tokens are these symbols, up to the end of input.
    OTHER, a symbol the parser did not expect, is written as a one-character
    symbol: only its length counts (the path is an error either way)."""
    out, before = [], None
    for value in symbols:
        if value == pl0.EOF:
            break
        if value == OTHER:
            value = pl0.SEMICOLON if before != pl0.SEMICOLON else pl0.EQL
        if before is not None and ((before in WORDS and value in WORDS) or before == value == pl0.NUMBER):
            out.append(" ")
        out.append(TEXT[value])
        before = value
    return "".join(out)


def min_chars(symbols: list[int]) -> int:
    """The fewest characters an input following these symbols has."""
    return len(render(symbols))


def show(symbols) -> str:
    return " ".join(NAMES.get(v, "?") for v in symbols)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tokens", type=int, default=7, help="the parser's token bound (parse_tokens<k>)")
    p.add_argument("--n", type=int, default=16, help="the string bound (--max-str-len)")
    p.add_argument("--prefix", type=int, default=4, help="subtree sizes by the first this many symbols")
    args = p.parse_args(argv)
    paths = abstract_paths(args.tokens)
    fit = [(o, s) for o, s in paths if min_chars(s) <= args.n]
    print(f"parse_tokens{args.tokens}: {len(paths)} abstract paths, {sum(o == 'valid' for o, _ in paths)} valid; "
          f"{len(fit)} fit in {args.n} characters, {sum(o == 'valid' for o, _ in fit)} valid")
    for outcome, symbols in paths:
        if outcome == "valid":
            print(f"  valid: {show(symbols)}  ({render(symbols)!r}, {min_chars(symbols)} characters)")
    sizes = collections.Counter(show(s[:args.prefix]) for _, s in fit)
    valid = collections.Counter(show(s[:args.prefix]) for o, s in fit if o == "valid")
    print(f"subtrees by the first {args.prefix} symbols (paths that fit; valid):")
    for prefix, count in sorted(sizes.items(), key=lambda kv: -kv[1])[:12]:
        print(f"  {count:6} {valid.get(prefix, 0):3}  {prefix}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
