package gif

import (
	"io"
	"testing"

	"idaviz/trace"
	"idaviz/web/draw"
	"idaviz/web/internal/testrun"
)

// hardest is the 8-puzzle's instance of 31 moves, the most there is.
const hardest = "8 6 7 2 5 4 3 0 1"

// BenchmarkEightPuzzle makes the GIF docs/PERFORMANCE.md reports: 200
// frames, one per expansion, from the start of the last iteration of the
// 8-puzzle's 31-move search (Manhattan distance), at 1280x720, its states
// drawn.
func BenchmarkEightPuzzle(b *testing.B) {
	events := testrun.Record(b, trace.LevelNode, hardest)
	from, to := lastIteration(events, 200)
	size := 0
	for b.Loop() {
		var cw countingWriter
		n, err := Write(&cw, &sliceSource{events: events}, Options{From: from, Events: to - from + 1, Drawer: &draw.Views{}})
		if err != nil || n != 200 {
			b.Fatalf("%d frames, %v", n, err)
		}
		size = int(cw)
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}

// lastIteration is the events from the last iteration's start to its
// n-th visit (the page's Next expansion).
func lastIteration(events []trace.Event, n int) (from, to int64) {
	for i, e := range events {
		if e.Kind == trace.KindIterationStart {
			from = int64(i)
		}
	}
	for i := from; i < int64(len(events)); i++ {
		if events[i].Kind == trace.KindVisit {
			if n--; n == 0 {
				return from, i
			}
		}
	}
	return from, int64(len(events)) - 1
}

// sliceSource reads recorded events.
type sliceSource struct {
	events []trace.Event
	next   int
}

func (s *sliceSource) Read(e *trace.Event) error {
	if s.next == len(s.events) {
		return io.EOF
	}
	*e = s.events[s.next]
	s.next++
	return nil
}

type countingWriter int

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}
