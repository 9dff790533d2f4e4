"""Blind rating rounds are kept in the project (ids, kinds and scores; never abstracts), so a
later round on another machine draws ids that no kept round used."""

from __future__ import annotations

import json

import pytest

from evaluation import rating


def _round(folder, suffix, keys, scores):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"keys{suffix}.json").write_text(json.dumps(keys), encoding="utf-8")
    (folder / f"titles{suffix}.jsonl").write_text('{"abstract": "secret"}\n', encoding="utf-8")
    (folder / f"scores{suffix}_A.jsonl").write_text(
        "".join(json.dumps(row) + "\n" for row in scores), encoding="utf-8")


def test_keep_copies_keys_and_scores_not_titles(tmp_path, monkeypatch, capsys):
    kept = tmp_path / "kept"
    monkeypatch.setattr(rating, "KEPT", kept)
    out = tmp_path / "out"
    _round(out, "_round9", {"t1": ["2401.00001", "derived"], "t2": ["2401.00002", "real"]},
           [{"key": "t1", "score": 2, "acceptable": False},
            {"key": "t2", "score": 5, "acceptable": True}])
    assert rating.keep(out, "_round9") == 0
    assert sorted(p.name for p in kept.iterdir()) == ["keys_round9.json", "scores_round9_A.jsonl"]
    capsys.readouterr()
    assert rating.score(kept, "_round9") == 0
    printed = capsys.readouterr().out
    assert "derived  0/1 acceptable (0.0%), mean score 2.00 of 5" in printed
    assert "real     1/1 acceptable (100.0%), mean score 5.00 of 5" in printed


def test_rated_ids_come_from_the_folder_and_the_kept_rounds(tmp_path, monkeypatch):
    kept = tmp_path / "kept"
    monkeypatch.setattr(rating, "KEPT", kept)
    _round(kept, "_dev3", {"t1": ["2401.00001", "derived"]}, [])
    _round(tmp_path / "out", "_dev4", {"t2": ["2401.00002", "derived"]}, [])
    _round(tmp_path / "out", "_round1", {"t3": ["2401.00003", "derived"]}, [])
    assert rating._rated(tmp_path / "out", "keys_dev*.json") == {"2401.00001", "2401.00002"}
    assert rating._rated(tmp_path / "out", "keys*.json") == {"2401.00001", "2401.00002",
                                                              "2401.00003"}


def test_keep_refuses_a_round_without_scores(tmp_path, monkeypatch):
    monkeypatch.setattr(rating, "KEPT", tmp_path / "kept")
    (tmp_path / "keys_round2.json").write_text("{}", encoding="utf-8")
    with pytest.raises(SystemExit, match="no scores_round2_"):
        rating.keep(tmp_path, "_round2")
