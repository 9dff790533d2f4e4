"""Extraction of many abstracts on several CPU cores (a cold run of thousands of abstracts).

Extraction is pure (``extract_paper`` reads only the abstract and the taxonomy) and costs
milliseconds per abstract in pure-Python rules, so a cold run of thousands of abstracts is
spread over worker processes; the results come back in input order, identical to a serial
run. Small batches stay in this process: starting a worker costs more than they take.

Workers are started with the ``spawn`` method (a fresh interpreter, not ``fork``): the MkDocs
plugin runs the generator inside ``mkdocs serve``, whose rebuilds run in a thread, and forking a
process that has threads can deadlock (Python's ``multiprocessing`` documentation, "Contexts
and start methods").
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence

from generator.config.taxonomy import Taxonomy
from generator.extract import extract_paper
from generator.records import Abstract, PaperFacts

# Below this many abstracts to extract, one process is faster (worker start-up).
PARALLEL_MIN = 1000
CHUNK = 100  # abstracts per task: few round trips, still an even spread

_taxonomy: Taxonomy | None = None  # set in each worker by _start


def workers_available() -> int:
    """CPU cores this process may use (its affinity where the OS reports it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def extract_many(todo: Sequence[tuple[Abstract, str]], taxonomy: Taxonomy,
                 jobs: int | None = None, minimum: int = PARALLEL_MIN,
                 done: Callable[[int], None] | None = None) -> Iterator[PaperFacts]:
    """``extract_paper`` over ``(abstract, paper id)`` pairs, in order.

    Args:
        todo: the abstracts to extract with their ids.
        taxonomy: the loaded taxonomy (sent to each worker once).
        jobs: worker processes; ``None``: one per available core; 1: this process only.
        minimum: fewer abstracts than this are extracted in this process.
        done: called with the number of abstracts finished so far, after each one.

    Yields:
        One ``PaperFacts`` per item of ``todo``, in the same order.

    Raises:
        Whatever ``extract_paper`` raises (re-raised here from a worker).
    """
    jobs = workers_available() if jobs is None else jobs
    if jobs <= 1 or len(todo) < max(minimum, 1):
        results: Iterator[PaperFacts] = (extract_paper(a, taxonomy, pid) for a, pid in todo)
        for n, facts in enumerate(results, start=1):
            yield facts
            if done is not None:
                done(n)
        return
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(min(jobs, len(todo)), initializer=_start, initargs=(taxonomy,))
    try:
        for n, facts in enumerate(pool.imap(_extract, todo, chunksize=CHUNK), start=1):
            yield facts
            if done is not None:
                done(n)
    except BaseException:
        # An error or Ctrl-C: stop the workers at once. (A ProcessPoolExecutor could hang at
        # exit when interrupted while its workers were starting.)
        pool.terminate()
        raise
    else:
        pool.close()
    finally:
        pool.join()


def _start(taxonomy: Taxonomy) -> None:
    global _taxonomy
    _taxonomy = taxonomy


def _extract(item: tuple[Abstract, str]) -> PaperFacts:
    return extract_paper(item[0], _taxonomy, item[1])
