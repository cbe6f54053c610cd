package tiles

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"idaviz/engine"
)

// BenchmarkIDAKorf times IDA* with Manhattan distance and no sink on Korf's
// instances 2, 4 and 5 (the quick ones), the figure the C solvers are
// compared with: generated nodes per second of one core.
func BenchmarkIDAKorf(b *testing.B) {
	ks, err := Korf()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2, 4, 5} {
		k := ks[n-1]
		b.Run(fmt.Sprintf("korf%d", n), func(b *testing.B) {
			var gen int64
			for b.Loop() {
				d := NewDomain(k.Board, Manhattan)
				res, err := engine.IDA(context.Background(), d, engine.Options{})
				if err != nil || !res.Solved() || len(res.Moves) != k.Optimal {
					b.Fatalf("korf %d: %v, %d moves, want %d", n, err, len(res.Moves), k.Optimal)
				}
				gen += res.Totals.Generated
			}
			b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(gen)/float64(b.N), "generated/op")
		})
	}
}

// BenchmarkIDAKorfLC is the same with linear conflict: fewer nodes, each dearer.
func BenchmarkIDAKorfLC(b *testing.B) {
	ks, err := Korf()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2, 4, 5} {
		k := ks[n-1]
		b.Run(fmt.Sprintf("korf%d", n), func(b *testing.B) {
			var gen int64
			for b.Loop() {
				d := NewDomain(k.Board, LinearConflict)
				res, err := engine.IDA(context.Background(), d, engine.Options{})
				if err != nil || !res.Solved() || len(res.Moves) != k.Optimal {
					b.Fatalf("korf %d: %v, %d moves, want %d", n, err, len(res.Moves), k.Optimal)
				}
				gen += res.Totals.Generated
			}
			b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(gen)/float64(b.N), "generated/op")
		})
	}
}

var _ = runtime.GOMAXPROCS
