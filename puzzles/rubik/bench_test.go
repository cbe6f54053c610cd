package rubik

import (
	"context"
	"flag"
	"runtime"
	"syscall"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/engine/enginetest"
)

// The benchmarks below read the full databases from the cache directory and
// build them first when they are missing (about a minute): run them by name,
// e.g.
//
//	go test -run=^$ -bench=SolveKorf -benchtime=1x ./puzzles/rubik
//	go test -run=^$ -bench=SolveKorf -benchtime=1x ./puzzles/rubik -rubik.long
var long = flag.Bool("rubik.long", false, "include the benchmark scrambles of optimal length 15 and 16 (minutes each)")

// solveSet is the fixed benchmark set: scrambles with their optimal lengths
// (found by this solver; the length-12 to 14 ones checked by the test
// TestSolveSetOptimal when the databases are cached).
var solveSet = []struct {
	name     string
	scramble string
	optimal  int
	long     bool
}{
	{"opt12a", "B' L2 U' L' R2 F2 D2 F2 D' L' D2 B2", 12, false},
	{"opt12b", "U2 D F2 D' F2 B' U L' B' L2 D B2", 12, false},
	{"opt13a", "B L R' F2 R2 B2 R B D2 R' B2 R2 B'", 13, false},
	{"opt13b", "B2 U L F2 B' L2 U R2 U R2 B' U R2", 13, false},
	{"opt14a", "B L2 U2 D R2 U' F R2 B' D' L' D' B' D'", 14, false},
	{"opt14b", "L2 D R' B R D' R U F R U' D' F L2", 14, false},
	{"opt15", "R F2 R' U F2 U R B U2 F2 L2 B' D2 L' U", 15, true},
	{"opt16", "D R F' B L2 D2 R D2 R' B2 L D L F2 B L'", 16, true},
}

func loadBench(b *testing.B, name string) Heuristic {
	b.Helper()
	h, err := LoadHeuristic(context.Background(), name, nil)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

func benchmarkSolve(b *testing.B, heuristic string, workers int) {
	benchmarkSolveAs(b, heuristic, workers, nil)
}

// benchmarkSolveAs is benchmarkSolve with the domain wrapped (nil: as is).
func benchmarkSolveAs(b *testing.B, heuristic string, workers int, wrap func(engine.Domain) engine.Domain) {
	h := loadBench(b, heuristic)
	for _, tc := range solveSet {
		if tc.long && !*long {
			continue
		}
		b.Run(tc.name, func(b *testing.B) {
			moves, err := ParseMoves(tc.scramble)
			if err != nil {
				b.Fatal(err)
			}
			c := FromMoves(moves)
			var res engine.Result
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				d := NewSearch(c, h)
				if wrap != nil {
					d = wrap(d)
				}
				if workers == 0 {
					res, err = engine.IDA(context.Background(), d, engine.Options{})
				} else {
					res, err = engine.ParallelIDA(context.Background(), d, engine.Options{}, workers)
				}
				if err != nil || len(res.Moves) != tc.optimal {
					b.Fatalf("%s: %d moves (%v), want %d", tc.scramble, len(res.Moves), err, tc.optimal)
				}
			}
			b.ReportMetric(float64(res.Totals.Generated), "nodes/op")
			b.ReportMetric(res.NodesPerSecond()/1e6, "Mnodes/s")
			// Per core, and whatever else the machine runs: the nodes over
			// the process's CPU time.
			b.ReportMetric(float64(res.Totals.Generated)*float64(b.N)/(cpuTime()-cpu0).Seconds()/1e6, "Mnodes/cpu-s")
			// The last iteration stops at the solution: compare the two
			// complete ones before it.
			if its := res.Iterations; len(its) >= 3 {
				k := len(its) - 2
				b.ReportMetric(float64(its[k].Generated)/float64(its[k-1].Generated), "ratio")
			}
		})
	}
}

func BenchmarkSolveKorf(b *testing.B)         { benchmarkSolve(b, "korf", 0) }
func BenchmarkSolveKorfParallel(b *testing.B) { benchmarkSolve(b, "korf", runtime.GOMAXPROCS(0)) }

// The reid table is built in about 10 s on two cores when it is missing.
func BenchmarkSolveReid(b *testing.B)         { benchmarkSolve(b, "reid", 0) }
func BenchmarkSolveReidParallel(b *testing.B) { benchmarkSolve(b, "reid", runtime.GOMAXPROCS(0)) }

// BenchmarkSolveReidLoop is reid through the engine's own loop (Expand,
// Apply, Undo), as a search with per-node events runs, not the domain's
// Iterate.
func BenchmarkSolveReidLoop(b *testing.B) {
	benchmarkSolveAs(b, "reid", 0, func(d engine.Domain) engine.Domain { return enginetest.LoopOnly(d) })
}

// The 7-edge databases: about 0.5 GB in memory, 80 s to build.
func BenchmarkSolveKorf7(b *testing.B)         { benchmarkSolve(b, "korf7", 0) }
func BenchmarkSolveKorf7Parallel(b *testing.B) { benchmarkSolve(b, "korf7", runtime.GOMAXPROCS(0)) }

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

// The full-size builds: seconds to minutes each.
func BenchmarkBuildCorners(b *testing.B) { benchmarkBuild(b, PatternCorners) }
func BenchmarkBuildEdgesA(b *testing.B)  { benchmarkBuild(b, PatternEdgesA) }
func BenchmarkBuildEdges7A(b *testing.B) { benchmarkBuild(b, PatternEdges7A) }

// BenchmarkBuildSmall is the in-memory "small" heuristic's databases.
func BenchmarkBuildSmall(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, p := range smallSet {
			if _, err := Build(context.Background(), p, 0, nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkExpand measures the cost of a node with the small databases:
// the work per node without the big tables' cache misses.
func BenchmarkExpand(b *testing.B) {
	h, err := LoadHeuristic(context.Background(), "small", nil)
	if err != nil {
		b.Fatal(err)
	}
	d := NewDomain(FromMoves([]int{0, 7, 15, 9}), h)
	var out [NumMoves]engine.Child
	for i := 0; i < b.N; i++ {
		d.Expand(i%NumMoves, out[:])
	}
}

// cpuTime is the CPU time the process has used, all threads together.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
