"""str methods decided character by character (splitlines, expandtabs, swapcase,
translate with a maketrans table), modelled as loops over modelled operations
(symbolic/text_loops.py).  Before, each read the concrete string and the search
stalled with outcomes missed."""
TABLE = str.maketrans("ab", "xy")


def f(s: str) -> int:
    if s.translate(TABLE) == "xy":
        return 1
    if s.swapcase() == "aB":
        return 2
    if len(s.splitlines()) == 2:
        return 3
    if len(s.expandtabs(4)) > 5:
        return 4
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'return 2', 'return 3', 'return 4'],
    'max_str_len': 3,
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'ab'}, 'return 2': {'s': 'Ab'}, 'return 3': {'s': 'a\nb'},
                'return 4': {'s': '\t\t'}},
}
