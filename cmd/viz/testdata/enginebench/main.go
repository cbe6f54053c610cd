//go:build js && wasm

// Command enginebench is BenchmarkSiteEngine's engine alone, compiled to
// WebAssembly and run in a Web Worker: Korf's #2 with Manhattan distance
// through engine.IDA, its sink taking what a fast run's does (iteration
// events, histograms, progress every 1<<14 expansions) and doing nothing
// with it. The worker asks for a run with goBench(); goDone gets the nodes
// generated and the seconds.
package main

import (
	"context"
	"syscall/js"
	"time"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

type sink struct{}

func (sink) Level() trace.Level { return trace.LevelIteration }
func (sink) Event(*trace.Event) {}

func main() {
	asks := make(chan struct{}, 1)
	// A callback must not block: the run goes on in main's goroutine.
	js.Global().Set("goBench", js.FuncOf(func(js.Value, []js.Value) any {
		asks <- struct{}{}
		return nil
	}))
	js.Global().Call("goReady")
	ks, err := tiles.Korf()
	if err != nil {
		js.Global().Call("goDone", err.Error())
		return
	}
	for range asks {
		t0 := time.Now()
		res, err := engine.IDA(context.Background(), tiles.NewDomain(ks[1].Board, tiles.Manhattan), engine.Options{Sink: sink{}, CheckEvery: 1 << 14})
		secs := time.Since(t0).Seconds()
		if err != nil || len(res.Moves) != ks[1].Optimal {
			js.Global().Call("goDone", "Korf #2 not solved")
			continue
		}
		js.Global().Call("goDone", js.ValueOf([]any{float64(res.Totals.Generated), secs}))
	}
}
