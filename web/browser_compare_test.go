package web

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// compareJS are the checks of the comparison view, run in the page.
const compareJS = `window.compareRows = () => Array.from(q('compare-table').querySelectorAll('tr[data-run]')).map((tr) => {
	const c = (k) => tr.querySelector('[data-col=' + k + ']').textContent;
	return { id: Number(tr.dataset.run), colour: tr.cells[0].dataset.colour, heuristic: tr.cells[1].textContent,
		startH: c('startH'), iterations: c('iterations'), perIteration: c('perIteration'), generated: c('generated'), ebf: c('ebf') };
});
// chartRuns lists, for each comparison chart, what does not match the
// table: a legend entry that is not a run, a run without one, a series in
// another colour than its run's row.
window.chartRuns = (ids) => {
	const rows = compareRows(), bad = [];
	const colour = {};
	for (const r of rows) colour['#' + r.id + ' ' + r.heuristic + ' ida'] = r.colour;
	for (const id of ids) {
		const o = window.viz.page.chart(q(id)).getOption();
		const legend = [].concat(o.legend || [])[0] || {};
		const names = legend.data || [];
		if (names.length !== rows.length) bad.push(id + ': ' + names.length + ' legend entries for ' + rows.length + ' runs');
		for (const n of Object.keys(colour)) if (!names.includes(n)) bad.push(id + ': no legend entry for ' + n);
		for (const s of o.series) {
			const c = s.itemStyle && s.itemStyle.color;
			if (colour[s.name] !== c) bad.push(id + ': series ' + s.name + ' in ' + c + ', its row in ' + colour[s.name]);
		}
	}
	return bad;
};
true`

