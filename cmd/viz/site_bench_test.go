package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/internal/browsertest"
	"idaviz/web"
	"idaviz/web/static"
)

// korf2 is Korf's second 15-puzzle instance (blank-first): 11.7 million
// nodes with Manhattan distance, a second or so natively.
const korf2 = "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"

// siteFigures is what BenchmarkSite reads from the page.
type siteFigures struct {
	FirstPaint float64 `json:"firstPaint"` // ms from navigation
	StepMedian float64 `json:"stepMedian"` // ms from a click on Step to window.viz showing it
	Events     float64 `json:"events"`     // events shown during the to-end window
}

// rateRuns is how many times the node rate is measured, each way, the two
// in turn (native, browser, native, ...): a run's ratio is the browser's
// over the native run just before it, so that a shared machine's load
// weighs on both alike. The best ratio is not reported, the worst is.
const rateRuns = 3

// BenchmarkSite measures viz site's page in chromium, served by a static
// file server: the folder's size (and the engine's, gzipped, as a server
// that compresses sends it), the first paint and the engine's start, a
// step's round trip (click to window.viz, through the worker), "To end"
// node by node for IDAVIZ_BENCH_SECONDS (default 5): the events a second the
// page shows; and the node rate of a fast run of Korf's #2 with Manhattan
// distance in the browser against the same run natively, through the same
// session (web.ServeTab) in this process, rateRuns times each, in turn.
// Each run's rate is the one its state says (wall clock, as the page shows
// it), and, where the CPU time of the page's worker can be read (Linux's
// /proc), also per CPU-second of the worker against the native run's per
// CPU-second of this process: what the engine costs, whatever else runs on
// the machine.
//
//	go test ./cmd/viz -run '^$' -bench BenchmarkSite -benchtime 1x
func BenchmarkSite(b *testing.B) {
	secs := 5
	if s, err := fmt.Sscan(os.Getenv("IDAVIZ_BENCH_SECONDS"), &secs); err != nil || s != 1 || secs <= 0 {
		secs = 5
	}
	dir, url := writeSite(b)
	total, wasm, wasmGz := siteSize(b, dir)
	for b.Loop() {
		br := browsertest.Open(b, time.Duration(secs+180)*time.Second)
		t0 := time.Now()
		br.Do("opening the site", chromedp.Navigate(url))
		br.WaitFor("the engine", `window.viz.mode === 'site' && window.viz.status === 'idle' &&
			document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`, time.Minute)
		ready := time.Since(t0)
		br.Do("choosing Korf #1", chromedp.Evaluate[chromedp.Void](browsertest.StartJS("15puzzle", "blank-first", "manhattan", korf1)))
		br.Wait("a paused run", `window.viz.status === 'paused' && window.viz.events === 1`)
		// To end goes on after its window: paused, it does not weigh on
		// the fast runs (the first one's worker time counted its end).
		f, err := chromedp.Run(br.Ctx, chromedp.Evaluate[siteFigures](browsertest.PageFiguresJS(secs, "", fmt.Sprintf(`
			q('pause').click();
			while (window.viz.status !== 'paused') await tick();
			q('state').value = %q; q('fast').checked = true;`, korf2)), chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(total)/1e6, "site-MB")
		b.ReportMetric(float64(wasm)/1e6, "wasm-MB")
		b.ReportMetric(float64(wasmGz)/1e6, "wasm-gz-MB")
		b.ReportMetric(f.FirstPaint, "first-paint-ms")
		b.ReportMetric(float64(ready.Milliseconds()), "engine-ready-ms")
		b.ReportMetric(f.StepMedian, "step-ms")
		b.ReportMetric(f.Events/float64(secs), "events/s")
		reportRates(b, br)
	}
}

// rate is a fast run's node rate: by its state (wall clock), and per
// CPU-second (0: not known).
type rate struct{ wall, cpu float64 }

// reportRates runs Korf's #2 natively and in the page in turn, rateRuns
// times, and reports each run's rates and ratios, and the worst ratio.
func reportRates(b *testing.B, br *browsertest.Browser) {
	b.Helper()
	worst, worstCPU := math.Inf(1), math.Inf(1)
	var best, bestNative float64
	for i := range rateRuns {
		native := nativeRate(b)
		site := siteRate(b, br, 2+i)
		r := site.wall / native.wall
		b.Logf("run %d: native %.1f M nodes/s, in the page %.1f M: %.2f", i+1, native.wall/1e6, site.wall/1e6, r)
		if i == 0 {
			b.ReportMetric(site.wall/1e6, "wasm-first-Mnodes/s")
		}
		b.ReportMetric(r, fmt.Sprintf("wasm/native-%d", i+1))
		worst, best, bestNative = min(worst, r), max(best, site.wall), max(bestNative, native.wall)
		if site.cpu > 0 && native.cpu > 0 {
			b.Logf("run %d per CPU-second: native %.1f M nodes, in the page's worker %.1f M: %.2f", i+1, native.cpu/1e6, site.cpu/1e6, site.cpu/native.cpu)
			b.ReportMetric(site.cpu/native.cpu, fmt.Sprintf("wasm/native-cpu-%d", i+1))
			worstCPU = min(worstCPU, site.cpu/native.cpu)
		}
	}
	b.ReportMetric(best/1e6, "wasm-Mnodes/s")
	b.ReportMetric(bestNative/1e6, "native-Mnodes/s")
	b.ReportMetric(worst, "wasm/native-worst")
	if !math.IsInf(worstCPU, 1) {
		b.ReportMetric(worstCPU, "wasm/native-cpu-worst")
	}
}

// siteRate starts Korf's #2, fast, on the page (its Search panel set so
// already), as run id, and returns its rate once solved.
func siteRate(b *testing.B, br *browsertest.Browser, id int) rate {
	b.Helper()
	workers := workerThreads()
	ran0, waited0 := threadsCPU(workers)
	t0 := time.Now()
	v, err := chromedp.Run(br.Ctx, chromedp.Evaluate[struct {
		Rate      float64 `json:"nodesPerSecond"`
		Generated float64 `json:"generated"`
	}](fmt.Sprintf(`(async () => {
		document.querySelector('[data-testid=start]').click();
		while (!(window.viz.runs.at(-1)?.id === %d && window.viz.status === 'solved')) await new Promise((r) => setTimeout(r, 20));
		return window.viz.page.last().active;
	})()`, id), chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatal(err)
	}
	wall := time.Since(t0)
	r := rate{wall: v.Rate}
	if ran, waited := threadsCPU(workers); ran > ran0 && len(workers) > 0 {
		r.cpu = v.Generated / (ran - ran0).Seconds()
		b.Logf("the page's worker, from Start to solved (%v): ran %v, waited for a CPU %v, slept %v (%d nodes)", wall.Round(time.Millisecond),
			(ran - ran0).Round(time.Millisecond), (waited - waited0).Round(time.Millisecond), (wall - (ran - ran0) - (waited - waited0)).Round(time.Millisecond), int64(v.Generated))
	}
	return r
}

// korf1 is Korf's first 15-puzzle instance (blank-first).
const korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"

// siteSize is the folder's bytes, and the engine's, raw and gzipped.
func siteSize(b *testing.B, dir string) (total, wasm, wasmGz int64) {
	b.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		total += fi.Size()
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "static", "engine.wasm"))
	if err != nil {
		b.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	return total, int64(len(raw)), int64(gz.Len())
}

// nativeRate runs Korf's #2 with Manhattan distance, fast, through a
// session in this process as the page's worker does in the browser, and
// returns the nodes a second its state says, and per CPU-second of this
// process.
func nativeRate(b *testing.B) rate {
	b.Helper()
	in, out := make(chan []byte, 4), make(chan []byte, 1024)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go web.ServeTab(ctx, web.Port{In: in, Send: func(m []byte) error { out <- m; return nil },
		File: func(string, string, []byte) error { return nil }, Files: static.FS()}, web.Options{})
	start, _ := json.Marshal(map[string]any{"type": "start", "puzzle": "15puzzle", "state": korf2, "goal": "blank-first",
		"heuristic": "manhattan", "algorithm": "ida", "fast": true})
	cpu0 := cpuTime()
	in <- start
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case m := <-out:
			var s struct {
				Status string `json:"status"`
				Active struct {
					NodesPerSecond float64 `json:"nodesPerSecond"`
					Generated      float64 `json:"generated"`
				} `json:"active"`
			}
			if json.Unmarshal(m, &s) == nil && s.Status == "solved" {
				r := rate{wall: s.Active.NodesPerSecond}
				if cpu := cpuTime() - cpu0; cpu > 0 {
					r.cpu = s.Active.Generated / cpu.Seconds()
				}
				return r
			}
		case <-timeout:
			b.Fatal("the native run did not end")
		}
	}
}

