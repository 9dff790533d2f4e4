"""Step 5, write (and catalog slugs): owned, atomic, incremental output."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from conftest import ROOT

from generator.build import generate
from generator.catalog import build_catalog, make_slug
from generator.config import DigestConfig
from generator.errors import InputError, OutputError
from generator.read import read_seeds
from generator.records import Abstract, PaperFacts, Source
from generator.write import MANIFEST, write_docs


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: relative path -> (bytes, mtime_ns)."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_hand_written_page_untouched(tmp_path: Path) -> None:
    """A hand-written page beside generated ones keeps its bytes and mtime."""
    docs = tmp_path / "docs"
    docs.mkdir()
    about = docs / "about.md"
    about.write_text("# About\n", encoding="utf-8")
    os.utime(about, ns=(1_000_000_000, 1_000_000_000))
    write_docs(docs, {"papers/a.md": "A\n"})
    write_docs(docs, {"papers/b.md": "B\n"})
    assert about.read_bytes() == b"# About\n"
    assert about.stat().st_mtime_ns == 1_000_000_000
    assert sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md")) == [
        "about.md", "papers/b.md"]


def test_collision_with_hand_written_file(tmp_path: Path) -> None:
    """A generated path that would overwrite a hand-written file raises and changes nothing."""
    docs = tmp_path / "docs"
    write_docs(docs, {"papers/a.md": "A\n", "index.md": "home\n"})
    (docs / "code.md").write_text("mine\n", encoding="utf-8")
    before = snapshot(docs)
    with pytest.raises(OutputError, match=r"code\.md: exists and was not written by"):
        write_docs(docs, {"papers/a.md": "A changed\n", "index.md": "home\n",
                          "code.md": "generated\n"})
    assert snapshot(docs) == before
    assert not list(tmp_path.glob(".paper-digest-staging-*"))


@pytest.mark.parametrize("bad", ["../escape.md", "/abs.md", "papers/../../x.md"])
def test_refuses_paths_outside_docs(tmp_path: Path, bad: str) -> None:
    """Paths that leave the docs folder are refused before anything is written."""
    docs = tmp_path / "docs"
    with pytest.raises(OutputError, match="refusing to write outside the docs folder"):
        write_docs(docs, {"ok.md": "x\n", bad: "y\n"})
    assert not (docs / "ok.md").exists()
    assert not (tmp_path / "escape.md").exists()


def test_removed_pages_are_removed(tmp_path: Path) -> None:
    """Pages no longer generated are deleted (and emptied folders pruned)."""
    docs = tmp_path / "docs"
    write_docs(docs, {"papers/a.md": "A\n", "papers/b.md": "B\n", "tags/t.md": "T\n"})
    report = write_docs(docs, {"papers/a.md": "A\n"})
    assert report.removed == ("papers/b.md", "tags/t.md")
    assert report.unchanged == ("papers/a.md",)
    assert report.written == ()
    assert not (docs / "papers" / "b.md").exists()
    assert not (docs / "tags").exists()
    assert (docs / MANIFEST).exists()


def test_unchanged_files_keep_mtime(tmp_path: Path) -> None:
    """Writing the same content twice leaves bytes and st_mtime_ns unchanged."""
    docs = tmp_path / "docs"
    files = {"papers/a.md": "A é\n", "index.md": "home\n"}
    write_docs(docs, files)
    first = snapshot(docs)
    time.sleep(0.02)
    report = write_docs(docs, files)
    assert report.written == () and sorted(report.unchanged) == ["index.md", "papers/a.md"]
    assert snapshot(docs) == first


def test_changed_file_rewritten_others_kept(tmp_path: Path) -> None:
    """Only a changed file is rewritten; the others keep their mtime."""
    docs = tmp_path / "docs"
    write_docs(docs, {"a.md": "A\n", "b.md": "B\n"})
    before = snapshot(docs)
    time.sleep(0.02)
    report = write_docs(docs, {"a.md": "A2\n", "b.md": "B\n"})
    assert report.written == ("a.md",)
    after = snapshot(docs)
    assert after["b.md"] == before["b.md"]
    assert after["a.md"][0] == b"A2\n"


def _project(tmp_path: Path) -> DigestConfig:
    seeds = tmp_path / "seeds"
    shutil.copytree(ROOT / "seeds", seeds)
    return DigestConfig(seeds_dir=seeds, docs_dir=tmp_path / "docs_src",
                        taxonomy=ROOT / "taxonomy.yml", overrides=seeds / "overrides.yml")


@pytest.mark.e2e
def test_generate_twice_keeps_mtimes(tmp_path: Path) -> None:
    """A second generate over the same seeds rewrites nothing."""
    config = _project(tmp_path)
    first = generate(config)
    assert len(first.papers) == len(read_seeds(config.seeds_dir).abstracts)
    before = snapshot(config.docs_dir)
    time.sleep(0.02)
    second = generate(config)
    assert second.report.written == () and second.report.removed == ()
    assert snapshot(config.docs_dir) == before


@pytest.mark.e2e
def test_failed_run_leaves_docs_identical(tmp_path: Path) -> None:
    """An invalid UTF-8 seed makes generate fail and leaves docs_src byte-identical."""
    config = _project(tmp_path)
    generate(config)
    (config.docs_dir / "about.md").write_text("hand\n", encoding="utf-8")
    before = snapshot(config.docs_dir)
    (config.seeds_dir / "zz_bad.txt").write_bytes(b"Coll\n\nok\n\nbad \xfe byte\n")
    with pytest.raises(InputError) as info:
        generate(config)
    assert str(info.value) == (f"{config.seeds_dir.name}/zz_bad.txt:5: not valid UTF-8 "
                               "(byte offset 14): invalid start byte: byte 0xFE at column 5 "
                               "('þ' in cp1252) is a stray byte in a file that is otherwise "
                               "valid UTF-8: retype that character at line 5, column 5, and "
                               "save the file as UTF-8")
    assert snapshot(config.docs_dir) == before
    assert not list(tmp_path.glob(".paper-digest-staging-*"))


@pytest.mark.e2e
def test_removed_abstract_page_removed(tmp_path: Path) -> None:
    """Dropping a seed file removes exactly its papers' pages."""
    config = _project(tmp_path)
    full = generate(config)
    dropped = config.seeds_dir / "004_a38beb135b691666.txt"
    in_dropped = sum(s.file == dropped.name for p in full.papers for s in p.facts.abstract.sources)
    dropped.unlink()
    less = generate(config)
    assert len(less.papers) == len(full.papers) - in_dropped
    gone = {f"papers/{p.slug}/index.md" for p in full.papers} - {
        f"papers/{p.slug}/index.md" for p in less.papers}
    assert len(gone) == in_dropped > 0
    assert gone <= set(less.report.removed)
    assert sorted(p.parent.name for p in (config.docs_dir / "papers").glob("*/index.md")) == (
        sorted(p.slug for p in less.papers))


