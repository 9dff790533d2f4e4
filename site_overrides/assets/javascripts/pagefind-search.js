// paper-digest search dialog for `paper-digest build --search pagefind` (large digests).
// The page loads only this file. Opening the dialog (header button, or "/", "s", "f" as in
// Material) loads this site's pagefind/pagefind-ui.css and pagefind-ui.js once; Pagefind then
// fetches its WebAssembly, its entry file and only the index chunks and result fragments a
// query needs. Nothing comes from another server.
(function () {
  var dialog = document.querySelector("[data-pd-search]");
  var openers = document.querySelectorAll("[data-pd-search-open]");  // header, front page
  if (!dialog || !openers.length || typeof dialog.showModal !== "function") return;
  // Absolute paths: PagefindUI imports pagefind.js relative to itself, and its result URLs
  // ("/papers/x/") are relative to the site root, which may be a subpath (GitHub Pages).
  var bundle = new URL(dialog.dataset.pdBundle, window.location.href).pathname;
  var base = new URL(dialog.dataset.pdBase, window.location.href).pathname;
  var loading = null;
  var ui = null;

  function load() {
    if (loading) return loading;
    loading = new Promise(function (resolve, reject) {
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = bundle + "pagefind-ui.css";
      document.head.appendChild(css);
      var script = document.createElement("script");
      script.src = bundle + "pagefind-ui.js";
      script.onload = resolve;
      script.onerror = function () {
        loading = null;
        reject(new Error("could not load " + script.src));
      };
      document.head.appendChild(script);
    });
    return loading;
  }

  function focusInput() {
    var input = dialog.querySelector(".pagefind-ui__search-input");
    if (!input) return;
    // Pagefind's box is named by its title only (axe: label-title-only): a proper label.
    if (!input.hasAttribute("aria-label")) input.setAttribute("aria-label", input.title || "Search");
    input.focus();
  }

  function open() {
    if (!dialog.open) dialog.showModal();
    load().then(function () {
      if (!ui) {
        ui = new window.PagefindUI({
          element: "#pd-search",
          bundlePath: bundle,
          baseUrl: base,
          showImages: false,
          showSubResults: false,
          resetStyles: false,
          autofocus: true,
          // Pagefind's default waits 300 ms after a keystroke; its searches are cheap (chunks
          // already fetched are reused), so answer sooner.
          debounceTimeoutMs: 100,
        });
      }
      focusInput();
    }, function (err) {
      dialog.querySelector("#pd-search").textContent =
        "Search is unavailable: " + err.message + ".";
    });
  }

  openers.forEach(function (opener) { opener.addEventListener("click", open); });
  dialog.querySelector("[data-pd-search-close]").addEventListener("click", function () {
    dialog.close();
  });
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener("click", function (event) {
    if (event.target === dialog) dialog.close();
  });
  document.addEventListener("keydown", function (event) {
    if (dialog.open || event.ctrlKey || event.metaKey || event.altKey) return;
    var t = event.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (event.key === "/" || event.key === "s" || event.key === "f") {
      event.preventDefault();
      open();
    }
  });
})();
