"""Best-of-7 CPU runs per second of DART on locate_top.top (n = 4, 8, 16, three times each per trial),
for before/after comparisons of per-run costs (run it from the root of each checkout).
"""
import sys, time
import smartest
kw = {"deepen": False} if "deepen" in smartest.Options.__dataclass_fields__ else {}
best = 0.0
for trial in range(7):
    runs = 0
    t0 = time.process_time()
    for rep in range(3):
        for n in (4, 8, 16):
            runs += smartest.explore("benchmarks/programs/locate_top.py:top", run_dir=None, coverage=False, max_str_len=n, **kw).runs
    best = max(best, runs / (time.process_time() - t0))
print(f"best runs/cpu-s {best:.0f} ({runs} runs per trial)")
