package fold

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"idaviz/lang"
	"idaviz/trace"
)

// The chart builders are functions of the runs of one tab, not of one live
// run, so a comparison of heuristics on one instance draws the same way as a
// single run. Each returns echarts options (go-echarts' JSON), which the page
// hands to setOption as they are.

// The colours of the tree's statuses, so that a pruned node is the same
// vermillion in the tree, its exports (export/tree.go) and every chart: Go's
// one definition of them. The page's style.css gets them as custom
// properties (--node-*) from TreeColours, written by go generate. They are Okabe and Ito's
// colours, which readers with the common colour deficiencies tell apart,
// each light enough for black text on it; the tree adds a second cue to
// each kind (an outline's dash, a shape: style.css), and the charts hatch
// the pruned.
var (
	colVisited   = "#56b4e9" // an expanded node: sky blue
	colGenerated = "#0072b2" // blue
	colPruned    = "#d55e00" // vermillion
	colPath      = "#e69f00" // orange
	colSolution  = "#009e73" // bluish green
	colOpen      = "#f0e442" // on A*'s open list: yellow
	colFolded    = "#8c8c8c" // the ring of a node its subtree is folded into
	colOutline   = "#000000" // the outline of a light bar, a node kind's cue
	colNodeText  = "#000000" // a label on a node, of any kind
	colBPMX      = "#0072b2" // BPMX's words beside a node (on white): blue
)

// TreeColour is one of the tree's colours as the page's style.css holds it:
// the custom property --node-Name, with a note on what it colours.
type TreeColour struct{ Name, Colour, Note string }

// TreeColours are the tree's colours that Go draws too (the tree exports,
// the charts): go generate in web/static writes them into style.css, so the
// page keeps no copy of its own.
func TreeColours() []TreeColour {
	return []TreeColour{
		{"path", colPath, "on the current path"},
		{"expanded", colVisited, "expanded"},
		{"pruned", colPruned, "pruned: f over the bound"},
		{"solution", colSolution, "on the solution"},
		{"open", colOpen, "on A*'s open list"},
		{"folded", colFolded, "the ring of a node its subtree is folded into"},
		{"text", colNodeText, "f, inside a node"},
		{"outline", colOutline, "the kinds' outlines"},
		{"bpmx", colBPMX, "BPMX's labels under a node: h raised (↑), inherited (↓), siblings saved"},
	}
}

// NodeTextColour is the colour of a label drawn on a node, for the tree's
// exports: every kind's colour is light enough for it.
func NodeTextColour() string { return colNodeText }

// StatusOutline is a tree status's second cue beside its colour, as
// style.css draws it in the page: the outline's colour, width and dash
// (SVG's stroke-dasharray, "" for solid); width 0 for none.
func StatusOutline(status string) (colour string, width float64, dash string) {
	switch status {
	case StatusPath:
		return colOutline, 1.5, ""
	case StatusPruned:
		return colOutline, 1.5, "3 2"
	case StatusSolution:
		return colOutline, 3, ""
	case StatusOpen:
		return colOutline, 1.5, "1 2"
	}
	return "", 0, ""
}

// StatusColour is a tree status's colour (StatusPath, ...), for the tree's
// exports; "" for an unknown status.
func StatusColour(status string) string {
	switch status {
	case StatusPath:
		return colPath
	case StatusExpanded:
		return colVisited
	case StatusPruned:
		return colPruned
	case StatusSolution:
		return colSolution
	case StatusOpen:
		return colOpen
	}
	return ""
}

// FoldedColour rings a node drawn for its whole subtree, folded into it.
func FoldedColour() string { return colFolded }

// BPMXColour is the colour of BPMX's lines beside a node (BPMXLabels), on
// white.
func BPMXColour() string { return colBPMX }

// PageColours are the colours an exported page's state builder
// (static/replaystate.js) draws its one run and its charts with: Go's own,
// so that the page keeps no copy and its charts are the server's.
func PageColours() map[string]any {
	return map[string]any{
		"run": RunColour(1), "visited": colVisited, "generated": colGenerated, "pruned": colPruned,
		"solution": colSolution, "open": colOpen, "outline": colOutline, "series": charts.NewBar().Colors, "hatch": hatch,
	}
}

func noAnimation() charts.GlobalOpts { return charts.WithAnimation(false) }

