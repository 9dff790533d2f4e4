"""The per-paper overrides sidecar (issue 4: "A user can override any derived field")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.build import generate
from generator.config import DigestConfig
from generator.errors import InputError

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

ROOT = Path(__file__).resolve().parents[2]


def _config(tmp: Path, overrides: str | None) -> DigestConfig:
    seeds = tmp / "seeds"
    shutil.copytree(ROOT / "seeds", seeds)
    if overrides is not None:
        (seeds / "overrides.yml").write_text(overrides, encoding="utf-8")
    return DigestConfig(seeds_dir=seeds, docs_dir=tmp / "docs", taxonomy=ROOT / "taxonomy.yml",
                        overrides=seeds / "overrides.yml", cache_dir=None)


def _fastvid_id(tmp: Path) -> str:
    result = generate(_config(tmp / "probe", None))
    return next(p.id for p in result.papers if p.facts.name == "FastVID")


def test_override_title_tags_highlight(tmp_path):
    """Overridden fields replace the derived ones on the page and in papers.json."""
    pid = _fastvid_id(tmp_path)
    config = _config(tmp_path / "run", f"""\
{pid}:
  title: "FastVID: Density Pruning for Video LLMs"
  tags: [Video, Efficiency]
  highlight: "FastVID prunes 90% of video tokens."
""")
    result = generate(config)
    paper = next(p for p in result.papers if p.id == pid)
    assert paper.title == "FastVID: Density Pruning for Video LLMs"
    assert paper.slug == "fastvid-density-pruning-for-video-llms"
    record = next(r for r in json.loads((config.docs_dir / "papers.json").read_text())
                  if r["id"] == pid)
    assert record["tags"] == ["Video", "Efficiency"]
    assert record["highlight"] == "FastVID prunes 90% of video tokens."
    page = (config.docs_dir / f"papers/{paper.slug}/index.md").read_text(encoding="utf-8")
    assert "description: FastVID prunes 90% of video tokens." in page


@pytest.mark.parametrize(("body", "message"), [
    ("0123456789ab:\n  title: X\n", "overrides.yml:1: unknown paper id '0123456789ab'"),
    ("{pid}:\n  titel: X\n",
     "overrides.yml:2: {pid}: unknown option 'titel' (known: title, tags, highlight)"),
    ("{pid}:\n  tags: [Vidoe]\n",
     "overrides.yml:2: {pid}: unknown tag 'Vidoe' (the taxonomy's tags: "),
    ("{pid}:\n  tags: Video\n", "overrides.yml:2: {pid}: tags: Expected a list of items"),
    ("# comment\n\n{pid}:\n  title: ''\n",
     "overrides.yml:4: {pid}: title: must be a non-empty string"),
])
def test_bad_override_is_a_clear_error(tmp_path, body, message):
    """A typo in an id, field or tag is an error naming the file and line; nothing written."""
    pid = _fastvid_id(tmp_path)
    config = _config(tmp_path / "run", body.format(pid=pid))
    with pytest.raises(InputError) as err:
        generate(config)
    assert str(err.value).endswith(message.format(pid=pid)) or \
        message.format(pid=pid) in str(err.value)
    assert not config.docs_dir.exists()


def test_every_override_error_is_reported_in_one_run(tmp_path):
    """All errors of overrides.yml at once, each with its line; an unknown tag lists the
    taxonomy's tags (issue 22)."""
    from generator.config.taxonomy import load_taxonomy

    pid = _fastvid_id(tmp_path)
    config = _config(tmp_path / "schema", f"{pid}:\n  titel: X\nabcdef123456:\n  tags: Video\n")
    with pytest.raises(InputError) as err:
        generate(config)
    lines = str(err.value).splitlines()
    assert [line.split(": ", 1)[0][-15:] for line in lines] == ["overrides.yml:2",
                                                                "overrides.yml:4"]
    config = _config(tmp_path / "ids", f"0123456789ab:\n  title: X\n{pid}:\n"
                                       "  title: Y\n  tags: [Vidoe, Efficiency, Audoi]\n")
    with pytest.raises(InputError) as err:
        generate(config)
    names = ", ".join(sorted(load_taxonomy(ROOT / "taxonomy.yml").names))
    assert [line.split("overrides.yml", 1)[1] for line in str(err.value).splitlines()] == [
        ":1: unknown paper id '0123456789ab'",
        f":5: {pid}: unknown tag 'Vidoe' (the taxonomy's tags: {names})",
        f":5: {pid}: unknown tag 'Audoi' (the taxonomy's tags: {names})"]
    assert not config.docs_dir.exists()
