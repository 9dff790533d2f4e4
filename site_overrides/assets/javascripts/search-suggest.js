// "Did you mean": a misspelt word of a query corrected against the digest's own vocabulary,
// the words of its titles, method names and authors, written at build time as
// search/vocabulary.json (generator/render/search.py: vocabulary). Used by the Pagefind search
// dialog (pagefind-search.js); loads nothing until it is first asked (ready() says whether it has).
(function () {
  var words = null;   // sorted, lower-case
  var counts = null;  // papers using each word
  var known = null;   // Set of words
  var names = null;   // Set of the words of method names
  var loading = null;

  function load(url) {
    if (!loading) {
      loading = fetch(url).then(function (r) {
        if (!r.ok) throw new Error(url + ": HTTP " + r.status);
        return r.json();
      }).then(function (data) {
        words = data.words;
        counts = data.counts;
        known = new Set(words);
        names = new Set(data.names);
      }).catch(function () {
        words = []; counts = []; known = new Set(); names = new Set();
      });
    }
    return loading;
  }

  // The index of the first word >= prefix (binary search over the sorted words).
  function lowerBound(prefix) {
    var lo = 0, hi = words.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (words[mid] < prefix) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  function isPrefix(word) {
    var i = lowerBound(word);
    return i < words.length && words[i].lastIndexOf(word, 0) === 0;
  }

  // Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one
  // substring), stopping early once every cell of a row exceeds max.
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = null, prev = [], row, i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      row = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          d = Math.min(d, prev2[j - 2] + 1);
        row[j] = d;
        if (d < best) best = d;
      }
      if (best > max) return max + 1;
      prev2 = prev;
      prev = row;
    }
    return prev[b.length];
  }

  // The closest vocabulary word to an unknown word: one edit for words of 4-6 letters, two
  // for longer ones; ties go to a method name's word (the likeliest typo), then to the word
  // more papers use. null when none is that close.
  function nearest(word) {
    var max = word.length <= 6 ? 1 : 2;
    var best = null, bestD = max + 1, bestC = -1;
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (Math.abs(w.length - word.length) > max) continue;
      var d = distance(word, w, Math.min(max, bestD));
      var c = counts[i] + (names.has(w) ? 1e9 : 0);
      if (d < bestD || (d === bestD && c > bestC)) {
        best = w; bestD = d; bestC = c;
      }
    }
    return bestD <= max ? best : null;
  }

  // The words of a query that may be misspelt or that the index may not hold, each with its
  // closest vocabulary word, as [[typed, fix or null, isName], ...]: a word of four or more
  // characters that is no vocabulary word and begins none (the reader may still be typing it);
  // fix: a vocabulary word close to it (null when none is); isName: that word is a method
  // name's. The search dialog asks its index whether it holds such a word (pagefind-search.js).
  function corrections(query) {
    if (!words || !words.length) return [];
    var out = [];
    query.split(/\s+/).forEach(function (part) {
      var word = part.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      if (word.length < 4 || known.has(word) || isPrefix(word)) return;
      var fix = nearest(word);
      // A word with digits is taken as a misspelt name only if the name keeps its digits
      // ("Midn2Web" -> "mind2web"; "GPT5" is no typo of "gpt4").
      var digits = word.replace(/\D/g, "");
      if (digits && (!fix || !names.has(fix) || fix.replace(/\D/g, "") !== digits)) fix = null;
      out.push([part, fix, !!fix && names.has(fix)]);
    });
    return out;
  }

  // fix (lower case) with the capitals of typed, letter by letter, its letters past the typed
  // word's end as its last ("RESAONER" -> "REASONER", "SniFT" -> "SwiFT", "Conad" -> "Conrad"):
  // the search re-scores words typed with capitals by the titles' spelling (pagefind-search.js).
  function cased(typed, fix) {
    var out = "";
    for (var i = 0; i < fix.length; i++) {
      var c = typed[Math.min(i, typed.length - 1)];
      out += c !== c.toLowerCase() ? fix[i].toUpperCase() : fix[i];
    }
    return out;
  }

  // The query with the given words replaced ([[typed, fix], ...], as corrections returns), each
  // with the typed word's capitals.
  function apply(query, fixes) {
    var map = new Map(fixes.map(function (f) { return [f[0], cased(f[0], f[1])]; }));
    return query.split(/(\s+)/).map(function (part) {
      return map.has(part) ? map.get(part) : part;
    }).join("");
  }

  function ready() { return words !== null; }

  window.pdSuggest = { load: load, ready: ready, corrections: corrections, apply: apply };
})();