// The layout, from the top: the title, the y axis's name, the plot, the x
// axis's labels and name, the legend. Nothing shares a line, and the legend
// wraps (never pages), with a line of room for each few entries.
func title(t string) charts.GlobalOpts {
	return charts.WithTitleOpts(opts.Title{Title: t, Left: "center", Top: "2", TitleStyle: &opts.TextStyle{FontSize: 13}})
}

func legend(show bool) charts.GlobalOpts {
	return charts.WithLegendOpts(opts.Legend{Show: opts.Bool(show), Bottom: "2", Type: "plain", ItemWidth: 14, ItemHeight: 10})
}

// legendLines is how many lines of room a legend of n entries gets.
func legendLines(n int) int { return max(1, (n+2)/3) }

func tooltip() charts.GlobalOpts {
	return charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"})
}

// grid leaves room for a legend of the given number of lines (0: none).
// The plot starts 56 px down: the title (top 2) and, under it, the count
// axis's name over the axis, apart in a wide font too (DejaVu Sans, or the
// Latin of a Chinese font, where 48 px let them touch).
func grid(lines int) charts.GlobalOpts {
	return charts.WithGridOpts(opts.Grid{Top: "56", Left: "60", Right: "30", Bottom: strconv.Itoa(44 + 18*lines)})
}

// xAxis is a category axis named below its labels.
func xAxis(name string) charts.GlobalOpts {
	return charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: name, NameLocation: "middle", NameGap: 24})
}

// countAxis is the axis of node counts, in whole nodes. The page puts it on
// a log scale when asked (static/charts.js, logScale): the one axis it
// looks for by this name.
func countAxis(l *lang.Printer) charts.GlobalOpts {
	return charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: l.T("run.chart.nodes"), MinInterval: 1})
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
func fHistogram(s RunStats, cumulative bool) map[string]any {
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
	// The iteration whose f values are shown and its bound; before the
	// first, the first's: bound h(start).
	it, bound, next := s.Current.Iteration, s.Current.Bound, s.Bound
	if it == 0 && s.Run != nil {
		it, bound, next = 1, s.Run.StartH, s.Run.StartH
	}
	xs, vs, ps := barsAt(fAxis(visit, prune, bound, next), visit, prune)
	l := s.Lang
	name := l.T("run.chart.fhist", lang.Args{"Iteration": it, "Bound": bound})
	if cumulative {
		name = l.T("run.chart.fhist-total")
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(noAnimation(), title(name), legend(true), tooltip(), grid(1), countAxis(l), xAxis("f"))
	bar.SetXAxis(xs)
	boundMark := charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: l.T("run.chart.bound"), XAxis: strconv.Itoa(bound)})
	marks := []charts.SeriesOpts{boundMark}
	if next != bound && !cumulative {
		// The iteration is over and the bound rose: mark where it goes.
		marks = append(marks, charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: l.T("run.chart.next-bound"), XAxis: strconv.Itoa(next)}))
	}
	marks = append(marks, charts.WithItemStyleOpts(opts.ItemStyle{Color: colVisited}),
		charts.WithBarChartOpts(opts.BarChart{Stack: "f"}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label: &opts.Label{Show: opts.Bool(true), Formatter: "{b}"}}))
	bar.AddSeries(l.T("run.chart.visited"), vs, marks...)
	bar.AddSeries(l.T("run.chart.pruned-over"), ps, charts.WithBarChartOpts(opts.BarChart{Stack: "f"}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: colPruned}))
	bar.Validate()
	return hatched(bar.JSON(), 1)
}

// hatched gives series i of a chart the pruned nodes' hatching: their
// second cue beside the colour.
func hatched(o map[string]any, i int) map[string]any {
	o = styled(o)
	if ss, ok := o["series"].([]any); ok && i < len(ss) {
		hatchSeries(ss[i])
	}
	return o
}

// hatchSeries gives a series (decoded JSON) the hatching decal.
func hatchSeries(series any) {
	m, ok := series.(map[string]any)
	if !ok {
		return
	}
	st, _ := m["itemStyle"].(map[string]any)
	if st == nil {
		st = map[string]any{}
		m["itemStyle"] = st
	}
	st["decal"] = hatch
}

