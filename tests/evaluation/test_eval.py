"""Tests of ``evaluation.project``: the metric functions, the held-out targets of issue 4, and
the ``paper-digest eval`` command."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from evaluation.project import Counts, compare_sets, evaluate, title_acceptable, total
from generator.cli import main as cli_main

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

ROOT = Path(__file__).resolve().parents[2]
EVAL_DIR = ROOT / "eval"
SEEDS_DIR = ROOT / "seeds"
TAXONOMY = ROOT / "taxonomy.yml"

# Targets on the held-out split (issue 4, "Targets").
MIN_TAG_F1 = 0.85
MIN_TAG_PRECISION = 0.85
LINK_PRECISION = 1.0
LINK_RECALL = 1.0
CODE_STATUS_ACCURACY = 1.0
MAX_TITLE_CHARS = 90
MAX_DUPLICATE_TITLES = 0


@pytest.fixture(scope="module")
def heldout():
    return evaluate(EVAL_DIR, SEEDS_DIR, TAXONOMY).split("heldout")


def test_metric_functions_exact_numbers():
    # expected {a, b, c}, got {b, c, d, e}: tp 2 (b, c), fp 2 (d, e), fn 1 (a)
    c = compare_sets(["a", "b", "c"], ["b", "c", "d", "e"])
    assert c == Counts(tp=2, fp=2, fn=1)
    assert c.precision == pytest.approx(2 / 4)
    assert c.recall == pytest.approx(2 / 3)
    assert c.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))  # = 4/7
    assert c.f1 == pytest.approx(4 / 7)
    # micro-averaging sums counts: (2,2,1) + (3,0,1) = (5,2,2) -> P 5/7, R 5/7
    m = total([c, compare_sets(["x", "y", "z", "w"], ["x", "y", "z"])])
    assert m == Counts(5, 2, 2)
    assert m.precision == pytest.approx(5 / 7)
    assert m.recall == pytest.approx(5 / 7)
    assert m.f1 == pytest.approx(5 / 7)
    # nothing expected and nothing predicted: no error, perfect scores
    assert compare_sets([], []) == Counts(0, 0, 0)
    assert Counts().precision == 1.0 and Counts().recall == 1.0
    assert Counts(0, 1, 1).f1 == 0.0
    # title keys: case-sensitive substring
    assert title_acceptable("FastVID: Dynamic Density Pruning", ["FastVID"])
    assert not title_acceptable("Fastvid: pruning", ["FastVID"])
    assert not title_acceptable("anything", [])


def test_heldout_tags(heldout):
    assert heldout.papers == 30  # eval/extra/heldout.txt (written apart from the rules)
    assert heldout.tags.f1 >= MIN_TAG_F1, f"held-out tag micro-F1 {heldout.tags.f1:.3f}"
    assert heldout.tags.precision >= MIN_TAG_PRECISION, \
        f"held-out tag precision {heldout.tags.precision:.3f}"


def test_heldout_links(heldout):
    assert heldout.urls.precision >= LINK_PRECISION
    assert heldout.urls.recall >= LINK_RECALL
    assert heldout.code.precision >= LINK_PRECISION
    assert heldout.code.recall >= LINK_RECALL


def test_heldout_code_status(heldout):
    wrong = [(c.label.ref, c.label.code_status, c.facts.code_status) for c in heldout.bad_status]
    assert heldout.status_accuracy >= CODE_STATUS_ACCURACY, wrong


def test_heldout_titles_length_and_uniqueness(heldout):
    assert not [c.facts.title for c in heldout.cases if len(c.facts.title) > MAX_TITLE_CHARS]
    assert heldout.duplicate_count <= MAX_DUPLICATE_TITLES, heldout.duplicate_titles


def test_eval_command(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    assert cli_main(["eval"]) == 0
    out = capsys.readouterr().out
    assert "heldout" in out
    assert "tags (micro)" in out


def _eval_dir(tmp_path: Path, extra_labels: str) -> Path:
    """A copy of the evaluation set's layout: the real seed labels plus one extra file."""
    (tmp_path / "labels").mkdir()
    (tmp_path / "extra").mkdir()
    (tmp_path / "labels" / "seeds.yml").write_text(
        (EVAL_DIR / "labels" / "seeds.yml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "extra" / "x.txt").write_text("X\n\nWe propose FooNet.\n\nWe study bars.\n",
                                              encoding="utf-8")
    (tmp_path / "labels" / "x.yml").write_text(extra_labels, encoding="utf-8")
    return tmp_path


GOOD = "- {file: x.txt, abstract: 1, tags: [LLMs], titles: [FooNet], split: heldout}\n"


@pytest.mark.parametrize(("labels", "message"), [
    ("- {file: x.txt, abstract: 1, titles: FooNet}\n",
     "x.yml:1: entry #1: 'titles' must be a list of strings"),
    (GOOD + "- {file: x.txt, abstract: one}\n",
     "x.yml:2: entry #2: 'abstract' must be a whole number from 1, not 'one'"),
    ("- {file: x.txt, abstract: true}\n", "'abstract' must be a whole number"),
    ("- {file: x.txt, abstract: 1.9}\n", "'abstract' must be a whole number"),
    ("- {file: ../labels/seeds.yml, abstract: 1}\n", "'file' must be a file name"),
    ("- {file: /etc/hostname, abstract: 1}\n", "'file' must be a file name"),
    ("- {file: null, abstract: 1}\n", "'file' must be a file name"),
    ("- {file: x.txt, abstract: 1, tags: LLMs}\n", "'tags' must be a list of strings"),
    ("- {file: x.txt, abstract: 1, code: 5}\n", "'code' must be a list of strings"),
    ("- {file: x.txt, abstract: 1, links: [https://a.b]}\n", "'links' must be a list of {url"),
    ("- {file: x.txt, abstract: 1, links: [{url: a}]}\n", "'links' must be a list of {url"),
    ("- {file: x.txt, abstract: 1, tags: [[a, b]]}\n", "'tags' must be a list of strings"),
    (GOOD + GOOD, "x.yml:2: entry #2: x.txt#1 is already labelled (x.yml:1)"),
    ("- [x\n", "x.yml:2: invalid YAML"),
    ("", "expected a YAML list of labels"),
    ("{a: 1}\n", "expected a YAML list of labels"),
])
def test_bad_labels_are_clear_errors(tmp_path, labels, message):
    """Malformed label files name the file, the line and the entry; nothing is reinterpreted
    (a string of titles would otherwise match any title sharing one of its letters)."""
    from generator.errors import InputError

    eval_dir = _eval_dir(tmp_path, labels)
    with pytest.raises(InputError) as err:
        evaluate(eval_dir, SEEDS_DIR, TAXONOMY)
    assert message in str(err.value), err.value
    assert str(err.value).startswith(str(eval_dir / "labels"))


def test_labels_count_and_empty_heldout_summary(tmp_path, capsys):
    """A label file pointing at a real extra file is read; with no held-out labels the
    summary says so instead of printing perfect scores for zero abstracts."""
    from evaluation.project import main as run_eval

    eval_dir = _eval_dir(tmp_path, GOOD.replace("heldout", "tune"))
    result = evaluate(eval_dir, SEEDS_DIR, TAXONOMY)
    seed_labels = yaml.safe_load((EVAL_DIR / "labels" / "seeds.yml").read_text(encoding="utf-8"))
    assert result.split("tune").papers == len(seed_labels) + 1  # x.yml labels one abstract
    assert result.split("heldout").papers == 0
    assert "x.txt: 2 abstracts but 1 labels" in result.label_problems
    run_eval(eval_dir, SEEDS_DIR, TAXONOMY)
    assert "heldout summary: no held-out abstracts" in capsys.readouterr().out


def test_real_report_reads_any_seed_format():
    """``eval --real`` takes any format the digest reads: the records of the examples that
    give a title and an abstract, with their given titles, keyed by file and record."""
    from evaluation.real import read_real
    from generator.read import read_seeds

    paths = sorted((ROOT / "examples").glob("*"))
    records = read_real(paths)
    given = [a for f in paths for a in read_seeds(ROOT / "examples").abstracts
             if a.sources[0].file == f.name and a.text and a.meta.title]
    assert len(records) >= len(given) > 0
    by_key = {r.key: r for r in records}
    assert by_key["papers.bib#1"].title.startswith("{BERT}: Pre-training")
    assert by_key["arxiv.atom#2"].venue == "NeurIPS 2023"


def test_shipped_labels_match_their_files():
    """Every shipped label file lines up with its abstracts: each file's count of abstracts
    (after its header) equals its count of labels (a header read as an abstract shifts
    every label by one paper)."""
    result = evaluate(EVAL_DIR, SEEDS_DIR, TAXONOMY)
    assert result.label_problems == ()
