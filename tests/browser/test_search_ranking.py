"""Search ranks papers (issue 16), in both engines: Material's built-in search (the default
build) and Pagefind (``search: pagefind``), on the seed site in headless Chromium.

For each query the first result is the expected paper page, found from papers.json (by its
name, abstract or repository), and no result is a listing, tag page or index page; a
snippet never shows the listing controls' text or the hidden search aliases.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from browser_support import material_search, new_page, pagefind_search, playwright, serve

playwright()  # skips (or fails in CI) the whole module without Chromium
pytestmark = pytest.mark.browser

KMEANS_START = "$k$-means++ and the related greedy"
# Text of the listing controls and the aliases of generator.render.search: never a snippet.
UI_TEXT = ("All tags", "Any code status", "Filter this page")
ENGINES = ("material", "pagefind")


@pytest.fixture(scope="module")
def sites(built_site: Path, pf_site: Path):
    """Both builds served: engine -> base URL."""
    with serve(built_site) as material, serve(pf_site) as pagefind:
        yield {"material": material, "pagefind": pagefind}


@pytest.fixture(scope="module")
def papers(built_site: Path) -> list[dict]:
    return json.loads((built_site / "papers.json").read_text(encoding="utf-8"))


def _search(page, engine: str, base: str, query: str) -> list[dict]:
    return (material_search if engine == "material" else pagefind_search)(page, base, query)


def _expected(papers: list[dict], query: str) -> set[str]:
    """The paper pages that may come first for ``query``: the one whose name, repository or
    abstract the query names; for a word several abstracts hold, any of those papers."""
    if query in ("kmeans", "k-means++"):
        return {p["url"] for p in papers if p["abstract"].startswith(KMEANS_START)}
    if query in ("schrodinger", "Schrödinger"):
        return {p["url"] for p in papers if "Schrödinger" in p["abstract"]}
    if query == "github":
        return {p["url"] for p in papers if "github.com" in p["abstract"].lower()}
    by_name = {p["url"] for p in papers if p["name"] == query}
    by_repo = {p["url"] for p in papers for c in p["code"] if query == c["repo"]}
    return by_name or by_repo


def _queries(papers: list[dict]) -> list[str]:
    """The issue's queries, two method names, and every repository's name."""
    repos = [c["repo"] for p in papers for c in p["code"]]
    return ["kmeans", "k-means++", "schrodinger", "Schrödinger", "github", "FastVID", "LLoCa",
            *repos]


@pytest.mark.parametrize("engine", ENGINES)
def test_first_result_is_the_paper(browser, sites, papers, engine):
    """Every query's first result is its paper; no result is a listing or index page; no
    snippet shows UI text or the aliases."""
    report = []
    with new_page(browser) as page:
        for query in _queries(papers):
            expected = _expected(papers, query)
            assert expected, query
            results = _search(page, engine, sites[engine], query)
            report.append(f"{engine:8} {query!r:45} -> {results[0]['path'] if results else None}")
            assert results, (engine, query)
            assert results[0]["path"] in expected, (engine, query, results[:3])
            for r in results:
                # papers, or the two hand-made pages; never a listing, tag or index page
                assert r["path"].startswith(("papers/", "about/", "stats/")), (query, r)
                assert not any(text in r["snippet"] for text in UI_TEXT), (query, r)
    print("\n".join(report))


@pytest.mark.parametrize("engine", ENGINES)
def test_snippets_show_no_aliases(browser, sites, engine):
    """A result found by an alias ("kmeans", "schrodinger") shows the paper's words, not the
    alias list: the alias word itself is not in the visible snippet."""
    with new_page(browser) as page:
        for query in ("kmeans", "schrodinger"):
            results = _search(page, engine, sites[engine], query)
            assert results
            assert query not in results[0]["snippet"].lower().split(), (engine, results[0])


# --------------------------------------------------------------------------- typed queries
# Issue 23: each kind of query of bench/search_quality.py, typed key by key, in both engines.

_HYPHENATED = re.compile(r"^\w+(?:-\w+)+$")


def _title_words(title: str) -> list[str]:
    return re.findall(r"[^\W_]+(?:-[^\W_]+)*", title)


def _first(results: list[dict]) -> str | None:
    return results[0]["path"] if results else None


@pytest.mark.parametrize("engine", ENGINES)
def test_typed_method_names(browser, sites, papers, engine):
    """Every paper's method name, typed key by key, finds that paper first, hyphenated ones
    ("WALL-E", "DiT-ST") included: on the way Material gets "WALL-" (a dangling hyphen once
    froze its worker)."""
    names = sorted({p["name"] for p in papers if p["name"]})
    assert [n for n in names if _HYPHENATED.match(n)]
    with new_page(browser) as page:
        for name in names:
            expected = {p["url"] for p in papers if p["name"] == name}
            results = _search(page, engine, sites[engine], name)
            assert _first(results) in expected, (engine, name, results[:3])


@pytest.mark.parametrize("engine", ENGINES)
def test_typed_title_words_and_special_terms(browser, sites, papers, engine):
    """Three words of a title, and a hyphenated title word with the word after it
    ("Open-World Detection"), typed, find that paper first."""
    queries: list[tuple[str, str]] = []
    for p in papers:
        words = _title_words(p["title"])
        hyphenated = [i for i, w in enumerate(words) if "-" in w and i + 1 < len(words)]
        if hyphenated and len(words) >= 4:
            i = hyphenated[0]
            queries.append((" ".join(words[i:i + 2]), p["url"]))
            queries.append((" ".join(words[-3:]), p["url"]))
    assert len(queries) >= 10
    with new_page(browser) as page:
        misses = [(q, _first(r)) for q, url in queries
                  if _first(r := _search(page, engine, sites[engine], q)) != url]
    # Titles share words ("Fine-Tuning"): at most one query in ten may rank another first.
    assert len(misses) <= len(queries) // 10, (engine, misses)


_STOP = {"a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of",
         "on", "or", "that", "the", "this", "to", "we", "with", "has", "have", "our"}


@pytest.mark.parametrize("engine", ENGINES)
def test_typed_abstract_words(browser, sites, papers, engine):
    """Three consecutive words of an abstract's first sentence (neither end a stop word), typed,
    rank that paper among the first ten, and among the first three for all but one in five
    (the words may be common to several abstracts)."""
    queries = []
    for p in papers[:12]:
        first = re.split(r"(?<=[.!?])\s", p["abstract"], maxsplit=1)[0]
        words = re.findall(r"[^\W_]+", re.sub(r"\$[^$]*\$", " ", first))
        spans = [i for i in range(2, len(words) - 2)
                 if words[i].lower() not in _STOP and words[i + 2].lower() not in _STOP]
        if spans:
            queries.append((" ".join(words[spans[0]:spans[0] + 3]), p["url"]))
    assert len(queries) >= 8
    with new_page(browser) as page:
        ranked = [([r["path"] for r in _search(page, engine, sites[engine], q)], q, url)
                  for q, url in queries]
    assert not [q for paths, q, url in ranked if url not in paths[:10]], (engine, ranked)
    low = [(q, paths[:3]) for paths, q, url in ranked if url not in paths[:3]]
    assert len(low) <= len(queries) // 5, (engine, low)


@pytest.mark.parametrize("engine", ENGINES)
def test_typed_math_names(browser, sites, papers, engine):
    """TeX command names and Greek letters, typed: "sqrt" and "theta" find the papers whose
    abstracts use \\sqrt and \\Theta, "θ" too (hidden aliases, generator/render/search.py)."""
    cases = {"sqrt": r"\sqrt", "theta": r"\Theta", "θ": r"\Theta"}
    with new_page(browser) as page:
        for query, command in cases.items():
            expected = {p["url"] for p in papers if command in p["abstract"]}
            assert expected, command
            results = _search(page, engine, sites[engine], query)
            assert {r["path"] for r in results} >= expected, (engine, query, results)
            assert _first(results) in expected, (engine, query, results[:3])


def _misspelt(name: str) -> str:
    """``name`` with its third and fourth letters swapped ("FastVID" -> "FatsVID")."""
    return name[:2] + name[3] + name[2] + name[4:]


def test_pagefind_misspelt_names_did_you_mean(browser, sites, papers):
    """A misspelt method name, typed, still finds its paper first, labelled as the answer to
    the corrected query ("Did you mean ..."), never as a confident exact result."""
    names = sorted({p["name"] for p in papers
                    if p["name"] and len(p["name"]) >= 6 and p["name"].isalpha()})
    assert len(names) >= 5
    with new_page(browser) as page:
        for name in names:
            typo = _misspelt(name)
            if typo.lower() == name.lower():
                continue
            expected = {p["url"] for p in papers if p["name"] == name}
            results = _search(page, "pagefind", sites["pagefind"], typo)
            assert _first(results) in expected, (typo, results[:3])
            assert results[0]["guess"] and results[0]["guess"].lower() == name.lower()
            message = page.locator(".pd-search__message").inner_text()
            assert "Did you mean" in message and name.lower() in message.lower(), message


def _misspelt_common_word(papers) -> tuple[str, str]:
    """The most frequent title word of 8+ letters (a topic every reader types), and that word
    with its first doubled letter single ("diffusion" -> "difusion"): a word no page holds."""
    words = Counter(w for p in papers for w in re.findall(r"[a-z]{8,}", p["title"].lower())
                    if re.search(r"(.)\1", w))
    word = max(words, key=lambda w: (words[w], w))
    typo = re.sub(r"(.)\1", r"\1", word, count=1)
    assert not any(typo in (p["title"] + " " + p["highlight"]).lower() for p in papers)
    return word, typo


def test_pagefind_misspelt_word_is_no_confident_answer(browser, sites, papers):
    """A misspelt common word that Pagefind's index lacks (it answers with a neighbouring index
    word's page) is corrected: "Did you mean" the word, and its papers lead."""
    word, typo = _misspelt_common_word(papers)
    with new_page(browser) as page:
        results = _search(page, "pagefind", sites["pagefind"], typo)
        message = page.locator(".pd-search__message").inner_text()
        assert "Did you mean" in message and word in message.lower(), message
        assert not re.search(r"\d+ papers? match", message), message  # nothing matched it
        assert all(r["guess"] and r["guess"].lower() == word for r in results), results
        titled = {p["url"] for p in papers if word in p["title"].lower()}
        assert _first(results) in titled, results[:3]


