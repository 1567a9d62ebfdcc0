"""Functions whose paths depend on inputs smartest does not make (tests/integration/test_ambient.py).

Each reads one kind of input on its own behalf, directly or through a library; before
engine/ambient.py every one of them was reported `complete` after one run."""
import argparse
import datetime
import logging
import os
import random
import secrets
import sys
import tempfile
import time
import uuid
from datetime import date
from os import environ
from sys import argv
from time import monotonic

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ambient_data.txt")


def argv_direct():
    if len(sys.argv) > 5:
        return "many"
    return "few"


def argv_held():
    return "--verbose" in argv


def argv_argparse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", type=int, default=0)
    args, _ = parser.parse_known_args()
    if args.level > 3:
        return "loud"
    return "quiet"


def env_getenv(x: int):
    if os.getenv("SMARTEST_AMBIENT_FLAG") == "on":
        return x + 1
    return x


def env_held():
    return "SMARTEST_AMBIENT_FLAG" in environ


def stdin_line():
    line = sys.stdin.readline()
    return line.strip() == "yes"


def stdin_input():
    try:
        return input() == "yes"
    except EOFError:
        return None


def asks_a_name(n: int):
    """input() left to raise at the end of stdin: the end of smartest's empty stdin."""
    if n > 3:
        return input("name? ").upper()
    return "small"


def counts_stdin_lines(n: int):
    if n > 0:
        return len(sys.stdin.read().splitlines()) + n
    return 0


def file_read():
    with open(DATA) as f:
        return f.read().strip() == "yes"


def clock_time():
    return time.time() > 4e9


def clock_held():
    return monotonic() < 0


def clock_datetime():
    return datetime.datetime.now().year > 3000


def clock_date():
    return date.today().year > 3000


def random_module():
    return random.randint(1, 6) == 6


def random_bytes():
    return os.urandom(1) == b"\0"


def random_uuid():
    return uuid.uuid4().hex.startswith("0")


def random_secrets():
    return secrets.token_hex(1) == "00"


def random_seeded():
    random.seed(7)
    return random.randint(1, 6) == 6


def pure(x: int):
    if x > 3:
        return "big"
    return "small"


def uses_tempfile(x: int):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "n.txt")
        with open(path, "w") as f:
            f.write("n")
        with open(path) as f:
            f.read()
    if x > 3:
        return "big"
    return "small"


def uses_logging(x: int):
    logging.getLogger("smartest-ambient-test").warning("checking")
    if x > 3:
        return "big"
    return "small"


def parses_given_list(x: int):
    parser = argparse.ArgumentParser(prog="tool")
    parser.add_argument("--n", type=int, default=0)
    args = parser.parse_args(["--n", "5"])
    if x > args.n:
        return "above"
    return "below"


def imports_lazily(x: int):
    # The module reads the environment while it is imported: the import's business.
    import ambient_imported
    if x > ambient_imported.LIMIT:
        return "big"
    return "small"


def localtime_of(n: int):
    # A proxy handed to a clock function that is given its time: no clock read, but the
    # C function reads the concrete value (an escape, as before the stand-ins).
    if time.gmtime(n).tm_year == 1971:
        return "1971"
    return "other"


def clock_local_import():
    import datetime as dt      # imported where it is used, as humanize does
    return dt.datetime.now().year > 3000


def pickles_a_date(x: int):
    import pickle
    import datetime as dt
    again = pickle.loads(pickle.dumps(dt.datetime(2000, 1, 1)))
    if x > again.month:
        return "after"
    return "before"


def imports_clock_helper(x: int):
    import ambient_imported_clock
    if x > ambient_imported_clock.LIMIT:
        return "big"
    return "small"


def env_subscript():
    try:
        return os.environ["SMARTEST_AMBIENT_FLAG"] == "on"
    except KeyError:
        return None


def file_pathlib():
    import pathlib
    return pathlib.Path(DATA).read_text().strip() == "yes"


def lists_dir():
    return len(os.listdir(os.path.dirname(DATA))) > 100


def clock_strftime():
    return time.strftime("%Y") == "3000"


def date_or_datetime(x: int):
    """`type(v) is date` tells a date from a datetime (a datetime is a date too): the
    watched twins of a run must not change that answer."""
    v = datetime.datetime(2024, 1, 2, 3) if x > 0 else date(2024, 1, 2)
    if type(v) is date:
        return "date"
    if type(v) is datetime.datetime:
        return "datetime"
    return "neither"
