package fold

import (
	"encoding/json"
	"idaviz/lang"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// Comparing runs. With two or more runs kept, every chart
// draws every run in the run's own colour, the same colour the page's
// comparison table uses; a legend has one entry per run (the series of a
// run share its name, so echarts draws one entry and toggles them
// together), and what a series counts is shown by its style: solid for the
// nodes within the bound (visited, expanded), hatched for the pruned ones.

// runPalette never reuses a colour that means a kind of node (visited,
// pruned, the current path, the solution, A*'s open list: charts.go), so a
// run's bars are never read as pruned ones; Okabe and Ito's blue, reddish
// purple and black, and Tol's olive, which readers with the common colour
// deficiencies tell apart. As many as a tab keeps runs: their ids are
// consecutive, so they never share one.
var runPalette = []string{"#0072b2", "#cc79a7", "#000000", "#999933"}

// MaxRuns is how many runs a tab holds for comparison: the charts draw at
// most so many side by side, each in a colour of its own.
const MaxRuns = 4

// RunColour is a run's colour, fixed by its id: a tab holds at most MaxRuns
// runs with consecutive ids (a start without keep drops them all, one with
// keep the oldest), so the runs on a page never share a colour, and a run
// keeps its colour while others come and go.
func RunColour(id int) string {
	return runPalette[(max(id, 1)-1)%len(runPalette)]
}

// hatch is the decal of the pruned part of a bar: diagonal stripes over the
// run's colour.
var hatch = map[string]any{"symbol": "rect", "symbolSize": 1, "dashArrayX": []any{1, 0},
	"dashArrayY": []any{2, 4}, "rotation": 0.785, "color": "rgba(255,255,255,0.75)"}

// lineDashes and the rest tell runs' lines apart where they coincide (two
// heuristics' identical bounds): each run draws a different dash and
// marker, the later ones thinner and smaller and on top, so an earlier
// run's line shows around a later one's.
var (
	lineDashes      = []string{"solid", "dashed", "dotted", "dashed"}
	lineSymbols     = []string{"circle", "rect", "triangle", "diamond"}
	lineWidths      = []float32{7, 4.5, 2.5, 1.5}
	lineSymbolSizes = []int{15, 11, 7, 4}
)

// styled re-encodes a chart's options as plain JSON values, so that what
// go-echarts has no field for (decals, legend data, the page's tooltip
// hints) can be set on it.
func styled(o map[string]any) map[string]any {
	b, err := json.Marshal(o)
	if err != nil {
		return o
	}
	var out map[string]any
	if json.Unmarshal(b, &out) != nil {
		return o
	}
	return out
}

// langOf is the language of compared runs' words: the last one's (the
// active run's).
func langOf(runs []RunStats) *lang.Printer {
	if len(runs) == 0 {
		return nil
	}
	return runs[len(runs)-1].Lang
}

// finishComparison sets the legend to the runs' names (one entry a run)
// and hatches the series listed; kinds names what each series counts, for
// the page's tooltip (vizKinds: echarts ignores a key it does not know).
func finishComparison(o map[string]any, runs []RunStats, hatched []bool, kinds []string) map[string]any {
	o = styled(o)
	names := make([]any, len(runs))
	for i, r := range runs {
		names[i] = runName(r)
	}
	if ls, ok := o["legend"].([]any); ok {
		for _, l := range ls {
			if m, ok := l.(map[string]any); ok {
				m["data"] = names
			}
		}
	} else if m, ok := o["legend"].(map[string]any); ok {
		m["data"] = names
	}
	if ss, ok := o["series"].([]any); ok {
		for i, s := range ss {
			if i < len(hatched) && hatched[i] {
				hatchSeries(s)
			}
		}
	}
	ks := make([]any, len(kinds))
	for i, k := range kinds {
		ks[i] = k
	}
	o["vizKinds"] = ks
	return o
}

// compareLegend is a legend of one entry a run: it wraps, never pages.
func compareLegend(n int) []charts.GlobalOpts {
	return []charts.GlobalOpts{legend(true), grid(legendLines(n))}
}

// stackedRunBars adds a run's two series: the solid part and the hatched
// part stacked on it, in the run's colour, under the run's name.
func stackedRunBars(bar *charts.Bar, r RunStats, solid, hatched []opts.BarData, marks ...charts.SeriesOpts) {
	c := RunColour(r.ID)
	stack := "run" + strconv.Itoa(r.ID)
	first := append([]charts.SeriesOpts{charts.WithBarChartOpts(opts.BarChart{Stack: stack}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: c})}, marks...)
	bar.AddSeries(runName(r), solid, first...)
	bar.AddSeries(runName(r), hatched, charts.WithBarChartOpts(opts.BarChart{Stack: stack}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: c, BorderColor: c, BorderWidth: 1}))
}

// compareIterations charts, for every run, the nodes of each iteration by
// its bound: one bar a run at each bound (grouped by run in the runs'
// order), the whole bar what the iteration generated, its solid part the
// nodes expanded and its hatched part the rest (the pruned, and a goal).
func compareIterations(runs []RunStats) map[string]any {
	xs, index := boundAxis(runs)
	bar := charts.NewBar()
	l := langOf(runs)
	bar.SetGlobalOptions(append([]charts.GlobalOpts{noAnimation(), title(l.T("run.chart.compare-iterations")),
		tooltip(), countAxis(l), xAxis(l.T("run.chart.bound"))}, compareLegend(len(runs))...)...)
	bar.SetXAxis(xs)
	var hatched []bool
	var kinds []string
	for _, r := range runs {
		e := make([]int64, len(xs))
		p := make([]int64, len(xs))
		for _, it := range iterationsOf(r) {
			i := index[it.Bound]
			e[i], p[i] = it.Expanded, it.Generated-it.Expanded
		}
		stackedRunBars(bar, r, barValues(e, len(xs)), barValues(p, len(xs)))
		hatched = append(hatched, false, true)
		kinds = append(kinds, l.T("run.chart.expanded"), l.T("run.chart.generated-not-expanded"))
	}
	bar.Validate()
	return finishComparison(bar.JSON(), runs, hatched, kinds)
}

