package fold

import (
	"bytes"
	"context"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/trace"
)

// BenchmarkFoldMillion folds about a million events (Korf's first 15-puzzle
// instance with Manhattan distance, node by node, cut at 660,000 nodes)
// read from a binary trace in memory, with a checkpoint every 2048 events:
// what an exported replay of that run does as it opens. Run it natively and
// compiled to WebAssembly, in node's V8 (docs/ARCHITECTURE.md, "The
// exported page folds in JavaScript"):
//
//	go test ./web/fold -run '^$' -bench FoldMillion -benchtime 3x
//	GOOS=js GOARCH=wasm go test ./web/fold -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench FoldMillion -benchtime 3x
func BenchmarkFoldMillion(b *testing.B) {
	req, err := puzzles.NewRequest("15puzzle", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "manhattan", "blank-first")
	if err != nil {
		b.Fatal(err)
	}
	d, err := puzzles.NewDomain(context.Background(), req.Instance, "manhattan", nil)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	rec := trace.NewRecorder(&buf, trace.EncodingBinary, trace.LevelNode)
	if _, err := engine.IDA(context.Background(), d, engine.Options{Sink: rec, MaxNodes: 660_000, Info: req.Info}); err != nil {
		b.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
	events := 0
	for b.Loop() {
		r, err := trace.NewReader(bytes.NewReader(buf.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		run := NewRun(1, trace.LevelNode, DefaultTreeLimit)
		var e trace.Event
		for events = 0; r.Read(&e) == nil; events++ {
			run.Apply(&e)
			if events%2048 == 2047 {
				run.checkpoint()
			}
		}
	}
	b.ReportMetric(float64(events), "events")
	b.ReportMetric(float64(events)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