def test_pagefind_filters(browser, sites, papers):
    """The tag filter of the dialog, chosen after a query, leaves only papers of that tag;
    each tag's option counts its papers."""
    counts: dict[str, int] = {}
    for p in papers:
        for t in p["tags"]:
            counts[t] = counts.get(t, 0) + 1
    tag = max(counts, key=lambda t: (counts[t], t))
    with new_page(browser) as page:
        _search(page, "pagefind", sites["pagefind"], "learning")
        select = page.locator("[data-pd-filter=tag]")
        assert f"{tag} ({counts[tag]})" in select.inner_text()
        page.evaluate("document.querySelector('[data-pd-search-ui]').dataset.pdQuery = ''")
        select.select_option(tag)
        page.wait_for_function("""() => document.querySelector('[data-pd-search-ui]')
            .dataset.pdQuery === 'learning'""")
        paths = page.eval_on_selector_all(".pd-search__result-link",
                                          "els => els.map(a => new URL(a.href).pathname)")
    tagged = {"/" + p["url"] for p in papers if tag in p["tags"]}
    assert paths and set(paths) <= tagged, (tag, paths)


def _text_words(papers) -> Counter[str]:
    """Papers using each lower-case word of their titles and abstracts."""
    return Counter(w for p in papers
                   for w in set(re.findall(r"[a-z]+", (p["title"] + " " + p["abstract"]).lower())))


