package trace

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden trace files in testdata/")

var simGoal = []int{0, 2, 0, 3}

// norm returns a copy of e as a reader returns it: empty lists are nil.
func norm(e Event) Event {
	if len(e.Moves) == 0 {
		e.Moves = nil
	}
	if e.Stats != nil {
		it := e.Stats.Clone()
		normalize(&it)
		e.Stats = &it
	}
	if e.Run != nil {
		r := *e.Run
		if len(r.Options) == 0 {
			r.Options = nil
		}
		e.Run = &r
	}
	return e
}

func record(t testing.TB, enc Encoding, level Level, events []Event) []byte {
	t.Helper()
	var buf bytes.Buffer
	r := NewRecorder(&buf, enc, level)
	for i := range events {
		r.Event(&events[i])
	}
	if err := r.Close(); err != nil {
		t.Fatalf("recording: %v", err)
	}
	return buf.Bytes()
}

// readEvents reads a whole trace; it returns the events read before any error.
func readEvents(data []byte) ([]Event, error) {
	rd, err := NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var got []Event
	for {
		e, err := rd.Next()
		if err != nil {
			return got, err
		}
		got = append(got, *e)
	}
}

func sameEvents(t *testing.T, got, want []Event) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("read %d events, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if g, w := norm(got[i]), norm(want[i]); !reflect.DeepEqual(g, w) {
			t.Fatalf("event %d:\n got %s\nwant %s", i, show(g), show(w))
		}
	}
}

func show(e Event) string {
	s := fmt.Sprintf("%+v", e)
	if e.Stats != nil {
		s += fmt.Sprintf(" stats=%+v", *e.Stats)
	}
	if e.Run != nil {
		s += fmt.Sprintf(" run=%+v", *e.Run)
	}
	return s
}

// extremes are events with every field set, at awkward values.
func extremes() []Event {
	big := make([]int64, 30000) // a record longer than the reader's buffer
	for i := range big {
		big[i] = int64(i*i) - 7
	}
	big[17] = math.MinInt64
	big[18] = math.MaxInt64
	return []Event{
		{Kind: KindRunStart, Run: &RunInfo{Puzzle: "x\"y\n\u00e9", MoveNames: []string{}, Created: time.Date(2001, 2, 3, 4, 5, 6, 7, time.UTC)}},
		{Kind: KindRunStart},
		{Kind: KindIterationStart, Iteration: -3, Bound: math.MinInt},
		{Kind: KindVisit, Node: math.MaxUint64, Parent: 1, Depth: -1, G: math.MaxInt, H: math.MaxInt, F: math.MinInt, Move: math.MinInt, Iteration: math.MaxInt, Bound: -9},
		{Kind: KindVisit, Node: math.MaxUint64, Parent: math.MaxUint64, Iteration: math.MinInt},
		{Kind: KindPrune, Node: 0, Parent: 12345678901234, Reason: ReasonMoveRule, H: -1, F: -1},
		{Kind: KindPrune, Node: 0, Parent: 0, Reason: Reason(250)},
		{Kind: KindPrune, Node: 1 << 63, Parent: 1<<63 + 1, Reason: ReasonBound, G: -5, H: 3, F: 100},
		{Kind: KindVisit, Node: 1<<63 + 1, Parent: 0, G: 1, H: 2, F: 3},
		{Kind: KindVisit, Node: 1, Parent: math.MaxUint64},
		{Kind: KindVisit, Node: 1, Parent: 1},
		{Kind: KindExpand, Node: 1, Parent: 0, Depth: 3, G: 2, H: 1, F: 3, Children: 4},
		{Kind: KindExpand, Node: math.MaxUint64, Parent: 7, Children: math.MinInt, Iteration: 2},
		{Kind: KindPush, Node: 2, Parent: 1, Depth: 1, G: 1, H: 5, F: 6, Move: 3},
		{Kind: KindReopen, Node: 9, Parent: 4, Depth: 2, G: 2, H: 5, F: 7, Move: 0, Replaces: 3},
		{Kind: KindReopen, Node: 1, Parent: 0, Replaces: math.MaxUint64},
		{Kind: KindBoundIncrease, Iteration: 7, Bound: -1, NewBound: math.MaxInt},
		{Kind: KindProgress, Iteration: 7, Bound: 8},
		{Kind: KindProgress, Iteration: 7, Bound: 8, Stats: &Iteration{Iteration: -1, Bound: math.MaxInt, NextBound: -1,
			Counts: Counts{Expanded: math.MaxInt64, Generated: math.MinInt64, Pruned: -1}, VisitF: big, Depth: []int64{0}}},
		{Kind: KindIterationEnd, Iteration: 1, Bound: 2, Stats: &Iteration{PruneF: big[:200]}},
		{Kind: KindSolution, Moves: []int{math.MinInt, -1, 0, math.MaxInt}, Cost: -4},
		{Kind: KindSolution},
		{Kind: KindRunEnd, Status: Status(200), Totals: Counts{Expanded: -1, Generated: math.MaxInt64}, Elapsed: -time.Second},
		{Kind: KindRunEnd, Status: StatusCancelled, Elapsed: math.MaxInt64},
	}
}

