import os

# Harmless without any sandbox: every path is resolved and must lie strictly inside
# the temporary directory the test passes in SMARTEST_HOSTILE_DIR.
BASE = os.path.realpath(os.environ.get("SMARTEST_HOSTILE_DIR", "/nonexistent-smartest-hostile-dir"))


def inside(path):
    # Resolved as bytes: the check runs on a plain copy of the path, which keeps the
    # solver's work to the target's own logic.
    real = os.path.realpath(os.fsencode(path))
    if not os.path.isdir(BASE) or not real.startswith(os.fsencode(BASE) + b"/"):
        raise PermissionError(f"refusing {real!r}: outside {BASE}")
    return os.fsdecode(real)
