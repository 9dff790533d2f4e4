// paper-digest search dialog over Pagefind's JavaScript API (pagefind/pagefind.js; the default
// engine on a web server: README "Search"). The page loads only this file and
// search-suggest.js. Opening the dialog (header button, or "/", "s", "f" as in Material)
// imports this site's pagefind/pagefind.js once; Pagefind then fetches its WebAssembly, its
// entry file and only the index chunks and result fragments a query needs. Nothing comes from
// another server.
//
// One result per paper: its title, an excerpt with the query's words marked, and the filters
// (tag, collection, year, code, author) Pagefind read from the page (data-pagefind-filter).
// A query with a word that the index does not hold and that is no word of the digest's titles,
// names and authors while a close one is runs corrected ("Did you mean ..."): those results
// are labelled as a guess, never shown as the answer to what was typed; without a close word,
// the pages Pagefind gives for a word it does not hold are labelled partial matches and not
// counted. The vocabulary is fetched
// only after the first results are shown, so it never delays them; a query answered before it
// arrived runs again with the typo step.
(function () {
  // The dialog is not in the pages: it is built here when first opened (about 1.5 KB less
  // on every page; README "Scaling"). This script's tag carries its translated labels.
  var script = document.currentScript;
  var openers = document.querySelectorAll("[data-pd-search-open]");  // header, front page
  if (!script || !openers.length || typeof HTMLDialogElement !== "function") return;
  // Absolute paths: result URLs ("/papers/x/") are relative to the site root, which may be a
  // subpath (GitHub Pages). This script is assets/javascripts/ under the root.
  var site = new URL("../../", script.src);
  var bundle = new URL("pagefind/", site).pathname;
  var base = site.pathname;
  var vocabulary = new URL("search/vocabulary.json", site).href;
  var labels = script.dataset;  // pdLabelSearch, pdLabelReset, pdLabelPlaceholder
  var CLOSE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M19 6.41 ' +
    '17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 ' +
    '12z"/></svg>';  // Material's material/close icon
  // Folded on a phone (open() opens it on a wide screen): the five rows took half of a
  // 390 px screen.
  var MARKUP =
    '<div class="pd-search__bar"><span class="pd-search__title"></span>' +
    '<button type="button" class="pd-search__close md-icon" data-pd-search-close>' + CLOSE +
    '</button></div>' +
    '<div class="pd-search__ui" data-pd-search-ui>' +
    '<input class="pd-search__input" type="search" autocomplete="off" spellcheck="false">' +
    '<details class="pd-search__filter-box" data-pd-filter-box>' +
    '<summary data-pd-filter-count>Filters</summary> <div class="pd-search__filters">' +
    ["Tag", "Collection", "Year", "Code"].map(function (name) {
      return "<label>" + name + ' <select data-pd-filter="' + name.toLowerCase() +
        '"><option value="">any</option></select></label>';
    }).join("") +
    '<label>Author <input type="text" data-pd-filter-author list="pd-search-authors" ' +
    'autocomplete="off" size="14"></label><datalist id="pd-search-authors"></datalist>' +
    '</div></details>' +
    '<p class="pd-search__message" role="status" aria-live="polite"></p>' +
    '<ol class="pd-search__results"></ol>' +
    '<button type="button" class="pd-search__more md-button" hidden>Show more</button></div>';
  var dialog = null, root, input, message, list, more, selects, author, authors, filterBox,
    filterCount;
  var WIDE = "(min-width: 45em)";  // the filters' box starts open on a screen this wide
  var PAGE = 10;        // results shown at once; "Show more" adds as many
  var EXCERPT = 30;     // words in a result's excerpt (Pagefind's default)
  var DEBOUNCE = 60;    // ms after the last keystroke
  var PHRASE = 3;       // a page holding all the query's words side by side: (1 + PHRASE) x score
  var RERANK = 20;      // leading results scored again from their fragments (rescore)
  var CASED = 6;        // the title spells every capitalised word as typed: (1 + CASED) x score
  var LEAD = 2;         // the words side by side in the abstract's opening sentence: + LEAD x
  var CAPITAL = /\p{Lu}/u;
  var loading = null;
  var pagefind = null;
  var authorNames = [];
  var seq = 0;          // the newest search; older ones drop their answers
  var timer = null;
  var shown = [];       // [{result, guess}] of the current query
  var showing = 0;

  function load() {
    if (loading) return loading;
    loading = import(bundle + "pagefind.js").then(function (module) {
      pagefind = module;
      return pagefind.options({
        baseUrl: base,
        // Papers are of similar length: a long abstract is not less about its subject
        // (Pagefind's default pageLength 0.75 favours short pages).
        ranking: { pageLength: 0.2, termSaturation: 1.6 },
      });
    }).then(function () { return pagefind.init(); }).then(fillFilters);
    loading.catch(function () { loading = null; });
    return loading;
  }

  function fillFilters() {
    return pagefind.filters().then(function (filters) {
      selects.forEach(function (select) {
        var values = filters[select.dataset.pdFilter] || {};
        Object.keys(values).sort(function (a, b) {
          return select.dataset.pdFilter === "year" ? b.localeCompare(a) : a.localeCompare(b);
        }).forEach(function (value) {
          var option = document.createElement("option");
          option.value = value;
          option.textContent = value + " (" + values[value] + ")";
          select.appendChild(option);
        });
      });
      authorNames = Object.keys(filters.author || {}).sort();
    });
  }

  function currentFilters() {
    var filters = {};
    selects.forEach(function (select) {
      if (select.value) filters[select.dataset.pdFilter] = select.value;
    });
    if (author.value && authorNames.indexOf(author.value) >= 0) filters.author = author.value;
    return filters;
  }

  function countFilters() {  // a folded box still says filters are on
    var n = Object.keys(currentFilters()).length;
    filterCount.textContent = n ? "Filters (" + n + " on)" : "Filters";
  }

  function say(text, guess) {
    message.textContent = "";
    if (!guess) { message.textContent = text; return; }
    // "Did you mean <button>corrected</button>?" - the button searches for it as typed.
    var button = document.createElement("button");
    button.type = "button";
    button.className = "pd-search__fix";
    button.textContent = guess;
    button.addEventListener("click", function () { input.value = guess; search(); });
    message.append(text, "Did you mean ", button, "?");
  }

  // results: [{result, guess, partial}]; guess: the corrected query or null; matched: the
  // results match what was typed (false: the index does not hold one of its words, and the
  // list holds guesses or partial matches); checked: the typo step ran (the vocabulary had
  // loaded when this query's search began).
  function render(query, results, guess, matched, checked) {
    shown = results;
    showing = 0;
    list.textContent = "";
    if (!results.length) say("No papers match \u201c" + query + "\u201d.");
    else if (guess) say("No papers match \u201c" + query + "\u201d. ", guess);
    else if (!matched) say("No papers match \u201c" + query + "\u201d. Closest matches:");
    else say(results.length + (results.length === 1 ? " paper" : " papers")
             + " for \u201c" + query + "\u201d");
    return showMore().then(function () {
      // What the list now answers, typo step included (tests, bench).
      if (checked) root.dataset.pdQuery = query;
      return checked;
    });
  }

  function item(entry, data) {
    var li = document.createElement("li");
    li.className = "pd-search__result"
      + (entry.guess || entry.partial ? " pd-search__result--guess" : "");
    var a = document.createElement("a");
    a.className = "pd-search__result-link";
    a.href = data.url;
    a.textContent = (data.meta && data.meta.title) || data.url;
    li.appendChild(a);
    if (entry.guess) {
      var label = document.createElement("span");
      label.className = "pd-search__guess";
      label.textContent = "for \u201c" + entry.guess + "\u201d";
      li.appendChild(label);
    } else if (entry.partial) {
      var partial = document.createElement("span");
      partial.className = "pd-search__partial";
      partial.textContent = "partial match";
      li.appendChild(partial);
    }
    var p = document.createElement("p");
    p.className = "pd-search__excerpt";
    p.innerHTML = excerpt(data);
    li.appendChild(p);
    return li;
  }

  // The excerpt of a result: Pagefind's words around the densest matches, as its own excerpt
  // builds it (the page's text split at spaces, the matched words in <mark>), but from the
  // text before the hidden search aliases, the page's last `meta.aliases` words: an excerpt
  // of "... epsilon gamma qlearning ..." showed the reader words the page does not show.
  // Without matches there, the page's opening words.
  function excerpt(data) {
    var aliases = Number(data.meta && data.meta.aliases) || 0;
    if (!aliases || !data.content || !data.locations) return data.excerpt;
    var words = data.content.split(/[\r\n\s]+/g);
    var end = Math.max(words.length - aliases, 0);
    var hits = data.locations.filter(function (l) { return l < end; }).sort(function (a, b) {
      return a - b;
    });
    var start = 0, best = -1;
    hits.forEach(function (l, i) {
      var near = 0;
      for (var j = i; j < hits.length && hits[j] < l + EXCERPT; j++) near++;
      if (near > best) { best = near; start = l - Math.floor(EXCERPT / 3); }
    });
    start = Math.max(0, Math.min(start, end - EXCERPT));
    var stop = Math.min(end, start + EXCERPT), marked = {};
    hits.forEach(function (l) { marked[l] = true; });
    var out = [];
    for (var k = start; k < stop; k++) out.push(marked[k] ? "<mark>" + words[k] + "</mark>" : words[k]);
    return (start > 0 ? "\u2026 " : "") + out.join(" ") + (stop < end ? " \u2026" : "");
  }

  function showMore() {
    var slice = shown.slice(showing, showing + PAGE);
    showing += slice.length;
    more.hidden = showing >= shown.length;
    var mySeq = seq;
    return Promise.all(slice.map(function (e) { return e.result.data(); })).then(function (all) {
      if (mySeq !== seq) return;
      all.forEach(function (data, i) { list.appendChild(item(slice[i], data)); });
    });
  }

  // The words of the query the index holds nowhere, and the misspelt ones. Candidates
  // (search-suggest.js: words of no title, name or author that begin none) are looked up in
  // the index: Pagefind answers a word it lacks with the pages of a shorter or neighbouring
  // index word ("contrastve" -> the pages saying "In contrast", "few-shot" -> "few-step",
  // "difusion" -> "DiT-ST"), so a word is held only when its exact search (its stem, by
  // Pagefind's own stemmer: "classifiers" finds "classifier") finds a page, or when the first
  // page of its prefix search marks a word the typed one begins (a word still being typed).
  // Only a word the index does not hold is taken as misspelt: "kmeans", in a paper's aliases,
  // and "PLMs", close to the name "LLMs" but an abstract's word, are no typos.
  // Resolves to {fixes: [[typed, fix, isName], ...], absent: [typed, ...]}.
  function check(query) {
    var candidates = window.pdSuggest.ready() ? window.pdSuggest.corrections(query) : [];
    return Promise.all(candidates.map(function (c) { return held(c[0]); })).then(function (h) {
      return {
        fixes: candidates.filter(function (c, i) { return c[1] && !h[i]; }),
        absent: candidates.filter(function (c, i) { return !h[i]; }).map(function (c) {
          return c[0];
        }),
      };
    });
  }

  function folded(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]/g, "");
  }

  function held(word) {
    var typed = folded(word);
    return pagefind.search('"' + word.replace(/"/g, "") + '"').then(function (exact) {
      if (exact.results.length) return true;
      return pagefind.search(word).then(function (alone) {
        if (!alone.results.length) return false;
        return alone.results[0].data().then(function (data) {
          return (data.excerpt.match(/<mark>[^<]*<\/mark>/g) || []).some(function (m) {
            return folded(m.replace(/<\/?mark>/g, "")).lastIndexOf(typed, 0) === 0;
          });
        });
      });
    });
  }

  // The length of the longest run of consecutive word positions (Pagefind's result.words).
  function longestRun(positions) {
    var sorted = positions.slice().sort(function (a, b) { return a - b; });
    var best = sorted.length ? 1 : 0, current = 1;
    for (var i = 1; i < sorted.length; i++) {
      if (sorted[i] === sorted[i - 1] + 1) best = Math.max(best, ++current);
      else if (sorted[i] !== sorted[i - 1]) current = 1;
    }
    return best;
  }

  // Pagefind scores each word on its own. A reader typing words of a title or an abstract types
  // them in the page's order, so a page holding them side by side gains up to 1 + PHRASE times its
  // score (in proportion to the longest run of them); Pagefind's order breaks ties.
  function byPhrase(n, results) {
    return results.map(function (r, i) {
      var run = n < 2 ? 1 : Math.min(longestRun(r.words || []), n);
      return { result: r, score: r.score * (n < 2 ? 1 : 1 + PHRASE * (run - 1) / (n - 1)), i: i };
    }).sort(function (a, b) { return b.score - a.score || a.i - b.i; });
  }

  // The words of a page's title as written (split at spaces and the punctuation around words).
  function titleWords(data) {
    return new Set(((data.meta && data.meta.title) || "").split(/[\s,;:!?()"\u201c\u201d]+/));
  }

  // The positions of the abstract's opening sentence in the page's words: from the abstract's
  // anchor (paper.md.j2's id="abstract", which Pagefind records) to the first word ending a
  // sentence. null on a page without an abstract.
  function leadSentence(data) {
    var anchor = (data.anchors || []).find(function (a) { return a.id === "abstract"; });
    if (!anchor) return null;
    var words = data.content.split(/\s+/);
    for (var j = anchor.location + 1; j < words.length; j++) {
      if (/[.!?]$/.test(words[j])) return [anchor.location, j];
    }
    return [anchor.location, words.length];
  }

  // Pagefind lower-cases, stems and prefix-matches every word, so the name "DIFFER" matches
  // "differentiable" and "INT" every "inter..." word, and it does not know where the abstract
  // begins. The RERANK leading results (their fragments, cached by Pagefind and shown anyway)
  // are scored again: each word typed with a capital letter that the title spells exactly so
  // adds CASED / n times the score (a lower-case query gains nothing); all the words side by
  // side in the abstract's opening sentence, where an abstract says what the paper is about,
  // add LEAD times.
  function rescore(words, entry, data) {
    var title = titleWords(data);
    var cased = words.filter(function (w) { return CAPITAL.test(w) && title.has(w); }).length;
    var factor = 1 + CASED * cased / words.length;
    var lead = words.length > 1 && leadSentence(data);
    if (lead) {
      var inside = (entry.result.words || []).filter(function (w) {
        return w > lead[0] && w <= lead[1];
      });
      if (longestRun(inside) >= words.length) factor += LEAD;
    }
    return entry.score * factor;
  }

  function find(query, filters) {
    var words = query.split(/\s+/);
    var searches = [pagefind.search(query, { filters: filters })];
    // Also Pagefind's exact search, for a one-word name with capitals (the word itself, not the
    // longer words it begins: "INT" came below every "inter...") and for several words (the
    // pages holding them side by side, however low single common words such as "and", "of"
    // put them: "datasets and methods" was 265th of 886). The RERANK best of its pages by the
    // phrase order are scored again too.
    if (words.length > 1 || CAPITAL.test(query)) {
      searches.push(pagefind.search('"' + query.replace(/"/g, "") + '"', { filters: filters }));
    }
    return Promise.all(searches).then(function (responses) {
      var ranked = byPhrase(words.length, responses[0].results);
      var head = ranked.slice(0, RERANK);
      var rest = ranked.slice(RERANK);
      if (responses[1]) {
        var exact = new Set(responses[1].results.map(function (r) { return r.id; }));
        var phrase = rest.filter(function (e) { return exact.has(e.result.id); }).slice(0, RERANK);
        head = head.concat(phrase);
        rest = rest.filter(function (e) { return phrase.indexOf(e) < 0; });
      }
      return Promise.all(head.map(function (e) { return e.result.data(); })).then(function (all) {
        head.forEach(function (e, k) { e.score = rescore(words, e, all[k]); });
        head.sort(function (a, b) { return b.score - a.score || a.i - b.i; });
        return head.concat(rest).map(function (e) { return e.result; });
      });
    });
  }

  // Resolves to whether the typo step ran (null for a search a newer one replaced).
  function run(query, mySeq) {
    var filters = currentFilters();
    var checked = window.pdSuggest.ready();
    return Promise.all([find(query, filters), check(query)])
      .then(function (answers) {
        var exact = answers[0], found = answers[1];
        if (!found.fixes.length) return [exact, null, found.absent.length > 0];
        var fix = window.pdSuggest.apply(query, found.fixes);
        return find(fix, filters).then(function (fixed) {
          return [exact, { query: fix, results: fixed }, found.absent.length > 0];
        });
      }).then(function (answers) {
        if (mySeq !== seq) return null;
        var exact = answers[0], fixed = answers[1], absent = answers[2];
        // A word the index holds nowhere: no page matches what was typed, and Pagefind's
        // pages are those of a shorter or neighbouring word; never counted as matches.
        if (!fixed) {
          return render(query, exact.map(function (r) { return { result: r, partial: absent }; }),
                        null, !absent, checked);
        }
        // A misspelt word (one the index lacks, with a close word of the vocabulary): the
        // corrected query's results, each labelled; the lacking word's pages are left out.
        return render(query, fixed.results.map(function (r) {
          return { result: r, guess: fixed.query };
        }), fixed.query, false, checked);
      });
  }

  // One search at a time, then the newest query typed meanwhile: Pagefind runs searches one
  // after another, so a search per keystroke would queue behind the earlier ones.
  var running = null;
  var pending = false;

  function search() {
    clearTimeout(timer);
    pending = true;
    if (!running) drain();
  }

  function drain() {
    if (!pending) return;
    pending = false;
    running = Promise.resolve(searchNow()).catch(function () {}).then(function () {
      running = null;
      drain();
    });
  }

  function searchNow() {
    var query = input.value.trim();
    var mySeq = ++seq;
    if (!query) {
      list.textContent = "";
      message.textContent = "";
      more.hidden = true;
      root.dataset.pdQuery = "";
      return;
    }
    return load().then(function () {
      if (mySeq === seq) return run(query, mySeq);
    }).then(function (checked) {
      if (checked) return;
      // After the first results: the vocabulary, then this query again if still current (a
      // query whose search began before the vocabulary arrived had no typo step).
      window.pdSuggest.load(vocabulary).then(function () {
        if (mySeq !== seq) return;
        if (window.pdSuggest.corrections(query).length) search();
        else root.dataset.pdQuery = query;
      });
    }).catch(function (err) {
      message.textContent = "Search is unavailable: " + err.message + ".";
    });
  }

  // The dialog, made and wired once (open() calls it the first time).
  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "pd-search";
    dialog.dataset.pdSearch = "";
    dialog.setAttribute("aria-label", labels.pdLabelSearch);
    dialog.innerHTML = MARKUP;
    root = dialog.querySelector("[data-pd-search-ui]");
    function part(name) { return dialog.querySelector(".pd-search__" + name); }
    part("title").textContent = labels.pdLabelSearch;
    part("close").setAttribute("aria-label", labels.pdLabelReset);
    input = part("input");
    input.setAttribute("aria-label", labels.pdLabelPlaceholder);
    input.placeholder = labels.pdLabelPlaceholder;
    message = part("message");
    list = part("results");
    more = part("more");
    selects = root.querySelectorAll("[data-pd-filter]");
    author = root.querySelector("[data-pd-filter-author]");
    authors = root.querySelector("#pd-search-authors");
    filterBox = root.querySelector("[data-pd-filter-box]");
    filterCount = root.querySelector("[data-pd-filter-count]");
    document.body.appendChild(dialog);
    input.addEventListener("input", function () {
      clearTimeout(timer);
      if (pagefind) pagefind.preload(input.value.trim());
      timer = setTimeout(search, DEBOUNCE);
    });
    selects.forEach(function (select) {
      select.addEventListener("change", function () { countFilters(); search(); });
    });
    author.addEventListener("change", countFilters);
    author.addEventListener("input", function () {
      var typed = author.value.toLowerCase();
      authors.textContent = "";
      if (typed.length < 2) return;
      authorNames.filter(function (name) { return name.toLowerCase().indexOf(typed) >= 0; })
        .slice(0, 30).forEach(function (name) {
          var option = document.createElement("option");
          option.value = name;
          authors.appendChild(option);
        });
      if (!author.value || authorNames.indexOf(author.value) >= 0) search();
    });
    more.addEventListener("click", showMore);
    dialog.querySelector("[data-pd-search-close]").addEventListener("click", function () {
      dialog.close();
    });
    // A click on the backdrop (outside the dialog's box) closes it.
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
    });
  }

  function open() {
    if (!dialog) build();
    if (!dialog.open) {
      if (!dialog.dataset.pdOpened) filterBox.open = window.matchMedia(WIDE).matches;
      dialog.dataset.pdOpened = "1";  // later, the box stays as the reader left it
      dialog.showModal();
    }
    input.focus();
    load().catch(function (err) {
      message.textContent = "Search is unavailable: " + err.message + ".";
    });
  }

  openers.forEach(function (opener) { opener.addEventListener("click", open); });
  document.addEventListener("keydown", function (event) {
    if ((dialog && dialog.open) || event.ctrlKey || event.metaKey || event.altKey) return;
    var t = event.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (event.key === "/" || event.key === "s" || event.key === "f") {
      event.preventDefault();
      open();
    }
  });
})();
