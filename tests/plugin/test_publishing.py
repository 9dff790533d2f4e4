"""Publishing: the GitHub Pages workflow, the MkDocs config gh-deploy uses, the offline build
(read from disk over file://) and the Zensical build of the generated docs_src/.

The workflow is validated against check-jsonschema's vendored github-workflows schema (no
network). The offline browser test follows tests/test_browser.py: it skips without Debian's
Chromium or Playwright, and fails instead when PAPER_DIGEST_REQUIRE_BROWSER=1 (CI).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
import yaml
from browser_support import chromium, new_page, playwright
from bs4 import BeautifulSoup
from conftest import ROOT, _copy_project, run_build

from generator.config import placeholder_site_url

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

WORKFLOW = ROOT / ".github" / "workflows" / "deploy.yml"
FASTVID = "fastvid-dynamic-density-pruning-for-fast-video-llms"


def _validate_workflow(path: Path) -> subprocess.CompletedProcess:
    """Run ``check-jsonschema --builtin-schema vendor.github-workflows path`` (offline)."""
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema",
         "vendor.github-workflows", str(path)],
        capture_output=True, text=True, timeout=120,
    )


def _load_workflow() -> dict:
    # PyYAML (YAML 1.1) reads the key `on` as the boolean True.
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))
    return data


# --------------------------------------------------------------------------- workflow


def test_workflow_valid():
    """The Pages workflow validates against the vendored github-workflows schema."""
    proc = _validate_workflow(WORKFLOW)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (re.compile(r"^jobs:.*", re.S | re.M), ""),                   # no jobs at all
        (re.compile(r"runs-on: ubuntu-latest"), "runs-on: 42"),       # wrong type
    ],
    ids=["jobs-missing", "runs-on-not-a-string"],
)
def test_workflow_schema_rejects_broken_copy(tmp_path, old, new):
    """A broken copy of the workflow fails the same validation (the check is not vacuous)."""
    text = WORKFLOW.read_text(encoding="utf-8")
    broken, count = old.subn(new, text)
    assert count
    path = tmp_path / "deploy.yml"
    path.write_text(broken, encoding="utf-8")
    proc = _validate_workflow(path)
    assert proc.returncode != 0, proc.stdout


def test_workflow_builds_and_deploys_site():
    """On push to main: install, ``paper-digest build``, upload ``site``, deploy to Pages."""
    wf = _load_workflow()
    assert wf["on"]["push"]["branches"] == ["main"] and "workflow_dispatch" in wf["on"]
    assert wf["permissions"]["pages"] == "write" and wf["permissions"]["id-token"] == "write"
    assert wf["concurrency"]["group"]
    build = wf["jobs"]["build"]["steps"]
    runs = [s.get("run", "") for s in build]
    assert "pip install -e ." in runs and "paper-digest build" in runs
    python = next(s for s in build if s.get("uses", "").startswith("actions/setup-python@"))
    assert python["with"]["python-version"] == "3.11"
    upload = next(s for s in build if s.get("uses", "").startswith(
        "actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "site"
    deploy = wf["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")


# --------------------------------------------------------------------------- gh-deploy


def test_mkdocs_config_loads_with_site_url(monkeypatch):
    """mkdocs.yml (what ``mkdocs gh-deploy`` builds from) loads with the paper-digest plugin
    and its validated options; site_url is set, search is Pagefind with Material's search
    off, and offline reading is off unless PAPER_DIGEST_OFFLINE=true says otherwise."""
    from mkdocs.config import load_config

    for name in ("PAPER_DIGEST_OFFLINE", "PAPER_DIGEST_SITE_URL", "PAPER_DIGEST_SEARCH",
                 "PAPER_DIGEST_MATERIAL_SEARCH"):
        monkeypatch.delenv(name, raising=False)
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert config.site_url.startswith("https://") and config.site_url.endswith("/")
    options = config.plugins["paper-digest"].config
    assert (options.seeds, options.taxonomy, options.search, options.offline) == (
        "seeds", "taxonomy.yml", "pagefind", False)
    assert config.plugins["material/offline"].config.enabled is False
    assert config.plugins["material/search"].config.enabled is False  # Pagefind's default
    monkeypatch.setenv("PAPER_DIGEST_SEARCH", "material")
    assert load_config(str(ROOT / "mkdocs.yml")).plugins["paper-digest"].config.search == (
        "material")
    monkeypatch.delenv("PAPER_DIGEST_SEARCH")
    monkeypatch.setenv("PAPER_DIGEST_OFFLINE", "true")
    monkeypatch.setenv("PAPER_DIGEST_SITE_URL", "https://someone.github.io/digest/")
    config = load_config(str(ROOT / "mkdocs.yml"))
    assert config.plugins["paper-digest"].config.offline is True
    assert config.plugins["material/offline"].config.enabled is True
    assert config.plugins["material/search"].config.enabled is True  # lunr works on file://
    assert config.site_url == "https://someone.github.io/digest/"


@pytest.mark.parametrize(("url", "placeholder"), [
    ("https://example.github.io/paper-digest/", True), (None, True), ("", True),
    ("https://docs.example.com/digest/", True), ("http://digest.example/", True),
    ("https://someone.github.io/digest/", False), ("https://papers.example-lab.org/", False),
])
def test_placeholder_site_url(url, placeholder):
    """The shipped placeholder, an unset site_url and hosts reserved for examples are
    placeholders; a real address is not."""
    assert placeholder_site_url(url) is placeholder


def test_gh_deploy_warns_about_placeholder_site_url(project_copy, monkeypatch, caplog):
    """``mkdocs gh-deploy`` (the plugin told so by on_startup) warns before generating when
    site_url is the placeholder; with a real address, and for ``mkdocs build``, it does not."""
    from mkdocs.config import load_config

    monkeypatch.chdir(project_copy)
    monkeypatch.delenv("PAPER_DIGEST_SITE_URL", raising=False)
    for command, url, warned in (("gh-deploy", None, True), ("build", None, False),
                                 ("gh-deploy", "https://someone.github.io/digest/", False)):
        if url:
            monkeypatch.setenv("PAPER_DIGEST_SITE_URL", url)
        config = load_config("mkdocs.yml")
        caplog.clear()
        config.plugins.on_startup(command=command, dirty=False)
        config.plugins.run_event("config", config)
        guard = [r for r in caplog.records if "site_url is a placeholder" in r.getMessage()]
        assert [r.levelname for r in guard] == (["WARNING"] if warned else []), command


def test_build_warns_about_placeholder_site_url(built_project):
    """``paper-digest build`` prints the guard's warning (outside --strict's count: the build
    succeeds), naming the placeholder and how to set the address."""
    log = (built_project / "build.log").read_text(encoding="utf-8")
    assert ("paper-digest: warning: site_url is a placeholder "
            "(https://example.github.io/paper-digest/)") in log
    assert "PAPER_DIGEST_SITE_URL" in log


def test_plugin_options_are_validated(tmp_path):
    """A wrong plugin option is MkDocs' configuration error naming it."""
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        text.replace("      seeds: seeds\n", "      seeds: seeds\n      search: lunr\n"),
        encoding="utf-8")
    (tmp_path / "site_overrides").mkdir()
    with pytest.raises(Abort):
        load_config(str(tmp_path / "mkdocs.yml"))


