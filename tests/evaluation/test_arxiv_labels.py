"""The arXiv label import (evaluation.arxiv): provenance, the held-out rule, agreement, errors."""

import json

import pytest

from evaluation.arxiv import agreement, collect, read_labels, split_of, write_labels
from generator.errors import InputError

TAGS = ("LLMs", "Reasoning", "Agents", "Security")


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _batches(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    _write(out / "batch_00.A.jsonl", [{"id": "2401.00001", "tags": ["LLMs", "Reasoning"]},
                                      {"id": "2401.00002", "tags": ["Agents"]},
                                      {"id": "2401.00003", "tags": []}])
    _write(out / "batch_00.B.jsonl", [{"id": "2401.00001", "tags": ["Reasoning", "LLMs"]},
                                      {"id": "2401.00002", "tags": ["Agents", "Security"]},
                                      {"id": "2401.00003", "tags": ["LLMs"]}])
    _write(out / "batch_01.A.jsonl", [{"id": "2402.00004", "tags": ["Security"]}])
    return out


def test_provenance_and_split(tmp_path):
    out = _batches(tmp_path)
    final = tmp_path / "final.jsonl"
    _write(final, [{"id": "2401.00002", "tags": ["Agents", "Security"]}])
    labels = {lab.id: lab for lab in collect(out, final, TAGS)}
    assert [(i, labels[i].source, labels[i].tags) for i in sorted(labels)] == [
        ("2401.00001", "agreed", ("LLMs", "Reasoning")),
        ("2401.00002", "adjudicated", ("Agents", "Security")),
        ("2401.00003", "pending", ()),
        ("2402.00004", "single", ("Security",)),
    ]
    # every doubly-labelled paper is held out; a single one by the hash of its id
    assert [labels[i].split for i in ("2401.00001", "2401.00002", "2401.00003")] == [
        "heldout"] * 3
    assert labels["2402.00004"].split == split_of("2402.00004", False)
    path = tmp_path / "labels.jsonl"
    write_labels(labels.values(), path)
    assert read_labels(path, TAGS) == sorted(labels.values(), key=lambda lab: lab.id)


def test_hash_split_holds_out_about_one_in_twenty():
    held = sum(split_of(f"2401.{n:05d}", False) == "heldout" for n in range(4000))
    assert 150 <= held <= 250
    assert split_of("2401.00001", True) == "heldout"


def test_agreement_counts_tags(tmp_path):
    # A gave 4 tags, B 6: 3 shared (LLMs, Reasoning, Agents), B added Security and LLMs
    assert agreement(_batches(tmp_path), TAGS) == (3, 3, 2, 0)


def test_unknown_tag_names_file_and_line(tmp_path):
    out = _batches(tmp_path)
    _write(out / "batch_02.A.jsonl", [{"id": "2403.1", "tags": ["LLMs"]},
                                      {"id": "2403.2", "tags": ["Robots"]}])
    with pytest.raises(InputError) as err:
        collect(out, None, TAGS)
    assert (err.value.path, err.value.line) == (str(out / "batch_02.A.jsonl"), 2)
    assert "unknown tag 'Robots'" in err.value.why
