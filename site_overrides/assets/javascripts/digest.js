// paper-digest listing filters: show only entries matching the chosen tag and code status.
// State lives in the URL (?tag=..&code=..), so a filtered view can be shared and survives
// reloads. Works with Material's instant navigation via document$ when present.
(function () {
  // An entry's tags are the names of its tag links; its code status is "available" with a
  // code badge, "promised" with the promise badge, else "none" (generator/extract/links.py:
  // code_status), so the entry need not repeat them in attributes.
  function tagsOf(e) {
    return Array.prototype.map.call(e.querySelectorAll("a.pd-tag"), function (a) {
      return a.textContent;
    });
  }
  function codeOf(e) {
    if (e.querySelector(".pd-badge--code")) return "available";
    return e.querySelector(".pd-badge--promised") ? "promised" : "none";
  }
  function setup() {
    var box = document.querySelector("[data-pd-filters]");
    if (!box) return;
    var selects = box.querySelectorAll("select[data-pd-filter]");
    var entries = document.querySelectorAll(".pd-entry");
    var count = box.querySelector("[data-pd-count]");
    var params = new URLSearchParams(window.location.search);
    selects.forEach(function (s) { s.value = params.get(s.dataset.pdFilter) || ""; });
    function apply(push) {
      var tag = box.querySelector('[data-pd-filter="tag"]').value;
      var code = box.querySelector('[data-pd-filter="code"]').value;
      var shown = 0;
      entries.forEach(function (e) {
        var ok = (!tag || tagsOf(e).indexOf(tag) >= 0) && (!code || codeOf(e) === code);
        e.hidden = !ok;
        if (ok) shown++;
      });
      count.textContent = shown + " of " + entries.length + " shown";
      if (push) {
        var p = new URLSearchParams();
        if (tag) p.set("tag", tag);
        if (code) p.set("code", code);
        var q = p.toString();
        history.replaceState(null, "", window.location.pathname + (q ? "?" + q : "") +
                             window.location.hash);
      }
    }
    selects.forEach(function (s) { s.addEventListener("change", function () { apply(true); }); });
    apply(false);
  }
  // "Copy link" on paper pages: the permalink (this page's address without query or hash).
  function setupCopy() {
    document.querySelectorAll("[data-pd-copy]").forEach(function (button) {
      var label = button.textContent;
      var timer = null;
      button.addEventListener("click", function () {
        var url = window.location.href.split("#")[0].split("?")[0];
        // "Copied" for two seconds, then the button reads as before (a second copy shows it
        // again).
        var done = function () {
          button.textContent = "Copied";
          clearTimeout(timer);
          timer = setTimeout(function () { button.textContent = label; }, 2000);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(done, function () { window.prompt("Link:", url); });
        } else {
          window.prompt("Link:", url);
        }
      });
    });
  }
  // The front page's search button: opens Material's search (its header toggle) and puts the
  // cursor in the box. With Pagefind, pagefind-search.js opens its dialog instead.
  function setupSearchButtons() {
    var toggle = document.querySelector("input[data-md-toggle=search]");
    if (!toggle) return;
    document.querySelectorAll("[data-pd-search-open]").forEach(function (button) {
      button.addEventListener("click", function () {
        toggle.checked = true;
        toggle.dispatchEvent(new CustomEvent("change"));
        var input = document.querySelector("input[data-md-component=search-query]");
        if (input) input.focus();
      });
    });
  }
  function all() { setup(); setupCopy(); setupSearchButtons(); }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(all);
  else document.addEventListener("DOMContentLoaded", all);
})();
