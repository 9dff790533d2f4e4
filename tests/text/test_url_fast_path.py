"""``normalize_url``'s shortcut for a URL already in normal form (``_already_normal``) gives
what the full normalisation (``_normalize``, yarl) gives, for URLs built from the parts that
decide it: scheme, ``www.``, forge, Hub and HTTPS-only hosts, IDNA-looking labels, ports,
dot segments, ``.git``, trailing slashes, escapes, queries and fragments."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.text.urls import _already_normal, _normalize, normalize_url

HOSTS = st.sampled_from([
    "github.com", "gitlab.com", "gitlab.example.org", "huggingface.co", "hf.co", "arxiv.org",
    "doi.org", "openreview.net", "user.github.io", "example.com", "Example.COM", "a.b.c.d",
    "xn--bcher-kva.example", "xn--zz.example", "1.2.3.4", "999.1.1.1", "0x7f.1", "localhost",
    "raw.githubusercontent.com", "exa_mple.com", "sites.google.com", "a-.com", "-a.com",
    "a--b.example.com", "x" * 63 + ".com", "x" * 64 + ".com", "a." + "b" * 64 + ".org",
])
SEGMENT = st.sampled_from(["o", "r", "repo.git", ".git", ".", "..", "", "a%41", "a%2f", "~u",
                           "x_y", "A-Z", "v1.2", "é", "a b", "a:b", "..x", "x.", "-"])
URLS = st.builds(
    lambda scheme, www, host, port, segs, slash, tail: (
        f"{scheme}{www}{host}{port}" + "".join(f"/{s}" for s in segs) + slash + tail),
    st.sampled_from(["https://", "http://", "HTTPS://", "ftp://", "https//", ""]),
    st.sampled_from(["", "www."]), HOSTS, st.sampled_from(["", ":443", ":80", ":8080", ":"]),
    st.lists(SEGMENT, max_size=4), st.sampled_from(["", "/", "//"]),
    st.sampled_from(["", "?q=1", "#f", "?", "#"]))


@settings(max_examples=3000, deadline=None)
@given(URLS)
def test_shortcut_agrees_with_the_full_normalisation(url: str) -> None:
    assert normalize_url(url) == _normalize(url)


def test_the_shortcut_takes_the_common_urls() -> None:
    for url in ("https://github.com/bench-lab/method-0", "https://arxiv.org/abs/2106.09685",
                "http://example.com/a/b.html", "https://user.github.io/project"):
        assert _already_normal(url) and _normalize(url) == url
    for url in ("http://github.com/o/r", "https://www.github.com/o/r", "https://github.com/o/r.git",
                "http://arxiv.org/abs/1", "https://example.com/", "https://Example.com/a",
                "https://example.com/a/../b", "https://example.com:443/a"):
        assert not _already_normal(url)


def test_a_host_that_is_not_idna_is_no_url() -> None:
    # yarl parses "xn--zz" and raises only when the host is read (incomplete punycode).
    assert normalize_url("https://xn--zz.example/a") is None
