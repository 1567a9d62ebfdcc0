"""The type an unannotated parameter is explored with, read from its docstring."""
import pytest

from smartest.engine.usage import documented_type, example_type


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


def abbreviate(string, keep=1):
    """Shorten.

    >>> abbreviate('abcdef')
    'a4f'
    >>> print(abbreviate("localization", keep=2))
    lo8on
    """


def join_args(args, sep=" "):
    """>>> join_args(['aa', '[bb]'], sep=',')"""


def mixed(x):
    """>>> mixed(1)
    >>> mixed('a')
    >>> other(2.5)
    """


@pytest.mark.parametrize("function,name,expected", [
    (abbreviate, "string", str), (abbreviate, "keep", int),
    (join_args, "args", list[str]), (join_args, "sep", str),
    (mixed, "x", None), (sphinx, "text", None),
])
def test_a_docstring_examples_literal_gives_the_type(function, name, expected):
    assert example_type(function, name) == expected


def checks_text(text):
    if isinstance(text, str):
        return 1
    elif isinstance(text, (bytes, bytearray)):
        return 2
    raise ValueError("expected text or bytes")


def checks_one(n):
    if not isinstance(n, int):
        raise TypeError("n")
    return n.bit_length()


def test_isinstance_tests_give_the_union_of_the_types_tested():
    import typing
    from smartest.engine.usage import inferred_type
    assert inferred_type(checks_text, "text") == typing.Union[str, bytes]
    assert inferred_type(checks_one, "n") is int


def checked_and_shown(text):
    """>>> checked_and_shown('abc')"""
    if isinstance(text, str):
        return text.isascii()
    if isinstance(text, bytes):
        return text.isascii()
    raise ValueError("expected text or bytes")


def test_several_isinstance_types_come_before_one_example_and_an_example_before_the_uses():
    import typing
    from smartest.engine.usage import guessed_type
    assert guessed_type(checked_and_shown, "text") == (typing.Union[str, bytes], "from the isinstance tests in the body")
    assert guessed_type(abbreviate, "string") == (str, "from its docstring's examples")
    assert guessed_type(sphinx, "text") == (str, "from its docstring")
    assert guessed_type(checks_one, "n") == (int, "from its uses in the body")
    assert guessed_type(mixed, "x") == (None, "--default-type")
