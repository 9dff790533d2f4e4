// paper-digest whole-collection filters (issue 24): a listing's tag, code and author filters
// and its sort act on every paper of the collection, tag or code list, not only on the page
// shown. The papers come from the compact index data/listing-index.js (written by
// generator/render/listing_index.py, loaded once with <script>, so file:// works too). With no
// filter and the listing order the page is as built. Otherwise a listing of one page shows and
// orders its own entries (badges and highlights kept); on a listing of several pages the
// entries and pagers give way to the matching papers of all pages, SHOW at a time. State lives
// in the URL (?tag=&code=&author=&sort=).
// Until the index is loaded (or without it), digest.js filters the page's own entries.
(function () {
  var me = document.currentScript;
  var root = me.src.replace(/assets\/javascripts\/listing-index\.js(\?.*)?$/, "");
  var directoryUrls = me.dataset.pdDirectoryUrls !== "false";
  var SHOW = 200;
  var MIN_AUTHOR_PAPERS = 2;
  var index = null;
  var waiting = [];
  window.pdListingIndex = function (data) {
    index = data;
    waiting.forEach(function (f) { f(); });
    waiting = [];
  };
  function withIndex(f) {
    if (index) { f(); return; }
    waiting.push(f);
    if (waiting.length > 1) return;
    var s = document.createElement("script");
    s.src = root + "data/listing-index.js";
    document.head.appendChild(s);
  }
  function pageUrl(url) { return root + (directoryUrls ? url : url + "index.html"); }
  function day(n) {  // yyyymmdd -> "2023-12-01", "2023-12", "2023"
    var y = Math.floor(n / 10000), m = Math.floor(n / 100) % 100, d = n % 100;
    var pad = function (x) { return (x < 10 ? "0" : "") + x; };
    return y + (m ? "-" + pad(m) + (d ? "-" + pad(d) : "") : "");
  }

  function inScope(box) {
    var kind = box.dataset.pdScope, name = box.dataset.pdScopeName;
    var F = index.papers;
    if (kind === "collections") {
      var c = index.collections.indexOf(name);
      return F.filter(function (p) { return p[3] === c; });
    }
    if (kind === "tags") {
      var t = index.tags.indexOf(name);
      return F.filter(function (p) { return p[4].indexOf(t) >= 0; });
    }
    // The papers with code: those with a repository, then those that promise one.
    return F.filter(function (p) { return p[5] === 0; }).concat(F.filter(function (p) { return p[5] === 1; }));
  }

  function setup() {
    var box = document.querySelector("[data-pd-filters][data-pd-scope]");
    if (!box || box.dataset.pdIndexReady) return;
    box.dataset.pdIndexReady = "1";
    withIndex(function () { start(box); });
  }

  function start(box) {
    var scope = inScope(box);
    var results = document.querySelector("[data-pd-results]");
    var count = box.querySelector("[data-pd-count]");
    var tagSel = box.querySelector('[data-pd-filter="tag"]');
    var codeSel = box.querySelector('[data-pd-filter="code"]');
    var authorSel = box.querySelector('[data-pd-filter="author"]');
    var sortSel = box.querySelector("[data-pd-sort]");
    var byAuthor = {};
    scope.forEach(function (p) { p[6].forEach(function (a) { byAuthor[a] = (byAuthor[a] || 0) + 1; }); });
    Object.keys(byAuthor).map(Number).filter(function (a) { return byAuthor[a] >= MIN_AUTHOR_PAPERS; })
      .sort(function (a, b) { return byAuthor[b] - byAuthor[a] || index.authors[a].localeCompare(index.authors[b]); })
      .forEach(function (a) {
        var o = document.createElement("option");
        o.value = index.authors[a];
        o.textContent = index.authors[a] + " (" + byAuthor[a] + ")";
        authorSel.appendChild(o);
      });
    authorSel.hidden = authorSel.options.length < 2;
    sortSel.hidden = false;
    var params = new URLSearchParams(window.location.search);
    if (params.get("author")) authorSel.value = params.get("author");
    if (params.get("sort")) sortSel.value = params.get("sort");
    if (!authorSel.value) authorSel.value = "";
    if (!sortSel.value) sortSel.value = "";
    var shown = SHOW;
    // One page holds the whole listing: its entries, by their address, filtered in place.
    var single = !document.querySelector(".pd-pages");
    var entries = {};
    document.querySelectorAll(".pd-entry").forEach(function (e) {
      var a = e.querySelector(".pd-entry__title a");
      if (a) entries[new URL(a.getAttribute("href"), window.location.href).href] = e;
    });
    function entryOf(p) { return entries[new URL(pageUrl(p[0]), window.location.href).href]; }

    function matches() {
      var t = index.tags.indexOf(tagSel.value), c = index.codes.indexOf(codeSel.value);
      var a = index.authors.indexOf(authorSel.value);
      var out = scope.filter(function (p) {
        return (!tagSel.value || p[4].indexOf(t) >= 0) && (!codeSel.value || p[5] === c) &&
               (!authorSel.value || p[6].indexOf(a) >= 0);
      });
      var order = sortSel.value;
      if (order === "new") out = out.slice().sort(function (x, y) { return y[2] - x[2]; });
      else if (order === "old") out = out.slice().sort(function (x, y) { return x[2] - y[2]; });
      else if (order === "title") out = out.slice().sort(function (x, y) { return x[1].localeCompare(y[1]); });
      return out;
    }
    function entry(p) {
      var div = document.createElement("div");
      div.className = "pd-result";
      var title = document.createElement("p");
      title.className = "pd-result__title";
      var a = document.createElement("a");
      a.href = pageUrl(p[0]);
      a.textContent = p[1];
      title.appendChild(a);
      // The reading list's Save button, as on the page's own entries (reading-list.js).
      var star = document.createElement("button");
      star.type = "button";
      star.className = "pd-star";
      star.dataset.pdStar = p[7];
      star.setAttribute("aria-pressed", "false");
      star.textContent = "Save";
      title.appendChild(document.createTextNode(" "));
      title.appendChild(star);
      div.appendChild(title);
      var names = p[6].slice(0, 3).map(function (i) { return index.authors[i]; }).join(", ") +
        (p[6].length > 3 ? ", et al." : "");
      var meta = document.createElement("p");
      meta.className = "pd-result__meta";
      meta.textContent = [names, day(p[2]), p[4].map(function (i) { return index.tags[i]; }).join(", ")]
        .filter(Boolean).join(" · ");
      div.appendChild(meta);
      return div;
    }
    // Where a one-page listing's entries go, in the chosen order: right after the results box.
    var mark = document.createComment("pd-entries");
    results.parentNode.insertBefore(mark, results.nextSibling);
    function inPlace(found) {  // a listing of one page: show and order its own entries
      document.querySelectorAll(".pd-entry").forEach(function (e) { e.hidden = true; });
      found.map(entryOf).filter(Boolean).forEach(function (e) {
        e.hidden = false;
        mark.parentNode.insertBefore(e, mark);
      });
    }
    function apply(push) {
      var active = tagSel.value || codeSel.value || authorSel.value || sortSel.value;
      var found = matches();
      if (single) {
        inPlace(found);
        count.textContent = found.length + " of " + scope.length + " papers";
        if (push) remember();
        return;
      }
      document.querySelectorAll(".pd-pages").forEach(function (n) { n.hidden = !!active; });
      results.hidden = !active;
      results.textContent = "";
      if (active) {
        found.slice(0, shown).forEach(function (p) { results.appendChild(entry(p)); });
        if (found.length > shown) {
          var more = document.createElement("button");
          more.type = "button";
          more.className = "pd-button";
          more.textContent = "Show " + Math.min(SHOW, found.length - shown) + " more";
          more.addEventListener("click", function () { shown += SHOW; apply(false); });
          results.appendChild(more);
        }
        if (window.pdReadingList) window.pdReadingList.bind(results);
      }
      document.querySelectorAll(".pd-entry").forEach(function (e) { e.hidden = !!active; });
      count.textContent = found.length + " of " + scope.length + " papers" +
        (active && found.length > shown ? " (first " + shown + " shown)" : "");
      if (push) remember();
    }
    function remember() {
      var q = new URLSearchParams();
      if (tagSel.value) q.set("tag", tagSel.value);
      if (codeSel.value) q.set("code", codeSel.value);
      if (authorSel.value) q.set("author", authorSel.value);
      if (sortSel.value) q.set("sort", sortSel.value);
      var s = q.toString();
      history.replaceState(null, "", window.location.pathname + (s ? "?" + s : "") + window.location.hash);
    }
    [tagSel, codeSel, authorSel, sortSel].forEach(function (s) {
      s.addEventListener("change", function () { shown = SHOW; apply(true); });
    });
    apply(false);
  }

  if (window.document$ && window.document$.subscribe) window.document$.subscribe(setup);
  else document.addEventListener("DOMContentLoaded", setup);
})();