def _typo_of_a_longer_word(papers) -> tuple[str, str, str]:
    """A title word that begins with a shorter word the pages use ("contrastive", "contrast"),
    that word, and the title word with its letter after the shorter word dropped
    ("contrastve"): a typo no page holds, which Pagefind answers with the shorter word's pages.
    The title word used by the most papers (then alphabetical)."""
    used = _text_words(papers)
    titled = {w for p in papers for w in re.findall(r"[a-z]+", p["title"].lower())}
    found = []
    for word in titled:
        for short in (word[:n] for n in range(4, len(word) - 1)):
            typo = word[:len(short)] + word[len(short) + 1:]
            if (short in used and typo != short and not any(w.startswith(typo) for w in used)):
                found.append((used[word], word, short, typo))
                break
    assert found
    _, word, short, typo = max(found)
    return word, short, typo


def test_pagefind_typo_beginning_like_another_word(browser, sites, papers):
    """A misspelt word that begins like a shorter real word ("contrastve": "In contrast"),
    typed, is offered as "Did you mean contrastive?": the corrected word's papers lead, each
    labelled, and the shorter word's pages are never counted as matches."""
    word, short, typo = _typo_of_a_longer_word(papers)
    with new_page(browser) as page:
        results = _search(page, "pagefind", sites["pagefind"], typo)
        message = page.locator(".pd-search__message").inner_text()
    assert f"No papers match \u201c{typo}\u201d. Did you mean {word}?" == message, (short, message)
    assert results and all(r["guess"] == word for r in results), results
    titled = {p["url"] for p in papers if word in p["title"].lower()}
    assert _first(results) in titled, results[:3]