// barsAt is an f axis's labels and two histograms' bars at its values.
func barsAt(fs []int, a, b []int64) (xs []string, as, bs []opts.BarData) {
	xs = make([]string, len(fs))
	as = make([]opts.BarData, len(fs))
	bs = make([]opts.BarData, len(fs))
	for i, f := range fs {
		xs[i] = strconv.Itoa(f)
		as[i].Value = at(a, f)
		bs[i].Value = at(b, f)
	}
	return xs, as, bs
}

// maxDenseAxis is the widest f axis drawn with every value in its span;
// a wider one (a hostile trace's bound of 60,000, say) lists only the f
// values present and the bounds, so a chart is sized by what it shows.
const maxDenseAxis = 200

// fAxis is the f values a histogram's axis shows: every value from the
// smallest present to just past the bounds, or, when that span is too wide,
// the values present and the bounds alone.
func fAxis(visit, prune []int64, bound, next int) []int {
	var present []int
	for f := range max(len(visit), len(prune)) {
		if at(visit, f) != 0 || at(prune, f) != 0 {
			present = append(present, f)
		}
	}
	hi := max(len(visit)-1, len(prune)-1, bound+1, next)
	lo := min(bound, next)
	if len(present) > 0 {
		lo = min(lo, present[0])
	}
	lo = max(lo, 0)
	if hi-lo < maxDenseAxis {
		fs := make([]int, 0, hi-lo+1)
		for f := lo; f <= hi; f++ {
			fs = append(fs, f)
		}
		return fs
	}
	fs := append(present, bound, next)
	slices.Sort(fs)
	return slices.Compact(fs)
}

func at(xs []int64, i int) int64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// iterationsOf lists a run's iterations, the one under way last.
func iterationsOf(s RunStats) []trace.Iteration {
	its := s.Iterations
	if s.Current.Iteration > 0 && (len(its) == 0 || its[len(its)-1].Iteration != s.Current.Iteration) {
		its = append(its[:len(its):len(its)], s.Current)
	}
	return its
}

// boundAxis is the x axis of the per-iteration charts: every bound any of
// runs searched, in order, with each bound's place on it. The axis is the
// bound, not the iteration's number: runs with different heuristics start at
// different bounds, and the same bound is the same question asked of each
// (how many nodes have f within it), so that is where their bars belong
// side by side.
func boundAxis(runs []RunStats) (xs []string, index map[int]int) {
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
	index = map[int]int{}
	xs = make([]string, len(bounds))
	for i, b := range bounds {
		index[b] = i
		xs[i] = strconv.Itoa(b)
	}
	return xs, index
}

// iterationAxis is the x axis of the bound chart: the iterations 1 to the
// most any of runs made.
func iterationAxis(runs []RunStats) []string {
	n := 0
	for _, r := range runs {
		n = max(n, len(iterationsOf(r)))
	}
	xs := make([]string, n)
	for i := range xs {
		xs[i] = strconv.Itoa(i + 1)
	}
	return xs
}

// iterationCounts charts a run's expanded, generated and pruned nodes per
// iteration, by bound (several runs compare in compareIterations).
func iterationCounts(r RunStats) map[string]any {
	xs, index := boundAxis([]RunStats{r})
	bar := charts.NewBar()
	l := r.Lang
	bar.SetGlobalOptions(noAnimation(), title(l.T("run.chart.iterations")), legend(true), tooltip(), grid(legendLines(3)), countAxis(l), xAxis(l.T("run.chart.bound")))
	bar.SetXAxis(xs)
	e := make([]int64, len(xs))
	g := make([]int64, len(xs))
	p := make([]int64, len(xs))
	for _, it := range iterationsOf(r) {
		i := index[it.Bound]
		e[i], g[i], p[i] = it.Expanded, it.Generated, it.Pruned
	}
	bar.AddSeries(l.T("run.chart.expanded"), barValues(e, len(xs)), charts.WithItemStyleOpts(opts.ItemStyle{Color: colVisited}))
	bar.AddSeries(l.T("run.chart.generated"), barValues(g, len(xs)), charts.WithItemStyleOpts(opts.ItemStyle{Color: colGenerated}))
	bar.AddSeries(l.T("run.chart.pruned"), barValues(p, len(xs)), charts.WithItemStyleOpts(opts.ItemStyle{Color: colPruned}))
	bar.Validate()
	return hatched(bar.JSON(), 2)
}

