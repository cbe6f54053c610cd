package tiles

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

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
			cpu0 := cpuTime()
			for b.Loop() {
				d := NewDomain(k.Board, Manhattan)
				res, err := engine.IDA(context.Background(), d, engine.Options{})
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
			cpu0 := cpuTime()
			for b.Loop() {
				d := NewDomain(k.Board, LinearConflict)
				res, err := engine.IDA(context.Background(), d, engine.Options{})
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

// cpuTime is the process's user+system CPU time: with other work on the
// machine, nodes per CPU-second is steadier than per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// rawSearch is a bare IDA* over the concrete *Domain, no interface and no
// instrumentation: the ceiling the engine's loop is measured against.
type rawSearch struct {
	d     *Domain
	bound int32
	next  int32
	gen   int64
	buf   [100][4]engine.Child
}

func (s *rawSearch) dfs(g int32, depth int, prev int) bool {
	children := s.buf[depth][:]
	n := s.d.Expand(prev, children)
	s.gen += int64(n)
	for i := 0; i < n; i++ {
		c := &children[i]
		f := g + 1 + c.H
		if f > s.bound {
			if f < s.next {
				s.next = f
			}
			continue
		}
		m := int(c.Move)
		s.d.Apply(m)
		if c.H == 0 && s.d.IsGoal() {
			return true
		}
		if s.dfs(g+1, depth+1, m) {
			return true
		}
		s.d.Undo(m)
	}
	return false
}

func (s *rawSearch) run() bool {
	s.bound = int32(s.d.H())
	for s.bound < 90 {
		s.next = 1 << 30
		s.gen++
		if s.dfs(0, 0, engine.NoMove) {
			return true
		}
		s.bound = s.next
	}
	return false
}

// BenchmarkRawIDAKorf runs rawSearch on the same instances as
// BenchmarkIDAKorf: the difference is the price of the engine's generality
// (calls through the Domain interface, counters, trace hooks).
func BenchmarkRawIDAKorf(b *testing.B) {
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
				s := &rawSearch{d: NewDomain(k.Board, Manhattan)}
				if !s.run() {
					b.Fatal("not solved")
				}
				gen += s.gen
			}
			b.ReportMetric(float64(gen)/b.Elapsed().Seconds(), "nodes/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(gen)/cpu.Seconds(), "nodes/cpu-s")
			}
			b.ReportMetric(float64(gen)/float64(b.N), "generated/op")
		})
	}
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
