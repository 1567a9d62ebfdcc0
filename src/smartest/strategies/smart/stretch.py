"""The resume stretch: a run that records, past its explored call, what the paper's
resume run would record, so that the resume run need not be made.

The paper resumes the caller by running the saved input I again with the callee
summarized (Figure 3: "return (1, stack[0..k_f - 1], I)").  That run repeats a test
already run: it only records the caller's path past the call with the summary in
place.  Here a run may record that stretch itself: when the innermost explored call
ends, its path summary is added at once, the call is put on the caller's path as a
summarized call is (`_answer`, with the summary as it now stands), and the run goes
on recording exactly as the resume run would, up to the end of the next explored
call.  If the context's search ends with this run (no side left in the callee), the
summary is the one the resume run would have used, and the searcher may take this
stretch instead of running I.

It may if the stretch is the path I's resume run would record.  The last run's
input J is not I: the callee took another path in it (that is why it ran), so it may
return another value, and the solver may have changed inputs the caller reads later.
From J's path the caller's depth-first search starts in another subtree than the
paper's, and DART's, from I's; when J's path is the longer, that can cost far more
than the one run saved (pl0_calls at 16 characters: I = "1fH- …" has no letter
first, J = "a" has one, and the search from J's path never came back to the empty
program "." in 1,500 runs, where DART took 9).  So every run with a region logs its
decisions from the end of the innermost explored call on (`Recorder.log`, the
concrete (site, taken) of every decision, suspended or not, the policy's own answers
left out), and notes for each call that opened a context, and for the region's call,
how the run went on after it and for how many decisions (`tails`).  J's stretch
stands for the resume run if J went on exactly as I did (the same decisions in the
same order make the same path), or for fewer decisions: a depth-first search from a
shorter path has fewer deep sides to exhaust before it comes back up, so it starts
no deeper than the paper's (calc_pure: bug at run 33 from the shorter path, 55 from
I's; incdec: 27 against none in 300 runs).  Otherwise the resume run is made, and
J's stretch is kept as one more path of the caller (searcher.py), so a finished
context costs at most the resume run either way.
"""
from __future__ import annotations

import sys
from typing import Any, Sequence

from smartest.calls.outcomes import outcome_of, symbolic_sort
from smartest.strategies.smart.report import imprecise
from smartest.trace.path import Branch
from smartest.trace.recorder import Recorder

# What the cover cache knows of a calling context (else: the summary version at
# which it was found not covered).  Decisions are kept, so that runs replaying a
# prefix in a context's depth-first search meet the same calls the same way.
COVERED, EXHAUSTED, BOUNDED, INLINE = "covered", "exhausted", "bounded", "inline"
STRETCH = ("resume stretch",)   # the last entry of a directive whose run records one