func TestRoundTrip(t *testing.T) {
	sim, _ := simRun(simGoal, 7)
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		for name, events := range map[string][]Event{"sim": sim, "extremes": extremes()} {
			t.Run(enc.String()+"/"+name, func(t *testing.T) {
				data := record(t, enc, LevelNode, events)
				got, err := readEvents(data)
				if err != io.EOF {
					t.Errorf("read error %v, want io.EOF", err)
				}
				sameEvents(t, got, events)
				rd, _ := NewReader(bytes.NewReader(data))
				if h := rd.Header(); h != (Header{Encoding: enc, Version: FormatVersion, Minor: FormatMinor}) {
					t.Errorf("header %+v", h)
				}
			})
		}
	}
}

func TestRecorderLevels(t *testing.T) {
	sim, _ := simRun(simGoal, 7)
	for _, level := range []Level{LevelRun, LevelIteration, LevelNode} {
		var want []Event
		for _, e := range sim {
			if e.Kind.Level() <= level {
				want = append(want, e)
			}
		}
		for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
			var buf bytes.Buffer
			r := NewRecorder(&buf, enc, level)
			for i := range sim {
				r.Event(&sim[i])
			}
			r.Event(&Event{Kind: Kind(99)}) // unknown kinds are not recorded
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if r.Level() != level || r.Events() != int64(len(want)) {
				t.Errorf("%v %v: level %v, %d events, want %d", enc, level, r.Level(), r.Events(), len(want))
			}
			got, err := readEvents(buf.Bytes())
			if err != io.EOF {
				t.Errorf("%v %v: %v", enc, level, err)
			}
			sameEvents(t, got, want)
		}
	}
}

