// app.js: the page's messages from its source, drawn by the parts of
// vizPage (page.js lists where each lives), and the start: every part bound
// to its controls, then the source connected (the export's embedded trace,
// or the server, or a site's engine in a worker: connection.js).
'use strict';
vizPage.app = (() => {
  const { $, shared } = vizPage;

  // A running search sends up to 20 states a second: they are drawn at most
  // once an animation frame (the latest), so the page stays responsive while
  // the server runs ahead. A paused one is drawn at once: a step's answer.
  let drawFrame = 0;
  function onState(msg) {
    shared.messages++;
    // Sent before the source took the page's last move: where the run was,
    // not where it goes (the source sends that next).
    if (msg.seq !== undefined && msg.seq < shared.moveSeq) return;
    if (vizPage.quiz.holds(msg)) return;
    shared.last = msg;
    shared.playing = msg.status === 'running'; // space toggles what the server last said, not a stale guess
    if (msg.status === 'running') {
      if (!drawFrame) drawFrame = requestAnimationFrame(() => { drawFrame = 0; drawAll(shared.last); });
      return;
    }
    if (drawFrame) { cancelAnimationFrame(drawFrame); drawFrame = 0; }
    drawAll(msg);
  }

  function drawAll(msg) {
    document.body.classList.toggle('astar', !!(msg.algo && msg.algo.algorithm === 'astar'));
    document.body.classList.toggle('bpmx', !!(msg.algo && msg.algo.pathmax));
    vizPage.status.drawStats(msg);
    vizPage.compare.draw(msg);
    vizPage.compare.drawLockstep(msg);
    vizPage.status.drawNode(msg.node);
    vizPage.tree.draw(msg.tree);
    vizPage.charts.draw(msg.charts, msg.status === 'running');
    vizPage.controls.drawPosition(msg);
    $('last-event').textContent = msg.event ? 'last event: ' + msg.event : '';
    vizPage.code.draw(msg);
    vizPage.stack.draw(msg);
    // Each step's sentence, for a screen reader (a polite live region); not
    // while a search runs ahead, twenty states a second.
    if (msg.status !== 'running' && msg.event) $('announce').textContent = msg.event;
    vizPage.quiz.afterState(msg);
    vizPage.contract.state(msg);
    vizPage.lecture.afterState(msg);
    vizPage.problem.afterState(msg);
  }

  function onMessage(msg) {
    switch (msg.type) {
      case 'hello':
        shared.mode = ['replay', 'site'].includes(msg.mode) ? msg.mode : 'live';
        document.body.classList.toggle('replay', shared.mode === 'replay');
        $('mode').textContent = msg.mode;
        vizPage.contract.page();
        vizPage.setup.showHint();
        vizPage.setup.requestPreview();
        break;
      case 'preview': vizPage.setup.onPreview(msg); break;
      case 'lecture': vizPage.lecture.onMessage(msg); break;
      case 'state': onState(msg); break;
      case 'error': vizPage.showError(msg.message); vizPage.lecture.error(); vizPage.problem.onError(msg); break;
      case 'problem': case 'checked': vizPage.problem.onMessage(msg); break;
      case 'scrambled': vizPage.setup.onScrambled(msg); break;
      case 'node': vizPage.status.drawChosen(msg.node); break;
    }
  }

  function start() {
    const emb = window.VIZ_EMBEDDED;
    if (emb) document.body.classList.add('embedded');
    for (const part of ['charts', 'compare', 'setup', 'present', 'tree', 'quiz', 'controls', 'lecture', 'downloads', 'problem', 'code']) vizPage[part].bind();
    const handlers = { onMessage, onStatus: (s) => { $('conn').textContent = s; } };
    if (emb) {
      vizPage.connectWith(vizPage.traceSource.connect(Object.assign({ data: emb }, handlers)));
    } else {
      vizPage.setup.loadCatalogue();
      vizPage.connectWith(vizPage.connection.connect(handlers));
    }
    if (new URLSearchParams(location.search).has('present')) vizPage.present.set(true);
  }

  return { onState, start };
})();
vizPage.app.start();
