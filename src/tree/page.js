// The script of a search tree's page (src/tree/html.rs): lays out the open part of the tree as
// src/tree/layout.rs does (leaves one slot apart in the order met, never-visited successors
// after their parent's subtree, parents centred over their children), draws the node drawings
// ply made, and handles opening and closing subtrees, zoom, pan and the node details.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("data").textContent);
  var N = D.nodes, n = N.length;
  var P = 0, DEPTH = 1, CHOSEN = 2, H = 3, BOARD = 4, BODY = 5, CALL = 6, EXIT = 7, UNV = 8;
  var kids = [];
  var i;
  for (i = 0; i < n; i++) kids.push([]);
  for (i = 0; i < n; i++) if (N[i][P] >= 0) kids[N[i][P]].push(i);
  var open = new Uint8Array(n);
  for (i = 0; i < n; i++) open[i] = N[i][DEPTH] < D.open ? 1 : 0;
  var svg = document.getElementById("tree"), view = document.getElementById("view");
  var side = document.getElementById("side");
  var scale = 1, tx = 0, ty = 0, width = 1, height = 1, rootx = 0;

  function esc(s) {
    return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function layout() {
    var pos = {}, unv = {}, order = [], stack = [], slot = 0, rows = 1, k, j;
    for (i = n - 1; i >= 0; i--) if (N[i][P] < 0) stack.push(i);
    while (stack.length) {
      i = stack.pop();
      order.push(i);
      if (open[i] && kids[i].length) {
        for (j = kids[i].length - 1; j >= 0; j--) stack.push(kids[i][j]);
      }
      rows = Math.max(rows, N[i][DEPTH] + 1);
    }
    var end = {};
    for (k = order.length - 1; k >= 0; k--) {
      i = order[k];
      end[i] = open[i] && kids[i].length ? end[kids[i][kids[i].length - 1]] : k;
    }
    var pending = [];
    for (k = 0; k < order.length; k++) {
      i = order[k];
      if (!(open[i] && kids[i].length)) pos[i] = slot++;
      if (open[i] && N[i][UNV].length) pending.push([i, end[i]]);
      while (pending.length && pending[pending.length - 1][1] === k) {
        var p = pending.pop()[0];
        unv[p] = [];
        for (j = 0; j < N[p][UNV].length; j++) unv[p].push(slot++);
        rows = Math.max(rows, N[p][DEPTH] + 2);
      }
    }
    for (k = order.length - 1; k >= 0; k--) {
      i = order[k];
      if (pos[i] !== undefined) continue;
      var a = pos[kids[i][0]], b = pos[kids[i][kids[i].length - 1]];
      if (unv[i] && unv[i].length) b = unv[i][unv[i].length - 1];
      pos[i] = (a + b) / 2;
    }
    return { pos: pos, unv: unv, order: order, width: Math.max(slot, 1), rows: rows };
  }

  function at(x, depth) {
    return [D.margin + x * D.slot + D.slot / 2, D.margin + depth * D.row];
  }

  function draw() {
    var L = layout(), edges = [], nodes = [], k, j;
    for (k = 0; k < L.order.length; k++) {
      i = L.order[k];
      var d = N[i][DEPTH], p = at(L.pos[i], d), bottom = p[1] + N[i][H];
      if (open[i]) {
        for (j = 0; j < kids[i].length; j++) {
          var c = kids[i][j], q = at(L.pos[c], d + 1);
          var hot = N[i][CHOSEN] && N[c][CHOSEN];
          edges.push('<line x1="' + p[0] + '" y1="' + bottom + '" x2="' + q[0] + '" y2="' + q[1] +
            '" stroke="' + (hot ? D.chosen : "#888") + '" stroke-width="' + (hot ? 3 : 1) + '"/>');
        }
        var u = L.unv[i] || [];
        for (j = 0; j < u.length; j++) {
          var r = at(u[j], d + 1);
          edges.push('<line x1="' + p[0] + '" y1="' + bottom + '" x2="' + r[0] + '" y2="' + r[1] +
            '" stroke="#bbb" stroke-dasharray="3 2"/>');
          nodes.push('<g transform="translate(' + r[0] + "," + r[1] + ')">' + N[i][UNV][j] + "</g>");
        }
      }
      nodes.push('<g class="nd" data-i="' + i + '" transform="translate(' + p[0] + "," + p[1] + ')">' +
        N[i][BODY] + "</g>");
      if (kids[i].length || N[i][UNV].length) {
        nodes.push('<g class="knob" data-t="' + i + '" transform="translate(' + p[0] + "," + (bottom + 7) +
          ')"><circle r="6" fill="#fff" stroke="#666"/><text text-anchor="middle" y="3.5" font-size="10">' +
          (open[i] ? "\u2212" : "+") + "</text></g>");
      }
    }
    view.innerHTML = edges.join("") + nodes.join("");
    width = 2 * D.margin + L.width * D.slot;
    rootx = L.order.length ? at(L.pos[L.order[0]], 0)[0] : 0;
    height = 2 * D.margin + L.rows * D.row;
  }

  function apply() {
    view.setAttribute("transform", "translate(" + tx + "," + ty + ") scale(" + scale + ")");
  }

  function fit() {
    var r = svg.getBoundingClientRect();
    // The whole open part when it fits at a readable size, else the root's part of it.
    scale = Math.max(Math.min(r.width / width, r.height / height, 1.5), 0.3);
    tx = width * scale <= r.width ? (r.width - width * scale) / 2 : r.width / 2 - rootx * scale;
    ty = 30;
    apply();
  }

  function show(i) {
    var node = N[i], h = "<h3>call " + (i + 1) + " of " + n + "</h3>";
    if (node[BOARD] >= 0) {
      h += '<svg width="200" height="200"><use xlink:href="#b' + node[BOARD] +
        '" href="#b' + node[BOARD] + '" width="200" height="200"/></svg>';
    }
    h += "<p>Called as</p><pre>" + esc(node[CALL]) + "</pre>";
    h += node[EXIT] === null ? "<p>It never exited.</p>" : "<p>Exited as</p><pre>" + esc(node[EXIT]) + "</pre>";
    h += "<p>" + kids[i].length + " recorded calls inside it; " + node[UNV].length + " successors never visited.</p>";
    side.innerHTML = h;
  }

  function toggle(i) {
    open[i] = open[i] ? 0 : 1;
    draw();
    apply();
  }

  svg.addEventListener("click", function (e) {
    var t = e.target.closest("[data-t]");
    if (t) return toggle(+t.getAttribute("data-t"));
    var g = e.target.closest("[data-i]");
    if (g) show(+g.getAttribute("data-i"));
  });
  svg.addEventListener("wheel", function (e) {
    e.preventDefault();
    var r = svg.getBoundingClientRect(), mx = e.clientX - r.left, my = e.clientY - r.top;
    var f = e.deltaY < 0 ? 1.15 : 1 / 1.15;
    tx = mx - (mx - tx) * f;
    ty = my - (my - ty) * f;
    scale *= f;
    apply();
  }, { passive: false });
  var drag = null;
  svg.addEventListener("mousedown", function (e) { drag = [e.clientX - tx, e.clientY - ty]; });
  window.addEventListener("mousemove", function (e) {
    if (drag) { tx = e.clientX - drag[0]; ty = e.clientY - drag[1]; apply(); }
  });
  window.addEventListener("mouseup", function () { drag = null; });
  document.getElementById("fit").onclick = fit;
  document.getElementById("openall").onclick = function () {
    if (n > 5000 && !window.confirm(n + " nodes: open them all?")) return;
    open.fill(1); draw(); fit();
  };
  document.getElementById("closeall").onclick = function () {
    for (i = 0; i < n; i++) open[i] = N[i][DEPTH] < 1 ? 1 : 0;
    draw(); fit();
  };
  draw();
  fit();
  if (D.dropped > 0) {
    side.insertAdjacentHTML("beforeend", "<p>" + D.dropped + " more calls were not recorded (max_nodes).</p>");
  }
})();
