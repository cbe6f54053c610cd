package pdb

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress reports a database build: Depth is the breadth-first layer being
// made, Filled the entries whose distance is known, of Total. A report with a
// Note carries a message instead (the cache cannot be written, say).
type Progress struct {
	Table  string
	Depth  int
	Filled int64
	Total  int64
	// LayerDone is set on the report that ends a layer.
	LayerDone bool
	Note      string
}

// Fraction is how much of the table is filled, from 0 to 1.
func (p Progress) Fraction() float64 { return float64(p.Filled) / float64(max(p.Total, 1)) }

// Bar shows database builds: on a terminal a bar redrawn in place, else one
// line per finished layer (a log keeps those). Notes are printed on a line
// of their own either way. Its methods may be called from several
// goroutines (workers loading databases at once share one).
type Bar struct {
	w        io.Writer
	terminal bool
	now      func() time.Time
	throttle time.Duration // the least time between two redraws

	mu    sync.Mutex
	bar   *progressbar.ProgressBar
	table string
	start time.Time
	open  bool // a bar is drawn and its line not ended
	full  bool // the table's bar is full: its later reports change nothing
	// filled is the entries of the table's last line, off a terminal.
	filled int64
	loads  int  // the loads under way (Loading)
	built  bool // one of them reported a build
}

// NewBar returns a Bar writing to w, a terminal when terminal is set.
func NewBar(w io.Writer, terminal bool) *Bar {
	return &Bar{w: w, terminal: terminal, now: time.Now, throttle: 100 * time.Millisecond}
}

// Report shows p; it is what a build's progress function is.
func (b *Bar) Report(p Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.loads > 0 {
		b.built = true
	}
	if p.Note != "" {
		b.endLine()
		if b.terminal {
			fmt.Fprint(b.w, clearLine)
		}
		fmt.Fprintf(b.w, "pattern database %s: %s\n", p.Table, p.Note)
		return
	}
	if !b.terminal {
		// A layer that set no entry of the table (a build whose search
		// runs over a larger table goes on after it is full) says nothing.
		if p.LayerDone && (p.Table != b.table || p.Filled != b.filled) {
			b.table, b.filled = p.Table, p.Filled
			fmt.Fprintf(b.w, "building pattern database %s, depth %d: %d of %d entries (%.1f%%)\n",
				p.Table, p.Depth, p.Filled, p.Total, 100*p.Fraction())
		}
		return
	}
	if b.table == p.Table && b.full {
		return
	}
	if b.bar == nil || b.table != p.Table {
		b.endLine()
		// Whatever another line left there (a search's progress, see
		// Idle) is erased first.
		fmt.Fprint(b.w, clearLine)
		b.table, b.start, b.open, b.full = p.Table, b.now(), true, false
		b.bar = progressbar.NewOptions64(p.Total,
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetWidth(30),
			progressbar.OptionShowCount(),
			// The library's estimate divides what is left by the rate
			// of the last few reports, which is next to nothing while a
			// breadth-first search makes its first, tiny layers: the
			// description carries one of ours instead (estimate).
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionSetElapsedTime(false),
			progressbar.OptionThrottle(b.throttle),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(b.w) }),
		)
	}
	desc := fmt.Sprintf("building pattern database %s, depth %d", p.Table, p.Depth)
	elapsed := b.now().Sub(b.start)
	if left, ok := estimate(p, elapsed); ok {
		desc += fmt.Sprintf(", %s, ~%s left", elapsed.Round(time.Second), left.Round(time.Second))
	} else {
		desc += fmt.Sprintf(", %s", elapsed.Round(time.Second))
	}
	b.bar.Describe(desc)
	b.bar.Set64(p.Filled)
	if p.Filled >= p.Total {
		b.open, b.full = false, true // the bar ended its line
	}
}

// End ends a line the bar left open (a build interrupted, or stopped short
// of its last entry), so that what is printed next starts its own line.
func (b *Bar) End() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.endLine()
}

// clearLine takes a terminal's cursor to the start of its line and erases
// the line.
const clearLine = "\r\x1b[K"

// Idle runs draw, with the bar's lock held, unless a build is being shown:
// a bar is drawn and its line not ended, or a load under way (Loading)
// reported a build. Another line that a terminal redraws in place (a
// search's progress) draws through Idle, so that it never takes turns with
// the builds on one line, not even between the tables of one heuristic.
func (b *Bar) Idle(draw func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.open && !b.built {
		draw()
	}
}

// Loading marks a load of databases under way until done is called: if it
// reports a build, Idle draws nothing until every load marked is done.
func (b *Bar) Loading() (done func()) {
	b.mu.Lock()
	b.loads++
	b.mu.Unlock()
	return sync.OnceFunc(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.loads--; b.loads == 0 {
			b.built = false
		}
	})
}

func (b *Bar) endLine() {
	if b.open {
		fmt.Fprintln(b.w)
		b.open = false
	}
	b.bar, b.table = nil, ""
}

// Enough progress for an estimate: a twentieth of the table, over a second.
const (
	estimateFrom    = 0.05
	estimateMinTime = time.Second
)

// estimate is how long the rest of a build should take at the pace it kept
// so far, once it has filled enough for that to mean something: the first
// layers of a breadth-first search are tiny, and a pace read from them
// would promise days.
func estimate(p Progress, elapsed time.Duration) (time.Duration, bool) {
	f := p.Fraction()
	if f < estimateFrom || elapsed < estimateMinTime || f >= 1 {
		return 0, false
	}
	return time.Duration(float64(elapsed) * (1 - f) / f), true
}
