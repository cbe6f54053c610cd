// Package hostile builds trace files whose framing is sound but whose values
// are not: the inputs that the readers of a trace (statistics, `viz trace
// info`, the page's replay and export) must survive in bounded memory. Each
// one is a whole, cleanly ended binary trace.
package hostile

import (
	"bytes"
	"encoding/binary"

	"idaviz/trace"
)

func record(events []trace.Event) []byte {
	var buf bytes.Buffer
	r := trace.NewRecorder(&buf, trace.EncodingBinary, trace.LevelNode)
	for i := range events {
		r.Event(&events[i])
	}
	if err := r.Close(); err != nil {
		// A recorder writing to memory fails only on a record beyond the
		// format's limit, which none of these builds.
		panic(err)
	}
	return buf.Bytes()
}

var (
	runStart = trace.Event{Kind: trace.KindRunStart, Run: &trace.RunInfo{Puzzle: "8puzzle", Instance: "hostile",
		Heuristic: "manhattan", Algorithm: "ida", MoveNames: []string{"L", "R", "U", "D"}}}
	runEnd = trace.Event{Kind: trace.KindRunEnd, Status: trace.StatusExhausted}
)

// HugeBound is a small trace (about 200 bytes) of one iteration whose bound,
// and its one node's f and h, are bound: code that sizes anything by the
// bound (a histogram from 0 to f, a loop over bounds) blows up.
func HugeBound(bound int) []byte {
	return record([]trace.Event{
		runStart,
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: bound},
		{Kind: trace.KindVisit, Node: 1, H: bound, F: bound, Move: -1, Iteration: 1, Bound: bound},
		{Kind: trace.KindIterationEnd, Iteration: 1, Bound: bound},
		runEnd,
	})
}

// DeepVisits is one iteration of n visits, each the child of the one before,
// so the search tree is a path n deep: code that walks the tree by recursion,
// or nests it in JSON, runs out of stack or depth.
func DeepVisits(n int) []byte {
	ev := []trace.Event{runStart, {Kind: trace.KindIterationStart, Iteration: 1, Bound: n}}
	for i := 0; i < n; i++ {
		ev = append(ev, trace.Event{Kind: trace.KindVisit, Node: uint64(i + 1), Parent: uint64(i), Depth: i,
			G: i, H: n - i, F: n, Move: i % 4, Iteration: 1, Bound: n})
	}
	ev[2].Move = -1
	return record(append(ev, trace.Event{Kind: trace.KindIterationEnd, Iteration: 1, Bound: n}, runEnd))
}

// DeepPath is one iteration of n visits, each the child of the one before
// (its Parent), with depths that stay within what a viewer shows (up to
// 50): a path n deep that the depth limit does not stop. Code that walks
// the path at every event (counting a subtree's nodes up to the root,
// scanning the path for a parent) does n² work: 10,000 deep took 5 s to
// export, 100,000 deep more than 15 minutes.
func DeepPath(n int) []byte {
	const bound = 100
	ev := []trace.Event{runStart, {Kind: trace.KindIterationStart, Iteration: 1, Bound: bound}}
	for i := 0; i < n; i++ {
		ev = append(ev, trace.Event{Kind: trace.KindVisit, Node: uint64(i + 1), Parent: uint64(i), Depth: min(i, 50),
			G: 50, H: 50, F: bound, Move: i % 4, Iteration: 1, Bound: bound})
	}
	ev[2].Move = -1
	return record(append(ev, trace.Event{Kind: trace.KindIterationEnd, Iteration: 1, Bound: bound}, runEnd))
}

// binaryHeader is the binary magic and version 1.0 (see FORMAT.md).
const binaryHeader = "IDAVIZ\x00T\x01\x00"

// HugeHistogram is a trace whose iteration-end record is as long as the
// format allows (16 MiB), nearly all of it one histogram of one-byte counts:
// about 16.7 million entries, so 134 MB as []int64, from a 16 MiB file.
func HugeHistogram() []byte {
	const maxPayload = 16 << 20
	head := []byte{2, 2, 1} // iteration 1, bound 1, statistics follow
	for _, v := range []int64{1, 1, -1, 0, 0, 0} {
		head = binary.AppendVarint(head, v)
	}
	tail := []byte{0, 0} // pruneF and depth: empty
	// The histogram's length takes 4 bytes for any count of entries this size.
	entries := maxPayload - len(head) - 4 - len(tail)
	payload := binary.AppendUvarint(head, uint64(entries))
	payload = append(payload, bytes.Repeat([]byte{2}, entries)...) // each entry 1
	payload = append(payload, tail...)

	var b bytes.Buffer
	start := record([]trace.Event{runStart, {Kind: trace.KindIterationStart, Iteration: 1, Bound: 1}})
	b.Write(start) // header, run start, iteration start
	b.WriteByte(byte(trace.KindIterationEnd))
	b.Write(binary.AppendUvarint(nil, uint64(len(payload))))
	b.Write(payload)
	b.Write(record([]trace.Event{runEnd})[len(binaryHeader):])
	return b.Bytes()
}