def _facts(text: str, title: str, pid: str, collection: str = "C") -> PaperFacts:
    return PaperFacts(abstract=Abstract(text, collection, (Source("a.txt", 1, 3),)), id=pid,
                      name=None, title=title, highlight=text, tags=(), links=(), code=(),
                      hub=(), code_status="none")


def test_colliding_titles_distinct() -> None:
    """Colliding titles get distinct titles and slugs: collection first, then id."""
    papers = build_catalog((
        _facts("one", "Same Title", "aaaaaa111111", "C1"),
        _facts("two", "same title", "bbbbbb222222", "C2"),
        _facts("three", "Same Title", "cccccc333333", "C1"),
        _facts("four", "Same Title", "dddddd444444", "C1"),
    ))
    assert [p.title for p in papers] == ["Same Title", "same title (C2)", "Same Title (C1)",
                                         "Same Title (dddddd)"]
    assert [p.slug for p in papers] == ["same-title", "same-title-c2", "same-title-c1",
                                        "same-title-dddddd"]
    assert papers[3].url == "papers/same-title-dddddd/"


def test_slug_collision_from_different_titles() -> None:
    """Different titles that slugify alike still get distinct slugs."""
    papers = build_catalog((_facts("a", "Foo: Bar", "111111aaaaaa"),
                            _facts("b", "Foo Bar!", "222222bbbbbb")))
    assert [p.slug for p in papers] == ["foo-bar", "foo-bar-222222"]


