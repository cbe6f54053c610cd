package web

import (
	"testing"
	"time"

	"idaviz/web/internal/testrun"
)

// BenchmarkBackLive is Back on a big live run: Korf's first 15-puzzle
// instance with Manhattan, six bounds on (some 6.7 million node events),
// five steps, then Back three times, each waiting for the state that shows
// the run paused one event earlier. It reports the slowest and the mean
// press:
//
//	go test -run '^$' -bench BackLive -benchtime 1x ./web
func BenchmarkBackLive(b *testing.B) {
	for b.Loop() {
		ts := newTestServer(b, Options{})
		c := dial(b, ts)
		c.send(map[string]any{"type": "start", "puzzle": testrun.Puzzle, "state": korf1, "goal": "blank-first", "heuristic": "manhattan"})
		c.until(time.Minute, "paused", func(m *msg) bool { return isState(m) && m.Active.Events > 0 })
		var m *msg
		for i := range 6 {
			c.send(map[string]any{"type": "to-bound"})
			m = c.until(10*time.Minute, "the next bound", func(m *msg) bool {
				return isState(m) && m.Status == "paused" && m.Active.NextBound > 0 && m.Active.Iteration == i+1
			})
		}
		c.send(map[string]any{"type": "step", "n": 5})
		want := m.Active.Events + 5
		c.until(time.Minute, "five steps", func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events == want })
		var worst, sum time.Duration
		for range 3 {
			want--
			start := time.Now()
			c.send(map[string]any{"type": "back"})
			c.until(time.Minute, "back", func(m *msg) bool { return isState(m) && m.Status == "paused" && m.Active.Events == want })
			d := time.Since(start)
			worst, sum = max(worst, d), sum+d
		}
		b.ReportMetric(float64(want), "events")
		b.ReportMetric(worst.Seconds(), "worst-back-s")
		b.ReportMetric(sum.Seconds()/3, "mean-back-s")
	}
}
