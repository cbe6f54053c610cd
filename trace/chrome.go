package trace

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Chrome is a Sink that writes the Chrome trace event format (the JSON that
// Perfetto and chrome://tracing open): each visited node a slice nested in
// its parent's, each pruned child an instant inside its parent, one track
// (thread) per iteration. Time is logical: one microsecond per event, so a
// slice's width is the size of the node's subtree in events.
//
// Its level is LevelNode; a trace recorded at a coarser level gives one
// empty track per iteration.
type Chrome struct {
	// MaxBytes caps the JSON written (NewChrome: DefaultChromeMaxBytes):
	// past it the sink stops with an error naming the cap.
	MaxBytes int64

	w       *bufio.Writer
	err     error
	written int64
	n       int   // events written
	ts      int64 // the logical clock
	tid     int   // the current iteration's track
	open    []int // depths of the slices begun and not yet ended
	names   []string
	// One run after another in a file: each gets its own process.
	pid int
}

// DefaultChromeMaxBytes is the cap of a Chrome trace: Perfetto and
// chrome://tracing read the file whole in a browser tab, and a hostile
// trace of 20 MB (five million empty iterations, a track each) made 475 MB.
const DefaultChromeMaxBytes = 256 << 20

// ErrChromeTooLarge is wrapped by the error of a Chrome trace past its cap.
var ErrChromeTooLarge = errors.New("the Chrome trace is too large")

// NewChrome returns a Chrome sink writing to w. Close ends the JSON.
func NewChrome(w io.Writer) *Chrome {
	c := &Chrome{MaxBytes: DefaultChromeMaxBytes, w: bufio.NewWriterSize(w, 64<<10)}
	c.write([]byte(`{"displayTimeUnit":"ns","traceEvents":[`))
	return c
}

// write writes b unless an error came first or b would pass the cap.
func (c *Chrome) write(b []byte) {
	if c.err != nil {
		return
	}
	if c.written += int64(len(b)); c.MaxBytes > 0 && c.written > c.MaxBytes {
		c.err = fmt.Errorf("%w: it would be larger than %d MiB, more than a browser tab reads: export a shorter run, or record it at iteration level (--trace-level iteration)", ErrChromeTooLarge, c.MaxBytes>>20)
		return
	}
	_, c.err = c.w.Write(b)
}

// Level is LevelNode: a slice per node.
func (c *Chrome) Level() Level { return LevelNode }

// chromeEvent is one entry of traceEvents.
type chromeEvent struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Ts   int64          `json:"ts"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	S    string         `json:"s,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

func (c *Chrome) emit(ev chromeEvent) {
	if c.err != nil {
		return
	}
	b, err := json.Marshal(ev)
	if err != nil {
		c.err = err
		return
	}
	sep := []byte(",\n")
	if c.n == 0 {
		sep = sep[1:]
	}
	c.write(append(sep, b...))
	c.n++
}

// closeTo ends the open slices at depth d or deeper.
func (c *Chrome) closeTo(d int) {
	for len(c.open) > 0 && c.open[len(c.open)-1] >= d {
		c.open = c.open[:len(c.open)-1]
		c.emit(chromeEvent{Ph: "E", Ts: c.ts, Pid: c.pid, Tid: c.tid})
	}
}

func (c *Chrome) moveName(m int) string {
	if m < 0 {
		return "root"
	}
	if m < len(c.names) {
		return c.names[m]
	}
	return "move " + strconv.Itoa(m)
}

// Event writes e's part of the picture.
func (c *Chrome) Event(e *Event) {
	c.ts++
	switch e.Kind {
	case KindRunStart:
		c.closeTo(0)
		c.pid++
		c.names = nil
		name := "run"
		if e.Run != nil {
			c.names = append([]string(nil), e.Run.MoveNames...)
			name = fmt.Sprintf("%s %s (%s)", e.Run.Puzzle, e.Run.Instance, e.Run.Heuristic)
		}
		c.emit(chromeEvent{Name: "process_name", Ph: "M", Pid: c.pid, Args: map[string]any{"name": name}})
	case KindIterationStart:
		c.closeTo(0)
		c.tid = e.Iteration
		c.emit(chromeEvent{Name: "thread_name", Ph: "M", Pid: c.pid, Tid: c.tid,
			Args: map[string]any{"name": fmt.Sprintf("iteration %d, bound %d", e.Iteration, e.Bound)}})
	case KindVisit:
		c.closeTo(e.Depth)
		c.open = append(c.open, e.Depth)
		c.emit(chromeEvent{Name: c.moveName(e.Move), Ph: "B", Ts: c.ts, Pid: c.pid, Tid: c.tid,
			Args: map[string]any{"node": e.Node, "g": e.G, "h": e.H, "f": e.F, "depth": e.Depth}})
	case KindPrune:
		c.closeTo(e.Depth)
		name := "pruned " + c.moveName(e.Move)
		if e.Reason == ReasonMoveRule {
			name = "move rule forbids " + c.moveName(e.Move)
		}
		c.emit(chromeEvent{Name: name, Ph: "i", S: "t", Ts: c.ts, Pid: c.pid, Tid: c.tid,
			Args: map[string]any{"node": e.Node, "g": e.G, "h": e.H, "f": e.F, "reason": e.Reason.String()}})
	case KindRaise:
		// The raised node is the open slice at its depth: the instant
		// goes inside it, after the child that raised it has ended.
		c.closeTo(e.Depth + 1)
		c.emit(chromeEvent{Name: fmt.Sprintf("BPMX raises h to %d", e.H), Ph: "i", S: "t", Ts: c.ts, Pid: c.pid, Tid: c.tid,
			Args: map[string]any{"node": e.Node, "g": e.G, "h": e.H, "f": e.F, "through": c.moveName(e.Move)}})
	case KindIterationEnd, KindRunEnd:
		c.closeTo(0)
	case KindSolution:
		c.emit(chromeEvent{Name: "solution", Ph: "i", S: "p", Ts: c.ts, Pid: c.pid, Tid: c.tid,
			Args: map[string]any{"cost": e.Cost, "moves": len(e.Moves)}})
	}
}

// Close ends the open slices and the JSON, and reports the first write
// error.
func (c *Chrome) Close() error {
	c.ts++
	c.closeTo(0)
	c.write([]byte("\n]}\n"))
	if c.err == nil {
		c.err = c.w.Flush()
	}
	return c.err
}