def _compounds(papers) -> dict[str, dict[str, set[str]]]:
    """first half -> hyphenated word (lower-case) -> the pages whose title or abstract hold it,
    hyphenated or joined ("pre-defined", "predefined": one word to both engines)."""
    texts = {p["url"]: (p["title"] + " " + p["abstract"]).lower() for p in papers}
    words = {url: set(re.findall(r"[a-z]+", t)) for url, t in texts.items()}
    out: dict[str, dict[str, set[str]]] = {}
    for text in texts.values():
        for w in re.findall(r"\b[a-z]+(?:-[a-z]+)+\b", text):
            out.setdefault(w.split("-")[0], {})[w] = {
                u for u, t in texts.items()
                if re.search(rf"\b{w}\b(?!-)", t) or w.replace("-", "") in words[u]}
    return out


@pytest.mark.parametrize("engine", ["pagefind"])
def test_typed_hyphenated_word_outranks_shared_first_half(browser, sites, papers, engine):
    """A hyphenated word ("multi-step"), typed, ranks a page that holds it (or its joined form)
    first, before every page that only shares its first half ("multi-agent"); one word per
    first half that starts two or more of the pages' hyphenated words. The default engine
    only: Material's lunr splits the query at the hyphen and gives each part a wildcard, so
    its title boost puts a title word the first half begins ("pre-defined": "Preparation")
    first; that engine's typed hyphenated queries are checked to find their paper
    (``test_typed_method_names``, ``test_typed_title_words_and_special_terms``) but not this
    order (README "Search")."""
    queries = {half: sorted(words)[0] for half, words in _compounds(papers).items()
               if len(words) >= 2}
    assert len(queries) >= 10
    compounds = _compounds(papers)
    misses = []
    with new_page(browser) as page:
        for half, word in sorted(queries.items()):
            holding = compounds[half][word]
            others = set().union(*(pages for w, pages in compounds[half].items()
                                   if w != word)) - holding
            paths = [r["path"] for r in _search(page, engine, sites[engine], word)]
            first_other = min((paths.index(u) for u in others if u in paths), default=len(paths))
            if not paths or paths[0] not in holding or first_other < min(
                    paths.index(u) for u in holding if u in paths):
                misses.append((word, paths[:3]))
    assert not misses, (engine, misses)


def test_pagefind_hyphenated_word_no_page_holds(browser, sites, papers):
    """A hyphenated word no page holds, made of a first half the pages' hyphenated words start
    and a second half of another ("few-shot" where only "few-step" is), typed: "No papers
    match", each result labelled a partial match, none counted."""
    compounds = _compounds(papers)
    text = " ".join(p["title"] + " " + p["abstract"] for p in papers).lower()
    seconds = sorted({w.split("-")[-1] for words in compounds.values() for w in words})
    half = max(compounds, key=lambda h: (len(compounds[h]), h))
    word = next(f"{half}-{s}" for s in seconds if f"{half}-{s}" not in text and len(s) >= 4)
    with new_page(browser) as page:
        results = _search(page, "pagefind", sites["pagefind"], word)
        message = page.locator(".pd-search__message").inner_text()
        partial = page.locator(".pd-search__result .pd-search__partial").count()
    assert message == f"No papers match \u201c{word}\u201d. Closest matches:" or (
        not results and message == f"No papers match \u201c{word}\u201d."), message
    assert partial == len(results), (word, results)
