"""Test names a reviewer reads: what distinguishes a kept test, from the last branch
its path took among those it was kept for.

The coverage replay records, for each test of the minimal suite, the branch arcs
it added (`replay["new_arcs"]`).  The arc leaving the latest line of the target's
file that holds a condition is read back from the source: `if slug in RESERVED:`
taken reads `slug_in_reserved`, not taken `not_slug_in_reserved` (`else_a_and_b`
for a compound condition, whose negation no word list says well); a loop entered
reads `loops_over_title`, skipped or left `ends_loop_over_title`.
"""
from __future__ import annotations

import ast
import functools
import os
import re

MAX_WORDS = 6

_OPS = {ast.Eq: "is", ast.NotEq: "is_not", ast.Lt: "below", ast.LtE: "at_most", ast.Gt: "above",
        ast.GtE: "at_least", ast.In: "in", ast.NotIn: "not_in", ast.Is: "is", ast.IsNot: "is_not"}


@functools.lru_cache(maxsize=64)
def _branch_nodes(path: str) -> dict[int, ast.AST]:
    """Line -> the if/while/for/ternary statement that starts a branch there."""
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    out: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.For, ast.AsyncFor)):
            out.setdefault(node.lineno, node)
    return out


def words(expr: ast.AST) -> str:
    """An expression as identifier words: `len(pw) != 4` -> `len_pw_is_not_4`."""
    parts: list[str] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.Compare):
            walk(node.left)
            for op, right in zip(node.ops, node.comparators):
                parts.append(_OPS.get(type(op), "vs"))
                walk(right)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            parts.append("not")
            walk(node.operand)
        elif isinstance(node, ast.BoolOp):
            for i, v in enumerate(node.values):
                if i:
                    parts.append("and" if isinstance(node.op, ast.And) else "or")
                walk(v)
        elif isinstance(node, ast.Constant):
            text = re.sub(r"\W+", "_", str(node.value)).strip("_")
            parts.append(text or ("empty" if node.value in ("", b"") else "x"))
        else:
            text = re.sub(r"\W+", "_", ast.unparse(node)).strip("_")
            parts.append(text or "x")
    walk(expr)
    joined = "_".join(p for p in parts if p).lower()
    return "_".join(joined.split("_")[:MAX_WORDS])[:40].strip("_")


def arc_phrase(path: str, start: int, end: int) -> str | None:
    node = _branch_nodes(path).get(start)
    if node is None:
        return None
    body_lines = {n.lineno for n in node.body[:1]}
    taken = end in body_lines
    if isinstance(node, (ast.For, ast.AsyncFor)):
        what = f"over_{words(node.iter)}"
        return f"loops_{what}" if taken else f"ends_loop_{what}"
    if isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not):
        positive = words(node.test.operand)
        return f"not_{positive}" if taken else positive
    cond = words(node.test)
    if taken:
        return cond
    return f"else_{cond}" if isinstance(node.test, ast.BoolOp) else f"not_{cond}"


def phrase(new_arcs: list, target_file: str | None) -> str | None:
    """The phrase of the latest conditional arc in the target's file, if any."""
    real = os.path.realpath(target_file) if target_file else None
    best = None
    for file, start, end in new_arcs:
        if real and os.path.realpath(file) != real:
            continue
        text = arc_phrase(file, start, end)
        if text and (best is None or start > best[0]):
            best = (start, text)
    return best[1] if best else None


def phrases(replay: dict, target_file: str | None) -> dict[int, str]:
    """{test index: phrase} for the kept tests whose new arcs say something."""
    out = {}
    for index, arcs in (replay.get("new_arcs") or {}).items():
        text = phrase(arcs, target_file)
        if text:
            out[int(index)] = text
    return out
