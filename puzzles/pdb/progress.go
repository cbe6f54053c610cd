package pdb

import (
	"fmt"
	"io"

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

// Bar returns a progress function for a terminal: a bar redrawn in place when
// terminal is set, else one line per finished layer (a log keeps those). Notes
// are printed on a line of their own either way.
func Bar(w io.Writer, terminal bool) func(Progress) {
	var bar *progressbar.ProgressBar
	var table string
	return func(p Progress) {
		if p.Note != "" {
			fmt.Fprintf(w, "pattern database %s: %s\n", p.Table, p.Note)
			return
		}
		if !terminal {
			if p.LayerDone {
				fmt.Fprintf(w, "building pattern database %-9s depth %2d: %5.1f%% of %d entries\n", p.Table, p.Depth, 100*p.Fraction(), p.Total)
			}
			return
		}
		if bar == nil || table != p.Table {
			table = p.Table
			bar = progressbar.NewOptions64(p.Total,
				progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription("building pattern database "+p.Table),
				progressbar.OptionSetWidth(30),
				progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(100e6),
				progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }),
			)
		}
		bar.Describe(fmt.Sprintf("building pattern database %s, depth %d", p.Table, p.Depth))
		bar.Set64(p.Filled)
	}
}
