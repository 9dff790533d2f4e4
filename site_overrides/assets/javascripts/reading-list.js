// paper-digest reading list (issue 24): a Save button on every card and paper page keeps the
// paper's id in this browser (localStorage, one list per digest: the key holds the site's
// path); the "Reading list" page shows the saved papers and exports them as BibTeX, RIS or
// JSON from their records (data/records/<first two hex digits of the id>.js, written by
// generator/render/reading_list.py). Records are loaded with <script>, which browsers run on
// file:// too (fetch is refused there). A share link carries the ids: reading-list/?ids=a,b.
// A paper page's cite block downloads that paper's record the same way ([data-pd-cite]).
(function () {
  var me = document.currentScript;
  var root = me.src.replace(/assets\/javascripts\/reading-list\.js(\?.*)?$/, "");
  var directoryUrls = me.dataset.pdDirectoryUrls !== "false";
  var KEY = "paper-digest:reading-list:" + new URL(root).pathname;
  var records = {};
  var loading = {};

  function load() {
    try {
      var ids = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(ids) ? ids.filter(function (id) { return /^[0-9a-z]+$/.test(id); }) : [];
    } catch (e) {
      return [];
    }
  }
  function save(ids) {
    try { window.localStorage.setItem(KEY, JSON.stringify(ids)); } catch (e) { /* full or off */ }
  }
  // A site-relative page URL ("papers/x/") as this build writes it; offline, every page is
  // its folder's index.html.
  function pageUrl(url) {
    return root + (directoryUrls ? url : url + "index.html");
  }

  // The Save buttons: shown only with JavaScript; aria-pressed tells whether it is saved.
  // pdReadingList.bind(element) sets up those a script added later (listing-index.js).
  function setupStars(within) {
    var ids = load();
    (within || document).querySelectorAll("[data-pd-star]").forEach(function (button) {
      var id = button.dataset.pdStar;
      // The page gives only the id: class and type come from here (_star.md.j2).
      button.classList.add("pd-star");
      button.type = "button";
      button.hidden = false;
      button.setAttribute("aria-pressed", ids.indexOf(id) >= 0 ? "true" : "false");
      if (button.dataset.pdStarReady) return;
      button.dataset.pdStarReady = "1";
      button.addEventListener("click", function () {
        var now = load();
        var at = now.indexOf(id);
        if (at >= 0) now.splice(at, 1); else now.push(id);
        save(now);
        document.querySelectorAll('[data-pd-star="' + id + '"]').forEach(function (b) {
          b.setAttribute("aria-pressed", at >= 0 ? "false" : "true");
        });
      });
    });
  }

  // Records: one script per id prefix, each calling pdReadingRecords({id: record}).
  window.pdReadingRecords = function (chunk) {
    Object.keys(chunk).forEach(function (id) { records[id] = chunk[id]; });
  };
  function fetchRecords(ids, done) {
    var prefixes = {};
    ids.forEach(function (id) { prefixes[id.slice(0, 2)] = true; });
    var wanted = Object.keys(prefixes);
    var left = wanted.length;
    if (!left) { done(); return; }
    wanted.forEach(function (prefix) {
      if (loading[prefix]) { loading[prefix].push(finish); return; }
      loading[prefix] = [finish];
      var s = document.createElement("script");
      s.src = root + "data/records/" + prefix + ".js";
      s.onload = s.onerror = function () {
        var waiting = loading[prefix];
        loading[prefix] = { push: function (f) { f(); } };  // loaded: later callers go on
        waiting.forEach(function (f) { f(); });
      };
      document.head.appendChild(s);
    });
    function finish() { if (--left === 0) done(); }
  }

  function download(name, type, text) {
    var blob = new Blob([text], { type: type });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  }

  // What each export writes: file extension, media type, and the text of records rs (one
  // record: the same text as a list of one, a JSON object instead of an array).
  var EXPORTS = {
    bibtex: { ext: "bib", type: "application/x-bibtex;charset=utf-8",
              text: function (rs) { return rs.map(function (r) { return r.bibtex; }).join("\n"); } },
    ris: { ext: "ris", type: "application/x-research-info-systems;charset=utf-8",
           text: function (rs) { return rs.map(function (r) { return r.ris; }).join("\n"); } },
    json: { ext: "json", type: "application/json;charset=utf-8",
            text: function (rs, one) {
              var data = rs.map(function (r) { return r.json; });
              return JSON.stringify(one ? data[0] : data, null, 2) + "\n";
            } }
  };
  function exportRecords(kind, name, rs, one) {
    var e = EXPORTS[kind];
    download(name + "." + e.ext, e.type, e.text(rs, one));
  }

  // The cite block of a paper page: BibTeX, RIS and JSON of its record, named by its slug
  // (the last part of the record's address). The page gives the buttons only their kind:
  // class and type come from here (paper.md.j2).
  function setupCite() {
    document.querySelectorAll("[data-pd-cite]").forEach(function (box) {
      var id = box.dataset.pdCite;
      box.hidden = false;
      if (box.dataset.pdCiteReady) return;
      box.dataset.pdCiteReady = "1";
      box.querySelectorAll("[data-pd-cite-export]").forEach(function (button) {
        button.classList.add("pd-button");
        button.type = "button";
        button.addEventListener("click", function () {
          fetchRecords([id], function () {
            var r = records[id];
            if (r) exportRecords(button.dataset.pdCiteExport,
                                 r.url.replace(/\/$/, "").split("/").pop(), [r], true);
          });
        });
      });
    });
  }

  function setupPage() {
    var box = document.querySelector("[data-pd-reading-list]");
    if (!box) return;
    var status = box.querySelector("[data-pd-rl-status]");
    var list = box.querySelector("[data-pd-rl-items]");
    var actions = box.querySelector("[data-pd-rl-actions]");
    var sharedBox = box.querySelector("[data-pd-rl-shared]");
    var param = new URLSearchParams(window.location.search).get("ids");
    var shared = param !== null ? param.split(",").filter(function (id) {
      return /^[0-9a-z]+$/.test(id);
    }) : null;
    var current = [];

    function render() {
      current = shared || load();
      sharedBox.hidden = !shared;
      fetchRecords(current, function () {
        var known = current.filter(function (id) { return records[id]; });
        var missing = current.length - known.length;
        list.textContent = "";
        known.forEach(function (id) {
          var r = records[id];
          var li = document.createElement("li");
          var a = document.createElement("a");
          a.href = pageUrl(r.url);
          a.textContent = r.json.title;
          li.appendChild(a);
          var meta = [r.json.authors.slice(0, 3).join(", ") + (r.json.authors.length > 3 ? ", et al." : ""),
                      r.json.venue || r.json.collection, r.json.year].filter(Boolean).join(" · ");
          if (meta) li.appendChild(document.createTextNode(" — " + meta + " "));
          if (!shared) {
            var b = document.createElement("button");
            b.type = "button";
            b.className = "pd-button";
            b.textContent = "Remove";
            b.setAttribute("aria-label", "Remove " + r.json.title);
            b.addEventListener("click", function () {
              save(load().filter(function (x) { return x !== id; }));
              render();
            });
            li.appendChild(b);
          }
          list.appendChild(li);
        });
        var n = known.length;
        status.textContent = (n ? n + (n === 1 ? " paper" : " papers") +
          (shared ? " in this shared list." : " in your reading list.") :
          (shared ? "This shared list holds no paper of this digest." :
           "Your reading list is empty: save papers with the Save button on a listing or a paper page.")) +
          (missing ? " " + missing + " saved " + (missing === 1 ? "id is" : "ids are") +
           " no longer in the digest." : "");
        actions.hidden = !n;
        box.querySelector("[data-pd-rl-clear]").hidden = !!shared;
      });
    }
    function chosen() { return current.filter(function (id) { return records[id]; }).map(function (id) { return records[id]; }); }
    box.querySelectorAll("[data-pd-rl-export]").forEach(function (button) {
      button.addEventListener("click", function () {
        exportRecords(button.dataset.pdRlExport, "reading-list", chosen(), false);
      });
    });
    box.querySelector("[data-pd-rl-share]").addEventListener("click", function () {
      var button = this;
      var url = window.location.href.split("#")[0].split("?")[0] + "?ids=" +
        chosen().map(function (r) { return r.json.id; }).join(",");
      var done = function () { button.textContent = "Link copied"; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(done, function () { window.prompt("Share link:", url); });
      } else {
        window.prompt("Share link:", url);
      }
    });
    box.querySelector("[data-pd-rl-clear]").addEventListener("click", function () {
      save([]);
      render();
    });
    box.querySelector("[data-pd-rl-adopt]").addEventListener("click", function () {
      var mine = load();
      shared.forEach(function (id) { if (records[id] && mine.indexOf(id) < 0) mine.push(id); });
      save(mine);
      shared = null;
      history.replaceState(null, "", window.location.pathname);
      render();
    });
    render();
  }

  window.pdReadingList = { bind: setupStars };
  function all() { setupStars(); setupCite(); setupPage(); }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(all);
  else document.addEventListener("DOMContentLoaded", all);
})();