// IterationStarts is a trace of about size bytes that is nearly all
// iteration-start records (4 bytes each: 5 million in 20 MB), each one an
// iteration with nothing in it: code that keeps a row, or a table line, per
// iteration grows with the count.
func IterationStarts(size int) []byte {
	b := bytes.NewBuffer(record([]trace.Event{runStart}))
	rec := []byte{byte(trace.KindIterationStart), 2, 2, 2} // iteration 1, bound 1
	for b.Len()+len(rec) < size {
		b.Write(rec)
	}
	b.Write(record([]trace.Event{runEnd})[len(binaryHeader):])
	return b.Bytes()
}

// HighValues is n iterations of one visit each whose f and depth are v:
// each costs about 20 bytes of file, and a histogram indexed by value v+1
// entries, so that histograms kept per iteration grow far beyond the file.
func HighValues(n, v int) []byte {
	ev := []trace.Event{runStart}
	for i := 1; i <= n; i++ {
		ev = append(ev, trace.Event{Kind: trace.KindIterationStart, Iteration: i, Bound: v},
			trace.Event{Kind: trace.KindVisit, Node: 1, Depth: v, G: v, H: 0, F: v, Move: -1, Iteration: i, Bound: v})
	}
	return record(append(ev, runEnd))
}

// HugeHistogramNDJSON is HugeHistogram's NDJSON twin: an iteration-end line
// as long as the format allows, nearly all of it one histogram of "1,"
// entries (8 million of them).
func HugeHistogramNDJSON() []byte {
	const maxLine = 16 << 20
	var b bytes.Buffer
	r := trace.NewRecorder(&b, trace.EncodingNDJSON, trace.LevelNode)
	for _, e := range []trace.Event{runStart, {Kind: trace.KindIterationStart, Iteration: 1, Bound: 1}} {
		r.Event(&e)
	}
	r.Close()
	head := `{"kind":"iteration-end","iteration":1,"bound":1,"stats":{"iteration":1,"bound":1,"nextBound":-1,"visitF":[`
	tail := "1]}}\n"
	b.WriteString(head)
	b.Write(bytes.Repeat([]byte("1,"), (maxLine-len(head)-len(tail))/2))
	b.WriteString(tail)
	b.WriteString(`{"kind":"run-end","status":"exhausted","expanded":0,"generated":0,"pruned":0,"elapsedNs":0}` + "\n")
	return b.Bytes()
}

// LongName is a small run (its 8-puzzle instance solved in one move) whose
// heuristic's name is n bytes: a viewer that puts the name in every
// message to a page (the run's label, its chart series) sends n bytes
// many times over in each (an 8 MB name made each state message 42 MB),
// and a command that prints it prints one line of n bytes.
func LongName(n int) []byte {
	start := runStart
	info := *start.Run
	info.Heuristic = string(bytes.Repeat([]byte("h"), n))
	start.Run = &info
	return record([]trace.Event{
		start,
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: 1},
		{Kind: trace.KindVisit, Node: 1, H: 1, F: 1, Move: -1, Iteration: 1, Bound: 1},
		{Kind: trace.KindVisit, Node: 2, Parent: 1, Depth: 1, G: 1, F: 1, Move: 1, Iteration: 1, Bound: 1},
		{Kind: trace.KindSolution, Cost: 1, Moves: []int{1}},
		{Kind: trace.KindIterationEnd, Iteration: 1, Bound: 1},
		{Kind: trace.KindRunEnd, Status: trace.StatusSolved},
	})
}

// ScriptCPU is a script that takes minutes of CPU when it is loaded (a
// 64 MiB string counted a million times, each count one step), under a
// step budget worth many more.
const ScriptCPU = `s = "a" * (1 << 26)
n = 0
for i in range(1000000):
    n += s.count("b")
start = 0
goal = 1
def moves(x):
    return [("+", x + 1, 1)]
`

// Script is a small trace of a problem written in Starlark whose run
// metadata carries src as its source (as a trace of the Problem tab does):
// a reader that draws states by loading the source runs a stranger's code.
func Script(src string) []byte {
	start := trace.Event{Kind: trace.KindRunStart, Run: &trace.RunInfo{Puzzle: "hostile", Instance: "0",
		Heuristic: "zero", Algorithm: "ida", MoveNames: []string{"+"},
		Options: map[string]string{"problem": "hostile.star", "problem-source": src}}}
	return record([]trace.Event{
		start,
		{Kind: trace.KindIterationStart, Iteration: 1, Bound: 0},
		{Kind: trace.KindVisit, Node: 1, Move: -1, Iteration: 1},
		{Kind: trace.KindIterationEnd, Iteration: 1},
		runEnd,
	})
}

// Files are the hostile traces by file name, as the hostiletraces command
// writes them for measuring the commands on them by hand
// (docs/SECURITY.md).
func Files() map[string][]byte {
	return map[string][]byte{
		"bound1e9.trace":   HugeBound(1e9),
		"deep10000.trace":  DeepVisits(10_000),
		"path10000.trace":  DeepPath(10_000),
		"path100000.trace": DeepPath(100_000),
		"hist16m.trace":    HugeHistogram(),
		"starts20m.trace":  IterationStarts(20e6),
		"high5000.trace":   HighValues(5000, 1<<16-1),
		"hist16m.ndjson":   HugeHistogramNDJSON(),
		"name8m.trace":     LongName(8 << 20),
		"script-cpu.trace": Script(ScriptCPU),
	}
}