// TestReadableWhileWritten: what the recorder flushed at an iteration's end
// reads back up to that point, reported as unfinished.
func TestReadableWhileWritten(t *testing.T) {
	sim, _ := simRun(simGoal, 1000)
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		var file bytes.Buffer
		bw := bufio.NewWriter(&file)
		r := NewRecorder(bw, enc, LevelNode)
		n := 0
		for sim[n].Kind != KindIterationEnd {
			r.Event(&sim[n])
			n++
		}
		r.Event(&sim[n])
		n++
		got, err := readEvents(file.Bytes())
		if !errors.Is(err, ErrUnfinished) {
			t.Errorf("%v: reading a trace being written: %v, want ErrUnfinished", enc, err)
		}
		sameEvents(t, got, sim[:n])
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// errWriter fails after n bytes.
type errWriter struct{ n int }

func (w *errWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		return w.n, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestRecorderAfterClose: a closed Recorder records nothing, and says so.
func TestRecorderAfterClose(t *testing.T) {
	sim, _ := simRun(simGoal, 7)
	tests := []struct {
		name string
		use  func(r *Recorder) error
	}{
		{"Close", (*Recorder).Close},
		{"Flush", (*Recorder).Flush},
		{"Event", func(r *Recorder) error { r.Event(&sim[1]); return r.Err() }},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		r := NewRecorder(&buf, EncodingBinary, LevelNode)
		r.Event(&sim[0])
		if err := r.Close(); err != nil || r.Err() != nil {
			t.Fatalf("Close: %v, Err: %v", err, r.Err())
		}
		size := buf.Len()
		if err := tt.use(r); !errors.Is(err, ErrClosed) {
			t.Errorf("%s after Close: %v, want ErrClosed", tt.name, err)
		}
		if r.Events() != 1 || buf.Len() != size {
			t.Errorf("%s after Close: %d events, %d bytes written, want 1 and %d", tt.name, r.Events(), buf.Len(), size)
		}
	}
}

func TestRecorderWriteError(t *testing.T) {
	sim, _ := simRun(simGoal, 7)
	r := NewRecorder(&errWriter{n: 100}, EncodingBinary, LevelNode)
	for i := range sim {
		r.Event(&sim[i])
	}
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Err() = %v, want the write error", err)
	}
	if err := r.Close(); err == nil {
		t.Error("Close after a write error returned nil")
	}
	if err := r.Close(); err == nil || errors.Is(err, ErrClosed) {
		t.Errorf("a second Close after a write error: %v, want the write error", err)
	}
	if r := NewRecorder(io.Discard, Encoding(9), LevelNode); r.Err() == nil {
		t.Error("an unknown encoding gave no error")
	}
}

// small is a short complete run, for the byte-by-byte tests.
func small() []Event {
	it := Iteration{Iteration: 1, Bound: 2, NextBound: 3, Counts: Counts{Expanded: 1, Generated: 3, Pruned: 1},
		VisitF: []int64{0, 0, 2}, PruneF: []int64{0, 0, 0, 1}, Depth: []int64{1, 1}}
	return []Event{
		{Kind: KindRunStart, Run: &RunInfo{Puzzle: "p", MoveNames: []string{"L", "R"}}},
		{Kind: KindIterationStart, Iteration: 1, Bound: 2},
		{Kind: KindVisit, Node: 1, H: 2, F: 2, Move: -1, Iteration: 1, Bound: 2},
		{Kind: KindVisit, Node: 2, Parent: 1, Depth: 1, G: 1, H: 1, F: 2, Iteration: 1, Bound: 2},
		{Kind: KindPrune, Parent: 2, Depth: 2, G: 1, H: -1, F: -1, Move: 1, Reason: ReasonMoveRule, Iteration: 1, Bound: 2},
		{Kind: KindPrune, Node: 3, Parent: 1, Depth: 1, G: 1, H: 2, F: 3, Move: 1, Reason: ReasonBound, Iteration: 1, Bound: 2},
		{Kind: KindIterationEnd, Iteration: 1, Bound: 2, Stats: &it},
		{Kind: KindSolution, Moves: []int{0}, Cost: 1},
		{Kind: KindRunEnd, Status: StatusSolved, Totals: it.Counts, Elapsed: time.Millisecond},
	}
}

// boundaries records events one by one and returns the file and the offset
// at which each record ends.
func boundaries(t *testing.T, enc Encoding, events []Event) ([]byte, []int) {
	var buf bytes.Buffer
	r := NewRecorder(&buf, enc, LevelNode)
	r.Flush()
	ends := []int{buf.Len()} // the header's end
	for i := range events {
		r.Event(&events[i])
		if err := r.Flush(); err != nil {
			t.Fatal(err)
		}
		ends = append(ends, buf.Len())
	}
	return buf.Bytes(), ends
}

// TestTruncated cuts a small file at every byte: the reader must deliver the
// whole records before the cut, then say the file is cut (ErrUnfinished on a
// record boundary, io.ErrUnexpectedEOF inside a record); only the whole file
// ends with io.EOF.
func TestTruncated(t *testing.T) {
	events := small()
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		data, ends := boundaries(t, enc, events)
		for cut := 0; cut <= len(data); cut++ {
			got, err := readEvents(data[:cut])
			if cut < ends[0] {
				if err == nil || len(got) > 0 {
					t.Errorf("%v cut at %d inside the header: %v", enc, cut, err)
				}
				continue
			}
			whole := 0
			for whole+1 < len(ends) && ends[whole+1] <= cut {
				whole++
			}
			sameEvents(t, got, events[:whole])
			var fe *FormatError
			switch {
			case cut == len(data):
				if err != io.EOF {
					t.Errorf("%v whole file: %v, want io.EOF", enc, err)
				}
			case !errors.As(err, &fe):
				t.Errorf("%v cut at %d: %v, want a *FormatError", enc, cut, err)
			case fe.Records != int64(whole):
				t.Errorf("%v cut at %d: %v: records %d, want %d", enc, cut, err, fe.Records, whole)
			case cut == ends[whole] && !errors.Is(err, ErrUnfinished):
				t.Errorf("%v cut at %d (a record boundary): %v, want ErrUnfinished", enc, cut, err)
			case cut != ends[whole] && !errors.Is(err, io.ErrUnexpectedEOF):
				t.Errorf("%v cut at %d (inside a record): %v, want io.ErrUnexpectedEOF", enc, cut, err)
			case fe.Offset != int64(ends[whole]):
				t.Errorf("%v cut at %d: offset %d, want %d", enc, cut, fe.Offset, ends[whole])
			case !fe.Cut():
				t.Errorf("%v cut at %d: %v: Cut() is false", enc, cut, err)
			}
		}
	}
}

