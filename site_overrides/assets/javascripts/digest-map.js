// paper-digest map (issue 24; the page: generator/render/digest_map.py). The i-th circle of
// the drawing is the i-th link of the lists below it: a click on a point opens that paper,
// hovering shows its title, and the drawing zooms (buttons, mouse wheel) and pans (drag) by
// changing its viewBox. Without JavaScript the lists are the map.
(function () {
  var STEP = 1.5, MAX_ZOOM = 40;
  function setup() {
    var box = document.querySelector("[data-pd-map]");
    if (!box || box.dataset.pdMapReady) return;
    box.dataset.pdMapReady = "1";
    var svg = box.querySelector("[data-pd-map-svg]");
    var tip = box.querySelector("[data-pd-map-tip]");
    var links = document.querySelectorAll("[data-pd-map-list] a");
    var circles = Array.prototype.slice.call(svg.querySelectorAll("circle"));
    var full = svg.viewBox.baseVal.width;
    var view = { x: 0, y: 0, w: full };
    box.querySelector("[data-pd-map-controls]").hidden = false;
    function draw() {
      view.w = Math.min(full, Math.max(full / MAX_ZOOM, view.w));
      view.x = Math.min(full - view.w, Math.max(0, view.x));
      view.y = Math.min(full - view.w, Math.max(0, view.y));
      svg.setAttribute("viewBox", [view.x, view.y, view.w, view.w].join(" "));
      // Points keep their size on screen as the map zooms.
      svg.style.setProperty("--pd-map-r", (5 * view.w / full).toFixed(3) + "px");
    }
    function zoom(factor, cx, cy) {  // cx, cy: the fixed point, in drawing units
      var w = Math.min(full, Math.max(full / MAX_ZOOM, view.w / factor));
      view.x = cx - (cx - view.x) * w / view.w;
      view.y = cy - (cy - view.y) * w / view.w;
      view.w = w;
      draw();
    }
    function toDrawing(ev) {
      var r = svg.getBoundingClientRect();
      return { x: view.x + (ev.clientX - r.left) / r.width * view.w,
               y: view.y + (ev.clientY - r.top) / r.height * view.w };
    }
    box.querySelectorAll("[data-pd-map-zoom]").forEach(function (b) {
      b.addEventListener("click", function () {
        var kind = b.dataset.pdMapZoom, c = view.w / 2;
        if (kind === "reset") { view = { x: 0, y: 0, w: full }; draw(); }
        else zoom(kind === "in" ? STEP : 1 / STEP, view.x + c, view.y + c);
      });
    });
    svg.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var p = toDrawing(ev);
      zoom(ev.deltaY < 0 ? STEP : 1 / STEP, p.x, p.y);
    }, { passive: false });
    var drag = null, moved = false;
    svg.addEventListener("pointerdown", function (ev) {
      drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y };
      moved = false;
    });
    window.addEventListener("pointermove", function (ev) {
      if (!drag) return;
      var r = svg.getBoundingClientRect();
      var dx = (ev.clientX - drag.x) / r.width * view.w, dy = (ev.clientY - drag.y) / r.height * view.w;
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) moved = true;
      if (moved) { view.x = drag.vx - dx; view.y = drag.vy - dy; draw(); }
    });
    window.addEventListener("pointerup", function () { drag = null; });
    function linkOf(target) {  // the i-th circle is the i-th link of the lists
      var i = circles.indexOf(target);
      return i < 0 ? null : links[i];
    }
    svg.addEventListener("click", function (ev) {
      var a = linkOf(ev.target);
      if (a && !moved) window.location.href = a.href;
    });
    svg.addEventListener("mouseover", function (ev) {
      var a = linkOf(ev.target);
      tip.textContent = a ? a.textContent : "";
    });
    draw();
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(setup);
  else document.addEventListener("DOMContentLoaded", setup);
})();
