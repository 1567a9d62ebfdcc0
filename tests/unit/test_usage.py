"""The type an unannotated parameter is explored with, read from its docstring."""
import pytest

from smartest.engine.usage import documented_type


def sphinx(text, n):
    """Do it.

    :type text: str
    :param int n: how many
    """


def google(text, n, flag, ratio):
    """Do it.

    Args:
        text (str): the input.
        n (int, optional): how many.
        flag (bool): whether.
        ratio (float): how much.
    """


def numpy(text, n):
    """Do it.

    Parameters
    ----------
    text : str
        The input.
    n : int
    """


def unions(text, n, items):
    """:type text: str or None
    :type n: int | None
    :type items: list of str
    """


@pytest.mark.parametrize("function,name,expected", [
    (sphinx, "text", str), (sphinx, "n", int),
    (google, "text", str), (google, "n", int), (google, "flag", bool), (google, "ratio", float),
    (numpy, "text", str), (numpy, "n", int),
    (unions, "text", None), (unions, "n", None), (unions, "items", None),
    (unions, "missing", None), (len, "obj", None),
])
def test_a_documented_type_is_read_in_each_usual_form(function, name, expected):
    assert documented_type(function, name) is expected
