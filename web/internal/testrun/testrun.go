// Package testrun is what the tests of web and its packages share: an
// 8-puzzle registered by the tests themselves (so they do not depend on the
// catalogue's adapters), and its runs recorded in memory.
package testrun

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/internal/browsertest"
	"idaviz/puzzles"
	"idaviz/puzzles/tiles"
	"idaviz/trace"
)

// Puzzle is the name of the tests' 8-puzzle.
const Puzzle = "web-test-8puzzle"

// State is an 8-puzzle instance (blank-last goal) with a short optimal
// solution and several IDA* iterations under Manhattan distance.
const State = "8 1 3 4 0 2 7 6 5"

// Importing the package registers Puzzle in the catalogue.
func init() {
	puzzles.Register(&puzzles.Puzzle{
		Name:       Puzzle,
		Title:      "sliding tiles (test copy; 3x3, 4x4 or 5x5 by the count)",
		Heuristics: []string{"manhattan", "misplaced"},
		Goals:      tiles.Goals,
		Parse: func(state, goal string) (puzzles.Instance, error) {
			g, err := tiles.ParseGoal(goal)
			if err != nil {
				return nil, err
			}
			b, err := tiles.Parse(state, 0, g)
			if err != nil {
				return nil, err
			}
			return b, nil
		},
		Scramble: func(rng *rand.Rand, depth int, goal string) puzzles.Instance {
			g, _ := tiles.ParseGoal(goal)
			b, _ := tiles.Scramble(rng, 3, depth, g)
			return b
		},
		Presets:  []puzzles.Preset{{Name: "test", State: State}},
		Renderer: "tiles",
	})
}

// Sink records events in memory, as trace.Recorder would to a file.
type Sink struct {
	Events []trace.Event
	level  trace.Level
}

// NewSink records the events of level and above.
func NewSink(level trace.Level) *Sink { return &Sink{level: level} }

// Level implements trace.Sink.
func (m *Sink) Level() trace.Level { return m.level }

// Event implements trace.Sink.
func (m *Sink) Event(e *trace.Event) {
	m.Events = append(m.Events, e.Clone())
}

// Record runs IDA* with Manhattan distance on an instance of Puzzle
// (blank-last goal) and returns its events at level.
func Record(t testing.TB, level trace.Level, state string) []trace.Event {
	t.Helper()
	inst, d := domain(t, Puzzle, state, "manhattan")
	sink := NewSink(level)
	_, err := engine.IDA(context.Background(), d, engine.Options{Sink: sink,
		Info: trace.RunInfo{Puzzle: Puzzle, Instance: inst.String(), Heuristic: "manhattan",
			Options: map[string]string{"goal": "blank-last"}}})
	if err != nil {
		t.Fatal(err)
	}
	return sink.Events
}

// RecordAStar runs A* on an instance of Puzzle (blank-last goal) and
// returns its node-level events.
func RecordAStar(t testing.TB, state, heuristic string) []trace.Event {
	t.Helper()
	inst, d := domain(t, Puzzle, state, heuristic)
	sink := NewSink(trace.LevelNode)
	if _, err := engine.AStar(context.Background(), d, engine.Options{Sink: sink,
		Info: trace.RunInfo{Puzzle: Puzzle, Instance: inst.String(), Heuristic: heuristic}}); err != nil {
		t.Fatal(err)
	}
	return sink.Events
}