// TestDamageIsNotACut damages one record of a small file, with records
// after it: the reader delivers the records before it, then a
// *FormatError whose Cut() is false. In the binary encoding the damage is
// a record's length that never ends (ten bytes with the continuation bit),
// at every record; in NDJSON, a line that is no JSON.
func TestDamageIsNotACut(t *testing.T) {
	events := small()
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		data, ends := boundaries(t, enc, events)
		for whole := 0; whole+2 < len(ends); whole++ {
			bad := bytes.Clone(data)
			at := ends[whole]
			if enc == EncodingBinary {
				copy(bad[at+1:], bytes.Repeat([]byte{0xff}, 10))
			} else {
				copy(bad[at:], "{{")
			}
			got, err := readEvents(bad)
			sameEvents(t, got, events[:whole])
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Cut() || fe.Records != int64(whole) || fe.Offset != int64(at) {
				t.Errorf("%v, record %d damaged: %v (records %v), want a damaged record at byte %d after %d records",
					enc, whole+1, err, fe != nil && fe.Cut(), at, whole)
			}
		}
	}
}

// TestCorrupted changes every byte of a small file in several ways: the
// reader must not panic and must either finish or say what is wrong,
// having delivered only events it could decode.
func TestCorrupted(t *testing.T) {
	events := small()
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		data := record(t, enc, LevelNode, events)
		for i := range data {
			for _, b := range []byte{0x00, 0x7f, 0x80, 0xff, data[i] ^ 1, '{', '\n'} {
				bad := bytes.Clone(data)
				bad[i] = b
				got, err := readEvents(bad)
				if err == nil {
					t.Fatalf("%v byte %d = %#x: nil error", enc, i, b)
				}
				if len(got) > len(events)+1 {
					t.Errorf("%v byte %d = %#x: %d events from a file of %d", enc, i, b, len(got), len(events))
				}
				if err != io.EOF && err.Error() == "" {
					t.Errorf("%v byte %d: empty error", enc, i)
				}
			}
		}
	}
}

