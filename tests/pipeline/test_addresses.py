"""Stable addresses (generator.addresses): a page that moves leaves a redirect at its old
address; the permalinks file survives builds; the generator writes the forwarding pages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.addresses import (
    MIN_SIMILARITY,
    plan_addresses,
    read_addresses,
    similarity,
    sketch,
    write_addresses,
)
from generator.catalog import build_catalog
from generator.errors import InputError
from generator.extract import record_id
from generator.records import Abstract, Metadata, PaperFacts, Source
from generator.render.pages import render_site

A = ("We propose a sparse attention method that selects the keys each query needs from a "
     "learned index, so long documents are processed in linear time. On three long-context "
     "benchmarks it matches dense attention while using a tenth of the memory.")
B = ("Graph neural networks over-smooth node features as depth grows. We add a residual "
     "gate per layer that keeps each node's own signal, and show on citation graphs that "
     "sixty-layer models train stably and beat shallow ones.")


def _papers(*items: tuple[str, str, Metadata]) -> tuple:
    facts = []
    for title, text, meta in items:
        a = Abstract(text, "C", (Source("x.jsonl", 1, 1),), meta)
        facts.append(PaperFacts(abstract=a, id=record_id(a), name=None, title=title,
                                highlight="", tags=(), links=(), code=(), hub=(),
                                code_status="none", plain=text))
    return build_catalog(tuple(facts))


def test_unchanged_papers_have_no_redirects() -> None:
    papers = _papers(("Sparse Attention", A, Metadata()), ("Residual Gates", B, Metadata()))
    first, redirects = plan_addresses(papers, ())
    assert redirects == {} and [a.slug for a in first] == ["sparse-attention", "residual-gates"]
    again, redirects = plan_addresses(papers, first)
    assert again == first and redirects == {}


def test_edited_abstract_whose_title_moved_redirects() -> None:
    """An edit changes the id (content) and the derived title: matched by text similarity."""
    before, _ = plan_addresses(_papers(("Sparse Attention", A, Metadata()),
                                       ("Residual Gates", B, Metadata())), ())
    edited = A.replace("three long-context", "four long-context")
    after, redirects = plan_addresses(_papers(("Learned Sparse Attention", edited, Metadata()),
                                              ("Residual Gates", B, Metadata())), before)
    assert redirects == {"sparse-attention": "learned-sparse-attention"}
    assert after[0].old == ("sparse-attention",)
    # and again: the chain keeps the oldest address too, pointing at the newest page
    third, redirects = plan_addresses(_papers(("Indexed Attention", edited + " Code soon.",
                                               Metadata()), ("Residual Gates", B, Metadata())),
                                      after)
    assert redirects == {"sparse-attention": "indexed-attention",
                         "learned-sparse-attention": "indexed-attention"}


def test_record_gaining_a_title_or_an_identifier_redirects() -> None:
    """Same id (a title given to the same abstract), a shared identifier (a DOI added to an
    arXiv record, whose id then moves to the DOI)."""
    before, _ = plan_addresses(_papers(("Derived Name", A, Metadata()),
                                       ("Gates", B, Metadata(arxiv_id="2401.01234"))), ())
    after, redirects = plan_addresses(_papers(
        ("The Given Title", A, Metadata(title="The Given Title")),
        ("Residual Gates for Deep GNNs", "", Metadata(arxiv_id="2401.01234", doi="10.1/x"))),
        before)
    assert redirects == {"derived-name": "the-given-title",
                         "gates": "residual-gates-for-deep-gnns"}


def test_removed_paper_and_unrelated_new_paper_are_not_linked() -> None:
    before, _ = plan_addresses(_papers(("Sparse Attention", A, Metadata())), ())
    after, redirects = plan_addresses(_papers(("Residual Gates", B, Metadata())), before)
    assert redirects == {} and after[0].old == ()
    assert similarity(sketch(A), sketch(B)) < MIN_SIMILARITY


def test_an_address_that_is_a_page_again_is_no_redirect() -> None:
    before, _ = plan_addresses(_papers(("Sparse Attention", A, Metadata())), ())
    moved, _ = plan_addresses(_papers(("Other Name", A + " More.", Metadata())), before)
    back, redirects = plan_addresses(_papers(("Sparse Attention", A + " More.", Metadata())),
                                     moved)
    assert redirects == {"other-name": "sparse-attention"} and back[0].old == ("other-name",)


def test_two_equally_similar_candidates_get_no_guess() -> None:
    before, _ = plan_addresses(_papers(("One", A, Metadata(title="x1")),
                                       ("Two", A + " ", Metadata(doi="10.1/y"))), ())
    assert before[0].sketch == before[1].sketch
    after, redirects = plan_addresses(_papers(("Three", A + " Extra words.", Metadata())),
                                      before)
    assert redirects == {}


def test_permalinks_file_round_trip(tmp_path: Path) -> None:
    papers = _papers(("Sparse Attention", A, Metadata(doi="10.1/x")), ("Residual Gates", B,
                                                                        Metadata()))
    addresses, _ = plan_addresses(papers, ())
    path = tmp_path / "permalinks.json"
    assert write_addresses(path, addresses) is True
    assert write_addresses(path, addresses) is False  # unchanged: not rewritten
    assert read_addresses(path) == addresses
    assert read_addresses(tmp_path / "missing.json") == ()
    path.write_text("# header\n{\"slug\": 3}\n", encoding="utf-8")
    with pytest.raises(InputError, match=f"^{path}:2: not a permalinks file line"):
        read_addresses(path)


ZORBLAX = ("We propose Zorblax, a sparse attention method that selects the keys each query "
           "needs from a learned index, so that long documents are processed in linear time. "
           "On three long-context benchmarks Zorblax matches dense attention while using a "
           "tenth of the memory.")


@pytest.mark.e2e
def test_build_writes_redirect_pages(project_copy: Path) -> None:
    """End to end: a seed abstract whose method is renamed (new id, new derived title) and a
    JSON Lines record whose given title changes both leave forwarding pages at their old addresses,
    written by the generator (no redirects plugin); the build stays strict and warning-free."""
    seed = sorted((project_copy / "seeds").glob("*.txt"))[0]
    original = seed.read_text(encoding="utf-8")
    seed.write_text(original.rstrip("\n") + "\n\n" + ZORBLAX + "\n", encoding="utf-8")
    (project_copy / "seeds" / "more.jsonl").write_text(json.dumps(
        {"title": "Residual Gates", "abstract": B}) + "\n", encoding="utf-8")
    build = [sys.executable, "-m", "generator.cli", "build"]
    first = subprocess.run(build, cwd=project_copy, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    record = project_copy / "permalinks.json"
    before = {a.id: a.slug for a in read_addresses(record)}
    seed.write_text(original.rstrip("\n") + "\n\n" + ZORBLAX.replace("Zorblax", "Quuxor")
                    + "\n", encoding="utf-8")
    (project_copy / "seeds" / "more.jsonl").write_text(json.dumps(
        {"title": "Gated Residual Layers", "abstract": B}) + "\n", encoding="utf-8")
    second = subprocess.run(build, cwd=project_copy, capture_output=True, text=True,
                            timeout=300)
    assert second.returncode == 0, second.stderr
    assert "warnings: 0" in second.stdout and "redirects: 2 earlier addresses" in second.stdout
    now = {p["id"]: p for p in json.loads(
        (project_copy / "site" / "papers.json").read_text(encoding="utf-8"))}
    moved = {a.old: a for a in read_addresses(record) if a.old}
    zorblax = next(slug for slug in before.values() if "zorblax" in slug)
    assert set(moved) == {(zorblax,), ("residual-gates",)}
    assert "quuxor" in moved[(zorblax,)].slug
    for old, a in moved.items():
        page = project_copy / "site" / "papers" / old[0] / "index.html"
        # a generated file (the page store's), copied as it is: what Zensical publishes too
        docs_page = (project_copy / ".paper-digest-cache" / "pages" / "papers" / old[0]
                     / "index.html")
        assert docs_page.read_bytes() == page.read_bytes()
        text = page.read_text(encoding="utf-8")
        assert f'<meta http-equiv="refresh" content="0; url=../{a.slug}/">' in text
        assert f'location.replace("../{a.slug}/" + location.hash)' in text
        assert (f'<link rel="canonical" href="https://example.github.io/paper-digest/papers/'
                f'{a.slug}/">') in text
        assert (project_copy / "site" / "papers" / a.slug / "index.html").is_file()
        assert now[a.id]["slug"] == a.slug


def test_forwarding_page_of_an_old_address() -> None:
    """``plan_site`` writes one page per old address, at ``papers/<old>/index.html``: a meta
    refresh and a script (keeping the fragment) to the new address, relative, the canonical
    link absolute under ``site_url``, the title escaped, noindex."""
    papers = _papers(("Sparse <Attention> & Gates", A, Metadata()))
    new = papers[0].slug
    files = render_site(papers, (), redirects={"old-address": new},
                        site_url="https://example.org/d/")
    page = files["papers/old-address/index.html"]
    assert f'<meta http-equiv="refresh" content="0; url=../{new}/">' in page
    assert f'<script>location.replace("../{new}/" + location.hash)</script>' in page
    assert f'<link rel="canonical" href="https://example.org/d/papers/{new}/">' in page
    assert '<meta name="robots" content="noindex">' in page
    assert "<title>Moved: Sparse &lt;Attention&gt; &amp; Gates</title>" in page
    assert not [p for p in files if p.startswith("papers/old-address/") and p != (
        "papers/old-address/index.html")]
    assert "papers/old-address/index.html" not in render_site(papers, ())