// iterationAt is a run's iteration with the given bound: a finished one,
// or the one under way.
func iterationAt(r RunStats, bound int) (visit, prune []int64, ok bool) {
	for _, it := range iterationsOf(r) {
		if it.Bound == bound {
			return it.VisitF, it.PruneF, true
		}
	}
	return nil, nil, false
}

// compareFHistogram overlays the runs' f histograms of the iterations with
// one bound (the active run's, or the lock-step's): each run's visited
// nodes solid and its pruned ones hatched, side by side at each f. With
// cumulative, every iteration of each run is summed instead.
func compareFHistogram(runs []RunStats, bound int, cumulative bool) map[string]any {
	type hist struct{ visit, prune []int64 }
	hs := make([]hist, len(runs))
	for i, r := range runs {
		if cumulative {
			for _, it := range iterationsOf(r) {
				hs[i].visit = addInto(hs[i].visit, it.VisitF)
				hs[i].prune = addInto(hs[i].prune, it.PruneF)
			}
			continue
		}
		v, p, _ := iterationAt(r, bound)
		hs[i] = hist{v, p}
	}
	var allV, allP []int64
	for _, h := range hs {
		allV = addInto(allV, h.visit)
		allP = addInto(allP, h.prune)
	}
	var fs []int
	if cumulative {
		fs = fAxis(allV, allP, 0, 0)
		fs = presentOnly(fs, allV, allP)
	} else {
		fs = fAxis(allV, allP, bound, bound)
	}
	xs := make([]string, len(fs))
	for i, f := range fs {
		xs[i] = strconv.Itoa(f)
	}
	// A run without an iteration at the bound draws no bars; the lock-step
	// panel says why.
	l := langOf(runs)
	name := l.T("run.chart.compare-fhist", lang.Args{"Bound": bound})
	if cumulative {
		name = l.T("run.chart.compare-fhist-total")
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(append([]charts.GlobalOpts{noAnimation(), title(name), tooltip(), countAxis(l), xAxis("f")},
		compareLegend(len(runs))...)...)
	bar.SetXAxis(xs)
	var hatched []bool
	var kinds []string
	for i, r := range runs {
		vs := make([]opts.BarData, len(fs))
		ps := make([]opts.BarData, len(fs))
		for j, f := range fs {
			vs[j].Value = at(hs[i].visit, f)
			ps[j].Value = at(hs[i].prune, f)
		}
		var marks []charts.SeriesOpts
		if i == 0 && !cumulative {
			marks = append(marks, charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: l.T("run.chart.bound"), XAxis: strconv.Itoa(bound)}),
				charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
					Label: &opts.Label{Show: opts.Bool(true), Formatter: "{b}"}, LineStyle: &opts.LineStyle{Color: "#333"}}))
		}
		stackedRunBars(bar, r, vs, ps, marks...)
		hatched = append(hatched, false, true)
		kinds = append(kinds, l.T("run.chart.visited"), l.T("run.chart.pruned"))
	}
	bar.Validate()
	return finishComparison(bar.JSON(), runs, hatched, kinds)
}

// presentOnly keeps the f values some run has nodes at, when the span from
// 0 to the largest would be mostly empty (the cumulative histogram's axis
// starts where the nodes do).
func presentOnly(fs []int, visit, prune []int64) []int {
	lo := 0
	for lo < len(fs) && at(visit, fs[lo]) == 0 && at(prune, fs[lo]) == 0 {
		lo++
	}
	if lo == len(fs) {
		return fs
	}
	return fs[lo:]
}

func addInto(dst, src []int64) []int64 {
	if len(src) > len(dst) {
		dst = append(dst, make([]int64, len(src)-len(dst))...)
	}
	for i, v := range src {
		dst[i] += v
	}
	return dst
}

// compareBounds charts each run's bound per iteration in its colour; runs
// whose bounds coincide draw different dashes and markers, the later
// smaller, so neither hides the other.
func compareBounds(runs []RunStats) map[string]any {
	line := charts.NewLine()
	l := langOf(runs)
	line.SetGlobalOptions(append([]charts.GlobalOpts{noAnimation(), title(l.T("run.chart.bounds")), tooltip(), xAxis(l.T("run.chart.iteration")),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: l.T("run.chart.bound"), Scale: opts.Bool(true), MinInterval: 1})},
		compareLegend(len(runs))...)...)
	line.SetXAxis(iterationAxis(runs))
	kinds := make([]string, len(runs))
	for i, r := range runs {
		var ds []opts.LineData
		for _, it := range iterationsOf(r) {
			ds = append(ds, opts.LineData{Value: it.Bound})
		}
		c := RunColour(r.ID)
		k := i % len(lineDashes)
		line.AddSeries(runName(r), ds,
			charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true), Symbol: lineSymbols[k], SymbolSize: lineSymbolSizes[k]}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: c, Type: lineDashes[k], Width: lineWidths[k]}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: c}))
		kinds[i] = l.T("run.chart.bound")
	}
	line.Validate()
	return finishComparison(line.JSON(), runs, nil, kinds)
}