// Encode records events in enc, as viz solve --trace does.
func Encode(t testing.TB, events []trace.Event, enc trace.Encoding) []byte {
	t.Helper()
	var buf bytes.Buffer
	r := trace.NewRecorder(&buf, enc, trace.LevelNode)
	for i := range events {
		r.Event(&events[i])
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Write records events to a file in enc in a temporary folder, as viz
// solve --trace does, and returns its path.
func Write(t testing.TB, events []trace.Event, enc trace.Encoding) string {
	t.Helper()
	data := Encode(t, events, enc)
	path := filepath.Join(t.TempDir(), "run"+map[trace.Encoding]string{trace.EncodingBinary: ".trace", trace.EncodingNDJSON: ".ndjson"}[enc])
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Result runs engine.IDA on an instance with no sink, the way
// viz solve --json does.
func Result(t testing.TB, puzzle, state, heuristic string) engine.Result {
	t.Helper()
	return ResultInOrder(t, puzzle, state, heuristic, "")
}

// ResultInOrder is Result with the moves tried in order ("": the puzzle's
// own), as viz solve --order tries them.
func ResultInOrder(t testing.TB, puzzle, state, heuristic, order string) engine.Result {
	t.Helper()
	_, d := domainInOrder(t, puzzle, state, heuristic, order)
	res, err := engine.IDA(context.Background(), d, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// domain is an instance of a catalogue puzzle and its domain under a
// heuristic.
func domain(t testing.TB, puzzle, state, heuristic string) (puzzles.Instance, engine.Domain) {
	t.Helper()
	return domainInOrder(t, puzzle, state, heuristic, "")
}

// domainInOrder is domain with the moves tried in order ("": the puzzle's
// own).
func domainInOrder(t testing.TB, puzzle, state, heuristic, order string) (puzzles.Instance, engine.Domain) {
	t.Helper()
	r, err := puzzles.NewRequest(puzzle, state, heuristic, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.SetOrder(order); err != nil {
		t.Fatal(err)
	}
	inst := r.Instance
	d, err := inst.Domain(r.Heuristic)
	if err != nil {
		t.Fatal(err)
	}
	return inst, d
}

// Node finds node.js, which runs the page's scripts in the tests: a skip on
// a machine without it, a failure in CI.
func Node(t *testing.T) string {
	return browsertest.Tool(t, "no node found: install it (apt-get install nodejs) to check the page's scripts against the server's", "node", "nodejs")
}

// Embedded is the data an exported page carries (its viz-embedded block).
type Embedded struct {
	Trace     string          `json:"trace"` // the binary trace, gzipped, in base64
	Events    int             `json:"events"`
	Renderer  string          `json:"renderer"`
	StartView json.RawMessage `json:"startView"`
	Lecture   *trace.Lecture  `json:"lecture"`
	Name      string          `json:"name"`
}

// TraceEvents unpacks the embedded trace.
func (d Embedded) TraceEvents(t *testing.T) []trace.Event {
	t.Helper()
	packed, err := base64.StdEncoding.DecodeString(d.Trace)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		t.Fatal(err)
	}
	sink := NewSink(trace.LevelNode)
	// A live run's export ends where the page was: no run-end.
	if _, err := trace.ReadAll(zr, sink); err != nil && !errors.Is(err, trace.ErrUnfinished) {
		t.Fatal(err)
	}
	return sink.Events
}

// ReadEmbedded finds the data an exported page carries.
func ReadEmbedded(t *testing.T, page string) Embedded {
	t.Helper()
	const start = `<script type="application/json" id="viz-embedded">`
	i := strings.Index(page, start)
	if i < 0 {
		t.Fatalf("no embedded data in the export (%d bytes)", len(page))
	}
	rest := page[i+len(start):]
	j := strings.Index(rest, "</script>")
	var d Embedded
	if err := json.Unmarshal([]byte(rest[:j]), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// BPMXState is the GUIDE's example of an inconsistent heuristic: a
// 15-puzzle (blank-last goal) where pdb555d, the largest of four lookups,
// says 6 at the start and 9 one move away (blank left), so that
// bidirectional pathmax raises the start before any child is visited.
const BPMXState = "1 2 3 4, 5 6 7 8, 10 13 0 12, 9 14 11 15"

// RecordPathmax runs IDA* with pdb555d (BPMX) on a 15-puzzle instance
// (blank-last goal) and returns its node-level events. Its tables are built
// into a temporary cache (a second or two) unless this process holds them.
func RecordPathmax(t testing.TB, state string) []trace.Event {
	t.Helper()
	t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
	inst, d := domain(t, "15puzzle", state, "pdb555d")
	sink := NewSink(trace.LevelNode)
	if _, err := engine.IDA(context.Background(), d, engine.Options{Sink: sink,
		Info: trace.RunInfo{Puzzle: "15puzzle", Instance: inst.String(), Heuristic: "pdb555d",
			Options: map[string]string{"goal": "blank-last"}}}); err != nil {
		t.Fatal(err)
	}
	return sink.Events
}
