package fold

import (
	"encoding/json"
	"strings"

	"idaviz/lang"
	"idaviz/trace"
)

// ChartTemplates are the options of each chart an exported replay draws,
// by name: made by charts.go's go-echarts builders from a template run,
// emptied of its data (axis and series data), with placeholders where a
// title, a series' name or a mark line names the run's values
// ({iteration}, {bound}, {next}, {expanding}, {nodes}, {label},
// {heuristic}). The page's replay fills them with its run's data
// (web/static/replaystate.js), so that what a chart looks like is decided
// in charts.go alone; go generate in web/static writes them into
// shared.js, and TestReplayStateMatchesGo holds the filled charts to the
// server's.
//
// Their words are l's language (nil: English): the generator writes a set
// of templates for each language the page speaks.
func ChartTemplates(l *lang.Printer) map[string]any {
	// The template run has every optional part: a bound that rose (the
	// histogram's next-bound mark), a solution (the h* chart), a big
	// iteration (the effort chart). Its values are markers the
	// placeholders replace.
	s := RunStats{ID: 1, Label: "{label}", SolutionH: []int{1, 0}, SolutionStar: []int{1, 0},
		Effort: []Effort{{First: 0, Second: 1, Nodes: 9_000_005}}}
	s.Lang = l
	s.Run = &trace.RunInfo{Heuristic: "{heuristic}", Algorithm: "ida", MoveNames: []string{"a", "b"}}
	s.Status = trace.StatusSolved
	s.Bound = 900_003
	s.Current = trace.Iteration{Iteration: 900_001, Bound: 900_002, VisitF: []int64{1}}
	a := s
	a.AStar = &AStarStats{OpenByF: []int64{1}, Expanding: 900_004}
	return map[string]any{
		"fhist":      emptied(fHistogram(s, false)),
		"fhistTotal": emptied(fHistogram(s, true)),
		"iterations": emptied(iterationCounts(s)),
		"bounds":     emptied(boundChart(s)),
		"hstar":      emptied(hStarChart(s, []RunStats{s})),
		"effort":     emptied(effortChart(s)),
		"astarFhist": emptied(aStarFHistogram(a)),
		"openSize":   emptied(openSizeChart(l, []sizePoint{{N: 1, Size: 1}})),
	}
}

// markers are the template run's values, by the placeholders that stand
// for them.
var markers = strings.NewReplacer("900001", "{iteration}", "900002", "{bound}", "900003", "{next}", "900004", "{expanding}", "9,000,005", "{nodes}", "9,000,006", "{generated}")

// emptied is a chart's options, decoded as JSON decodes them, without the
// template run's data, its markers placeholders.
func emptied(o map[string]any) any {
	var m map[string]any
	if err := decoded(o, &m); err != nil {
		panic(err) // go-echarts' options always marshal
	}
	each := func(key string, f func(map[string]any)) {
		switch v := m[key].(type) {
		case map[string]any:
			f(v)
		case []any:
			for _, x := range v {
				if x, ok := x.(map[string]any); ok {
					f(x)
				}
			}
		}
	}
	each("xAxis", func(x map[string]any) { delete(x, "data") })
	each("series", func(s map[string]any) { delete(s, "data") })
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	var out any
	if err := json.Unmarshal([]byte(markers.Replace(string(b))), &out); err != nil {
		panic(err)
	}
	return out
}

// decoded is v marshalled and unmarshalled into out.
func decoded(v, out any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