func TestReaderErrors(t *testing.T) {
	bin := record(t, EncodingBinary, LevelNode, small())
	nd := record(t, EncodingNDJSON, LevelNode, small())
	hdr := len(magic) + 2
	tests := []struct {
		name string
		data []byte
		want string // in the error
		is   error
	}{
		{"empty", nil, "empty file", io.ErrUnexpectedEOF},
		{"not a trace", []byte("hello world"), "not an idaviz trace", nil},
		{"short magic", []byte("IDA"), "binary header", io.ErrUnexpectedEOF},
		{"binary version 2", append([]byte(magic), 2, 0), "version 2.0", ErrVersion},
		{"ndjson version 7", []byte(`{"format":"idaviz-trace","version":7,"minor":3}` + "\n"), "version 7.3", ErrVersion},
		{"ndjson other format", []byte(`{"format":"x","version":1}` + "\n"), "not an idaviz trace", nil},
		{"ndjson no version", []byte(`{"format":"idaviz-trace"}` + "\n"), "not an idaviz trace", nil},
		{"ndjson bad header", []byte("{nope\n"), "not valid JSON", nil},
		{"huge length", append(bytes.Clone(bin[:hdr]), byte(KindVisit), 0xff, 0xff, 0xff, 0xff, 0x0f), "beyond the format's limit", nil},
		{"length overflow", append(bytes.Clone(bin[:hdr]), byte(KindVisit), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), "record's length", nil},
		{"short payload", append(bytes.Clone(bin[:hdr]), byte(KindVisit), 2, 2, 2), "payload too short", nil},
		{"bad run json", append(bytes.Clone(bin[:hdr]), byte(KindRunStart), 2, '{', '['), "run metadata", nil},
		{"bad stats flag", append(bytes.Clone(bin[:hdr]), byte(KindProgress), 3, 2, 2, 9), "bad stats flag", nil},
		{"list too long", append(bytes.Clone(bin[:hdr]), byte(KindSolution), 3, 0, 100, 1), "claims 100 values", nil},
		{"status range", append(bytes.Clone(bin[:hdr]), byte(KindRunEnd), 3, 0x80, 0x02, 0), "status 256", nil},
		{"bad json line", append(bytes.Clone(nd[:bytes.IndexByte(nd, '\n')+1]), "{\"kind\":\"visit\",\"g\":1.5}\n"...), "bad JSON line", nil},
		{"bad reason", append(bytes.Clone(nd[:bytes.IndexByte(nd, '\n')+1]), "{\"kind\":\"prune\",\"reason\":\"why\"}\n"...), "unknown prune reason", nil},
		{"bad status", append(bytes.Clone(nd[:bytes.IndexByte(nd, '\n')+1]), "{\"kind\":\"run-end\",\"status\":\"meh\"}\n"...), "unknown status", nil},
		{"ndjson not json", append(bytes.Clone(nd[:bytes.IndexByte(nd, '\n')+1]), "visit 1 2 3\n"...), "bad JSON line", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readEvents(tt.data)
			if err == nil || err == io.EOF || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v is not %v", err, tt.is)
			}
		})
	}
}

func TestHugeLineRefused(t *testing.T) {
	nd := record(t, EncodingNDJSON, LevelNode, small())
	head := nd[:bytes.IndexByte(nd, '\n')+1]
	long := append(bytes.Clone(head), `{"kind":"solution","moves":[`...)
	long = append(long, bytes.Repeat([]byte("0,"), maxPayload/2+10)...)
	long = append(long, "0]}\n"...)
	_, err := readEvents(long)
	if err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("error %v, want a line-too-long error", err)
	}
}

