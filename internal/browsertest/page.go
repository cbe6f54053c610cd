package browsertest

import "fmt"

// Scripts for idaviz's page, served or a site's, shared by the benchmarks
// that measure both.

// StartJS is a script that sets the Search panel up and presses Start.
func StartJS(puzzle, goal, heuristic, state string) string {
	return fmt.Sprintf(`(() => {
		const q = (id) => document.querySelector('[data-testid=' + id + ']');
		q('puzzle').value = %q; q('puzzle').dispatchEvent(new Event('change'));
		q('goal').value = %q; q('goal').dispatchEvent(new Event('change'));
		q('heuristic').value = %q;
		q('state').value = %q; q('state').dispatchEvent(new Event('input'));
		q('start').click();
	})()`, puzzle, goal, heuristic, state)
}

// PageFiguresJS is a script, to await, for the page with a run paused at
// its first event: it measures the first paint (out.firstPaint, ms from
// navigation), the median round trip of 21 steps (out.stepMedian: a click
// on Step to window.viz showing it) and the events shown during secs of To
// end (out.events). before and after, run just before To end and after its
// secs with out, q and tick in scope, add figures of their own; the script
// resolves to out.
func PageFiguresJS(secs int, before, after string) string {
	return fmt.Sprintf(`(async () => {
		const out = {};
		const paint = performance.getEntriesByType('paint').find((e) => e.name === 'first-paint');
		out.firstPaint = paint ? paint.startTime : -1;
		const q = (id) => document.querySelector('[data-testid=' + id + ']');
		const tick = () => new Promise((r) => setTimeout(r, 0));
		const times = [];
		for (let i = 0; i < 21; i++) {
			const before = window.viz.events, t0 = performance.now();
			q('step').click();
			while (window.viz.events === before) await tick();
			times.push(performance.now() - t0);
		}
		times.sort((a, b) => a - b);
		out.stepMedian = times[10];
		%s
		const e0 = window.viz.events;
		q('to-end').click();
		await new Promise((r) => setTimeout(r, %d));
		out.events = window.viz.events - e0;
		%s
		return out;
	})()`, before, secs*1000, after)
}
