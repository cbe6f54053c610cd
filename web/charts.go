package web

import (
	"slices"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"idaviz/trace"
)

// The chart builders are functions of the runs of one tab, not of one live
// run, so a comparison of heuristics on one instance draws the same way as a
// single run. Each returns echarts options (go-echarts' JSON), which the page
// hands to setOption as they are.

var (
	colVisited = "#4e79a7"
	colPruned  = "#e15759"
)

func noAnimation() charts.GlobalOpts { return charts.WithAnimation(false) }

func title(t string) charts.GlobalOpts {
	return charts.WithTitleOpts(opts.Title{Title: t, TitleStyle: &opts.TextStyle{FontSize: 13}})
}

func legend() charts.GlobalOpts {
	return charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "22", Type: "scroll"})
}

func tooltip() charts.GlobalOpts {
	return charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"})
}

func grid() charts.GlobalOpts {
	return charts.WithGridOpts(opts.Grid{Top: "60", Left: "60", Right: "20", Bottom: "40"})
}

// countAxis is the axis of node counts. The page puts it on a log scale
// when asked (app.js, logScale): the one axis it looks for by this name.
func countAxis() charts.GlobalOpts {
	return charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "nodes"})
}

func barValues(xs []int64, n int) []opts.BarData {
	out := make([]opts.BarData, n)
	for i := range out {
		out[i].Value = at(xs, i)
	}
	return out
}

// fHistogram charts one run's f values: visited and pruned, stacked, with
// the bound marked, so one sees that the next bound is the smallest pruned
// f. With cumulative, every iteration so far is summed.
func fHistogram(s runStats, cumulative bool) map[string]any {
	var visit, prune []int64
	add := func(dst *[]int64, src []int64) {
		if len(src) > len(*dst) {
			*dst = append(*dst, make([]int64, len(src)-len(*dst))...)
		}
		for i, v := range src {
			(*dst)[i] += v
		}
	}
	if cumulative {
		for _, it := range s.Iterations {
			add(&visit, it.VisitF)
			add(&prune, it.PruneF)
		}
		if len(s.Iterations) == 0 || s.Iterations[len(s.Iterations)-1].Iteration != s.Current.Iteration {
			add(&visit, s.Current.VisitF)
			add(&prune, s.Current.PruneF)
		}
	} else {
		add(&visit, s.Current.VisitF)
		add(&prune, s.Current.PruneF)
	}
	bound := s.Current.Bound // the bound of the iteration whose f values are shown
	n := max(len(visit), len(prune), bound+2, s.Bound+1)
	lo := 0
	for lo < n-1 && lo < bound && at(visit, lo) == 0 && at(prune, lo) == 0 {
		lo++
	}
	xs := make([]string, 0, n-lo)
	for f := lo; f < n; f++ {
		xs = append(xs, strconv.Itoa(f))
	}
	name := "f histogram, iteration " + strconv.Itoa(s.Current.Iteration) + " (bound " + strconv.Itoa(bound) + ")"
	if cumulative {
		name = "f histogram, all iterations"
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(noAnimation(), title(name), legend(), tooltip(), grid(), countAxis(),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: "f"}))
	bar.SetXAxis(xs)
	vs := barValues(visit, n)[lo:]
	ps := barValues(prune, n)[lo:]
	boundMark := charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: "bound", XAxis: strconv.Itoa(bound)})
	marks := []charts.SeriesOpts{boundMark}
	if s.Bound != bound && !cumulative {
		// The iteration is over and the bound rose: mark where it goes.
		marks = append(marks, charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: "next bound", XAxis: strconv.Itoa(s.Bound)}))
	}
	marks = append(marks, charts.WithItemStyleOpts(opts.ItemStyle{Color: colVisited}),
		charts.WithBarChartOpts(opts.BarChart{Stack: "f"}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label: &opts.Label{Show: opts.Bool(true), Formatter: "{b}"}}))
	bar.AddSeries("visited", vs, marks...)
	bar.AddSeries("pruned (f > bound)", ps, charts.WithBarChartOpts(opts.BarChart{Stack: "f"}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: colPruned}))
	bar.Validate()
	return bar.JSON()
}

func at(xs []int64, i int) int64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// iterationsOf lists a run's iterations, the one under way last.
func iterationsOf(s runStats) []trace.Iteration {
	its := s.Iterations
	if s.Current.Iteration > 0 && (len(its) == 0 || its[len(its)-1].Iteration != s.Current.Iteration) {
		its = append(its[:len(its):len(its)], s.Current)
	}
	return its
}

// iterationCounts charts expanded, generated and pruned per iteration for
// every run of the tab. The axis is the bound, not the iteration's number:
// runs with different heuristics start at different bounds, and the same
// bound is the same question asked of each (how many nodes have f within
// it), so that is where their bars belong side by side.
func iterationCounts(runs []runStats) map[string]any {
	seen := map[int]bool{}
	var bounds []int
	for _, r := range runs {
		for _, it := range iterationsOf(r) {
			if !seen[it.Bound] {
				seen[it.Bound] = true
				bounds = append(bounds, it.Bound)
			}
		}
	}
	slices.Sort(bounds)
	index := map[int]int{}
	xs := make([]string, len(bounds))
	for i, b := range bounds {
		index[b] = i
		xs[i] = strconv.Itoa(b)
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(noAnimation(), title("nodes per iteration"), legend(), tooltip(), grid(), countAxis(),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: "bound"}))
	bar.SetXAxis(xs)
	for _, r := range runs {
		e := make([]int64, len(bounds))
		g := make([]int64, len(bounds))
		p := make([]int64, len(bounds))
		for _, it := range iterationsOf(r) {
			i := index[it.Bound]
			e[i], g[i], p[i] = it.Expanded, it.Generated, it.Pruned
		}
		suffix := ""
		if len(runs) > 1 {
			suffix = " (" + runName(r) + ")"
		}
		bar.AddSeries("expanded"+suffix, barValues(e, len(bounds)))
		bar.AddSeries("generated"+suffix, barValues(g, len(bounds)))
		bar.AddSeries("pruned"+suffix, barValues(p, len(bounds)))
	}
	bar.Validate()
	return bar.JSON()
}

// boundChart charts the bound of each iteration for every run of the tab.
func boundChart(runs []runStats) map[string]any {
	n := 0
	for _, r := range runs {
		n = max(n, len(iterationsOf(r)))
	}
	xs := make([]string, n)
	for i := range xs {
		xs[i] = strconv.Itoa(i + 1)
	}
	line := charts.NewLine()
	line.SetGlobalOptions(noAnimation(), title("bound per iteration"), legend(), tooltip(), grid(),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: "iteration"}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "bound", Scale: opts.Bool(true)}))
	line.SetXAxis(xs)
	for _, r := range runs {
		var ds []opts.LineData
		for _, it := range iterationsOf(r) {
			ds = append(ds, opts.LineData{Value: it.Bound})
		}
		line.AddSeries(runName(r), ds, charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true)}))
	}
	line.Validate()
	return line.JSON()
}

func runName(r runStats) string {
	if r.Label != "" {
		return "#" + strconv.Itoa(r.ID) + " " + r.Label
	}
	return "#" + strconv.Itoa(r.ID)
}
