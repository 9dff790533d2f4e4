"""Pagination of listings and the build cache (issue 5)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from slugify import slugify

import generator.render.pages as pages
from generator.build import generate
from generator.config import DigestConfig
from generator.read import read_seeds
from generator.write import MANIFEST, generated_files

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

ROOT = Path(__file__).resolve().parents[2]


def _config(tmp: Path, cache: bool = True) -> DigestConfig:
    seeds = tmp / "seeds"
    if not seeds.exists():
        shutil.copytree(ROOT / "seeds", seeds)
    return DigestConfig(seeds_dir=seeds, docs_dir=tmp / "docs", taxonomy=ROOT / "taxonomy.yml",
                        overrides=tmp / "none.yml",
                        cache_dir=tmp / "cache" if cache else None)


def test_listings_paginate(tmp_path, monkeypatch):
    """With a page size of a third of the collection, its listing has three pages linked to
    each other, the second showing the second third."""
    config = _config(tmp_path, cache=False)
    n = len(read_seeds(config.seeds_dir).abstracts)  # the seeds are one collection
    size = -(-n // 3)
    assert -(-n // size) == 3
    monkeypatch.setattr(pages, "PAGE_SIZE", size)
    generate(config)
    coll = tmp_path / "docs" / "collections"
    assert sorted(p.relative_to(coll).as_posix() for p in coll.rglob("*.md")) == [
        "index.md", "neurips-2025-papers-page-2/index.md", "neurips-2025-papers-page-3/index.md",
        "neurips-2025-papers/index.md"]
    page2 = (coll / "neurips-2025-papers-page-2" / "index.md").read_text(encoding="utf-8")
    assert "page 2 of 3" in page2 and f"Showing {size + 1}–{2 * size}." in page2
    assert page2.count('class="pd-entry"') == size
    # Links climb only to the folder both pages share (collections/).
    assert 'href="../neurips-2025-papers/">1</a>' in page2
    assert 'href="../neurips-2025-papers-page-3/">3</a>' in page2


def test_cached_run_matches_uncached(tmp_path):
    """A run served from the cache writes byte-identical files to a run without it."""
    cached = _config(tmp_path / "a")
    generate(cached)
    generate(cached)  # second run: every page from the cache
    plain = _config(tmp_path / "b", cache=False)
    generate(plain)
    # every file but the manifest, which records modification times too
    files_a = {p.relative_to(cached.docs_dir): p.read_bytes()
               for p in cached.docs_dir.rglob("*") if p.is_file() and p.name != MANIFEST}
    files_b = {p.relative_to(plain.docs_dir): p.read_bytes()
               for p in plain.docs_dir.rglob("*") if p.is_file() and p.name != MANIFEST}
    assert files_a == files_b
    assert generated_files(cached.docs_dir) == generated_files(plain.docs_dir) == {
        str(path) for path in files_a}


def _related_section(text: str) -> str:
    """The page's related-papers section: from its heading to the next (Source) heading."""
    start, end = text.index('<h2 id="related-papers"'), text.index('<h2 id="source"')
    assert start < end
    return text[start:end]


SEED_TIME = 1767268800  # 2026-01-01 12:00 UTC


def test_one_edit_rewrites_only_its_page(tmp_path):
    """Editing a word of one abstract rewrites that paper's page, papers.json and the feed,
    plus only pages whose related-papers list moved (TF-IDF weights are corpus-wide), the map
    (its layout is corpus-wide too), the files that name the paper's id (which hashes its
    text: feeds, Save buttons, reading list records, listing index) and the empty tags'
    feeds (stamped with the seeds' time). A plain-text paper's date is its seed file's
    modification day, so both runs' seed times are set within one day: a run across midnight
    would otherwise re-date every paper of the edited file."""
    config = _config(tmp_path)
    target, edit = _fastvid_edit(config)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns)
              for p in config.docs_dir.rglob("*")
              if p.is_file() and p.name != ".paper-digest-manifest.json"}
    edit()
    second = generate(config)
    edited = f"papers/{target.slug}/index.md"
    # feed.xml: its "updated" stamp is the newest seed file's modification time.
    assert {"papers.json", "feed.xml", edited} <= set(second.report.written)
    new_id = next(p.id for p in second.papers if p.slug == target.slug)
    naming = {str(p.relative_to(config.docs_dir)) for p, (data, _) in before.items()
              if target.id.encode() in data or (p.parent.name == "tags" and p.suffix == ".xml"
                                                and b"<entry>" not in data)}
    naming |= {"map/index.md", f"data/records/{new_id[:2]}.js"}
    written = set(second.report.written)
    assert {"map/index.md", "data/listing-index.js", "index.md"} <= written
    assert f"collections/{slugify(target.facts.abstract.collection)}/index.md" in written
    for path in written - {"papers.json", "feed.xml", edited} - naming:
        old = before[config.docs_dir / path][0].decode("utf-8")
        new = (config.docs_dir / path).read_text(encoding="utf-8")
        assert path.startswith("papers/") and _related_section(old) != _related_section(new)
        assert old.replace(_related_section(old), "") == new.replace(_related_section(new), "")
    # The reading list's records of the old id's prefix go when no other paper shares it.
    assert set(second.report.removed) <= {f"data/records/{target.id[:2]}.js"}
    for p, (data, mtime) in before.items():
        if str(p.relative_to(config.docs_dir)) not in {*written, *second.report.removed}:
            assert p.read_bytes() == data and p.stat().st_mtime_ns == mtime, p