// TestBrowserCompare is docs/GUIDE.md's "Compare heuristics" as an instructor meets it: three
// heuristics on one 8-puzzle, kept to compare; the table's numbers are
// engine.IDA's, every chart has one legend entry a run in the table's
// colours, and lock-step Next bound shows every run at the same bound.
func TestBrowserCompare(t *testing.T) {
	t.Parallel()
	b := openPage(t, 1440, 900)
	sel := func(id string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + id + `"]`) }
	heuristics := []string{"misplaced", "manhattan", "linear-conflict"}
	ids := `['fhist', 'fhist-total', 'iterations-chart', 'bounds-chart']`
	started := b.step(t, "three heuristics' runs kept, with the lock-step control", func(b *browser) {
		js[bool](b, "compare helpers", compareJS)
		js[bool](b, "the instance", fmt.Sprintf(`(() => {
			choose('puzzle', '8puzzle');
			const s = q('state'); s.value = %q; s.dispatchEvent(new Event('input'));
			choose('goal', 'blank-last');
			return true;
		})()`, compareState))
		b.do("keep runs", chromedp.Click(sel("keep-runs")))
		for i, h := range heuristics {
			js[bool](b, "the heuristic", fmt.Sprintf(`choose('heuristic', %q), true`, h))
			b.do("start "+h, chromedp.Click(sel("start")))
			b.wait("run "+h, fmt.Sprintf(`window.viz.runs.length === %d && window.viz.status === 'paused' && window.viz.runs[%d].heuristic === %q`, i+1, i, h))
		}
		b.wait("the lock-step control", `!q('lockstep').closest('label').hidden && q('lockstep').checked && !q('lockstep-panel').hidden && window.viz.lockstep && window.viz.lockstep.runs.length === 3`)
	})

	locked := b.step(t, "lock-step Next bound shows every run at engine.IDA's bound, at one scale", func(b *browser) {
		browsertest.Needs(b.t, started, "the runs kept")
		// Lock-step: b moves every run to the next bound; each shows its tree
		// at that bound, or says why it has no iteration there.
		want := map[string]map[int]int64{} // heuristic -> bound -> generated, engine.IDA's
		for _, h := range heuristics {
			want[h] = map[int]int64{}
			for _, it := range testrun.Result(b.t, "8puzzle", compareState, h).Iterations {
				want[h][it.Bound] = it.Generated
			}
		}
		type lockRun struct {
			ID        int     `json:"id"`
			TreeBound int     `json:"treeBound"`
			Generated int64   `json:"generated"`
			Note      string  `json:"note"`
			TreeDrawn int     `json:"treeDrawn"`
			TreeScale float64 `json:"treeScale"`
		}
		type lock struct {
			Bound int       `json:"bound"`
			Next  int       `json:"next"`
			Runs  []lockRun `json:"runs"`
		}
		shotTaken := false
		for press := 0; ; press++ {
			l := js[lock](b, "the lock-step", `window.viz.lockstep`)
			if l.Next == 0 {
				break
			}
			if press > 30 {
				b.t.Fatal("lock-step never ended")
			}
			b.do("next bound", chromedp.KeyEvent("b"))
			b.wait(fmt.Sprintf("every run at bound %d", l.Next), fmt.Sprintf(`window.viz.lockstep.bound === %d && window.viz.runs.every((r) => r.status !== 'running')
				&& window.viz.lockstep.runs.every((r) => r.treeBound === %d && r.generated > 0 || r.note.startsWith('no iteration'))`, l.Next, l.Next))
			got := js[lock](b, "the lock-step", `window.viz.lockstep`)
			all := true
			for i, r := range got.Runs {
				g, ok := want[heuristics[i]][l.Next]
				switch {
				case ok && (r.TreeBound != l.Next || r.Generated != g):
					b.t.Errorf("bound %d, %s: tree at %d, %d generated; engine.IDA: %d", l.Next, heuristics[i], r.TreeBound, r.Generated, g)
				case !ok && r.TreeBound != 0:
					b.t.Errorf("bound %d, %s: a tree, but engine.IDA has no iteration there", l.Next, heuristics[i])
				}
				all = all && ok
			}
			// Every box of the panel names the bound its tree is at.
			if bad := js[[]string](b, "the boxes", fmt.Sprintf(`Array.from(document.querySelectorAll('[data-testid=lockstep-run]')).filter((d) => d.dataset.bound !== '%d' && !d.textContent.includes('no iteration at bound %d')).map((d) => d.textContent)`, l.Next, l.Next)); len(bad) > 0 {
				b.t.Errorf("bound %d: boxes %q", l.Next, bad)
			}
			if all {
				// One scale for every tree, so that the bigger tree looks
				// bigger; each says its heuristic and its nodes.
				type drawn struct {
					Width float64 `json:"width"`
					Text  string  `json:"text"`
				}
				boxes := js[[]drawn](b, "the trees", `Array.from(document.querySelectorAll('[data-testid=lockstep-run]')).map((d) => {
					const cs = Array.from(d.querySelectorAll('svg circle')).map((c) => c.getBoundingClientRect());
					return { width: cs.length ? Math.max(...cs.map((r) => r.right)) - Math.min(...cs.map((r) => r.left)) : 0, text: d.textContent };
				})`)
				for i, r := range got.Runs {
					if r.TreeScale <= 0 || r.TreeScale != got.Runs[0].TreeScale {
						b.t.Errorf("bound %d: the trees are drawn at scales %v", l.Next, got.Runs)
						break
					}
					if !strings.Contains(boxes[i].Text, heuristics[i]) || !strings.Contains(boxes[i].Text, commas(r.Generated)+" nodes") {
						b.t.Errorf("bound %d: the box of %s says %q", l.Next, heuristics[i], boxes[i].Text)
					}
					for j, q := range got.Runs {
						if r.TreeDrawn > 2*q.TreeDrawn && !(boxes[i].Width > boxes[j].Width) {
							b.t.Errorf("bound %d: %s draws %d nodes %.0f px wide, %s %d nodes %.0f px wide", l.Next, heuristics[i], r.TreeDrawn, boxes[i].Width, heuristics[j], q.TreeDrawn, boxes[j].Width)
						}
					}
				}
				b.t.Logf("lock-step at bound %d: %v", l.Next, got.Runs)
				if !shotTaken && l.Next >= 18 {
					shot(b.t, b.ctx, "compare-lockstep-1440x900")
					shotTaken = true
				}
			}
		}
		b.wait("every run solved", `window.viz.runs.every((r) => r.status === 'solved')`)
	})

	b.step(t, "the table has engine.IDA's numbers and a colour a run", func(b *browser) {
		browsertest.Needs(b.t, locked, "the lock-step to the end")
		// The table: engine.IDA's numbers, run by run.
		type row struct {
			ID           int    `json:"id"`
			Colour       string `json:"colour"`
			Heuristic    string `json:"heuristic"`
			StartH       string `json:"startH"`
			Iterations   string `json:"iterations"`
			PerIteration string `json:"perIteration"`
			Generated    string `json:"generated"`
			EBF          string `json:"ebf"`
		}
		rows := js[[]row](b, "the table", `compareRows()`)
		if len(rows) != len(heuristics) {
			b.t.Fatalf("the table has %d rows, want %d", len(rows), len(heuristics))
		}
		colours := map[string]bool{}
		for i, r := range rows {
			res := testrun.Result(b.t, "8puzzle", compareState, heuristics[i])
			var per []string
			for _, it := range res.Iterations {
				per = append(per, strconv.Itoa(it.Bound)+": "+commas(it.Generated))
			}
			wantRow := row{ID: r.ID, Colour: r.Colour, Heuristic: heuristics[i], StartH: strconv.Itoa(res.Iterations[0].Bound),
				Iterations: strconv.Itoa(len(res.Iterations)), PerIteration: strings.Join(per, " · "), Generated: commas(res.Totals.Generated),
				EBF: fmt.Sprintf("%.3f", res.EBF())}
			if r != wantRow {
				b.t.Errorf("table row %d:\n got %+v\nwant %+v", i, r, wantRow)
			}
			colours[r.Colour] = true
		}
		if len(colours) != len(rows) {
			b.t.Errorf("the runs share colours: %v", colours)
		}
	})

	b.step(t, "the charts have a legend entry a run in the table's colours, and tooltips by kind", func(b *browser) {
		browsertest.Needs(b.t, locked, "the lock-step to the end")
		// The charts: a legend entry a run, never paging, in the table's colours.
		if bad := settle(b, "the charts' runs", `chartRuns(`+ids+`)`); len(bad) > 0 {
			b.t.Errorf("charts against the table: %s", strings.Join(bad, "; "))
		}
		if bad := settle(b, "the charts", ids+`.flatMap(chartProblems)`); len(bad) > 0 {
			b.t.Errorf("charts at 1440x900: %s", strings.Join(bad, "; "))
		}
		// The tooltip names each run's counts by kind (the legend cannot: it
		// has one entry a run). A chart laid out again (a resize, a screenshot)
		// hides it: the wait shows it again until it reads right.
		lastOf := func(h string) trace.Iteration {
			its := testrun.Result(b.t, "8puzzle", compareState, h).Iterations
			return its[len(its)-1]
		}
		lc, mp := lastOf("linear-conflict"), lastOf("misplaced")
		b.wait("the tooltip", fmt.Sprintf(`(() => {
			const el = q('iterations-chart'), ok = () => el.textContent.includes(%q) && el.textContent.includes(%q);
			if (ok()) return true;
			const c = window.viz.page.chart(el);
			c.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: c.getOption().xAxis[0].data.length - 1 });
			return ok();
		})()`, "#3 linear-conflict ida · expanded: "+commas(lc.Expanded), "#1 misplaced ida · generated, not expanded: "+commas(mp.Generated-mp.Expanded)))
		shot(b.t, b.ctx, "compare-1440x900")
		elementShot(b.t, b, sel("bounds-chart"), "compare-bounds")
	})

	b.step(t, "at 1280x720 on a log scale the charts read and nothing scrolls sideways", func(b *browser) {
		browsertest.Needs(b.t, locked, "the lock-step to the end")
		b.do("log scale", chromedp.Click(sel("log-scale")))
		if bad := settle(b, "the charts", ids+`.flatMap(chartProblems)`); len(bad) > 0 {
			b.t.Errorf("charts on a log scale: %s", strings.Join(bad, "; "))
		}
		b.do("the projector's size", chromedp.EmulateViewport(1280, 720))
		if bad := settle(b, "the charts", ids+`.flatMap(chartProblems)`); len(bad) > 0 {
			b.t.Errorf("charts at 1280x720: %s", strings.Join(bad, "; "))
		}
		if bad := settle(b, "the width", `(() => {
			if (document.documentElement.scrollWidth <= innerWidth + 1) return [];
			return Array.from(document.querySelectorAll('main *')).filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && e.offsetParent !== null)
				.slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
		})()`); len(bad) > 0 {
			b.t.Errorf("at 1280x720 the page scrolls sideways: %s", strings.Join(bad, "; "))
		}
		// Every column of the runs compared shows without a sideways scroll.
		if got := js[string](b, "the table's width", `(() => {
			const t = q('compare-table'), box = t.parentElement;
			return t.scrollWidth <= box.clientWidth + 1 ? '' : 'the table is ' + t.scrollWidth + ' px wide in ' + box.clientWidth;
		})()`); got != "" {
			b.t.Errorf("runs compared at 1280x720: %s", got)
		}
		shot(b.t, b.ctx, "compare-1280x720")
	})

	b.step(t, "presentation with lock-step fits 1280x720", func(b *browser) {
		browsertest.Needs(b.t, started, "the runs kept")
		b.do("presentation", chromedp.KeyEvent("p"))
		// The lock-step trees take the tree's place on the projector.
		if bad := settle(b, "the layout", strings.Replace(presentLayoutJS, "chartShown ? 'fhist' : 'tree'", "chartShown ? 'fhist' : 'lockstep-panel'", 1)); len(bad) > 0 {
			b.t.Errorf("presentation with lock-step at 1280x720: %s", strings.Join(bad, "; "))
		}
		shot(b.t, b.ctx, "compare-present-1280x720")
	})

	if _, exceptions := b.seen(); len(exceptions) > 0 {
		t.Errorf("the page threw: %v", exceptions)
	}
}

// commas writes n as the page does (en-US grouping).
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// elementShot keeps a screenshot of one element, as shot does the page's.
func elementShot(t testing.TB, b *browser, sel chromedp.CSS, name string) {
	t.Helper()
	if !browsertest.Keeping() {
		return
	}
	png, err := chromedp.Run(b.ctx, chromedp.Screenshot(sel))
	if err != nil {
		t.Logf("screenshot: %v", err)
		return
	}
	browsertest.Keep(t, "browser-"+name+".png", png)
}

// compareState is the textbook's 8-puzzle (Russell and Norvig's, a preset),
// 20 moves: misplaced tiles searches 15 bounds from 6, Manhattan distance
// and linear conflict 4 from 14, which the lock-step shows side by side.
const compareState = "7 2 4 5 0 6 8 3 1"