# --------------------------------------------------------------------------- offline build


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory) -> Path:
    """``site/`` of a project copy built with ``PAPER_DIGEST_OFFLINE=true paper-digest build``."""
    project = _copy_project(tmp_path_factory.mktemp("offline") / "project")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PAPER_DIGEST_OFFLINE", "true")
        mp.setenv("NO_MKDOCS_2_WARNING", "1")
        proc = run_build(project)
    assert proc.returncode == 0, f"offline build failed:\n{proc.stdout}\n{proc.stderr}"
    return project / "site"


def test_offline_build_layout(offline_site):
    """Offline build: pages are .html files (no directory URLs), search/search_index.js is
    written, the shim is local and no page names unpkg.com."""
    # every generated page is the index.md of its folder: the same files as served
    assert (offline_site / "papers" / FASTVID / "index.html").is_file()
    assert (offline_site / "code" / "index.html").is_file()
    assert (offline_site / "about.html").is_file()  # a hand-written page: its .html file
    index_js = (offline_site / "search" / "search_index.js").read_text(encoding="utf-8")
    assert index_js.startswith("var __index = {") and "FastVID" in index_js
    assert "schrodinger" in index_js  # the paper pages' search aliases are indexed
    assert (offline_site / "assets" / "javascripts" / "iframe-worker-shim.js").is_file()
    home = (offline_site / "index.html").read_text(encoding="utf-8")
    assert BeautifulSoup(home, "html.parser").select(
        'script[src="assets/javascripts/iframe-worker-shim.js"]')
    assert "unpkg.com" not in home


def test_offline_build_relative_links_resolve(offline_site):
    """Every relative href/src of every offline page names a file on disk (404.html, which
    uses absolute site_url paths by design, excepted)."""
    missing: dict[str, str] = {}
    for page in offline_site.rglob("*.html"):
        if page.name == "404.html" and page.parent == offline_site:
            continue
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for ref in (tag[attr] for tag in soup.find_all(True) for attr in ("href", "src")
                    if tag.has_attr(attr)):
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = page.parent / unquote(parts.path)
            if not target.is_file():
                missing.setdefault(ref, posixpath.relpath(page, offline_site))
    assert not missing, list(missing.items())[:10]