// boundChart charts a run's bound per iteration (several runs compare in
// compareBounds).
func boundChart(r RunStats) map[string]any {
	line := charts.NewLine()
	l := r.Lang
	line.SetGlobalOptions(noAnimation(), title(l.T("run.chart.bounds")), legend(false), tooltip(), grid(0), xAxis(l.T("run.chart.iteration")),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: l.T("run.chart.bound"), Scale: opts.Bool(true), MinInterval: 1}))
	line.SetXAxis(iterationAxis([]RunStats{r}))
	var ds []opts.LineData
	for _, it := range iterationsOf(r) {
		ds = append(ds, opts.LineData{Value: it.Bound})
	}
	line.AddSeries(runName(r), ds, charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true)}))
	line.Validate()
	return line.JSON()
}

// hStarChart charts h along the solution path against h* (the true
// distance to go), once a run is solved: the active run's h*, and h of each
// solved run (kept runs too), named by its heuristic, in its colour. Nil
// before a solution, or for runs without a tree (fast ones).
func hStarChart(active RunStats, all []RunStats) map[string]any {
	h := active.SolutionH
	if active.Status != trace.StatusSolved || len(h) == 0 {
		return nil
	}
	var solved []RunStats
	depths := len(h)
	for _, r := range all {
		if r.Status == trace.StatusSolved && len(r.SolutionH) > 0 {
			solved = append(solved, r)
			depths = max(depths, len(r.SolutionH))
		}
	}
	xs := make([]string, depths)
	for d := range xs {
		xs[d] = strconv.Itoa(d)
	}
	// The tree fills SolutionStar with SolutionH, one value a path node.
	stars := make([]opts.LineData, len(active.SolutionStar))
	for d, v := range active.SolutionStar {
		stars[d] = opts.LineData{Value: v}
	}
	line := charts.NewLine()
	l := active.Lang
	line.SetGlobalOptions(noAnimation(), title(l.T("run.chart.hstar")), legend(true), tooltip(),
		grid(legendLines(1+len(solved))), xAxis(l.T("run.chart.depth")),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: l.T("run.chart.cost-to-go"), MinInterval: 1}))
	line.SetXAxis(xs)
	line.AddSeries(l.T("run.chart.hstar-series"), stars, charts.WithItemStyleOpts(opts.ItemStyle{Color: colSolution}),
		charts.WithLineStyleOpts(opts.LineStyle{Type: "dashed"}),
		charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true)}))
	for _, r := range solved {
		hs := make([]opts.LineData, len(r.SolutionH))
		for d, v := range r.SolutionH {
			hs[d] = opts.LineData{Value: v}
		}
		c := RunColour(r.ID)
		line.AddSeries(l.T("run.chart.h-series", lang.Args{"Heuristic": heuristicName(r, solved)}), hs, charts.WithItemStyleOpts(opts.ItemStyle{Color: c}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: c}),
			charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true)}))
	}
	line.Validate()
	return line.JSON()
}

// heuristicName names a run by its heuristic, and by its algorithm and id
// too where another of runs has the same heuristic.
func heuristicName(r RunStats, runs []RunStats) string {
	name := ""
	if r.Run != nil {
		name = r.Run.Heuristic
	}
	for _, o := range runs {
		if o.ID != r.ID && o.Run != nil && r.Run != nil && o.Run.Heuristic == r.Run.Heuristic {
			return runName(r)
		}
	}
	return name
}

// lineOfCounts is a line chart of the open list's node counts (the count
// axis: log scale when the page asks) over a category axis: a dark line over
// the open list's yellow.
func lineOfCounts(l *lang.Printer, titleText, xName, seriesName string, xs []string, ys []int64) map[string]any {
	line := charts.NewLine()
	line.SetGlobalOptions(noAnimation(), title(titleText), legend(false), tooltip(), grid(0), countAxis(l), xAxis(xName))
	line.SetXAxis(xs)
	ds := make([]opts.LineData, len(ys))
	for i, y := range ys {
		ds[i] = opts.LineData{Value: y}
	}
	line.AddSeries(seriesName, ds, charts.WithItemStyleOpts(opts.ItemStyle{Color: colOpen}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: colOutline}),
		charts.WithAreaStyleOpts(opts.AreaStyle{Color: colOpen, Opacity: opts.Float(0.7)}),
		charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}))
	line.Validate()
	return line.JSON()
}

