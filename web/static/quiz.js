// quiz.js: quiz mode. Stepping turns into questions: the page asks for the
// move as usual, holds the state that comes back, asks, and shows it once
// answered, with the reason in the words of the "last event" line.
'use strict';
vizPage.quiz = (() => {
  const { $, shared } = vizPage;
  const quiz = { on: false, asked: 0, right: 0, expect: null, pending: null };

  // score is window.viz.quiz.
  function score() { return { on: quiz.on, asked: quiz.asked, right: quiz.right }; }

  function on() { return quiz.on; }

  function set(v) {
    quiz.on = v;
    quiz.expect = null;
    if (!v && quiz.pending) releaseHeld();
    $('quiz').setAttribute('aria-pressed', String(v));
    $('quiz-panel').hidden = !v;
    if (v) { $('quiz-question').textContent = 'Step (s), Next expansion (x) or Next bound (b): each asks first.'; $('quiz-result').textContent = ''; }
    showScore();
    vizPage.contract.page();
  }

  function toggle() { set(!quiz.on); }

  function showScore() {
    $('quiz-score').textContent = quiz.asked ? '(' + quiz.right + ' of ' + quiz.asked + ' right)' : '';
  }

  // move sends a move that the quiz will ask about.
  function move(kind, type, extra) {
    if (quiz.pending) return; // answer first
    vizPage.controls.control(type, extra);
    quiz.expect = { kind: kind, from: shared.last && shared.last.active ? shared.last.active.events : 0 };
  }

  // forget stops expecting a move to ask about: the user made one of their own.
  function forget() { quiz.expect = null; }

  function findParent(n, id, parent) {
    if (!n) return null;
    if (n.id === id) return parent || null;
    for (const c of n.children || []) {
      const p = findParent(c, id, n);
      if (p !== null) return p;
    }
    return null;
  }

  // holds decides whether msg answers a move the quiz asks about; if so it
  // holds msg back and asks. It reports whether msg is held.
  function holds(msg) {
    if (quiz.pending) { quiz.pending.after = msg; return true; }
    const ex = quiz.expect;
    if (!quiz.on || !ex || !msg.active) return false;
    // Until the move is done, nothing of it shows: not even a state in
    // between, which could give the answer away.
    if (msg.status === 'running') return true;
    // A state sent before the move was taken (the server's periodic one)
    // has not moved: the move's own answer is still to come.
    if (msg.active.events <= ex.from) return false;
    // A paused state that is not yet where the move goes (one sent on the
    // way, on a loaded machine) is drawn, and the quiz waits for the move's
    // own; a run that ended answers every move.
    const arrived = ex.kind === 'step' || (ex.kind === 'expand' ? msg.eventKind === 'visit' : msg.eventKind === 'bound-increase');
    if (msg.status === 'paused' && !arrived) return false;
    quiz.expect = null;
    const ev = msg.event || '', node = msg.node || {};
    let q = null;
    if (ex.kind === 'step' && (ev.startsWith('prune node') || (ev.startsWith('visit node') && node.depth > 0))) {
      q = { kind: 'prune', answer: ev.startsWith('prune'),
        text: 'The search generates node ' + node.id + ' with g = ' + node.g + ' and h = ' + node.h + '. Will it be pruned?' };
    } else if (ex.kind === 'expand' && msg.eventKind === 'visit' && msg.tree) {
      const parent = findParent(msg.tree.root, msg.tree.last, null);
      if (parent && parent.id) {
        q = { kind: 'node', answer: parent.id,
          text: 'Which node does the search expand a child of next? Click it in the tree.' };
      }
    } else if (ex.kind === 'bound' && msg.eventKind === 'bound-increase' && msg.active.nextBound) {
      q = { kind: 'bound', answer: msg.active.nextBound,
        text: 'No solution within the bound ' + msg.active.bound + '. What is the next bound?' };
    }
    if (!q) return false;
    q.after = msg;
    quiz.pending = q;
    quiz.asked++;
    $('quiz-question').textContent = q.text;
    $('quiz-result').textContent = '';
    $('quiz-yesno').hidden = q.kind !== 'prune';
    $('quiz-number').hidden = q.kind !== 'bound';
    if (q.kind === 'bound') { $('quiz-bound').value = ''; $('quiz-bound').focus(); }
    showScore();
    vizPage.contract.page();
    return true;
  }

  // answer checks an answer, shows the right one with its reason, and lets
  // the held state through.
  function answer(given) {
    const q = quiz.pending;
    if (!q) return;
    const ok = given === q.answer;
    if (ok) quiz.right++;
    const shown = q.kind === 'prune' ? (q.answer ? 'yes, it is pruned' : 'no, it is visited') : q.kind === 'node' ? 'node ' + q.answer : String(q.answer);
    $('quiz-result').textContent = (ok ? 'Right: ' : 'Not quite: ' + shown + '. ') + (q.after.event || '');
    $('quiz-result').className = 'quiz-result ' + (ok ? 'right' : 'wrong');
    releaseHeld();
  }

  function releaseHeld() {
    const after = quiz.pending.after;
    quiz.pending = null;
    $('quiz-yesno').hidden = true;
    $('quiz-number').hidden = true;
    showScore();
    vizPage.app.onState(after);
  }

  // release lets a held state through unanswered (a new run starts).
  function release() { if (quiz.pending) releaseHeld(); }

  // answerNode takes a click on a tree node as an answer, when asked.
  function answerNode(id) {
    if (!quiz.pending || quiz.pending.kind !== 'node') return false;
    answer(id);
    return true;
  }

  function bind() {
    $('quiz').addEventListener('click', toggle);
    $('quiz-yes').addEventListener('click', () => answer(true));
    $('quiz-no').addEventListener('click', () => answer(false));
    const submit = () => { const v = $('quiz-bound').value; if (v !== '') answer(Number(v)); };
    $('quiz-submit').addEventListener('click', submit);
    $('quiz-bound').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); submit(); } });
  }

  return { bind, score, on, toggle, move, forget, holds, release, answerNode };
})();
