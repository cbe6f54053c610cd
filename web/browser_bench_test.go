package web

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/engine"
	"idaviz/internal/browsertest"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/export"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
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
// IDAVIZ_BENCH_SECONDS (default 10): the events a second the page shows and
// the main thread's long tasks (PerformanceObserver 'longtask') meanwhile.
//
//	go test ./web -run '^$' -bench BenchmarkPage -benchtime 1x
func BenchmarkPage(b *testing.B) {
	secs := 10
	if s, err := strconv.Atoi(os.Getenv("IDAVIZ_BENCH_SECONDS")); err == nil && s > 0 {
		secs = s
	}
	for b.Loop() {
		pageURL := servePage(b)
		br := openBrowser(b, time.Duration(secs+90)*time.Second)
		br.do("loading the page", chromedp.Navigate(pageURL))
		br.wait("the puzzle list", `document.querySelector('[data-testid=puzzle]').options.length > 0 && window.viz.status === 'idle'`)
		br.do("choosing Korf #1", chromedp.Evaluate[chromedp.Void](browsertest.StartJS("15puzzle", "blank-first", "manhattan", korf1)))
		br.wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		f, err := chromedp.Run(br.ctx, chromedp.Evaluate[pageFigures](browsertest.PageFiguresJS(secs, `
			const long = [];
			new PerformanceObserver((l) => long.push(...l.getEntries())).observe({ entryTypes: ['longtask'] });`, `
			out.longTasks = long.length;
			out.longestMs = long.reduce((m, e) => Math.max(m, e.duration), 0);
			out.blockedMs = long.reduce((s, e) => s + e.duration, 0);`), chromedp.EvalAwaitPromise))
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

// exportFigures is what BenchmarkExport reads from an exported page.
type exportFigures struct {
	SeekWorst  float64 `json:"seekWorst"`  // ms from a seek to window.viz showing it, the slowest of 20
	SeekMedian float64 `json:"seekMedian"` // and the median
	StepMedian float64 `json:"stepMedian"`
	Events     int     `json:"events"`
}

// BenchmarkExport measures the one-file replay of a long run in chromium,
// from file:// with the network off: its size, the time from navigation to
// the first state (the trace unpacked, read and checkpointed), a seek to 20
// random events and a step. The run is the 15-puzzle's Korf #1 with
// Manhattan distance, cut at IDAVIZ_EXPORT_NODES generated nodes (default
// 660,000: about a million events).
//
//	go test ./web -run '^$' -bench BenchmarkExport -benchtime 1x
func BenchmarkExport(b *testing.B) {
	nodes := int64(660_000)
	if s, err := strconv.ParseInt(os.Getenv("IDAVIZ_EXPORT_NODES"), 10, 64); err == nil && s > 0 {
		nodes = s
	}
	path := exportKorf1(b, nodes)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		br := openBrowser(b, 120*time.Second)
		br.offline()
		t0 := time.Now()
		br.do("opening the export", chromedp.Navigate("file://"+path))
		br.wait("the first state", `window.viz.mode === 'replay' && window.viz.event === 0 && window.viz.events > 0`)
		open := time.Since(t0)
		f, err := chromedp.Run(br.ctx, chromedp.Evaluate[exportFigures](`(async () => {
			const q = (id) => document.querySelector('[data-testid=' + id + ']');
			const tick = () => new Promise((r) => setTimeout(r, 0));
			const n = window.viz.events, seeks = [];
			let seed = 7;
			const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
			for (let i = 0; i < 20; i++) {
				const target = Math.floor(rnd() * n), t0 = performance.now();
				q('seek').value = target;
				q('seek').dispatchEvent(new Event('change'));
				while (window.viz.event !== target) await tick();
				seeks.push(performance.now() - t0);
			}
			const steps = [];
			for (let i = 0; i < 11; i++) {
				const before = window.viz.event, t0 = performance.now();
				q('step').click();
				while (window.viz.event === before) await tick();
				steps.push(performance.now() - t0);
			}
			seeks.sort((a, b) => a - b);
			steps.sort((a, b) => a - b);
			return { seekWorst: seeks[seeks.length - 1], seekMedian: seeks[10], stepMedian: steps[5], events: n };
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(f.Events), "events")
		b.ReportMetric(float64(st.Size())/1e6, "file-MB")
		b.ReportMetric(float64(open.Milliseconds()), "open-ms")
		b.ReportMetric(f.SeekMedian, "seek-median-ms")
		b.ReportMetric(f.SeekWorst, "seek-worst-ms")
		b.ReportMetric(f.StepMedian, "step-ms")
	}
}

// exportKorf1 records Korf's first instance node by node up to nodes
// generated and exports it; it returns the file's path.
func exportKorf1(b *testing.B, nodes int64) string {
	b.Helper()
	p, _ := puzzles.Lookup("15puzzle")
	inst, err := p.Parse(korf1, "blank-first")
	if err != nil {
		b.Fatal(err)
	}
	d, _ := inst.Domain("manhattan")
	sink := testrun.NewSink(trace.LevelNode)
	info := trace.RunInfo{Puzzle: "15puzzle", Instance: inst.String(), Heuristic: "manhattan", Algorithm: "ida",
		Options: map[string]string{"goal": "blank-first"}, MoveNames: []string{"U", "D", "L", "R"}}
	if _, err := engine.IDA(context.Background(), d, engine.Options{Sink: sink, MaxNodes: nodes, Info: info}); err != nil {
		b.Fatal(err)
	}
	rec, err := fold.LoadRecording(&sliceReader{events: sink.Events}, fold.DefaultMaxEvents)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "korf1.html")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := export.HTML(f, rec, export.Options{}); err != nil {
		b.Fatal(err)
	}
	return path
}