def _same_pages(config: DigestConfig, tmp: Path, overrides: str = "") -> None:
    """The paper pages equal those of a fresh run without the cache on the same input."""
    fresh = _config(tmp / "fresh", cache=False)
    shutil.rmtree(fresh.seeds_dir)
    shutil.copytree(config.seeds_dir, fresh.seeds_dir)
    fresh.overrides.write_text(overrides, encoding="utf-8")
    generate(fresh)
    for page in (config.docs_dir / "papers").glob("*/*"):
        rel = page.relative_to(config.docs_dir)
        assert page.read_bytes() == (fresh.docs_dir / rel).read_bytes()
    shutil.rmtree(tmp / "fresh")


def test_related_step_cached_only_while_its_inputs_hold(tmp_path):
    """An unchanged rerun takes related papers from the cache; a tag change (here through the
    overrides file) or an edited abstract updates them, with the uncached result."""
    config = _config(tmp_path)
    messages: list[str] = []
    first = generate(config)
    n = len(first.papers)
    generate(config, progress=messages.append)
    assert f"related papers unchanged for {n} papers (cache)" in messages
    target = next(p for p in first.papers if p.facts.name == "FastVID")
    overrides = f"{target.id}:\n  tags: [Optimal Transport]\n"
    config.overrides.write_text(overrides, encoding="utf-8")
    messages.clear()
    generate(config, progress=messages.append)
    # FastVID's four tags and Optimal Transport change the weight of many rows: computed anew
    # (in full or as an update, whichever the share of changed rows asks for)
    assert any(m.startswith((f"related papers computed for {n} papers",
                             f"related papers updated for {n} papers")) for m in messages), messages
    _same_pages(config, tmp_path, overrides)
    # DVD's abstract gets a word no other abstract has: only its row changed
    seed = config.seeds_dir / "000_bd956eaa9d444b4e.txt"
    seed.write_text(seed.read_text(encoding="utf-8").replace(
        "largely unexplored", "largely unexplored (zygote)", 1),
        encoding="utf-8")
    messages.clear()
    generate(config, progress=messages.append)
    assert f"related papers updated for {n} papers (1 changed)" in messages, messages
    _same_pages(config, tmp_path, overrides)


def test_cached_pages_are_checked_against_the_files(tmp_path):
    """The cache skips a page only while its file is what the generator wrote: a page edited
    or deleted by hand is written again by the next run, and the manifest records each
    file's size, mtime and SHA-1."""
    import hashlib
    import json

    config = _config(tmp_path)
    generate(config)
    docs = config.docs_dir
    manifest = json.loads((docs / MANIFEST).read_text(encoding="utf-8"))["files"]
    for path, (size, mtime_ns, sha1) in manifest.items():
        data = (docs / path).read_bytes()
        assert (len(data), (docs / path).stat().st_mtime_ns) == (size, mtime_ns), path
        assert hashlib.sha1(data).hexdigest() == sha1, path
    pages = sorted((docs / "papers").glob("*/index.md"))
    edited, deleted = pages[0], pages[1]
    original = edited.read_text(encoding="utf-8"), deleted.read_text(encoding="utf-8")
    edited.write_text("hand edit\n", encoding="utf-8")
    deleted.unlink()
    report = generate(config).report
    assert sorted(report.written) == sorted(
        p.relative_to(docs).as_posix() for p in (edited, deleted))
    assert (edited.read_text(encoding="utf-8"), deleted.read_text(encoding="utf-8")) == original
    assert generate(config).report.written == ()


def test_manifest_of_paths_only_is_upgraded(tmp_path):
    """A manifest from an older version (a list of paths) is read; nothing is rewritten that
    did not change, and the manifest gains the records."""
    import json

    config = _config(tmp_path)
    generate(config)
    path = config.docs_dir / MANIFEST
    files = sorted(json.loads(path.read_text(encoding="utf-8"))["files"])
    path.write_text(json.dumps({"generator": "paper-digest", "files": files}), encoding="utf-8")
    assert generate(config).report.written == ()
    assert sorted(json.loads(path.read_text(encoding="utf-8"))["files"]) == files
    assert all(isinstance(v, list) for v in json.loads(
        path.read_text(encoding="utf-8"))["files"].values())


