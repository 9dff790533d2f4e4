// Material's search (lunr, for file:// reading): what its search box hands the search worker.
// Material reads the box's value on every keystroke, appends "*" to each term and lets lunr's
// query parser split terms at hyphens. Typed as a reader types, that goes wrong:
// * "few-" on the way to "few-shot" leaves a bare "*", which matches every word of the index:
//   the worker stays busy for minutes and answers nothing more;
// * "~" and "^" are lunr operators (fuzzy, boost): "~1B" is a syntax error, no result;
// * "PaLM-E", "top-k" leave one-letter terms ("e*", "k*") that match thousands of words;
// * a Greek letter alone ("ε") is no query at all for Material ("Type to start searching").
// So the box reports to Material (its value property, as every reader of an input uses) the
// query with a dangling hyphen dropped, lunr operators read as spaces, and each hyphenated
// word as its joined form (the hidden aliases of the paper pages carry "fewshot", "palme":
// generator/render/search.py) plus its parts of two or more characters, and a Greek letter
// as its name (the aliases carry "epsilon" for "ε" and "ϵ"). The box shows what the reader
// typed.
(function () {
  var input = document.querySelector("[data-md-component=search-query]");
  var native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  if (!input || !native) return;

  var GREEK = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi " +
    "omicron pi rho sigma sigma tau upsilon phi chi psi omega";
  GREEK = GREEK.split(" ");

  function greek(c) {  // "ε", "ϵ", "Ε" -> "epsilon" (U+03B1-U+03C9 in alphabet order)
    var code = c.normalize("NFKC").toLowerCase().charCodeAt(0) - 0x3b1;
    return code >= 0 && code < GREEK.length ? GREEK[code] : c;
  }

  function word(w) {
    if (/^[\u0370-\u03ff]$/.test(w)) return greek(w);
    var trimmed = w.replace(/[-\u2010\u2011]+$/, "");        // "few-" -> "few"
    if (!/\w[-\u2010\u2011.]\w/.test(trimmed)) return trimmed;
    var parts = trimmed.split(/[-\u2010\u2011.]+/).filter(function (p) { return p.length > 1; });
    return [trimmed.replace(/[-\u2010\u2011.]+/g, "")].concat(parts).join(" ");
  }

  function rewrite(query) {
    return query.replace(/[~^]+/g, " ").split(/(\s+)/).map(function (part) {
      return /^\s*$/.test(part) || /^[+-]/.test(part) ? part : word(part);
    }).join("");
  }

  Object.defineProperty(input, "value", {
    configurable: true,
    get: function () { return rewrite(native.get.call(this)); },
    set: function (v) { native.set.call(this, v); },
  });
  // Material searches on keyup: text that arrives without a key (a Greek letter from an input
  // method, a paste from the context menu, dictation) would wait for the next key. The same
  // value twice is searched once (Material skips repeats).
  input.addEventListener("input", function () {
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  });
})();
