package report

import (
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Table is one of the report's tables, drawn both as text and as HTML.
type Table struct {
	Caption string
	Head    []string
	Rows    [][]string
}

func summaryRows(sums []Summary, name func(Series) string) Table {
	t := Table{Caption: "Summary per heuristic",
		Head: []string{"heuristic", "runs", "solved", "mean generated", "total generated", "mean time", "total time", "mean EBF"}}
	for _, s := range sums {
		t.Rows = append(t.Rows, []string{name(s.Series), strconv.Itoa(s.Runs), strconv.Itoa(s.Solved),
			fmt.Sprintf("%.0f", s.MeanGenerated), strconv.FormatInt(s.TotalGenerated, 10),
			Duration(s.MeanSeconds), Duration(s.TotalSeconds), fmt.Sprintf("%.3f", s.EBF)})
	}
	return t
}

// Duration writes seconds in the unit that shows them: a fast run's mean
// is microseconds, not "0.0000 s".
func Duration(sec float64) string {
	switch {
	case sec <= 0:
		return "0"
	case sec < 1e-3:
		return strconv.FormatFloat(sec*1e6, 'f', precision(sec*1e6), 64) + " µs"
	case sec < 1:
		return strconv.FormatFloat(sec*1e3, 'f', precision(sec*1e3), 64) + " ms"
	}
	return strconv.FormatFloat(sec, 'f', precision(sec), 64) + " s"
}

// precision gives three significant digits to a value from 1 to 1000 (and
// none after the point from 100 on).
func precision(v float64) int {
	switch {
	case v < 10:
		return 2
	case v < 100:
		return 1
	}
	return 0
}

// depthTable is Russell and Norvig's layout: a row per solution depth,
// the search cost of each series, then each one's effective branching
// factor.
func depthTable(rows []Depth, series []Series, name func(Series) string) Table {
	t := Table{Caption: "Search cost (mean nodes generated) and effective branching factor by solution depth",
		Head: []string{"depth", "instances"}}
	for _, s := range series {
		t.Head = append(t.Head, "cost "+name(s))
	}
	for _, s := range series {
		t.Head = append(t.Head, "EBF "+name(s))
	}
	var depths []int
	for _, r := range rows {
		if !slices.Contains(depths, r.Depth) {
			depths = append(depths, r.Depth)
		}
	}
	if len(depths) < 2 {
		return Table{}
	}
	for _, d := range depths {
		cost := make([]string, len(series))
		ebf := make([]string, len(series))
		n := 0
		for i := range series {
			cost[i], ebf[i] = "-", "-"
		}
		for _, r := range rows {
			if r.Depth == d {
				i := slices.Index(series, r.Series)
				cost[i] = fmt.Sprintf("%.0f", r.MeanGenerated)
				ebf[i] = fmt.Sprintf("%.2f", r.EBF)
				n = max(n, r.Runs)
			}
		}
		t.Rows = append(t.Rows, slices.Concat([]string{strconv.Itoa(d), strconv.Itoa(n)}, cost, ebf))
	}
	return t
}

// runTable has a row per instance: its solution length and each series'
// nodes generated (or how the run ended, when it did not solve).
func runTable(runs []Run, series []Series, name func(Series) string) Table {
	t := Table{Caption: "Nodes generated per instance", Head: []string{"instance", "length"}}
	for _, s := range series {
		t.Head = append(t.Head, name(s))
	}
	var order []int
	rows := map[int][]string{}
	for _, r := range runs {
		row, ok := rows[r.Instance]
		if !ok {
			row = make([]string, 2+len(series))
			row[0], row[1] = strconv.Itoa(r.Instance), "-"
			for i := 2; i < len(row); i++ {
				row[i] = "-"
			}
			order = append(order, r.Instance)
			rows[r.Instance] = row
		}
		cell := strconv.FormatInt(r.Generated, 10)
		if r.Solved {
			row[1] = strconv.Itoa(r.Length)
		} else {
			cell += " (unsolved)"
		}
		row[2+slices.Index(series, Series{r.Heuristic, r.Algo})] = cell
	}
	slices.Sort(order)
	for _, i := range order {
		t.Rows = append(t.Rows, rows[i])
	}
	return t
}

// WriteText writes the tables for a terminal: the runs per instance (when
// there are at most maxRows instances), the summary, and the table by depth
// when the solutions have several lengths.
func WriteText(w io.Writer, runs []Run, maxRows int) error {
	series := SeriesOf(runs)
	name := func(s Series) string { return s.Heuristic + " " + algoName(s.Algo) }
	var tables []Table
	if rt := runTable(runs, series, name); len(rt.Rows) <= maxRows {
		tables = append(tables, rt)
	}
	tables = append(tables, summaryRows(Summarize(runs), name), depthTable(ByDepth(runs), series, name))
	for _, t := range tables {
		if len(t.Rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s:\n", t.Caption)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, strings.Join(t.Head, "\t")+"\t")
		for _, r := range t.Rows {
			fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	return nil
}

var page = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; max-width: 1200px; }
h1 { font-size: 20px; }
h2 { font-size: 15px; margin: 28px 0 6px; }
table { border-collapse: collapse; margin: 8px 0 16px; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.chart { width: 100%; height: 420px; }
.note { color: #555; max-width: 900px; }
.warn { color: #a00; }
</style>
<script>{{.Echarts}}</script>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="note">Instances: {{.Instances}}.{{if .Interrupted}} <span class="warn">Interrupted: only the runs that finished are shown.</span>{{end}}</p>
{{template "table" .Summary}}
{{template "table" .Depths}}
{{range .Charts}}<h2>{{.Title}}</h2>
{{if and (eq .ID "values") $.Parity}}<p class="note" data-note="parity">The zig-zag between odd and even h is parity, not noise: on the sliding-tile puzzles every move changes Manhattan distance by exactly 1 (linear conflict adds conflicts in twos), and so does the blank's distance from its goal cell, so a state's h is even or odd as that distance is. The even values and the odd ones are two distributions side by side, each smooth on its own.</p>{{end}}
{{if eq .ID "predicted" "iterations"}}<p class="note">Predicted: Korf, Reid and Edelkamp's E(N,d,P) = Σ N<sub>i</sub>·P(d−i), the mean number of nodes an iteration of bound d generates over random start states. One instance can differ from it by a large factor (its own h at the start weighs much), and the last iteration stops at the goal.</p>{{end}}
<div class="chart" id="chart-{{.ID}}" data-chart="{{.ID}}"></div>
{{end}}
{{template "table" .Runs}}
<script>
(function () {
  var options = {{.Options}};
  var drawn = 0;
  document.querySelectorAll('[data-chart]').forEach(function (el) {
    var chart = echarts.init(el);
    chart.setOption(options[el.dataset.chart]);
    window.addEventListener('resize', function () { chart.resize(); });
    drawn++;
  });
  window.reportCharts = drawn;
})();
</script>
</body>
</html>
{{define "table"}}{{if .Rows}}<table>
<caption>{{.Caption}}</caption>
<tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>{{end}}{{end}}
`))
