// tree.js: the search tree panel (the source's tree window, zoomed, panned,
// its nodes chosen), the small trees of lock-step (drawMini), and the tree
// saved as SVG. Node kinds are coloured by style.css (.path, .expanded,
// ...); what an attribute must carry is read from it (vizPage.colour).
'use strict';
vizPage.tree = (() => {
  const { $, shared, svg, colour, presenting } = vizPage;

  // The tree is drawn in its own coordinates (depth downwards, leaves side
  // by side) into an SVG that fills its box; what part shows is the view: a
  // scale k and the point (cx, cy) at the box's centre. zoom is 'auto' (the
  // whole tree when it is readable so, else the current node at full size),
  // 'fit' (always the whole tree) or the user's own zoom, with which the
  // current node is kept in view while stepping.
  const view = { zoom: 'auto', k: 1, cx: 0, cy: 0, w: 0, h: 0, last: null, chosen: 0, answer: 0, drag: null };

  // The kinds of node (tree.go's statuses), each a class and a colour.
  const kinds = ['path', 'expanded', 'pruned', 'solution', 'group', 'open'];

  function sizes() {
    return presenting() ? { dx: 58, dy: 62, r: 16, font: 16 } : { dx: 30, dy: 52, r: 10, font: 10 };
  }

  function draw(tv) {
    const el = $('tree');
    el.textContent = '';
    fillIterations(tv);
    const astar = !!(shared.last && shared.last.algo && shared.last.algo.algorithm === 'astar');
    if (tv && tv.iteration && astar) {
      $('tree-info').textContent = '(every node generated so far, under its parent: ' + tv.drawn + ' drawn)';
    } else if (tv && tv.iteration) {
      let info = '(iteration ' + tv.iteration + ', bound ' + tv.bound + ', ' + tv.drawn + ' nodes drawn)';
      if (!tv.current) info += ' — a finished iteration, as it ended';
      $('tree-info').textContent = info;
    } else {
      $('tree-info').textContent = '';
    }
    view.last = null;
    if (!tv || !tv.root) {
      if (shared.last && shared.last.active && shared.last.active.events > 1) {
        el.textContent = 'No tree: this run reports per iteration only (a fast run, or a trace recorded at iteration level).';
      }
      return;
    }
    const { dx, dy, r, font } = sizes();
    const quizOn = document.body.classList.contains('quiz-on');
    const { pos, leaves, maxDepth } = layout(tv.root);
    view.w = Math.max(leaves * dx + 40, 200);
    view.h = (maxDepth + 1) * dy + 30;
    const s = svg('svg', { width: '100%', height: '100%' });
    s.style.fontSize = font + 'px';
    const X = (n) => 20 + pos.get(n).x * dx + dx / 2, Y = (n) => r + 8 + pos.get(n).d * dy;
    drawEdges(tv.root, X, Y, s);
    function nodes(n) {
      const g = svg('g', { class: 'node ' + n.status + (n.id && n.id === view.chosen ? ' chosen' : '') + (n.id && n.id === view.answer ? ' answer' : ''), 'data-id': n.id || '' }, s);
      let shape;
      if (n.status === 'group') {
        shape = svg('rect', { x: X(n) - r, y: Y(n) - r * 0.7, width: 2 * r, height: 1.4 * r, rx: 3, class: n.status }, g);
      } else {
        shape = svg('circle', { cx: X(n), cy: Y(n), r: r, class: n.status }, g);
      }
      if (n.id && n.id === tv.last) {
        shape.setAttribute('stroke', colour('--node-ring'));
        shape.setAttribute('stroke-width', 3);
        view.last = { x: X(n), y: Y(n) };
      }
      const label = n.status === 'group' ? '+' + n.count : String(n.f);
      const t = svg('text', { x: X(n), y: Y(n) + font * 0.35, 'text-anchor': 'middle', fill: colour('--node-text') }, g);
      t.textContent = label;
      if (n.status !== 'group') {
        const sub = svg('text', { x: X(n), y: Y(n) + r + font, 'text-anchor': 'middle', fill: colour('--node-numbers') }, g);
        sub.textContent = n.g + '+' + n.h;
        if (n.count > 1 && (!n.children || n.children.length === 0)) {
          const cnt = svg('text', { x: X(n), y: Y(n) + r + 2 * font, 'text-anchor': 'middle', fill: colour('--node-count') }, g);
          cnt.textContent = '×' + n.count;
        }
      }
      if (n.id && quizOn) {
        // Its number, which the quiz names it by.
        svg('text', { class: 'node-id', x: X(n) - r - 2, y: Y(n) - r + 2, 'text-anchor': 'end', fill: colour('--node-numbers') }, g).textContent = '#' + n.id;
      }
      svg('title', {}, g).textContent = nodeTitle(n);
      if (n.id) g.addEventListener('click', (ev) => { ev.stopPropagation(); choose(n.id); });
      (n.children || []).forEach(nodes);
    }
    nodes(tv.root);
    el.appendChild(s);
    place();
  }

  // layout places a tree window's nodes: x in leaf order, a parent over the
  // middle of its children; d the depth. The tree panel and the lock-step's
  // small trees draw with it.
  function layout(root) {
    const pos = new Map();
    let leaves = 0, maxDepth = 0;
    (function put(n, d) {
      maxDepth = Math.max(maxDepth, d);
      let x;
      if (!n.children || n.children.length === 0) x = leaves++;
      else {
        n.children.forEach((c) => put(c, d + 1));
        x = (pos.get(n.children[0]).x + pos.get(n.children[n.children.length - 1]).x) / 2;
      }
      pos.set(n, { x: x, d: d });
    })(root, 0);
    return { pos: pos, leaves: leaves, maxDepth: maxDepth };
  }

  // drawEdges draws the lines from each node to its children into s.
  function drawEdges(n, X, Y, s) {
    (n.children || []).forEach((c) => {
      svg('line', { x1: X(n), y1: Y(n), x2: X(c), y2: Y(c), stroke: colour('--tree-edge'), 'stroke-width': 1 }, s);
      drawEdges(c, X, Y, s);
    });
  }

  // nodeTitle is a tree node's tooltip.
  function nodeTitle(n) {
    return n.status === 'group'
      ? n.count + ' nodes in folded siblings'
      : 'node ' + n.id + ': g=' + n.g + ' h=' + n.h + ' f=' + n.f + ' (' + n.status + ')' + (n.count > 1 ? ', subtree of ' + n.count + ' nodes' : '');
  }

  // fitScale is the scale at which the whole tree fits its box.
  function fitScale() {
    return Math.min(1.5, box.w / view.w, box.h / view.h);
  }

  // box is the tree panel's size, kept by a ResizeObserver: reading
  // clientWidth right after the tree's SVG is rebuilt would force a layout
  // of the whole page on every drawn state (most of the page's script time
  // while a search runs ahead).
  const box = { w: 0, h: 0 };
  function observeBox() {
    const el = $('tree');
    box.w = el.clientWidth; box.h = el.clientHeight;
    if (typeof ResizeObserver === 'undefined') return;
    new ResizeObserver(() => {
      box.w = el.clientWidth; box.h = el.clientHeight;
      place();
    }).observe(el);
  }

  // place sets the SVG's view from the zoom, following the current node.
  function place() {
    const s = $('tree').querySelector('svg');
    if (!s || !box.w || !box.h) return;
    const W = box.w, H = box.h;
    if (view.zoom === 'fit' || (view.zoom === 'auto' && fitScale() >= 0.7)) {
      view.k = fitScale();
      view.cx = view.w / 2;
      view.cy = view.h / 2;
    } else {
      if (view.zoom === 'auto') view.k = 1;
      // Keep the current node in view: when it nears an edge, bring it back
      // to the middle across and low down, so that the path above it shows.
      const L = view.last;
      if (!L && view.cx === 0 && view.cy === 0) { view.cx = W / view.k / 2; view.cy = H / view.k / 2; }
      if (L) {
        const vw = W / view.k, vh = H / view.k;
        if (Math.abs(L.x - view.cx) > vw * 0.4 || Math.abs(L.y - view.cy) > vh * 0.4) {
          view.cx = L.x;
          view.cy = Math.max(vh / 2, L.y - vh * 0.25);
        }
      }
    }
    const vw = W / view.k, vh = H / view.k;
    s.setAttribute('viewBox', [view.cx - vw / 2, view.cy - vh / 2, vw, vh].join(' '));
  }

  function zoom(f) {
    if (view.zoom === 'fit' || view.zoom === 'auto') {
      // Start from what shows now; zooming in from the whole tree goes to
      // the current node.
      if (view.last && f > 1) { view.cx = view.last.x; view.cy = view.last.y; }
    }
    view.k = Math.min(4, Math.max(0.05, view.k * f));
    view.zoom = view.k;
    place();
  }

  function fit() { view.zoom = 'fit'; place(); }

  // restart forgets the chosen node and the user's zoom, for a new run.
  function restart() { view.chosen = 0; view.answer = 0; view.zoom = 'auto'; }

  // mark lights node id as the quiz's right answer (0: none).
  function mark(id) {
    if (view.answer === id) return;
    view.answer = id;
    if (shared.last) draw(shared.last.tree);
  }

  function bind() {
    const el = $('tree');
    observeBox();
    $('tree-zoom-in').addEventListener('click', () => zoom(1.25));
    $('tree-zoom-out').addEventListener('click', () => zoom(0.8));
    $('tree-fit').addEventListener('click', fit);
    el.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });
    el.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      view.drag = { x: ev.clientX, y: ev.clientY, cx: view.cx, cy: view.cy, moved: false };
    });
    window.addEventListener('pointermove', (ev) => {
      const d = view.drag;
      if (!d) return;
      const mx = ev.clientX - d.x, my = ev.clientY - d.y;
      if (!d.moved && Math.abs(mx) + Math.abs(my) < 4) return;
      d.moved = true;
      if (typeof view.zoom !== 'number') view.zoom = view.k;
      view.cx = d.cx - mx / view.k;
      view.cy = d.cy - my / view.k;
      place();
    });
    window.addEventListener('pointerup', () => { view.drag = null; });
    $('tree-iteration').addEventListener('change', () => vizPage.controls.control('tree', { iteration: Number($('tree-iteration').value) }));
    $('save-svg').addEventListener('click', saveSVG);
  }

  // fillIterations offers the finished iterations the server keeps.
  function fillIterations(tv) {
    const sel = $('tree-iteration');
    const kept = (tv && tv.kept) || [];
    const want = ['0'].concat(kept.map(String));
    const have = Array.from(sel.options).map((o) => o.value);
    if (want.join() !== have.join()) {
      const v = sel.value;
      vizPage.fillSelect(sel, want, ['under way'].concat(kept.map((k) => 'iteration ' + k)));
      sel.value = want.includes(v) ? v : '0';
    }
    if (tv && !tv.current && document.activeElement !== sel) sel.value = String(tv.iteration);
  }

  // choose highlights a node and asks for its state (or, in a quiz,
  // answers the question).
  function choose(id) {
    if (vizPage.quiz.answerNode(id)) return;
    view.chosen = id;
    if (shared.last) draw(shared.last.tree);
    vizPage.send({ type: 'node', id: id });
  }

  // drawMini draws a tree window whole, laid out to its box el: the shape
  // of the search at a glance (hover a node for its numbers), or why when
  // there is none. Labels only where the nodes are big enough to hold them.
  function drawMini(el, tv, why) {
    el.textContent = '';
    if (!tv || !tv.root) {
      if (why) {
        const p = document.createElement('div');
        p.className = 'why';
        p.textContent = why;
        el.appendChild(p);
      }
      return;
    }
    const { pos, leaves, maxDepth } = layout(tv.root);
    const W = el.clientWidth || 300, H = el.clientHeight || 200;
    const dx = Math.min(34, (W - 8) / leaves), dy = Math.min(50, (H - 8) / (maxDepth + 1));
    const r = Math.max(1.5, Math.min(11, dx * 0.38, dy * 0.3));
    const labels = r >= 8 && !presenting();
    const ox = (W - leaves * dx) / 2, oy = Math.max(4, (H - (maxDepth + 1) * dy) / 2);
    const s = svg('svg', { width: W, height: H });
    s.style.fontSize = '10px';
    const X = (n) => ox + pos.get(n).x * dx + dx / 2, Y = (n) => oy + pos.get(n).d * dy + dy / 2;
    drawEdges(tv.root, X, Y, s);
    (function nodes(n) {
      const g = svg('g', { class: 'node ' + n.status }, s, nodeTitle(n));
      if (n.status === 'group') svg('rect', { x: X(n) - r, y: Y(n) - r * 0.7, width: 2 * r, height: 1.4 * r, rx: 2, class: n.status }, g);
      else {
        // A finished subtree's node grows with the nodes under it (log
        // scale): where two heuristics' trees have one shape, the sizes
        // show which searched more.
        const k = n.count > 1 && n.status !== 'path' ? Math.min(2.2, 1 + 0.4 * Math.log10(n.count), 0.48 * Math.min(dx, dy) / r) : 1;
        svg('circle', { cx: X(n), cy: Y(n), r: r * k, class: n.status }, g);
      }
      if (labels && n.status !== 'group') {
        const t = svg('text', { x: X(n), y: Y(n) + 3.5, 'text-anchor': 'middle', fill: colour('--node-text') }, g);
        t.textContent = String(n.f);
      }
      (n.children || []).forEach(nodes);
    })(tv.root);
    el.appendChild(s);
  }

  // saveSVG saves the tree as drawn, whole, with its colours inline.
  function saveSVG() {
    const s = $('tree').querySelector('svg');
    if (!s) { vizPage.showError('no tree to save yet'); return; }
    const c = s.cloneNode(true);
    c.setAttribute('xmlns', vizPage.SVGNS);
    c.setAttribute('viewBox', '0 0 ' + view.w + ' ' + view.h);
    c.setAttribute('width', String(view.w));
    c.setAttribute('height', String(view.h));
    const style = document.createElementNS(vizPage.SVGNS, 'style');
    style.textContent = 'text{font-family:system-ui,sans-serif}' + kinds.map((k) => '.' + k + '{fill:' + colour('--node-' + k) + '}').join('') +
      '.chosen circle,.chosen rect{stroke:' + colour('--node-chosen') + ';stroke-width:4}';
    c.insertBefore(style, c.firstChild);
    const bg = document.createElementNS(vizPage.SVGNS, 'rect');
    bg.setAttribute('width', '100%');
    bg.setAttribute('height', '100%');
    bg.setAttribute('fill', colour('--panel'));
    c.insertBefore(bg, style.nextSibling);
    const e = vizPage.contract.current().event;
    vizPage.downloadText('<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(c), 'tree-event-' + e + '.svg', 'image/svg+xml');
  }

  return { bind, draw, place, zoom, fit, restart, drawMini, choose, mark };
})();
