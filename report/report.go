// Package report holds what `viz compare` makes of its runs: the summary
// per heuristic and algorithm, the textbook table of search cost and
// effective branching factor by solution depth, and one self-contained HTML
// file with the tables and charts (go-echarts options, drawn by the
// vendored echarts inlined in the file, so it opens offline).
package report

import (
	"cmp"
	"slices"

	"idaviz/trace"
)

// Run is one search of one instance, as the report needs it.
type Run struct {
	Instance   int
	Heuristic  string
	Algo       string
	Solved     bool
	Length     int
	Generated  int64
	Seconds    float64
	H0         int
	EBF        float64
	Iterations []Iteration
}

// Iteration is one IDA* iteration's actual and predicted node counts.
type Iteration struct {
	Bound     int
	Generated int64
	Predicted float64 // 0: no prediction
}

// Series names a heuristic searched by an algorithm.
type Series struct {
	Heuristic string `json:"heuristic"`
	Algo      string `json:"algo"`
}

// Summary sums up the runs of one series.
type Summary struct {
	Series
	Runs           int     `json:"runs"`
	Solved         int     `json:"solved"`
	TotalGenerated int64   `json:"total_generated"`
	MeanGenerated  float64 `json:"mean_generated"`
	TotalSeconds   float64 `json:"total_seconds"`
	MeanSeconds    float64 `json:"mean_seconds"`
	// EBF is the mean of the solved runs' effective branching factors.
	EBF float64 `json:"ebf"`
}

// Depth is one row of the textbook table: the solved runs of one series
// whose solutions have one length.
type Depth struct {
	Series
	Depth         int     `json:"depth"`
	Runs          int     `json:"runs"`
	MeanGenerated float64 `json:"mean_generated"`
	// EBF is the b with b + b^2 + ... + b^depth = MeanGenerated, as Russell
	// and Norvig compute it from the mean search cost.
	EBF float64 `json:"ebf"`
}

// SeriesOf lists the runs' series in the order they first appear.
func SeriesOf(runs []Run) []Series {
	var out []Series
	for _, r := range runs {
		s := Series{r.Heuristic, r.Algo}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Summarize sums up the runs per series, in SeriesOf's order.
func Summarize(runs []Run) []Summary {
	var out []Summary
	for _, s := range SeriesOf(runs) {
		sum := Summary{Series: s}
		var ebf float64
		for _, r := range runs {
			if (Series{r.Heuristic, r.Algo}) != s {
				continue
			}
			sum.Runs++
			sum.TotalGenerated += r.Generated
			sum.TotalSeconds += r.Seconds
			if r.Solved {
				sum.Solved++
				ebf += r.EBF
			}
		}
		sum.MeanGenerated = float64(sum.TotalGenerated) / float64(sum.Runs)
		sum.MeanSeconds = sum.TotalSeconds / float64(sum.Runs)
		if sum.Solved > 0 {
			sum.EBF = ebf / float64(sum.Solved)
		}
		out = append(out, sum)
	}
	return out
}

// ByDepth is the textbook table: per series and solution length, the mean
// search cost of the solved runs and its effective branching factor, by
// depth, then in SeriesOf's order.
func ByDepth(runs []Run) []Depth {
	type key struct {
		s Series
		d int
	}
	n := map[key]int{}
	gen := map[key]float64{}
	for _, r := range runs {
		if r.Solved && r.Length > 0 {
			k := key{Series{r.Heuristic, r.Algo}, r.Length}
			n[k]++
			gen[k] += float64(r.Generated)
		}
	}
	order := SeriesOf(runs)
	var out []Depth
	for k, c := range n {
		mean := gen[k] / float64(c)
		out = append(out, Depth{Series: k.s, Depth: k.d, Runs: c, MeanGenerated: mean,
			EBF: trace.EffectiveBranching(int64(mean+0.5), k.d)})
	}
	slices.SortFunc(out, func(a, b Depth) int {
		return cmp.Or(cmp.Compare(a.Depth, b.Depth),
			cmp.Compare(slices.Index(order, a.Series), slices.Index(order, b.Series)))
	})
	return out
}
