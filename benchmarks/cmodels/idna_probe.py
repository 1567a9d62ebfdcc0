"""The escapes per callee of ten idna functions (the package whose unfollowed C calls the
s8 field trial listed: bisect on code point tables, unicodedata, `format(n, '04X')`).
DART, 100 runs, strings of at most 4 characters; counts only.  Needs idna installed.

    PYTHONHASHSEED=0 PYTHONPATH=src python3 benchmarks/cmodels/idna_probe.py
"""
import collections, smartest
FUNCS = ["idna.core:_unot", "idna.core:check_nfc", "idna.core:check_initial_combiner", "idna.core:check_hyphen_ok",
         "idna.intranges:intranges_contain", "idna.core:valid_label_length", "idna.core:check_label",
         "idna.core:valid_contextj", "idna.core:valid_contexto", "idna.core:check_bidi"]
total = collections.Counter()
for spec in FUNCS:
    try:
        r = smartest.explore(spec, run_dir=None, coverage=False, deepen=False, strategy="dart", max_runs=100,
                             max_str_len=4, time_limit=300)
    except Exception as e:
        print(spec, "error", type(e).__name__, e); continue
    seen = collections.Counter()
    for c in r.concretizations:
        seen[c.get("callee") or c.get("reason")] += c.get("count", 1)
    total.update(seen)
    print(f"{spec:36} runs {r.runs:4} complete {str(r.complete):5} {dict(seen.most_common(4))}")
print("total:", dict(total.most_common()))