@pytest.mark.parametrize(("title", "slug"), [
    ("Schrödinger Bridge ×2", "schrodinger-bridge-x2"),
    ("λ-Orthogonality: Relaxed", "l-orthogonality-relaxed"),
    ("../../etc/passwd", "etc-passwd"),
    ("中文", "zhong-wen"),
    ("🚀🚀", "fallbackid12"),
    ("<script>alert(1)</script>", "script-alert-1-script"),
])
def test_slug_ascii(title: str, slug: str) -> None:
    """Slugs are ASCII [a-z0-9-], never escape papers/, fall back to the id."""
    assert make_slug(title, "fallbackid12") == slug


@pytest.mark.e2e
def test_seed_slugs_ascii_and_unique(tmp_path: Path) -> None:
    """All seed papers have unique ASCII slugs of at most 60 characters and unique titles."""
    result = generate(_project(tmp_path))
    slugs = [p.slug for p in result.papers]
    assert len(set(slugs)) == len(slugs)
    assert len({p.title.lower() for p in result.papers}) == len(slugs)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", s) and len(s) <= 60 for s in slugs)


# Found by a hostile review of the manifest and the cache (each once failed).
@pytest.mark.parametrize("entry", ["../outside.txt", "/tmp/abs.txt", ".", "a/../b.md"])
def test_manifest_paths_outside_docs_are_refused(tmp_path: Path, entry: str) -> None:
    """A manifest naming a path outside docs_dir is unreadable: nothing is deleted."""
    import json

    docs = tmp_path / "docs"
    write_docs(docs, {"papers/a.md": "A\n"})
    outside = tmp_path / "outside.txt"
    outside.write_text("keep\n", encoding="utf-8")
    data = json.loads((docs / MANIFEST).read_text(encoding="utf-8"))
    data["files"][entry] = None
    (docs / MANIFEST).write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(OutputError, match="unreadable manifest"):
        write_docs(docs, {"papers/a.md": "A\n"})
    assert outside.read_text(encoding="utf-8") == "keep\n"


def test_file_where_a_folder_goes_is_reported_before_writing(tmp_path: Path) -> None:
    """A file named like a generated folder ("tags") stops the run before anything is
    written, naming it; so does a folder where a generated file goes."""
    docs = tmp_path / "docs"
    write_docs(docs, {"papers/a.md": "A\n", "tags/t.md": "T\n"})
    shutil.rmtree(docs / "tags")
    (docs / "tags").write_text("my notes\n", encoding="utf-8")
    before = snapshot(docs)
    with pytest.raises(OutputError, match=r"tags: is a file"):
        write_docs(docs, {"papers/a.md": "A2\n", "tags/t.md": "T\n"})
    assert snapshot(docs) == before
    (docs / "tags").unlink()
    (docs / "papers" / "b.md").mkdir()
    with pytest.raises(OutputError, match=r"b.md: is a folder"):
        write_docs(docs, {"papers/a.md": "A2\n", "papers/b.md": "B\n"})
    assert (docs / "papers" / "a.md").read_text(encoding="utf-8") == "A\n"


