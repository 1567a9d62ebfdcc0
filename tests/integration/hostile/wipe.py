"""The issue's `wipe`: removes a path under a base directory, a file or a tree."""
import os
import shutil

from _guard import BASE, inside


def wipe(name: str):
    p = os.path.join(BASE, "data", name)
    try:
        p = inside(p)
    except PermissionError:
        return "outside"
    if os.path.isdir(p):
        shutil.rmtree(p)
        return "tree"
    if os.path.exists(p):
        os.remove(p)
        return "file"
    return "missing"
