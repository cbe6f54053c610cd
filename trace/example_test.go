package trace_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"idaviz/trace"
)

// events is a tiny run as the engine reports it: one iteration of bound 1
// that visits the root and finds the goal among its children.
func events() []trace.Event {
	it := trace.Iteration{Iteration: 1, Bound: 1, NextBound: 2, Counts: trace.Counts{Expanded: 1, Generated: 3, Pruned: 1},
		VisitF: []int64{0, 2}, PruneF: []int64{0, 0, 1}, Depth: []int64{1, 1}}
	return []trace.Event{
		{Kind: trace.KindRunStart, Run: &trace.RunInfo{Puzzle: "demo", MoveNames: []string{"L", "R"}}},
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: 1},
		{Kind: trace.KindVisit, Node: 1, G: 0, H: 1, F: 1, Move: -1, Iteration: 1, Bound: 1},
		{Kind: trace.KindPrune, Node: 2, Parent: 1, Depth: 1, G: 1, H: 1, F: 2, Move: 0, Reason: trace.ReasonBound, Iteration: 1, Bound: 1},
		{Kind: trace.KindVisit, Node: 3, Parent: 1, Depth: 1, G: 1, H: 0, F: 1, Move: 1, Iteration: 1, Bound: 1},
		{Kind: trace.KindIterationEnd, Iteration: 1, Bound: 1, Stats: &it},
		{Kind: trace.KindSolution, Moves: []int{1}, Cost: 1},
		{Kind: trace.KindRunEnd, Status: trace.StatusSolved, Totals: it.Counts, Elapsed: 1500 * time.Millisecond},
	}
}

func ExampleRecorder() {
	// LevelIteration leaves out the visit and prune events.
	r := trace.NewRecorder(os.Stdout, trace.EncodingNDJSON, trace.LevelIteration)
	evs := events()
	for i := range evs {
		r.Event(&evs[i])
	}
	if err := r.Close(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(r.Events(), "events recorded")
	// Output:
	// {"format":"idaviz-trace","version":1,"minor":2}
	// {"kind":"run-start","run":{"puzzle":"demo","instance":"","heuristic":"","algorithm":"","engine":"","startH":0,"moveNames":["L","R"],"created":"0001-01-01T00:00:00Z"}}
	// {"kind":"iteration-start","iteration":1,"bound":1}
	// {"kind":"iteration-end","iteration":1,"bound":1,"stats":{"iteration":1,"bound":1,"nextBound":2,"expanded":1,"generated":3,"pruned":1,"visitF":[0,2],"pruneF":[0,0,1],"depth":[1,1]}}
	// {"kind":"solution","moves":[1],"cost":1}
	// {"kind":"run-end","status":"solved","expanded":1,"generated":3,"pruned":1,"elapsedNs":1500000000}
	// 5 events recorded
}

func ExampleReader() {
	var file bytes.Buffer
	r := trace.NewRecorder(&file, trace.EncodingBinary, trace.LevelNode)
	evs := events()
	for i := range evs {
		r.Event(&evs[i])
	}
	r.Close()
	fmt.Println(file.Len(), "bytes")

	rd, err := trace.NewReader(&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", rd.Header())
	for {
		e, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		switch e.Kind {
		case trace.KindVisit, trace.KindPrune:
			fmt.Printf("%v node %d parent %d f=%d\n", e.Kind, e.Node, e.Parent, e.F)
		default:
			fmt.Println(e.Kind)
		}
	}
	// Output:
	// 227 bytes
	// {Encoding:binary Version:1 Minor:2}
	// run-start
	// iteration-start
	// visit node 1 parent 0 f=1
	// prune node 2 parent 1 f=2
	// visit node 3 parent 1 f=1
	// iteration-end
	// solution
	// run-end
}

// A cut file yields its whole records, then says where it was cut.
func ExampleFormatError() {
	var file bytes.Buffer
	r := trace.NewRecorder(&file, trace.EncodingNDJSON, trace.LevelNode)
	evs := events()
	for i := range evs {
		r.Event(&evs[i])
	}
	r.Close()
	cut := file.String()[:strings.Index(file.String(), `"kind":"iteration-end"`)+5]

	n, err := trace.ReadAll(strings.NewReader(cut), trace.NewNodeStats())
	fmt.Println(n, "events;", err)
	var fe *trace.FormatError
	fmt.Println(errors.As(err, &fe), errors.Is(err, io.ErrUnexpectedEOF))
	// Output:
	// 5 events; trace: at byte 578, after 5 whole records: the last line is cut short: unexpected EOF
	// true true
}

func ExampleStats() {
	s := trace.NewNodeStats()
	evs := events()
	// Fold the run's events but the iteration end: the node events alone
	// give the counts.
	for i := range evs[:5] {
		s.Event(&evs[i])
	}
	snap := s.Snapshot()
	fmt.Printf("iteration %d bound %d: %+v visitF %v pruneF %v next bound %d\n",
		snap.Iteration, snap.Bound, snap.Current.Counts, snap.Current.VisitF, snap.Current.PruneF, snap.Current.NextBound)
	for i := range evs[5:] {
		s.Event(&evs[5+i])
	}
	snap = s.Snapshot()
	fmt.Printf("%s after %d events: solution %v, totals %+v, %.1fs, EBF %.1f\n",
		snap.StatusName, snap.Events, snap.Solution, snap.Totals, snap.Seconds, snap.EBF())
	// Output:
	// iteration 1 bound 1: {Expanded:1 Generated:3 Pruned:1} visitF [0 2] pruneF [0 0 1] next bound 2
	// solved after 8 events: solution [1], totals {Expanded:1 Generated:3 Pruned:1}, 1.5s, EBF 3.0
}

func ExampleFanout() {
	var file bytes.Buffer
	rec := trace.NewRecorder(&file, trace.EncodingBinary, trace.LevelNode)
	stats := trace.NewStats() // LevelIteration: gets no visit or prune events
	sink := trace.Fanout(rec, stats)
	fmt.Println("level:", sink.Level())
	evs := events()
	for i := range evs {
		sink.Event(&evs[i])
	}
	rec.Close()
	fmt.Println("recorded:", rec.Events(), "folded:", stats.Snapshot().Events)
	// Output:
	// level: node
	// recorded: 8 folded: 5
}

// A Mark taken while reading lets a later reader start there: an index of a
// big trace keeps one every so many events and seeks by resuming.
func ExampleResume() {
	var file bytes.Buffer
	r := trace.NewRecorder(&file, trace.EncodingBinary, trace.LevelNode)
	evs := events()
	for i := range evs {
		r.Event(&evs[i])
	}
	r.Close()
	data := file.Bytes()

	rd, _ := trace.NewReader(bytes.NewReader(data))
	var e trace.Event
	for range 4 {
		rd.Read(&e)
	}
	mark := rd.Mark() // before the fifth event

	// Later, with only the file and the mark:
	again := trace.Resume(bytes.NewReader(data[mark.Offset:]), mark)
	for {
		err := again.Read(&e)
		if errors.Is(err, io.EOF) {
			break
		}
		fmt.Println(mark.Records, e.Kind)
		mark.Records++
	}
	// Output:
	// 4 visit
	// 5 iteration-end
	// 6 solution
	// 7 run-end
}