// TestUnknownSkipped: a later version's record kinds and trailing fields are
// skipped, in both encodings.
func TestUnknownSkipped(t *testing.T) {
	events := small()
	var bin bytes.Buffer
	r := NewRecorder(&bin, EncodingBinary, LevelNode)
	for i := range events {
		r.Event(&events[i])
		r.Flush()
		if i == 3 {
			bin.Write([]byte{77, 3, 1, 2, 3}) // kind 77, three bytes
			bin.Write([]byte{0, 0})           // kind 0, empty
		}
		if i == 5 { // a visit with an extra field after its own
			bin.Write([]byte{byte(KindVisit), 11, 2, 2, 2, 2, 2, 0, 2, 0, 0, 42, 42})
		}
	}
	got, err := readEvents(bin.Bytes())
	if err != io.EOF {
		t.Fatalf("binary: %v", err)
	}
	extra := Event{Kind: KindVisit, Node: 4, Parent: 3, Depth: 1, G: 1, H: 1, F: 2, Move: 1, Iteration: 1, Bound: 2}
	want := append(append(append([]Event(nil), events[:6]...), extra), events[6:]...)
	sameEvents(t, got, want)

	nd := record(t, EncodingNDJSON, LevelNode, events)
	lines := strings.SplitAfter(string(nd), "\n")
	lines = append(lines[:3], append([]string{`{"kind":"checkpoint","index":[1,2]}` + "\n", "\n",
		`{"kind":"visit","node":9,"future":true}` + "\n"}, lines[3:]...)...)
	got, err = readEvents([]byte(strings.Join(lines, "")))
	if err != io.EOF {
		t.Fatalf("ndjson: %v", err)
	}
	want = append(append(append([]Event(nil), events[:2]...), Event{Kind: KindVisit, Node: 9}), events[2:]...)
	sameEvents(t, got, want)
}

func TestReadAllFeedsStats(t *testing.T) {
	sim, its := simRun(simGoal, 7)
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		data := record(t, enc, LevelNode, sim)
		for _, s := range []*Stats{NewStats(), NewNodeStats()} {
			n, err := ReadAll(bytes.NewReader(data), s)
			if err != nil {
				t.Fatal(err)
			}
			snap := s.Snapshot()
			if n != snap.Events || !reflect.DeepEqual(snap.Iterations, its) || snap.Status != StatusSolved {
				t.Errorf("%v level %v: fed %d, folded %d, iterations %+v, want %+v", enc, s.Level(), n, snap.Events, snap.Iterations, its)
			}
		}
		if _, err := ReadAll(bytes.NewReader(data[:len(data)-3]), NewStats()); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%v: ReadAll of a cut file: %v", enc, err)
		}
		if _, err := ReadAll(strings.NewReader("junk"), NewStats()); err == nil {
			t.Errorf("ReadAll of junk: nil error")
		}
	}
}

// TestSimFoldsLikeEngine: Stats folding only the node events of each
// iteration of the simulated IDA* gets the counts the search kept.
func TestSimFoldsLikeEngine(t *testing.T) {
	sim, its := simRun(simGoal, 1<<30)
	s := NewNodeStats()
	for _, e := range sim {
		if e.Kind == KindVisit || e.Kind == KindPrune {
			s.Event(&e)
		}
	}
	snap := s.Snapshot()
	got := append(snap.Iterations, snap.Current)
	if !reflect.DeepEqual(got, its) {
		t.Errorf("folded node events:\n got %+v\nwant %+v", got, its)
	}
}

// The same with pathmax: raise events are folded without counting, and a
// node judged by an inherited f is binned at that f.
func TestSimPathmaxFoldsLikeEngine(t *testing.T) {
	sim, its := simRunPathmax(simGoal, 1<<30)
	s := NewNodeStats()
	var raised, inherited int
	for _, e := range sim {
		switch e.Kind {
		case KindRaise:
			raised++
		case KindVisit, KindPrune:
			if e.Reason != ReasonMoveRule && e.F > e.G+e.H {
				inherited++
			}
		default:
			continue
		}
		s.Event(&e)
	}
	if raised == 0 || inherited == 0 {
		t.Fatalf("%d raises, %d nodes judged by an inherited f: the run shows no pathmax", raised, inherited)
	}
	snap := s.Snapshot()
	got := append(snap.Iterations, snap.Current)
	if !reflect.DeepEqual(got, its) {
		t.Errorf("folded node events:\n got %+v\nwant %+v", got, its)
	}
}

