package trace

import (
	"bufio"
	"bytes"
	"io"
	"testing"
)

// nodeEvents is a stream of visit and prune events shaped like an IDA*
// search's: sequential ids, parents close by, small g, h and f, a move-rule
// cut after every expansion.
func nodeEvents(n int) []Event {
	sim, _ := simRun([]int{0, 2, 0, 3, 1, 2, 0}, 1<<30)
	var out []Event
	for len(out) < n {
		for _, e := range sim {
			if e.Kind == KindVisit || e.Kind == KindPrune {
				out = append(out, e)
			}
		}
	}
	return out[:n]
}

func benchmarkRecorder(b *testing.B, enc Encoding) {
	events := nodeEvents(1 << 14)
	w := bufio.NewWriter(io.Discard)
	r := NewRecorder(w, enc, LevelNode)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Event(&events[i&(len(events)-1)])
	}
	if err := r.Flush(); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkRecorderBinary: the target is >= 20 million node events per
// second with no allocation.
func BenchmarkRecorderBinary(b *testing.B) { benchmarkRecorder(b, EncodingBinary) }

func BenchmarkRecorderNDJSON(b *testing.B) { benchmarkRecorder(b, EncodingNDJSON) }

func benchmarkReadAll(b *testing.B, enc Encoding) {
	events := nodeEvents(1 << 16)
	all := append(append([]Event{{Kind: KindRunStart, Run: &RunInfo{Puzzle: "bench"}}}, events...), Event{Kind: KindRunEnd})
	data := record(b, enc, LevelNode, all)
	s := NewNodeStats()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ReadAll(bytes.NewReader(data), s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*float64(len(all))/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(len(data))/float64(len(all)), "bytes/event")
}

func BenchmarkReadAllBinary(b *testing.B) { benchmarkReadAll(b, EncodingBinary) }

func BenchmarkReadAllNDJSON(b *testing.B) { benchmarkReadAll(b, EncodingNDJSON) }

func BenchmarkStatsNode(b *testing.B) {
	events := nodeEvents(1 << 14)
	s := NewNodeStats()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Event(&events[i&(len(events)-1)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