// BenchmarkSiteBuilds times pattern database builds in viz site's page in
// chromium, each in a fresh page (the tables are kept only while it is
// open): from Start until the search begins. IDAVIZ_SITE_BUILDS lists them as
// PUZZLE:HEURISTIC, comma-separated (default 15puzzle:pdb555); the cube's
// search from "R U" and the 15-puzzle's from a 40-move board are short, so
// the time is the build's.
//
//	IDAVIZ_SITE_BUILDS=15puzzle:pdb555,15puzzle:pdb663,rubik:corners,rubik:edges,rubik:reid,rubik:korf \
//	    go test ./cmd/viz -run '^$' -bench BenchmarkSiteBuilds -benchtime 1x -timeout 30m
func BenchmarkSiteBuilds(b *testing.B) {
	builds := os.Getenv("IDAVIZ_SITE_BUILDS")
	if builds == "" {
		builds = "15puzzle:pdb555"
	}
	_, url := writeSite(b)
	for b.Loop() {
		for _, c := range strings.Split(builds, ",") {
			puzzle, h, _ := strings.Cut(c, ":")
			state, goal := "5 1 0 7 9 3 2 12 15 11 14 6 13 4 8 10", "blank-last"
			if puzzle == "rubik" {
				state, goal = "R U", ""
			}
			br := browsertest.Open(b, 10*time.Minute)
			br.Do("opening the site", chromedp.Navigate(url))
			br.WaitFor("the engine", `document.querySelector('[data-testid=connection]').textContent === 'engine in this page'`, time.Minute)
			t0 := time.Now()
			br.Do("starting "+c, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
				const q = (id) => document.querySelector('[data-testid=' + id + ']');
				q('puzzle').value = %q; q('puzzle').dispatchEvent(new Event('change'));
				q('heuristic').value = %q;
				if (%q) q('goal').value = %q;
				q('state').value = %q;
				q('fast').checked = true;
				q('start').click();
			})()`, puzzle, h, goal, goal, state)))
			br.WaitFor(c+" built", `window.viz.runs.at(-1)?.heuristic === '`+h+`' && window.viz.status === 'solved'`, 9*time.Minute)
			b.ReportMetric(time.Since(t0).Seconds(), strings.ReplaceAll(c, ":", "-")+"-s")
		}
	}
}