func TestEncodingFor(t *testing.T) {
	for name, want := range map[string]Encoding{"a.ndjson": EncodingNDJSON, "B.NDJSON": EncodingNDJSON, "x.jsonl": EncodingNDJSON,
		"a.trace": EncodingBinary, "ndjson": EncodingBinary, "": EncodingBinary} {
		if got := EncodingFor(name); got != want {
			t.Errorf("EncodingFor(%q) = %v, want %v", name, got, want)
		}
	}
}

// goldenEvents is the deterministic content of testdata/golden-v1.*: a whole
// simulated run, node level, with progress.
func goldenEvents() []Event {
	events, _ := simRun(simGoal, 25)
	return events
}

// goldenPathmaxEvents is the content of testdata/golden-v1.2.*: the same
// with bidirectional pathmax, so with raise records and nodes judged by an
// inherited f.
func goldenPathmaxEvents() []Event {
	events, _ := simRunPathmax(simGoal, 25)
	return events
}

// goldens are the committed files, each with the events it holds and the
// minor version that wrote it. Every one must be read to its events, and
// its records written byte for byte as they are (only the header names a
// later minor version: later minor versions add kinds).
var goldens = []struct {
	minor  int
	events func() []Event
	files  map[Encoding]string
}{
	{0, goldenEvents, map[Encoding]string{
		EncodingBinary: filepath.Join("testdata", "golden-v1.trace"),
		EncodingNDJSON: filepath.Join("testdata", "golden-v1.ndjson"),
	}},
	{2, goldenPathmaxEvents, map[Encoding]string{
		EncodingBinary: filepath.Join("testdata", "golden-v1.2.trace"),
		EncodingNDJSON: filepath.Join("testdata", "golden-v1.2.ndjson"),
	}},
}

// goldenPaths lists every golden file.
func goldenPaths() []string {
	var out []string
	for _, g := range goldens {
		for _, p := range g.files {
			out = append(out, p)
		}
	}
	return out
}

