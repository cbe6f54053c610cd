package main

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"idaviz/engine"
	"idaviz/internal/browsertest"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// countingSink takes what a fast run's sink takes, and does nothing with it.
type countingSink struct{}

func (countingSink) Level() trace.Level { return trace.LevelIteration }
func (countingSink) Event(*trace.Event) {}

// BenchmarkSiteEngine is the engine alone in chromium against native: Korf's
// #2 with Manhattan distance through engine.IDA, with a sink that takes a
// fast run's events (testdata/enginebench, compiled to WebAssembly and run
// in a Web Worker), and the same run in this process, in turn, rateRuns
// times each. Its ratios, against BenchmarkSite's, say how much of the
// page's loss is the engine under WebAssembly and how much the session and
// the worker around it. Each rate is per CPU-second (the worker's thread,
// this process), which a shared machine's load does not change much; the
// wall-clock rates are logged. IDAVIZ_WASM_BUILDFLAGS adds flags to the
// engine's go build (not this process's), and go build reads GOWASM itself:
//
//	go test ./cmd/viz -run '^$' -bench BenchmarkSiteEngine -benchtime 1x
//	IDAVIZ_WASM_BUILDFLAGS='-gcflags=all=-B' go test ./cmd/viz -run '^$' -bench BenchmarkSiteEngine -benchtime 1x
//	IDAVIZ_WASM_BUILDFLAGS=-pgo=$PWD/tiles.pprof go test ./cmd/viz -run '^$' -bench BenchmarkSiteEngine -benchtime 1x
//
// IDAVIZ_WASM_OPT, when set, is the flags of binaryen's wasm-opt, run on
// the engine once built (IDAVIZ_WASM_OPT=-O2).
func BenchmarkSiteEngine(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("the worker's CPU time is read from Linux's /proc")
	}
	browsertest.Chromium(b)
	dir := b.TempDir()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatal(err)
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		b.Fatal(err)
	}
	args := append([]string{"build", "-trimpath", "-o", filepath.Join(dir, "engine.wasm")}, strings.Fields(os.Getenv("IDAVIZ_WASM_BUILDFLAGS"))...)
	build := exec.Command("go", append(args, "./testdata/enginebench")...)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("compiling testdata/enginebench: %v\n%s", err, out)
	}
	if flags := os.Getenv("IDAVIZ_WASM_OPT"); flags != "" {
		// binaryen's optimizer, after Go's; Go's output uses these.
		wasm := filepath.Join(dir, "engine.wasm")
		opt := exec.Command("wasm-opt", append(strings.Fields(flags), "--enable-bulk-memory", "--enable-sign-ext",
			"--enable-nontrapping-float-to-int", "--enable-mutable-globals", wasm, "-o", wasm)...)
		if out, err := opt.CombinedOutput(); err != nil {
			b.Fatalf("wasm-opt %s: %v\n%.2000s", flags, err, out)
		}
	}
	for name, text := range map[string]string{
		"wasm_exec.js": string(execJS),
		"index.html": `<!doctype html><title>engine</title><script>
			const w = new Worker('worker.js'), waiting = [];
			window.ready = new Promise((r) => { waiting.push(r); });
			w.onmessage = (e) => waiting.shift()(e.data);
			window.run = () => new Promise((r) => { waiting.push(r); w.postMessage('run'); });
		</script>`,
		"worker.js": `importScripts('wasm_exec.js');
			self.goReady = () => postMessage('ready');
			self.goDone = (r) => postMessage(r);
			onmessage = () => self.goBench();
			const go = new Go();
			WebAssembly.instantiateStreaming(fetch('engine.wasm'), go.importObject).then((r) => go.run(r.instance));`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	b.Cleanup(srv.Close)
	ks, err := tiles.Korf()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		br := browsertest.Open(b, 5*time.Minute)
		br.Do("opening the page", chromedp.Navigate(srv.URL+"/index.html"))
		if _, err := chromedp.Run(br.Ctx, chromedp.Evaluate[string](`window.ready`, chromedp.EvalAwaitPromise)); err != nil {
			b.Fatal(err)
		}
		workers := workerThreads()
		worst := math.Inf(1)
		for i := range rateRuns {
			cpu0 := cpuTime()
			t0 := time.Now()
			res, err := engine.IDA(context.Background(), tiles.NewDomain(ks[1].Board, tiles.Manhattan),
				engine.Options{Sink: countingSink{}, CheckEvery: 1 << 14})
			wall, cpu := time.Since(t0), cpuTime()-cpu0
			if err != nil || len(res.Moves) != ks[1].Optimal {
				b.Fatalf("Korf #2 natively: %v, %d moves", err, len(res.Moves))
			}
			native := float64(res.Totals.Generated) / cpu.Seconds()
			ran0, _ := threadsCPU(workers)
			v, err := chromedp.Run(br.Ctx, chromedp.Evaluate[[]float64](`window.run()`, chromedp.EvalAwaitPromise))
			if err != nil || len(v) != 2 {
				b.Fatalf("Korf #2 in the worker: %v %v", v, err)
			}
			ran, _ := threadsCPU(workers)
			if len(workers) == 0 || ran <= ran0 {
				b.Fatal("the worker's thread was not found in /proc")
			}
			wasm := v[0] / (ran - ran0).Seconds()
			b.Logf("run %d: native %.1f M nodes/s (%.1f per CPU-s), in the worker %.1f M (%.1f per CPU-s): %.2f per CPU-s",
				i+1, float64(res.Totals.Generated)/wall.Seconds()/1e6, native/1e6, v[0]/v[1]/1e6, wasm/1e6, wasm/native)
			b.ReportMetric(wasm/native, fmt.Sprintf("wasm/native-cpu-%d", i+1))
			worst = min(worst, wasm/native)
		}
		b.ReportMetric(worst, "wasm/native-cpu-worst")
	}
}
