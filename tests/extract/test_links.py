"""Link extraction: URL spellings, forges, Hub, kinds, unsafe schemes and code status."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.extract.links import code_status, extract_links, normalize_url
from generator.read import read_seeds
from generator.text.markup import plain_text, tokenize

GH = "https://github.com/a/b"

# (abstract text, expected [(url, kind)], expected code repo urls)
LINK_CASES = [
    ("bare-url-period", "See https://github.com/a/b.", [(GH, "code")], [GH]),
    ("bare-url-comma", "See https://github.com/a/b, then go.", [(GH, "code")], [GH]),
    ("bare-url-paren", "(code at https://github.com/a/b)", [(GH, "code")], [GH]),
    ("autolink", "See <https://github.com/a/b>.", [(GH, "code")], [GH]),
    ("href", r"See \href{https://github.com/a/b}{our code}.", [(GH, "code")], [GH]),
    ("href-url-label", r"See \href{https://github.com/a/b}{https://github.com/a/b}.",
     [(GH, "code")], [GH]),
    ("url-command", r"See \url{https://github.com/a/b}.", [(GH, "code")], [GH]),
    ("escaped-underscore", r"Code: https://github.com/a/my\_repo.",
     [("https://github.com/a/my_repo", "code")], ["https://github.com/a/my_repo"]),
    ("escaped-underscore-url-cmd", r"Code: \url{https://github.com/miccunifi/lambda\_orth}.",
     [("https://github.com/miccunifi/lambda_orth", "code")],
     ["https://github.com/miccunifi/lambda_orth"]),
    ("git-suffix", "Code: https://github.com/a/b.git", [(GH, "code")], [GH]),
    ("trailing-slash", "Code: https://github.com/a/b/", [(GH, "code")], [GH]),
    ("git-and-slash-one-repo", "https://github.com/a/b.git and https://github.com/a/b/",
     [(GH, "code")], [GH]),
    ("http-www-case-one-repo", "http://www.github.com/A/B and https://github.com/a/b",
     [("https://github.com/A/B", "code")], ["https://github.com/A/B"]),
    ("www-no-scheme", "Code at www.github.com/a/b.", [(GH, "code")], [GH]),
    ("github-subpath", "https://github.com/a/b/tree/main/src",
     [("https://github.com/a/b/tree/main/src", "code")], [GH]),
    ("gitlab-subgroup", "https://gitlab.com/grp/sub/proj/-/tree/main",
     [("https://gitlab.com/grp/sub/proj/-/tree/main", "code")],
     ["https://gitlab.com/grp/sub/proj"]),
    ("gitlab-subgroup-plain", "https://gitlab.com/grp/sub/proj.git",
     [("https://gitlab.com/grp/sub/proj", "code")], ["https://gitlab.com/grp/sub/proj"]),
    ("bitbucket", "https://bitbucket.org/o/r", [("https://bitbucket.org/o/r", "code")],
     ["https://bitbucket.org/o/r"]),
    ("codeberg", "https://codeberg.org/o/r/", [("https://codeberg.org/o/r", "code")],
     ["https://codeberg.org/o/r"]),
    ("sourcehut", "https://git.sr.ht/~user/repo", [("https://git.sr.ht/~user/repo", "code")],
     ["https://git.sr.ht/~user/repo"]),
    ("github-user-only", "https://github.com/someone", [("https://github.com/someone", "other")],
     []),
    ("hf-dataset", "https://huggingface.co/datasets/o/d",
     [("https://huggingface.co/datasets/o/d", "data")], []),
    ("hf-space", "https://huggingface.co/spaces/o/s",
     [("https://huggingface.co/spaces/o/s", "project")], []),
    ("zenodo-doi", "Data: https://doi.org/10.5281/zenodo.1234567.",
     [("https://doi.org/10.5281/zenodo.1234567", "data")], []),
    ("paper-doi", "See https://doi.org/10.1038/s41524-024-01234-5.",
     [("https://doi.org/10.1038/s41524-024-01234-5", "paper")], []),
    ("hf-model", "http://www.huggingface.co/o/m/",
     [("https://huggingface.co/o/m", "data")], []),
    ("arxiv", "https://arxiv.org/abs/2401.00001", [("https://arxiv.org/abs/2401.00001",
                                                    "paper")], []),
    ("doi", "https://doi.org/10.1000/xyz", [("https://doi.org/10.1000/xyz", "paper")], []),
    ("openreview", "https://openreview.net/forum?id=abc",
     [("https://openreview.net/forum?id=abc", "paper")], []),
    ("github-io", "https://foo.github.io/proj/", [("https://foo.github.io/proj/", "project")],
     []),
    ("other-host-root", "https://example.org/", [("https://example.org", "other")], []),
    ("javascript", "javascript:alert(1) and <javascript:alert(1)>", [], []),
    ("data", "data:text/html,<b>x</b> here", [], []),
    ("vbscript", "vbscript:msgbox(1) here", [], []),
    ("href-javascript", r"\href{javascript:alert(1)}{click}", [], []),
    ("url-data", r"\url{data:text/html;base64,PHNjcmlwdD4=}", [], []),
    ("href-vbscript", r"\href{vbscript:msgbox(1)}{x}", [], []),
]


@pytest.mark.parametrize(("text", "links", "code"), [c[1:] for c in LINK_CASES],
                         ids=[c[0] for c in LINK_CASES])
def test_link_cases(text: str, links: list, code: list) -> None:
    """Each spelling yields exactly the expected normalised links and code repositories."""
    got_links, got_code, _ = extract_links(tokenize(text))
    assert [(link.url, link.kind) for link in got_links] == links
    assert [c.url for c in got_code] == code


def test_hub_refs() -> None:
    """Hugging Face URLs become model/dataset/space references with owner/name."""
    _, _, hub = extract_links(tokenize(
        "https://huggingface.co/datasets/o/d https://huggingface.co/spaces/o/s "
        "https://huggingface.co/o/m https://huggingface.co/docs/x"))
    assert [(h.url, h.kind, h.name) for h in hub] == [
        ("https://huggingface.co/datasets/o/d", "dataset", "o/d"),
        ("https://huggingface.co/spaces/o/s", "space", "o/s"),
        ("https://huggingface.co/o/m", "model", "o/m"),
    ]


def test_code_repo_fields() -> None:
    """A GitLab subgroup repo keeps the full group path as owner."""
    _, code, _ = extract_links(tokenize("https://gitlab.com/grp/sub/proj"))
    assert [(c.host, c.owner, c.repo) for c in code] == [("gitlab.com", "grp/sub", "proj")]


@pytest.mark.parametrize("raw", ["javascript:alert(1)", "data:text/html,x", "vbscript:x",
                                 "JavaScript:alert(1)", "ftp://example.org/x", "mailto:a@b",
                                 # urlsplit raises on these (a hostile review found a crash)
                                 "http://[", "http://[::1", "http://example.com:abc/x"])
def test_normalize_rejects_non_http(raw: str) -> None:
    """Only well-formed http(s) URLs normalise; anything else gives None, never an error."""
    assert normalize_url(raw) is None


def test_broken_urls_in_text_are_skipped() -> None:
    """A broken URL is not a link and does not stop extraction; good ones still count."""
    links, code, _ = extract_links(tokenize(
        "We release code at http://[ soon; see http://example.com:abc/x and "
        "https://github.com/a/b."))
    assert [(link.url, link.kind) for link in links] == [("https://github.com/a/b", "code")]
    assert [c.url for c in code] == ["https://github.com/a/b"]


STATUS_CASES = [
    ("Code will be released.", "promised"),
    ("Our code and models will be made available.", "promised"),
    ("The implementation will be made publicly available.", "promised"),
    ("The source is available upon acceptance.", "promised"),
    ("The scenarios, simulator and evaluation scripts will be open-sourced.", "promised"),
    ("Our toolkit will be publicly released after publication.", "promised"),
    ("The dataset will be released.", "none"),
    ("We provide an open-source implementation (https://github.com/a/b).", "available"),
    ("Datasets and models are available.", "none"),
    ("We study bandits.", "none"),
    ("Project page: https://foo.github.io/proj.", "none"),
]


@pytest.mark.parametrize(("text", "status"), STATUS_CASES)
def test_code_status(text: str, status: str) -> None:
    """Code status: a repo link is available, a promise is promised, else none."""
    _, code, _ = extract_links(tokenize(text))
    assert code_status(code, plain_text(text)) == status


SEED_CODE = {
    ("000_bd956eaa9d444b4e.txt", 2): "https://github.com/JingWang18/DVD-SFDA",
    ("000_bd956eaa9d444b4e.txt", 5): "https://github.com/LunarShen/FastVID",
    ("000_bd956eaa9d444b4e.txt", 12): "https://github.com/ml-jku/plstm_experiments",
    ("000_bd956eaa9d444b4e.txt", 14): "https://github.com/panda7777777/PreciseInv",
    ("000_bd956eaa9d444b4e.txt", 18): "https://github.com/Edwicn/OPHR-"
    "MasteringVolatilityTradingwithMultiAgentDeepReinforcementLearning",
    ("003_ed0483f45cc52765.txt", 5): "https://github.com/WhitolfChen/SCAR",
    ("003_ed0483f45cc52765.txt", 7): "https://github.com/Yasoz/UniTraj",
    ("003_ed0483f45cc52765.txt", 13): "https://github.com/whieya/Language-grounded-VCL",
    ("003_ed0483f45cc52765.txt", 14): "https://github.com/ypwang61/One-Shot-RLVR",
    ("003_ed0483f45cc52765.txt", 17): "https://github.com/galogm/IGNN",
    ("004_a38beb135b691666.txt", 5): "https://github.com/cwmagoon/dQP",
    ("004_a38beb135b691666.txt", 6): "https://github.com/miccunifi/lambda_orthogonality",
    ("004_a38beb135b691666.txt", 9): "https://github.com/jhtwosun/frequency-aware-token-pruning",
    ("004_a38beb135b691666.txt", 16): "https://github.com/cure-lab/GRiD",
}
# ASDSV, LayerCraft, MERGE promise code without linking it.
SEED_PROMISED = {("003_ed0483f45cc52765.txt", 1), ("003_ed0483f45cc52765.txt", 4),
                 ("003_ed0483f45cc52765.txt", 12)}


# The shipped seed files these facts are about: a user's own seeds beside them are not read.
SHIPPED_SEEDS = frozenset(file for file, _ in SEED_CODE)


def _seed_facts(seeds_dir: Path) -> dict:
    """``(file, abstract number) -> (text, code links, code status)`` of the shipped seed
    files' abstracts; skips when the user removed one of those files."""
    missing = sorted(f for f in SHIPPED_SEEDS if not (seeds_dir / f).is_file())
    if missing:
        pytest.skip(f"shipped seed files removed from seeds/: {', '.join(missing)}")
    out = {}
    for a in read_seeds(seeds_dir).abstracts:
        s = a.sources[0]
        if s.file not in SHIPPED_SEEDS:
            continue
        _, code, _ = extract_links(tokenize(a.text))
        out[(s.file, s.abstract)] = (a.text, code, code_status(code, plain_text(a.text)))
    return out