// TestGolden reads the committed files of every version: every later
// version of this package must still read them to the same events.
func TestGolden(t *testing.T) {
	for _, g := range goldens {
		want := g.events()
		for enc, path := range g.files {
			current := g.minor == FormatMinor
			if *update && current {
				if err := os.WriteFile(path, record(t, enc, LevelNode, want), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rd, err := NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if h := rd.Header(); h != (Header{Encoding: enc, Version: 1, Minor: g.minor}) {
				t.Errorf("%s: header %+v, want version 1.%d", path, h, g.minor)
			}
			got, err := readEvents(data)
			if err != io.EOF {
				t.Errorf("%s: %v", path, err)
			}
			sameEvents(t, got, want)
			if !bytes.Equal(withoutHeader(enc, record(t, enc, LevelNode, want)), withoutHeader(enc, data)) {
				// Not an error for readers, but the writer changed: the format
				// may only change with a new minor or major version.
				t.Errorf("%s: the recorder no longer writes these events byte for byte as the golden file", path)
			}
		}
	}
}

// unknownKind rewrites the records of kind k in a recorded file as a kind
// no reader knows, which is what they are to a reader older than k.
func unknownKind(t *testing.T, enc Encoding, data []byte, k Kind) []byte {
	t.Helper()
	out := bytes.Clone(data)
	if enc == EncodingNDJSON {
		return bytes.ReplaceAll(out, []byte(`{"kind":"`+k.String()+`"`), []byte(`{"kind":"from-the-future"`))
	}
	pos := len(magic) + 2 // the magic and a one-byte major and minor version
	for pos < len(out) {
		n, w := binary.Uvarint(out[pos+1:])
		if w <= 0 {
			t.Fatalf("bad record length at %d", pos)
		}
		if Kind(out[pos]) == k {
			out[pos] = 0xEE
		}
		pos += 1 + w + int(n)
	}
	return out
}

// A reader of format 1.1 or older skips the raise records of a 1.2 file,
// knowing nothing of their kind, and reads every other record as written: a raise
// leaves the delta state alone.
func TestRaiseSkippedByOlderReaders(t *testing.T) {
	events := goldenPathmaxEvents()
	var raises int
	var rest []Event
	for _, e := range events {
		if e.Kind == KindRaise {
			raises++
		} else {
			rest = append(rest, e)
		}
	}
	if raises == 0 {
		t.Fatal("the pathmax golden run has no raise record: nothing to check")
	}
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		data := record(t, enc, LevelNode, events)
		old := unknownKind(t, enc, data, KindRaise)
		got, err := readEvents(old)
		if err != io.EOF {
			t.Fatalf("%v: %v", enc, err)
		}
		sameEvents(t, got, rest)
	}
}

// withoutHeader is a trace's records, its header cut off.
func withoutHeader(enc Encoding, data []byte) []byte {
	if enc == EncodingNDJSON {
		_, rest, _ := bytes.Cut(data, []byte("\n"))
		return rest
	}
	return data[min(len(data), len(magic)+2):]
}

// TestFastNodeLines: the fast NDJSON node decoder accepts only what
// encoding/json decodes the same way.
func TestFastNodeLines(t *testing.T) {
	const rest = `,"parent":1,"depth":2,"g":3,"h":4,"f":7,"move":-1,"iteration":1,"bound":`
	tests := []struct {
		line string
		fast bool
	}{
		{`{"kind":"visit","node":5` + rest + `7}`, true},
		{`{"kind":"prune","node":5` + rest + `7,"reason":"move-rule"}`, true},
		{`{"kind":"prune","node":5` + rest + `7,"reason":"bound"}`, true},
		{`{"kind":"prune","node":5` + rest + `7,"reason":"reason(9)"}`, false},
		{`{"kind":"visit","node":18446744073709551615` + rest + `-9223372036854775808}`, true},
		{`{"kind":"visit","node":18446744073709551616` + rest + `7}`, false},
		{`{"kind":"visit","node":5` + rest + `9223372036854775808}`, false},
		{`{"kind":"visit","node":5` + rest + `-9223372036854775809}`, false},
		{`{"kind":"visit","node":05` + rest + `7}`, false},
		{`{"kind":"visit","node":5` + rest + `-0}`, true},
		{`{"kind":"visit","node":5` + rest + `1e2}`, false},
		{`{"kind":"visit","node":5` + rest + `7.0}`, false},
		{`{"kind":"visit","node":5` + rest + `7} `, false},
		{`{"kind":"visit","node":5` + rest + `7}}`, false},
		{`{"kind":"visit","node":-5` + rest + `7}`, false},
		{`{"kind":"visit","node":5` + rest + `7,"extra":1}`, false},
		{`{"kind":"visit","node":5` + rest + `}`, false},
		{`{"kind":"visit","node":` + rest + `7}`, false},
	}
	for _, tt := range tests {
		var fast, slow Event
		ok := fastNode([]byte(tt.line), &fast)
		if ok != tt.fast {
			t.Errorf("fastNode(%s) = %v, want %v", tt.line, ok, tt.fast)
		}
		if !ok {
			continue
		}
		if known, err := decodeLine([]byte(tt.line), &slow); err != nil || !known || !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: fast %+v, encoding/json %+v (%v)", tt.line, fast, slow, err)
		}
	}
}
