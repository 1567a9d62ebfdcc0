"""The import graph of a source tree, read with `ast` (imports inside functions
included), for the layering test and the architecture figures.

Usage: python3 tests/support/imports.py [SRC_DIR]  prints the cycles, the arrows
that point upward and the largest modules."""
from __future__ import annotations

import ast
import os
import sys
from collections import defaultdict


def modules(src: str, package: str = "smartest") -> dict[str, str]:
    """Dotted module name -> file path, for every module of `package` under `src`."""
    found = {}
    root = os.path.join(src, package)
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(folder, name), src)[:-3].split(os.sep)
            if rel[-1] == "__init__":
                rel = rel[:-1]
            found[".".join(rel)] = os.path.join(folder, name)
    return found


def _imported(tree: ast.AST, here: str, is_package: bool, known: set[str]) -> set[str]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                parts = parts if is_package else parts[:-1]
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:      # `import smartest.a.b` names a module
                name = name.rpartition(".")[0]
            if name and name != here:
                out.add(name)
    return out


def graph(src: str, package: str = "smartest") -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (anywhere in its source)."""
    files = modules(src, package)
    known = set(files)
    edges = {}
    for name, path in files.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        edges[name] = _imported(tree, name, path.endswith("__init__.py"), known)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def layer_of(module: str, layers: dict[str, int]) -> int | None:
    """The rank of a module: its longest prefix listed in `layers`."""
    parts = module.split(".")
    for k in range(len(parts), 0, -1):
        rank = layers.get(".".join(parts[:k]))
        if rank is not None:
            return rank
    return None


def upward(edges: dict[str, set[str]], layers: dict[str, int]) -> list[tuple[str, str]]:
    """Imports from a module to one of a strictly higher layer."""
    bad = []
    for a, targets in edges.items():
        for b in targets:
            la, lb = layer_of(a, layers), layer_of(b, layers)
            if la is not None and lb is not None and lb > la:
                bad.append((a, b))
    return sorted(bad)


def main(argv: list[str]) -> int:
    src = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "src")
    edges = graph(src)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from layers import LAYERS  # the rule lives beside the test
    found = cycles(edges)
    print(f"{len(edges)} modules, {sum(len(v) for v in edges.values())} import arrows")
    print(f"cycles: {len(found)}")
    for comp in found:
        print(f"  {len(comp)} modules: {', '.join(comp)}")
    ups = upward(edges, LAYERS)
    print(f"arrows pointing upward: {len(ups)}")
    for a, b in ups:
        print(f"  {a} -> {b}")
    sizes = sorted(((sum(1 for _ in open(p, encoding='utf-8')), n) for n, p in modules(src).items()), reverse=True)
    print("largest modules: " + ", ".join(f"{n} ({k} lines)" for k, n in sizes[:3]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
