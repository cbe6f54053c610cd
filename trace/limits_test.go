package trace_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/trace/hostile"
)

func TestLimitsCheck(t *testing.T) {
	l := trace.Limits{Bound: 80, Depth: 100, Histogram: 81, Iteration: 50, Name: 8, Instance: 20, MoveName: 5, MoveNames: 12, Options: 30}
	run := func(f func(r *trace.RunInfo)) trace.Event {
		r := &trace.RunInfo{Puzzle: "8puzzle", Instance: "1 2 3", Heuristic: "misplace", Algorithm: "ida", Engine: "1.0",
			MoveNames: []string{"L", "R", "U", "D"}, Options: map[string]string{"goal": "blank-first"}}
		f(r)
		return trace.Event{Kind: trace.KindRunStart, Run: r}
	}
	for _, tc := range []struct {
		e    trace.Event
		want string // "" when within
	}{
		{trace.Event{Kind: trace.KindIterationStart, Iteration: 1, Bound: 80}, ""},
		{trace.Event{Kind: trace.KindIterationStart, Iteration: 1, Bound: 1e9},
			"iteration-start record: bound 1000000000 is beyond what can be shown (at most 80)"},
		{trace.Event{Kind: trace.KindIterationStart, Iteration: 51, Bound: 3}, "iteration 51 is beyond"},
		{trace.Event{Kind: trace.KindPrune, Node: 0, Parent: 4, Depth: 2, G: 1, H: -1, F: -1, Move: 3, Iteration: 1, Bound: 2}, ""},
		{trace.Event{Kind: trace.KindVisit, Depth: 101}, "visit record: depth 101 is beyond what can be shown (at most 100)"},
		{trace.Event{Kind: trace.KindVisit, G: -5}, "visit record: g -5 is negative"},
		{trace.Event{Kind: trace.KindPrune, F: 81}, "f 81 is beyond"},
		{trace.Event{Kind: trace.KindBoundIncrease, Iteration: 1, Bound: 2, NewBound: 1 << 40}, "new bound 1099511627776 is beyond"},
		{trace.Event{Kind: trace.KindIterationEnd, Stats: &trace.Iteration{NextBound: -1, Depth: make([]int64, 82)}},
			"depth histogram's length 82 is beyond"},
		{trace.Event{Kind: trace.KindSolution, Cost: 3, Moves: make([]int, 101)}, "solution length 101 is beyond"},
		{trace.Event{Kind: trace.KindRunEnd, Totals: trace.Counts{Generated: 1 << 50}}, ""},
		{run(func(r *trace.RunInfo) {}), ""},
		{trace.Event{Kind: trace.KindRunStart}, ""},
		{run(func(r *trace.RunInfo) { r.Heuristic = "manhattan" }), "run-start record: heuristic name of 9 bytes is beyond what can be shown (at most 8)"},
		{run(func(r *trace.RunInfo) { r.Puzzle = "15-puzzle" }), "puzzle name of 9 bytes"},
		{run(func(r *trace.RunInfo) { r.Algorithm = "ida-star!" }), "algorithm name of 9 bytes"},
		{run(func(r *trace.RunInfo) { r.Engine = "123456789" }), "engine name of 9 bytes"},
		{run(func(r *trace.RunInfo) { r.Instance = "1 2 3 4 5 6 7 8 0 1 2" }), "instance of 21 bytes is beyond what can be shown (at most 20)"},
		{run(func(r *trace.RunInfo) { r.MoveNames = []string{"123456"} }), "move name of 6 bytes is beyond what can be shown (at most 5)"},
		{run(func(r *trace.RunInfo) { r.MoveNames = []string{"1234", "5678", "9abc", "d"} }), "moves' names of 13 bytes"},
		{run(func(r *trace.RunInfo) { r.Options = map[string]string{"123456789": ""} }), "option key of 9 bytes"},
		{run(func(r *trace.RunInfo) { r.Options = map[string]string{"source": strings.Repeat("x", 25)} }), "options of 31 bytes"},
	} {
		err := l.Check(&tc.e)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v, want nil", tc.e.Kind, err)
		case tc.want != "" && (err == nil || !bytes.Contains([]byte(err.Error()), []byte(tc.want))):
			t.Errorf("%v: %v, want %q", tc.e.Kind, err, tc.want)
		case tc.want != "":
			var le *trace.LimitError
			if !errors.As(err, &le) || !errors.Is(err, trace.ErrBeyondLimits) {
				t.Errorf("%v: %T is not a *trace.LimitError wrapping ErrBeyondLimits", tc.e.Kind, err)
			}
		}
	}
}

// TestDefaultLimitsOnHostileTraces: the default limits refuse the hostile
// traces whose values no puzzle reaches, and pass the one that is only long.
func TestDefaultLimitsOnHostileTraces(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"bound 1e9", hostile.HugeBound(1e9), "iteration-start record: bound 1000000000 is beyond"},
		{"10,000 deep", hostile.DeepVisits(10_000), "visit record: depth 1025 is beyond"},
		{"iteration starts", hostile.IterationStarts(1 << 16), ""},
		{"high values", hostile.HighValues(3, 1<<16-1), "depth 65535 is beyond"},
		{"8 MB heuristic name", hostile.LongName(8 << 20), "run-start record: heuristic name of 8388608 bytes is beyond what can be shown (at most 4096)"},
	} {
		rd, err := trace.NewReader(bytes.NewReader(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		var got error
		for got == nil {
			e, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			got = trace.DefaultLimits.Check(e)
		}
		if tc.want == "" && got != nil || tc.want != "" && (got == nil || !bytes.Contains([]byte(got.Error()), []byte(tc.want))) {
			t.Errorf("%s: %v, want %q", tc.name, got, tc.want)
		}
	}
}

// A viewer checks each event before it draws it.
func ExampleLimits_Check() {
	e := trace.Event{Kind: trace.KindIterationStart, Iteration: 1, Bound: 1e9}
	if err := trace.DefaultLimits.Check(&e); err != nil {
		fmt.Println(err)
	}
	// Output: iteration-start record: bound 1000000000 is beyond what can be shown (at most 65535)
}