def test_seed_code_links(seeds_dir: Path) -> None:
    """The 14 seed abstracts with code have exactly their one repository, status available."""
    facts = _seed_facts(seeds_dir)
    got = {k: [c.url for c in code] for k, (_, code, status) in facts.items() if code}
    assert got == {k: [v] for k, v in SEED_CODE.items()}
    assert all(facts[k][2] == "available" for k in SEED_CODE)


def test_seed_promised(seeds_dir: Path) -> None:
    """Exactly ASDSV, LayerCraft and MERGE promise code."""
    facts = _seed_facts(seeds_dir)
    promised = {k for k, (_, _, status) in facts.items() if status == "promised"}
    assert promised == SEED_PROMISED
    names = [facts[k][0] for k in sorted(SEED_PROMISED)]
    assert "ASDSV" in names[0] and "LayerCraft" in names[1] and "MERGE" in names[2]


def test_seed_others_have_no_code(seeds_dir: Path) -> None:
    """Every other seed abstract has no code link and status none."""
    facts = _seed_facts(seeds_dir)
    others = set(facts) - set(SEED_CODE) - SEED_PROMISED
    assert len(others) == 40
    for k in others:
        _, code, status = facts[k]
        assert (code, status) == ((), "none"), k


@pytest.mark.parametrize(("raw", "expected"), [
    ("https://exa mple.com/x", None),  # yarl keeps a space in a host as written
    ('https://exa"mple.com/x', None),
    ("https://exa<mple.com/x", None),
    ("https://a..b/x", None),
    ("https://-/x", None),
    ("https://a_b.example.org/x", "https://a_b.example.org/x"),
    ("http://127.0.0.1:8000/x", "http://127.0.0.1:8000/x"),
    ("http://[::1]:8000/x", "http://[::1]:8000/x"),  # brackets kept
    ("http://[2001:db8::1]/a", "http://[2001:db8::1]/a"),
    ("https://x.org/my paper.pdf", "https://x.org/my%20paper.pdf"),
])
def test_url_hosts_are_host_names_or_addresses(raw: str, expected: str | None) -> None:
    """A metadata file's url/pdf/code field with a host that no resolver can look up is not
    a URL (the reader names the record); an IPv6 literal keeps the brackets it needs."""
    assert normalize_url(raw) == expected


@pytest.mark.parametrize(("written", "kept"), [
    # RFC 3986 6.2.2.2: a reserved character's escape stays an escape (hex upper-cased) ...
    ("https://example.org/search?q=A%2fb&r=c%26d#sec%2f2",
     "https://example.org/search?q=A%2Fb&r=c%26d#sec%2F2"),
    # ... an unreserved one's is decoded; a space, non-ASCII and a lone % are encoded
    ("https://example.org/p?user=%7eann&n=%41", "https://example.org/p?user=~ann&n=A"),
    ("https://example.org/p?q=café b&pct=100%", "https://example.org/p?q=caf%C3%A9%20b&pct=100%25"),
    # a query with / ? : @ as written keeps them (RFC 3986 3.4)
    ("https://example.org/p?next=/a/b?c:d@e", "https://example.org/p?next=/a/b?c:d@e"),
])
def test_query_and_fragment_keep_the_written_escapes(written: str, kept: str) -> None:
    assert normalize_url(written) == kept
