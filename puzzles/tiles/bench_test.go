package tiles

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/engine/enginetest"
)

// benchKorf runs engine.IDA on Korf's instances 2, 4 and 5 (the quick ones)
// and reports generated nodes per second of wall clock and of CPU time (the
// machine may be shared: CPU time is the steadier figure).
func benchKorf(b *testing.B, h Heuristic, wrap func(*Domain) engine.Domain) {
	ks, err := Korf()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2, 4, 5} {
		k := ks[n-1]
		b.Run(fmt.Sprintf("korf%d", n), func(b *testing.B) {
			var gen int64
			cpu0 := cpuTime()
			for b.Loop() {
				res, err := engine.IDA(context.Background(), wrap(NewDomain(k.Board, h)), engine.Options{})
				if err != nil || !res.Solved() || len(res.Moves) != k.Optimal {
					b.Fatalf("korf %d: %v, %d moves, want %d", n, err, len(res.Moves), k.Optimal)
				}
				gen += res.Totals.Generated
			}
			b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(gen)/cpu.Seconds(), "nodes/cpu-s")
			}
			b.ReportMetric(float64(gen)/float64(b.N), "generated/op")
		})
	}
}

// BenchmarkIDAKorf is the headline: IDA* with Manhattan distance and no
// sink, single core, where the engine hands each iteration to Domain.Iterate.
func BenchmarkIDAKorf(b *testing.B) {
	benchKorf(b, Manhattan, func(d *Domain) engine.Domain { return d })
}

// BenchmarkIDAKorfLC is the same with linear conflict: fewer nodes, each dearer.
func BenchmarkIDAKorfLC(b *testing.B) {
	benchKorf(b, LinearConflict, func(d *Domain) engine.Domain { return d })
}

// BenchmarkIDAKorfPDB is the same with each pattern database heuristic,
// whose tables are read from the shared cache (built there first when
// missing: pdb78's take minutes):
//
//	go test -run '^$' -bench IDAKorfPDB ./puzzles/tiles/
func BenchmarkIDAKorfPDB(b *testing.B) {
	for _, name := range PDBHeuristics {
		h, _ := ParseHeuristic(name)
		b.Run(name, func(b *testing.B) {
			ks, _ := Korf()
			if _, err := ks[0].Board.BuildDomain(context.Background(), name, nil); err != nil {
				b.Fatal(err)
			}
			benchKorf(b, h, func(d *Domain) engine.Domain { return d })
		})
	}
}

// BenchmarkKorf100 solves all of Korf's 100 instances with pdb78r, with
// pdb78d (its lookups and their duals, BPMX) and with pdb78ds (those
// lookups in a dual search), one after the other in the same run, and
// reports the mean nodes generated per instance, the search time for all
// 100 (the tables loaded before) and the node rates; then pdb78d and
// pdb78ds without BPMX (the engine's loop, the domain's Pathmax hidden),
// whose node counts are what BPMX saves. The 7-8 tables are read from the
// shared cache, or built there first (minutes):
//
//	IDAVIZ_CACHE_DIR=... go test -run '^$' -bench Korf100 -benchtime 1x ./puzzles/tiles/
func BenchmarkKorf100(b *testing.B) {
	ks, err := Korf()
	if err != nil {
		b.Fatal(err)
	}
	type plain struct{ engine.Domain } // no Iterator, no Pathmax
	same := func(d engine.Domain) engine.Domain { return d }
	bare := func(d engine.Domain) engine.Domain { return plain{d} }
	for _, run := range []struct {
		name string
		h    Heuristic
		wrap func(engine.Domain) engine.Domain
	}{
		{"pdb78r", PDB78R, same},
		{"pdb78d", PDB78D, same},
		{"pdb78ds", PDB78DS, same},
		{"pdb78d-without-BPMX", PDB78D, bare},
		{"pdb78ds-without-BPMX", PDB78DS, bare},
	} {
		h := run.h
		b.Run(run.name, func(b *testing.B) {
			if _, err := ks[0].Board.BuildDomain(context.Background(), h.String(), nil); err != nil {
				b.Fatal(err)
			}
			var gen int64
			var search time.Duration
			cpu0 := cpuTime()
			for b.Loop() {
				for _, k := range ks {
					d, err := k.Board.BuildDomain(context.Background(), h.String(), nil)
					if err != nil {
						b.Fatal(err)
					}
					start := time.Now()
					res, err := engine.IDA(context.Background(), run.wrap(d), engine.Options{})
					search += time.Since(start)
					if err != nil || len(res.Moves) != k.Optimal {
						b.Fatalf("Korf #%d with %s: %v, %d moves, want %d", k.Number, h, err, len(res.Moves), k.Optimal)
					}
					gen += res.Totals.Generated
				}
			}
			runs := float64(b.N)
			b.ReportMetric(float64(gen)/runs/100, "generated/instance")
			b.ReportMetric(search.Seconds()/runs, "search-s/100")
			b.ReportMetric(float64(gen)/search.Seconds(), "nodes/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(gen)/cpu.Seconds(), "nodes/cpu-s")
			}
		})
	}
}

// BenchmarkIDAKorfLoop is BenchmarkIDAKorf through the engine's own loop,
// three calls through the Domain interface per visited node: the speed of a
// watched search before its sink's own costs.
func BenchmarkIDAKorfLoop(b *testing.B) {
	benchKorf(b, Manhattan, func(d *Domain) engine.Domain { return enginetest.LoopOnly(d) })
}

// cpuTime is the process's user+system CPU time: with other work on the
// machine, nodes per CPU-second is steadier than per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkEight contrasts IDA* and A* on 8-puzzles (the textbook 20-move
// one and the hardest, 31 moves): time, nodes, and A*'s memory (peak open
// list, states stored; bytes and allocations with -benchmem).
func BenchmarkEight(b *testing.B) {
	for _, inst := range []struct{ name, state string }{
		{"textbook20", "7 2 4, 5 0 6, 8 3 1"},
		{"hardest31", "8 6 7, 2 5 4, 3 0 1"},
	} {
		board, err := Parse(inst.state, 3, BlankLast)
		if err != nil {
			b.Fatal(err)
		}
		for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict} {
			for _, algo := range []struct {
				name string
				run  func(context.Context, engine.Domain, engine.Options) (engine.Result, error)
			}{{"ida", engine.IDA}, {"astar", engine.AStar}} {
				b.Run(fmt.Sprintf("%s/%s/%s", inst.name, h, algo.name), func(b *testing.B) {
					b.ReportAllocs()
					var res engine.Result
					for b.Loop() {
						res, err = algo.run(context.Background(), NewDomain(board, h), engine.Options{})
						if err != nil || !res.Solved() {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(res.Totals.Generated), "generated/op")
					if algo.name == "astar" {
						b.ReportMetric(float64(res.PeakOpen), "peak-open")
						b.ReportMetric(float64(res.Stored), "stored")
					}
				})
			}
		}
	}
}
