"""benchmarks/pl0_paths.py: the abstract paths of the PL/0 benchmark's parser with its
lexer abstracted, counted without the engine (notes/s8-latest3.md's figures rest on
them).  Each valid path is rendered as a string and re-run on the plain parser."""
from __future__ import annotations

import os

import pytest

from support.oracle import load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _tool():
    return load(os.path.join(ROOT, "benchmarks", "pl0_paths.py"))


@pytest.mark.parametrize("tokens, paths, valid", [(6, 4872, 2), (7, 20691, 6)])
def test_the_valid_paths_are_the_ones_the_plain_parser_accepts(tokens, paths, valid):
    tool = _tool()
    found = tool.abstract_paths(tokens)
    assert len(found) == paths and len({tuple(s) for _, s in found}) == paths
    entry = getattr(tool.pl0, f"parse_tokens{tokens}")
    accepted = [s for outcome, s in found if outcome == "valid"]
    assert len(accepted) == valid   # pl0.py's docstring: 2 sequences of 6 tokens, 4 of 7
    for symbols in accepted:
        text = tool.render(symbols)
        assert entry(text) == len(symbols) - 1, text      # the end of input is not a token
        assert tool.min_chars(symbols) == len(text) <= 16
    for outcome, symbols in found[::97]:                     # a sample of the others, re-run too
        if outcome == "error":
            with pytest.raises(ValueError):
                entry(tool.render(symbols))


def test_which_paths_fit_the_string_bound():
    tool = _tool()
    found = tool.abstract_paths(7)
    fit = [s for _, s in found if tool.min_chars(s) <= 16]
    assert len(fit) == 11205
    # `begin a:=0;while` fills 16 characters: no 7th token fits after it
    while_after = [tool.pl0.BEGINSYM, tool.pl0.IDENT, tool.pl0.BECOMES, tool.pl0.NUMBER, tool.pl0.SEMICOLON,
                   tool.pl0.WHILESYM]
    assert tool.render(while_after) == "begin a:=0;while"
    assert tool.min_chars(while_after + [tool.pl0.NUL]) == 17