def test_staging_happens_inside_the_docs_folder(tmp_path: Path, monkeypatch) -> None:
    """Files are staged on the docs folder's own file system (a docs folder that is a
    symbolic link to, or a mount of, another file system once failed with EXDEV)."""
    import tempfile

    seen: list[Path] = []
    mkdtemp = tempfile.mkdtemp

    def spy(*args, **kwargs):
        seen.append(Path(kwargs["dir"]))
        return mkdtemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkdtemp", spy)
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "docs").symlink_to(real)
    write_docs(tmp_path / "docs", {"papers/a.md": "A\n"})
    assert seen == [tmp_path / "docs"]
    assert sorted(p.name for p in real.iterdir()) == [MANIFEST, "papers"]


@pytest.mark.e2e
def test_run_without_changes_leaves_the_docs_folder_untouched(tmp_path: Path) -> None:
    """Nothing changed: not even a staging folder appears and disappears in docs_dir (its
    own mtime stays), so mkdocs serve, which watches it, does not rebuild again and again."""
    docs = tmp_path / "docs"
    files = {"papers/a.md": "A\n", "index.md": "home\n"}
    write_docs(docs, files)
    folders = {p: p.stat().st_mtime_ns for p in [docs, *docs.rglob("*")] if p.is_dir()}
    time.sleep(0.01)
    report = write_docs(docs, files)
    assert report.written == () and report.removed == ()
    assert {p: p.stat().st_mtime_ns for p in [docs, *docs.rglob("*")] if p.is_dir()} == folders


def test_replace_folder_swaps_and_keeps_top_dot_files(tmp_path: Path) -> None:
    """paper-digest build's last step: the new site takes the old one's place whole; the old
    site's top-level dot files (a .git of a Pages checkout), which MkDocs' clean build keeps,
    move over; nothing else of the old site survives and no folder is left beside it."""
    from generator.cli import replace_folder

    site, new = tmp_path / "site", tmp_path / ".site-building-x"
    (site / ".git").mkdir(parents=True)
    (site / ".git" / "HEAD").write_text("ref", encoding="utf-8")
    (site / "old.html").write_text("old", encoding="utf-8")
    new.mkdir()
    (new / "index.html").write_text("new", encoding="utf-8")
    replace_folder(new, site)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert sorted(p.name for p in site.iterdir()) == [".git", "index.html"]
    assert (site / ".git" / "HEAD").read_text(encoding="utf-8") == "ref"
    replace_folder(_fresh(tmp_path / "other"), tmp_path / "absent")
    assert sorted(p.name for p in (tmp_path / "absent").iterdir()) == ["a.txt"]


def _fresh(folder: Path) -> Path:
    folder.mkdir()
    (folder / "a.txt").write_text("a", encoding="utf-8")
    return folder


def test_files_written_as_they_come(tmp_path: Path) -> None:
    """``files`` may be an iterator: each text is staged as it is rendered, nothing lands
    before the last one is through (a failure while rendering leaves the folder as it was),
    and a path given twice is an error naming it."""
    docs = tmp_path / "docs"
    write_docs(docs, {"papers/a/index.md": "A\n", "papers/b/index.md": "B\n"})
    before = snapshot(docs)
    staged: list[str] = []

    def failing():
        yield "papers/a/index.md", "A2\n"
        staged.extend(p.name for p in docs.iterdir() if p.name.startswith(".paper-digest-st"))
        raise RuntimeError("render failed")

    with pytest.raises(RuntimeError):
        write_docs(docs, failing())
    assert len(staged) == 1 and snapshot(docs) == before
    with pytest.raises(OutputError, match=r"papers/a/index\.md: generated twice in one run"):
        write_docs(docs, iter([("papers/a/index.md", "A3\n"), ("papers/a/index.md", "A4\n")]))
    assert snapshot(docs) == before
    report = write_docs(docs, iter([("papers/a/index.md", "A2\n"), ("papers/c/index.md", "C\n")]))
    assert (report.written, report.removed) == (("papers/a/index.md", "papers/c/index.md"),
                                                ("papers/b/index.md",))
    assert sorted(p for p in snapshot(docs) if p != MANIFEST) == [
        "papers/a/index.md", "papers/c/index.md"]
    assert (docs / "papers/a/index.md").read_text(encoding="utf-8") == "A2\n"