@pytest.mark.browser
def test_offline_site_from_disk_navigates_and_searches(offline_site):
    """Opened as file://.../index.html: a click reaches the FastVID page, search for
    "FastVID" returns it, no console errors, and nothing but file: URLs is requested."""
    expect = playwright().expect
    requests: list[str] = []
    errors: list[str] = []
    # file:// pages may read other file:// files (the search index script), as in a browser
    # that a reader opened the downloaded site in.
    with chromium("--allow-file-access-from-files") as browser, new_page(browser) as page:
        page.context.on("request", lambda r: requests.append(r.url))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto((offline_site / "index.html").as_uri())
        page.locator("article a[href='code/index.html']").first.click()
        page.locator(".pd-entry__title a", has_text="FastVID").first.click()
        page.wait_for_url(f"**/papers/{FASTVID}/index.html")
        expect(page.locator("article h1").first).to_contain_text("FastVID")

        box = page.locator("input.md-search__input")
        box.click()
        # The index loads in the (iframe) worker; a query typed before that is lost.
        page.wait_for_function(
            """() => {
                const m = document.querySelector('.md-search-result__meta');
                return m && m.textContent.trim() && !/initializ/i.test(m.textContent);
            }"""
        )
        box.fill("FastVID")
        box.press("End")
        first = page.locator(".md-search-result__item a.md-search-result__link").first
        first.wait_for(state="attached")
        assert f"papers/{FASTVID}/index.html" in first.get_attribute("href")
        expect(first).to_contain_text("FastVID")
    assert errors == []
    off_disk = [u for u in requests if not u.startswith(("file:", "data:", "blob:", "about:"))]
    assert off_disk == [], off_disk
    assert any(u.endswith("search/search_index.js") for u in requests), requests


# --------------------------------------------------------------------------- zensical


PAGES_PATH = "/paper-digest/"  # a GitHub Pages project site: https://USER.github.io/paper-digest/


def served_links(site: Path, base: str = PAGES_PATH) -> tuple[int, dict[str, str]]:
    """Every internal link (relative or absolute-path ``href``/``src``) of every HTML page of
    ``site`` resolved as a browser does when the site is served under ``base``: ``(number of
    links, {"page -> link": resolved path})`` for those that leave ``base`` or name no file
    (a path ending in ``/`` names its ``index.html``)."""
    count, broken = 0, {}
    for page in sorted(site.rglob("*.html")):
        rel = page.relative_to(site).as_posix()
        url = base + (rel.removesuffix("index.html") if page.name == "index.html" else rel)
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for ref in (tag[attr] for tag in soup.find_all(True) for attr in ("href", "src")
                    if tag.has_attr(attr)):
            parts = urlsplit(ref)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            count += 1
            path = urlsplit(urljoin(url, ref)).path
            target = site / unquote(path[len(base):]) if path.startswith(base) else None
            if target is not None and (path.endswith("/") or target.is_dir()):
                target = target / "index.html"
            if target is None or not target.is_file():
                broken.setdefault(f"{rel} -> {ref}", path)
    return count, broken


def test_links_resolve_under_a_pages_path(built_site):
    """MkDocs: every internal link of every page resolves to a file when the site is served
    under a path (/paper-digest/), as the Pages workflow publishes it."""
    papers = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    count, broken = served_links(built_site)
    assert count > 20 * len(papers) and broken == {}, list(broken.items())[:10]


def test_zensical_build(tmp_path):
    """``paper-digest generate`` then ``zensical build`` of the same mkdocs.yml: every paper
    page, every tag page, a search index (search.json) that finds FastVID, and links that
    resolve under a Pages path."""
    project = _copy_project(tmp_path / "project")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("PAPER_DIGEST_OFFLINE", None)
    gen = subprocess.run([sys.executable, "-m", "generator.cli", "generate"], cwd=project,
                         env=env, capture_output=True, text=True, timeout=300)
    assert gen.returncode == 0, gen.stdout + gen.stderr
    # Zensical's own search: the search plugin entry on (README "Engines")
    proc = subprocess.run([sys.executable, "-m", "zensical", "build", "--clean", "--strict",
                           "-f", "mkdocs.yml"], cwd=project,
                          env={**env, "PAPER_DIGEST_MATERIAL_SEARCH": "true"},
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    site = project / "site"

    slugs = [p["slug"] for p in json.loads(
        (project / "docs_src" / "papers.json").read_text(encoding="utf-8"))]
    assert len(slugs) > 50
    missing = [s for s in slugs if not (site / "papers" / s / "index.html").is_file()]
    assert missing == []

    tags = sorted(p.parent.name for p in (project / "docs_src" / "tags").glob("*/index.md"))
    assert len(tags) > 10
    missing = [t for t in tags if not (site / "tags" / t / "index.html").is_file()]
    assert missing == []
    assert (site / "tags" / "index.html").is_file()

    index = json.loads((site / "search.json").read_text(encoding="utf-8"))
    hits = [i["location"] for i in index["items"] if "FastVID" in i["title"] + i["text"]]
    assert f"papers/{FASTVID}/" in hits

    # Every internal link resolves under a Pages path too (Zensical resolves a raw HTML link
    # against the Markdown file, which for every generated page is its folder's index.md).
    count, broken = served_links(site)
    assert count > 20 * len(slugs) and broken == {}, list(broken.items())[:10]

    # Zensical's header names the search dialog itself: main.html adds no second name.
    home = (site / "index.html").read_text(encoding="utf-8")
    dialog = re.search(r'<[a-z]+[^>]*data-md-component="search" role="dialog"[^>]*>', home)
    assert dialog.group(0).count("aria-label=") == 1, dialog.group(0)