// aStarFHistogram charts an A* run's f values: the nodes expanded against
// the nodes on the open list, side by side at each f, the f being expanded
// marked. A* has no bound: with a consistent heuristic the f it expands
// only grows, and the open list holds what it will expand next.
func aStarFHistogram(s RunStats) map[string]any {
	visit, open := s.Current.VisitF, s.AStar.OpenByF
	xs, vs, os := barsAt(fAxis(visit, open, s.AStar.Expanding, s.AStar.Expanding), visit, open)
	bar := charts.NewBar()
	l := s.Lang
	bar.SetGlobalOptions(noAnimation(), title(l.T("run.chart.astar-fhist")), legend(true), tooltip(), grid(1), countAxis(l), xAxis("f"))
	bar.SetXAxis(xs)
	bar.AddSeries(l.T("run.chart.expanded"), vs, charts.WithItemStyleOpts(opts.ItemStyle{Color: colVisited}),
		charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: l.T("run.chart.expanding"), XAxis: strconv.Itoa(s.AStar.Expanding)}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label: &opts.Label{Show: opts.Bool(true), Formatter: "{b}"}}))
	bar.AddSeries(l.T("run.chart.on-open"), os, charts.WithItemStyleOpts(opts.ItemStyle{Color: colOpen, BorderColor: colOutline, BorderWidth: 1}))
	bar.Validate()
	return bar.JSON()
}

// bigIteration is the nodes an iteration must generate before the page
// adds its effort chart: below it, the tree itself says where they went.
const bigIteration = 10_000

// effortChart shows where a big iteration's effort went: its generated
// nodes by the first move from the start (inner ring) and the second
// (outer), so that one sees which opening the search spends its time
// under. It is nil for a small iteration, or one without node events.
func effortChart(s RunStats) map[string]any {
	var total int64
	for _, e := range s.Effort {
		total += e.Nodes
	}
	if total < bigIteration {
		return nil
	}
	var info *trace.RunInfo = s.Run
	name := func(m int) string { return moveNames(info, []int{m})[0] }
	var data []opts.SunBurstData
	for _, e := range s.Effort {
		if len(data) == 0 || data[len(data)-1].Name != name(e.First) {
			data = append(data, opts.SunBurstData{Name: name(e.First)})
		}
		first := &data[len(data)-1]
		first.Value += float64(e.Nodes)
		if e.Second != noMove {
			first.Children = append(first.Children, &opts.SunBurstData{Name: name(e.Second), Value: float64(e.Nodes)})
		}
	}
	sb := charts.NewSunburst()
	// The status counts the start among the iteration's generated nodes;
	// the rings hold those under it. The title counts as the status does,
	// and says what the rings leave out.
	sb.SetGlobalOptions(noAnimation(),
		charts.WithTitleOpts(opts.Title{Title: s.Lang.T("run.chart.effort", lang.Args{"Iteration": s.Current.Iteration, "Nodes": Thousands(total + 1)}),
			Subtitle: s.Lang.T("run.chart.effort-sub", lang.Args{"Nodes": Thousands(total)}), Left: "center", Top: "2",
			TitleStyle: &opts.TextStyle{FontSize: 13}, SubtitleStyle: &opts.TextStyle{FontSize: 12}}),
		legend(false), charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true)}))
	sb.AddSeries(s.Lang.T("run.chart.nodes"), data, charts.WithSunburstOpts(opts.SunburstChart{Animation: opts.Bool(false)}))
	sb.Validate()
	o := sb.JSON()
	// Labels upright (echarts turns them along the radius, upside down on
	// the left), and none on a sector too thin to hold one: go-echarts has
	// no field for either.
	var series []map[string]any
	if b, err := json.Marshal(o["series"]); err == nil && json.Unmarshal(b, &series) == nil && len(series) == 1 {
		series[0]["label"] = map[string]any{"rotate": 0, "minAngle": 8}
		o["series"] = series
	}
	return o
}

func runName(r RunStats) string {
	if r.Label != "" {
		return "#" + strconv.Itoa(r.ID) + " " + r.Label
	}
	return "#" + strconv.Itoa(r.ID)
}
