// The script of a search tree's page (src/tree/html.rs): lays out the open part of the tree as
// src/tree/layout.rs does (the tidy layout of Reingold, Tilford and Walker: subtrees packed as
// close as their contours allow, never-visited successors after their parent's children,
// parents centred over their children), draws the node drawings ply made, and handles opening
// and closing subtrees, zoom, pan, fitting the open part to the window and the node details.
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

  // The tidy layout of layout.rs (Reingold-Tilford as Walker generalised it, in linear time):
  // the open recorded nodes, one leaf per never-visited successor shown (ids from n on) and a
  // root over the roots (the last id); both walks are loops.
  function layout() {
    var ks = [], order = [], stack = [], rows = 1, k, j, v;
    for (i = 0; i < n; i++) ks.push(null);
    for (i = n - 1; i >= 0; i--) if (N[i][P] < 0) stack.push(i);
    var roots = stack.slice().reverse();
    while (stack.length) {
      i = stack.pop();
      order.push(i);
      ks[i] = [];
      rows = Math.max(rows, N[i][DEPTH] + 1);
      if (!open[i]) continue;
      for (j = 0; j < kids[i].length; j++) ks[i].push(kids[i][j]);
      for (j = kids[i].length - 1; j >= 0; j--) stack.push(kids[i][j]);
      for (j = 0; j < N[i][UNV].length; j++) { ks[i].push(ks.length); ks.push([]); }
      if (N[i][UNV].length) rows = Math.max(rows, N[i][DEPTH] + 2);
    }
    var root = ks.length;
    ks.push(roots);
    var m = ks.length, par = new Int32Array(m).fill(-1), num = new Int32Array(m);
    var pre = new Float64Array(m), mod = new Float64Array(m), sh = new Float64Array(m);
    var ch = new Float64Array(m), thr = new Int32Array(m).fill(-1), anc = new Int32Array(m);
    var da = new Int32Array(m).fill(-1);
    for (v = 0; v < m; v++) {
      anc[v] = v;
      if (ks[v]) for (j = 0; j < ks[v].length; j++) { par[ks[v][j]] = v; num[ks[v][j]] = j; }
    }
    function leftSib(v) { return par[v] < 0 || num[v] === 0 ? -1 : ks[par[v]][num[v] - 1]; }
    function nextLeft(v) { return ks[v].length ? ks[v][0] : thr[v]; }
    function nextRight(v) { return ks[v].length ? ks[v][ks[v].length - 1] : thr[v]; }
    function moveSubtree(wl, wr, s) {
      var b = num[wr] - num[wl];
      ch[wr] -= s / b; sh[wr] += s; ch[wl] += s / b; pre[wr] += s; mod[wr] += s;
    }
    function apportion(v, d) {
      var p = par[v], ir = v, or = v, il = leftSib(v), ol = ks[p][0];
      var sir = mod[ir], sor = mod[or], sil = mod[il], sol = mod[ol];
      while (nextRight(il) >= 0 && nextLeft(ir) >= 0) {
        il = nextRight(il); ir = nextLeft(ir); ol = nextLeft(ol); or = nextRight(or);
        anc[or] = v;
        var s = (pre[il] + sil) - (pre[ir] + sir) + 1;
        if (s > 0) {
          moveSubtree(par[anc[il]] === p ? anc[il] : d, v, s);
          sir += s; sor += s;
        }
        sil += mod[il]; sir += mod[ir]; sol += mod[ol]; sor += mod[or];
      }
      if (nextRight(il) >= 0 && nextRight(or) < 0) { thr[or] = nextRight(il); mod[or] += sil - sor; }
      if (nextLeft(ir) >= 0 && nextLeft(ol) < 0) { thr[ol] = nextLeft(ir); mod[ol] += sir - sol; d = v; }
      return d;
    }
    function place(v, d) {
      var left = leftSib(v), c = ks[v];
      if (!c.length) {
        pre[v] = left < 0 ? 0 : pre[left] + 1;
      } else {
        var s = 0, chg = 0;
        for (j = c.length - 1; j >= 0; j--) {
          var w = c[j];
          pre[w] += s; mod[w] += s; chg += ch[w]; s += sh[w] + chg;
        }
        var mid = (pre[c[0]] + pre[c[c.length - 1]]) / 2;
        if (left < 0) pre[v] = mid; else { pre[v] = pre[left] + 1; mod[v] = pre[v] - mid; }
      }
      return left < 0 ? d : apportion(v, d);
    }
    var st = [root], nx = [0];
    while (st.length) {
      v = st[st.length - 1];
      if (nx[nx.length - 1] < ks[v].length) {
        var c = ks[v][nx[nx.length - 1]++];
        if (da[v] < 0) da[v] = c;
        st.push(c); nx.push(0);
        continue;
      }
      st.pop(); nx.pop();
      var p = par[v], d = place(v, p < 0 ? v : da[p]);
      if (p >= 0) da[p] = d;
    }
    var x = new Float64Array(m), todo = [[root, 0]], lo = Infinity, hi = -Infinity;
    while (todo.length) {
      var t = todo.pop();
      x[t[0]] = pre[t[0]] + t[1];
      for (j = 0; j < ks[t[0]].length; j++) todo.push([ks[t[0]][j], t[1] + mod[t[0]]]);
    }
    for (v = 0; v < root; v++) if (ks[v]) { lo = Math.min(lo, x[v]); hi = Math.max(hi, x[v]); }
    var pos = {}, unv = {};
    for (k = 0; k < order.length; k++) {
      i = order[k];
      pos[i] = x[i] - lo;
      unv[i] = [];
      for (j = 0; j < ks[i].length; j++) if (ks[i][j] >= n) unv[i].push(x[ks[i][j]] - lo);
    }
    return { pos: pos, unv: unv, order: order, width: order.length ? hi - lo + 1 : 1, rows: rows };
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

  // The whole open part in the window, both ways: as large as fits across and down (never
  // above 1.5), centred.
  function fit() {
    var r = svg.getBoundingClientRect(), top = 30;
    scale = Math.min(r.width / width, (r.height - top) / height, 1.5);
    tx = (r.width - width * scale) / 2;
    ty = top + (r.height - top - height * scale) / 2;
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
    side.insertAdjacentHTML("beforeend", "<p>" + D.dropped + " more calls were not kept (max_nodes, max_depth).</p>");
  }
})();
