package web

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"idaviz/check"
	"idaviz/lang"
	"idaviz/web/fold"
)

// checkPoints is the most points a line of the check's chart has: levels
// beyond it are merged, so a problem with thousands of distinct costs
// still draws at once.
const checkPoints = 400

// checkChart is a check's h against h* (check.Report's Levels): for each
// h*, the largest, mean and least h of its states, beside the line h = h*.
// A point of the largest h above that line is a state where h overestimates
// (inadmissible); the gap below it is what the heuristic does not see.
// Levels merged for room are drawn at their largest h*, so an admissible
// heuristic never looks otherwise. Its words are in l's language.
func checkChart(l *lang.Printer, levels []check.Level) map[string]any {
	levels = mergeLevels(levels, checkPoints)
	most, hi, mean, lo := 0, []opts.LineData{}, []opts.LineData{}, []opts.LineData{}
	for _, lv := range levels {
		most = max(most, lv.HStar, lv.MaxH)
		hi = append(hi, opts.LineData{Value: []any{lv.HStar, lv.MaxH}})
		mean = append(mean, opts.LineData{Value: []any{lv.HStar, lv.MeanH}})
		lo = append(lo, opts.LineData{Value: []any{lv.HStar, lv.MinH}})
	}
	line := charts.NewLine()
	line.SetGlobalOptions(fold.ChartLayout(l.T("server.check-chart.title"), 2)...)
	line.SetGlobalOptions(charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: l.T("server.check-chart.x"), NameLocation: "middle", NameGap: 24, Min: 0}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "h", Min: 0}))
	symbols := charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true), SymbolSize: 5})
	line.AddSeries(l.T("server.check-chart.perfect"), []opts.LineData{{Value: []any{0, 0}}, {Value: []any{most, most}}},
		charts.WithItemStyleOpts(opts.ItemStyle{Color: fold.StatusColour(fold.StatusSolution)}),
		charts.WithLineStyleOpts(opts.LineStyle{Type: "dashed"}))
	// The mean drawn last, over the others: where every state of an h*
	// has one h, the three are one point.
	line.AddSeries(l.T("server.check-chart.least"), lo, charts.WithItemStyleOpts(opts.ItemStyle{Color: fold.GeneratedColour()}), symbols)
	line.AddSeries(l.T("server.check-chart.largest"), hi, charts.WithItemStyleOpts(opts.ItemStyle{Color: fold.StatusColour(fold.StatusPruned)}), symbols)
	line.AddSeries(l.T("server.check-chart.mean"), mean, charts.WithItemStyleOpts(opts.ItemStyle{Color: fold.StatusColour(fold.StatusExpanded)}), symbols)
	line.Validate()
	return line.JSON()
}

// mergeLevels merges runs of consecutive levels into at most n, each at
// its largest h*, with the states' least, mean and largest h.
func mergeLevels(levels []check.Level, n int) []check.Level {
	if len(levels) <= n {
		return levels
	}
	per := (len(levels) + n - 1) / n
	var out []check.Level
	for i := 0; i < len(levels); i += per {
		m := levels[i]
		sum := m.MeanH * float64(m.States)
		for _, l := range levels[i+1 : min(i+per, len(levels))] {
			m.HStar, m.States = l.HStar, m.States+l.States
			m.MinH, m.MaxH = min(m.MinH, l.MinH), max(m.MaxH, l.MaxH)
			sum += l.MeanH * float64(l.States)
		}
		m.MeanH = sum / float64(m.States)
		out = append(out, m)
	}
	return out
}
