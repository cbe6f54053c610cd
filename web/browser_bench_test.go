package web

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pageFigures is what BenchmarkPage reads from the page.
type pageFigures struct {
	FirstPaint float64 `json:"firstPaint"` // ms from navigation
	StepMedian float64 `json:"stepMedian"` // ms from a click on Step to window.viz showing it
	Events     float64 `json:"events"`     // events shown at the end of the to-end window
	LongTasks  int     `json:"longTasks"`  // main-thread tasks over 50 ms
	LongestMs  float64 `json:"longestMs"`
	BlockedMs  float64 `json:"blockedMs"` // the sum of the long tasks
}

// BenchmarkPage measures the page in chromium: its first paint, a step's
// round trip (click to window.viz), and "To end" on Korf #1 node by node for
// VIZ_BENCH_SECONDS (default 10): the events a second the page shows and
// the main thread's long tasks (PerformanceObserver 'longtask') meanwhile.
//
//	go test ./web -run '^$' -bench BenchmarkPage -benchtime 1x
func BenchmarkPage(b *testing.B) {
	secs := 10
	if s, err := strconv.Atoi(os.Getenv("VIZ_BENCH_SECONDS")); err == nil && s > 0 {
		secs = s
	}
	for b.Loop() {
		pageURL := servePage(b)
		br := openBrowser(b, time.Duration(secs+90)*time.Second)
		br.do("loading the page", chromedp.Navigate(pageURL))
		br.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
		br.do("choosing Korf #1", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const q = (id) => document.querySelector('[data-testid=' + id + ']');
			q('puzzle').value = '15puzzle'; q('puzzle').dispatchEvent(new Event('change'));
			q('goal').value = 'blank-first'; q('goal').dispatchEvent(new Event('change'));
			q('heuristic').value = 'manhattan';
			q('state').value = %q; q('state').dispatchEvent(new Event('input'));
			q('start').click();
		})()`, korf1)))
		br.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		f, err := chromedp.Run(br.ctx, chromedp.Evaluate[pageFigures](fmt.Sprintf(`(async () => {
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
			const long = [];
			new PerformanceObserver((l) => long.push(...l.getEntries())).observe({ entryTypes: ['longtask'] });
			const e0 = window.viz.events;
			q('to-end').click();
			await new Promise((r) => setTimeout(r, %d));
			out.events = window.viz.events - e0;
			out.longTasks = long.length;
			out.longestMs = long.reduce((m, e) => Math.max(m, e.duration), 0);
			out.blockedMs = long.reduce((s, e) => s + e.duration, 0);
			return out;
		})()`, secs*1000), chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(f.FirstPaint, "first-paint-ms")
		b.ReportMetric(f.StepMedian, "step-ms")
		b.ReportMetric(f.Events/float64(secs), "events/s")
		b.ReportMetric(float64(f.LongTasks), "long-tasks")
		b.ReportMetric(f.LongestMs, "longest-task-ms")
		b.ReportMetric(f.BlockedMs/float64(secs*10), "blocked-%")
	}
}