class ResumeStretch:
    """The resume stretch's part of `SummaryPolicy` (a mixin: it shares the policy's
    state of the run; see the module's docstring)."""

    def _begin_tail(self, entry, result: Any, raised: BaseException | None) -> Any:
        rec, record = entry.call.recorder, entry.call.record
        self._log_from(rec, entry, result, raised)
        if (not (self.stretch or self._one_side(entry)) or rec.truncated or record is None
                or raised is not None and raised is rec.interrupted
                or raised is None and result is not None and symbolic_sort(result) is None
                or not self._add_path(entry, rec.path[record.start:record.end], rec.interrupted)):
            rec.suspended += 1   # the rest of the run is off the path
            return result
        q = entry.qualname
        self.tail_from = len(rec.path)
        self.tail_version = self.summary(q).version
        # From here on the run counts calls and states calling contexts as the resume
        # run would: without the explored call's stretch and the calls inside it.
        self.ordinal = entry.ordinal + 1
        self._prefix = [c for c in (self._root(b.constraint) for b in rec.path[:record.start]) if c.op != "const"]
        self._prefix_len = len(rec.path)
        try:
            return self._answer(rec, q, self.summary(q), *entry.instance, EXHAUSTED, result, raised)
        except Exception as e:  # never the target's exception
            rec.concretize(imprecise(q, f"summary not applied ({type(e).__name__}: {e})"), sys._getframe())
            return result

    @staticmethod
    def _one_side(entry) -> bool:
        """Does a call this run opened a context for leave at most one side to try?
        If that side is infeasible, this run is the context's last."""
        record = entry.call.record
        if entry.key is None or record is None:
            return False
        path = entry.call.recorder.path
        return sum(b.flippable for b in path[record.start:record.end]) <= 1

    def _tail_notes(self, recorder: Recorder) -> dict:
        """The run's path as the resume run would have recorded it (the explored
        call's own stretch cut out) and what the searcher needs of it."""
        record = self.region.call.record
        cut = record.end - record.start
        path = (*recorder.path[:record.start], *recorder.path[record.end:])
        shift = (lambda i: i - cut if i >= record.end else i)
        tail = self.tail_region
        if tail is not None and tail.call.record is not None:
            self._add_path(tail, path[shift(tail.call.record.start):shift(tail.call.record.end)],
                           recorder.interrupted)
        later = [e for e in self.explored if e is not self.region]
        return {
            "path": path,
            "explored": tuple((e.ordinal, e.qualname, shift(e.start), e.key) for e in later),
            "region_end": (shift(tail.call.record.end) if tail is not None and tail.call.record is not None
                           else len(path)),
            "version": self.tail_version,
            "qualname": self.region.qualname,
            "resumed": tuple(e.qualname for e in later if e.resumed),
            "cover": dict(self.tail_cover),
        }

    def stretch_taken(self, notes: dict, instead: bool = True) -> None:
        """The searcher took a run's resume stretch: for the resume run (`instead`), or
        as one more path of the caller besides it."""
        if instead:
            self.resumes_taken += 1
        else:
            self.stretches_kept += 1
        self.cover.update(notes["cover"])
        for q in notes["resumed"]:
            self.stats[q].explored += 1

    def _verdicts(self) -> dict:
        """Where this call's cover verdict goes.  In the resume stretch the callee's
        summary may still grow (the stretch is kept only if it does not), and its
        domain is then an assumption narrower than the resume run's: a calling context
        found covered under it is kept only if the stretch is taken (`stretch_taken`)."""
        return self.tail_cover if self.tail_from is not None else self.cover

    def _resumed_path(self, path: Sequence[Branch]) -> Sequence[Branch]:
        """The path as the resume run records it: in the resume stretch, without the
        explored call's own stretch."""
        if self.tail_from is None:
            return path
        record = self.region.call.record
        return (*path[:record.start], *path[record.end:])

    # -- how the run went on after a call ------------------------------------
    def _log_from(self, rec: Recorder, region, result: Any, raised: BaseException | None) -> None:
        """The region's call ended: log the decisions from here on."""
        rec.log = []
        self._log_marks = {region.ordinal: (0, outcome_of(result, raised))}

    def _log_end(self, entry, result: Any, raised: BaseException | None) -> None:
        """An explored call ended after the region's: if it opened a context, note where
        and how it ended."""
        rec = entry.call.recorder
        if entry.key is not None and rec.log is not None:
            self._log_marks.setdefault(entry.ordinal, (len(rec.log), outcome_of(result, raised)))

    def _tails(self, rec: Recorder) -> dict[int, tuple[int, int]]:
        """For the region's call and each call that opened a context after it: a hash of
        how the call ended (its outcome class is on the caller's path: a value, None, an
        exception) and of the decisions the run made after it, to the run's end, and
        how many decisions those were."""
        log = rec.log
        if log is None:
            return {}
        return {ordinal: (hash((outcome, tuple(log[at:]))), len(log) - at)
                for ordinal, (at, outcome) in self._log_marks.items()}
