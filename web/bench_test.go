package web

import (
	"context"
	"os"
	"runtime/metrics"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/internal/testrun"
)

// The speed figures of the visualizer. They are benchmarks, not tests: run
//
//	go test -run '^$' -bench . -benchtime 1x ./web
//
// The free-run pair searches Korf's first 15-puzzle instance (some 276
// million nodes) unless IDAVIZ_BENCH_STATE names another (blank-first goal).

func benchState() string {
	if s := os.Getenv("IDAVIZ_BENCH_STATE"); s != "" {
		return s
	}
	return korf1
}

// BenchmarkFreeRunAlone is the engine with no sink: viz solve's speed.
func BenchmarkFreeRunAlone(b *testing.B) {
	p, _ := puzzles.Lookup(testrun.Puzzle)
	inst, err := p.Parse(benchState(), "blank-first")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		d, _ := inst.Domain("manhattan")
		cpu0 := cpuTime()
		res, err := engine.IDA(context.Background(), d, engine.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(res.NodesPerSecond(), "nodes/s")
		b.ReportMetric(float64(res.Totals.Generated), "nodes")
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s")
	}
}

// cpuTime is the process's CPU time so far (user and system): what a run
// costs, whatever else the machine is doing.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFreeRunStatsSink is the engine folding into trace.Stats, the
// iteration-level sink a free run from the page uses, with no page: what
// the per-node histograms cost the engine by themselves.
func BenchmarkFreeRunStatsSink(b *testing.B) {
	p, _ := puzzles.Lookup(testrun.Puzzle)
	inst, err := p.Parse(benchState(), "blank-first")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		d, _ := inst.Domain("manhattan")
		res, err := engine.IDA(context.Background(), d, engine.Options{Sink: trace.NewStats(), CheckEvery: 1 << 14})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(res.NodesPerSecond(), "nodes/s")
		b.ReportMetric(float64(res.Totals.Generated), "nodes")
	}
}

// BenchmarkFreeRunWithPage is the same search started from a tab in fast
// mode, the tab reading every state message: the engine's rate, the state
// messages a second the tab receives, and the server's peak heap.
func BenchmarkFreeRunWithPage(b *testing.B) {
	for b.Loop() {
		ts := newTestServer(b, Options{})
		c := dial(b, ts)
		var peak atomic.Uint64
		stop := make(chan struct{})
		go func() {
			// runtime/metrics, not ReadMemStats: it does not stop the world,
			// which would slow the engine it measures.
			sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			for {
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
				}
				metrics.Read(sample)
				if v := sample[0].Value.Uint64(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}()
		cpu0 := cpuTime()
		c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": benchState(), "goal": "blank-first",
			"heuristic": "manhattan", "fast": true})
		start := time.Now()
		states := 0
		m := c.until(30*time.Minute, "the end", func(m *msg) bool {
			if m.Type == "state" {
				states++
			}
			return isState(m) && m.Status == "solved"
		})
		wall := time.Since(start)
		close(stop)
		b.ReportMetric(float64(m.Active.Generated)/m.Active.Seconds, "nodes/s")
		b.ReportMetric(float64(m.Active.Generated), "nodes")
		b.ReportMetric(float64(states)/wall.Seconds(), "states/s")
		b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s")
	}
}

// BenchmarkNodeEvents is how many node events a second a session folds
// (statistics and tree window) while the tab reads its states: the fastest
// the page can follow a search node by node ("to end" after stepping).
func BenchmarkNodeEvents(b *testing.B) {
	state := os.Getenv("IDAVIZ_BENCH_NODE_STATE")
	if state == "" {
		state = "8 6 7 2 5 4 3 0 1" // the hardest 8-puzzle: 31 moves
	}
	for b.Loop() {
		ts := newTestServer(b, Options{})
		c := dial(b, ts)
		c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": state, "heuristic": "misplaced"})
		c.until(time.Minute, "paused", func(m *msg) bool { return isState(m) && m.Active.Events > 0 })
		start := time.Now()
		c.send(map[string]any{"type": "to-end"})
		m := c.until(10*time.Minute, "the end", func(m *msg) bool { return isState(m) && m.Status == "solved" })
		b.ReportMetric(float64(m.Active.Events)/time.Since(start).Seconds(), "events/s")
		b.ReportMetric(float64(m.Active.Events), "events")
	}
}

// BenchmarkStep is a click's round trip: step one event and wait for the
// state that shows it.
func BenchmarkStep(b *testing.B) {
	for _, interval := range []time.Duration{50 * time.Millisecond, time.Millisecond} {
		b.Run("interval="+interval.String(), func(b *testing.B) {
			ts := newTestServer(b, Options{SnapshotInterval: interval})
			c := dial(b, ts)
			c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": korf1, "goal": "blank-first"})
			c.until(time.Minute, "paused", func(m *msg) bool { return isState(m) && m.Active.Events > 0 })
			want := int64(1)
			start := time.Now()
			for b.Loop() {
				want++
				c.send(map[string]any{"type": "step"})
				c.until(time.Minute, "the step "+strconv.FormatInt(want, 10), func(m *msg) bool { return isState(m) && m.Active.Events >= want })
			}
			b.ReportMetric(float64(want-1)/time.Since(start).Seconds(), "steps/s")
		})
	}
}

// BenchmarkPlay is play mode at a given speed: the events a second the
// session lets through (the page follows them all), and the states it sends.
func BenchmarkPlay(b *testing.B) {
	for _, rate := range []int{1000, 100000} {
		b.Run("rate="+strconv.Itoa(rate), func(b *testing.B) {
			for b.Loop() {
				ts := newTestServer(b, Options{})
				c := dial(b, ts)
				c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": korf1, "goal": "blank-first"})
				m := c.until(time.Minute, "paused", func(m *msg) bool { return isState(m) && m.Active.Events > 0 })
				c.send(map[string]any{"type": "play", "n": rate})
				start := time.Now()
				states := 0
				for time.Since(start) < 2*time.Second {
					m = c.until(time.Minute, "a state", isState)
					states++
				}
				el := time.Since(start).Seconds()
				b.ReportMetric(float64(m.Active.Events)/el, "events/s")
				b.ReportMetric(float64(states)/el, "states/s")
			}
		})
	}
}
