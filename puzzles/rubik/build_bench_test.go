package rubik

import (
	"context"
	"runtime"
	"testing"
)

// The full-size builds take seconds to minutes: run them by name, e.g.
// go test -run=^$ -bench=BuildCorners -benchtime=1x ./puzzles/rubik
func benchmarkBuild(b *testing.B, p Pattern) {
	for i := 0; i < b.N; i++ {
		t, err := Build(context.Background(), p, 0, nil)
		if err != nil {
			b.Fatal(err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(t.Bytes())/(1<<20), "MiB-table")
		b.ReportMetric(float64(ms.HeapSys)/(1<<20), "MiB-heap")
		b.ReportMetric(float64(t.Max()), "max-depth")
	}
}

func BenchmarkBuildCorners(b *testing.B) { benchmarkBuild(b, PatternCorners) }
func BenchmarkBuildEdgesA(b *testing.B)  { benchmarkBuild(b, PatternEdgesA) }
func BenchmarkBuildEdges7A(b *testing.B) { benchmarkBuild(b, PatternEdges7A) }