def test_damaged_cache_is_ignored_and_unwritable_cache_reported(tmp_path):
    """A cache file that is garbage, or whose pickle was altered (a flipped byte that still
    unpickles would put wrong text on pages), is ignored: the run matches a fresh one. A
    cache folder that cannot be written is a warning; the pages are written."""
    config = _config(tmp_path)
    generate(config)
    cache_file = config.cache_dir / "cache.pickle"
    pages = {p.parent.name: p.read_bytes() for p in (config.docs_dir / "papers").glob(
        "*/index.md")}
    blob = cache_file.read_bytes()
    assert b"This paper" in blob
    for damaged in (b"\x96\xff\xff\xff\xff\xff\xff\xff\x7f", blob.replace(b"This paper",
                                                                          b"This qaper", 1)):
        cache_file.write_bytes(damaged)
        for page in (config.docs_dir / "papers").glob("*/index.md"):
            page.unlink()  # so every page must be made again, from the cache or not
        generate(config)
        assert {p.parent.name: p.read_bytes()
                for p in (config.docs_dir / "papers").glob("*/index.md")} == pages
    blocked = _config(tmp_path / "blocked")
    blocked = DigestConfig(**{**{f: getattr(blocked, f) for f in blocked.__slots__},
                              "cache_dir": tmp_path / "blocked" / "not-a-folder"})
    blocked.cache_dir.write_text("a file\n", encoding="utf-8")
    result = generate(blocked)
    assert len(list((blocked.docs_dir / "papers").glob("*/index.md"))) == len(result.papers)
    assert [n.message for n in result.notices if "cache" in n.message] == [
        "build cache not saved (File exists)"]


def test_listing_key_follows_the_order_tags_are_listed_in():
    """Tags with equal counts are listed in first-seen order (Counter.most_common), so that
    order is part of a listing page's cache key (a reordered collection once left its
    second page stale)."""
    from collections import Counter

    from generator.render.pages import _listing_key

    a = Counter({"Computer Vision": 45, "Learning Theory": 45})
    b = Counter({"Learning Theory": 45, "Computer Vision": 45})
    assert a == b
    assert _listing_key("c.md", "C", "", False, "", 2, a, [], True) != _listing_key(
        "c.md", "C", "", False, "", 2, b, [], True)
    # the URL style is written into the links: part of the key too
    assert _listing_key("c.md", "C", "", False, "", 2, a, [], True) != _listing_key(
        "c.md", "C", "", False, "", 2, a, [], False)


def _fastvid_edit(config: DigestConfig):
    """Generate once with the seeds dated ``SEED_TIME``; return FastVID's paper and a
    function that edits a word of its abstract a minute later."""
    for path in config.seeds_dir.iterdir():
        os.utime(path, (SEED_TIME, SEED_TIME))
    first = generate(config)
    target = next(p for p in first.papers if p.facts.name == "FastVID")
    seed = config.seeds_dir / target.facts.abstract.sources[0].file

    def edit() -> None:
        seed.write_text(seed.read_text(encoding="utf-8").replace(
            "Our method significantly reduces", "Our method greatly reduces"), encoding="utf-8")
        os.utime(seed, (SEED_TIME + 60, SEED_TIME + 60))

    return target, edit


def test_one_edit_renders_only_the_files_made_from_it(tmp_path, monkeypatch):
    """After one edited abstract, a file with a key (paper pages, listings, topic feeds,
    reading-list records, the map) is rendered again only when it was written or is made from
    the edited paper (a feed of its tags or collection, its records); the files without a key
    are the few made from every paper, rendered and compared each run."""
    import dataclasses

    import generator.build as build

    config = _config(tmp_path)
    target, edit = _fastvid_edit(config)
    edit()
    rendered: list[str] = []
    keyless: set[str] = set()
    plan = build.plan_site

    def recording_plan(*args, **kwargs):
        def recorded(f):
            def render():
                rendered.append(f.path)
                return f.render()
            return dataclasses.replace(f, render=render)
        planned = plan(*args, **kwargs)
        keyless.update(f.path for f in planned if f.key is None)
        return [recorded(f) for f in planned]

    monkeypatch.setattr(build, "plan_site", recording_plan)
    second = generate(config)
    edited = next(p for p in second.papers if p.slug == target.slug)
    assert keyless == {"index.md", "tags/index.md", "collections/index.md", "stats/index.md",
                       "feed.xml", "papers.json", "search/vocabulary.json",
                       "authors/index.md", "reading-list/index.md", "data/listing-index.js",
                       *(p for p in keyless if p.startswith("authors/") and p.count("/") == 2)}
    made_from_it = {f"feeds/tags/{slugify(t)}.xml" for t in {*target.facts.tags,
                                                            *edited.facts.tags}}
    made_from_it |= {f"feeds/collections/{slugify(edited.facts.abstract.collection)}.xml",
                     f"data/records/{edited.id[:2]}.js"}
    assert len(rendered) == len(set(rendered))
    assert set(rendered) - set(second.report.written) - keyless <= made_from_it
    assert f"papers/{edited.slug}/index.md" in rendered
