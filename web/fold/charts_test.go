package fold

import (
	"encoding/json"
	"testing"

	"idaviz/trace"
)

type echartsOption struct {
	XAxis []struct {
		Data []string `json:"data"`
		Type string   `json:"type"`
	} `json:"xAxis"`
	YAxis []struct {
		Type string `json:"type"`
	} `json:"yAxis"`
	Series []struct {
		Name string `json:"name"`
		Type string `json:"type"`
		Data []struct {
			Value *float64 `json:"value"`
		} `json:"data"`
	} `json:"series"`
}

func decodeOption(t *testing.T, o map[string]any) echartsOption {
	t.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatalf("the chart's options do not encode: %v", err)
	}
	var opt echartsOption
	if err := json.Unmarshal(b, &opt); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return opt
}

func sampleRun(id int, h string) RunStats {
	return RunStats{ID: id, Label: h + " ida", Snapshot: trace.Snapshot{
		Bound: 12,
		Iterations: []trace.Iteration{
			{Iteration: 1, Bound: 10, NextBound: 12, Counts: trace.Counts{Expanded: 3, Generated: 7, Pruned: 4},
				VisitF: []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, PruneF: []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4}},
		},
		Current: trace.Iteration{Iteration: 2, Bound: 12, Counts: trace.Counts{Expanded: 5, Generated: 11, Pruned: 6},
			VisitF: []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 4}, PruneF: []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6}},
	}}
}

func TestFHistogram(t *testing.T) {
	r := sampleRun(1, "manhattan")
	opt := decodeOption(t, fHistogram(r, false))
	if len(opt.Series) != 2 || opt.Series[0].Name != "visited" {
		t.Fatalf("series: %+v", opt.Series)
	}
	// The axis starts at the first f with nodes and reaches past the bound.
	xs := opt.XAxis[0].Data
	if xs[0] != "10" || xs[len(xs)-1] != "14" {
		t.Errorf("f axis %v, want 10..14", xs)
	}
	val := func(s, i int) float64 {
		if v := opt.Series[s].Data[i].Value; v != nil {
			return *v
		}
		return -1
	}
	if val(0, 2) != 4 || val(1, 4) != 6 || val(0, 0) != 1 {
		t.Errorf("values: %+v", opt.Series)
	}
	cum := decodeOption(t, fHistogram(r, true))
	if v := cum.Series[0].Data[0].Value; v == nil || *v != 4 {
		t.Errorf("cumulative visited at f=10: %v, want 3+1", v)
	}
	// An empty run draws an empty chart.
	decodeOption(t, fHistogram(RunStats{}, false))
}

func TestIterationCharts(t *testing.T) {
	// One run's charts; several runs compare in compare.go (TestCompareCharts).
	r := sampleRun(1, "manhattan")
	opt := decodeOption(t, iterationCounts(r))
	if len(opt.Series) != 3 || len(opt.XAxis[0].Data) != 2 {
		t.Fatalf("a run of two iterations: %d series (want expanded, generated, pruned), %d iterations", len(opt.Series), len(opt.XAxis[0].Data))
	}
	if v := opt.Series[1].Data[1].Value; v == nil || *v != 11 {
		t.Errorf("generated in iteration 2: %v", v)
	}
	b := decodeOption(t, boundChart(r))
	if len(b.Series) != 1 || len(b.Series[0].Data) != 2 || *b.Series[0].Data[1].Value != 12 {
		t.Errorf("bounds: %+v", b.Series)
	}
	decodeOption(t, iterationCounts(RunStats{}))
	decodeOption(t, boundChart(RunStats{}))
}

// TestEffortChartCounts: the effort chart of a big iteration counts its
// nodes as the status does (the start among them), and says that its rings
// hold the ones under the start.
func TestEffortChartCounts(t *testing.T) {
	s := sampleRun(1, "manhattan")
	s.Effort = []Effort{{First: 0, Second: noMove, Nodes: 1}, {First: 0, Second: 1, Nodes: 1_400_000}, {First: 1, Second: 0, Nodes: 700_177}}
	s.Current.Generated = 2_100_179 // the start and the 2,100,178 under it
	b, err := json.Marshal(effortChart(s))
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Title struct {
			Text    string `json:"text"`
			Subtext string `json:"subtext"`
		} `json:"title"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("the effort chart's title: %s (%v)", b, err)
	}
	if got, want := o.Title.Text, "iteration 2's 2,100,179 nodes by first moves"; got != want {
		t.Errorf("title %q, want %q: the status's count", got, want)
	}
	if got, want := o.Title.Subtext, "the start, and the 2,100,178 under its moves"; got != want {
		t.Errorf("subtitle %q, want %q", got, want)
	}
}

// TestChartsWhileBuilding: a run that builds its databases has no counts
// yet; the state's charts are empty ones, not the previous run's (which
// the page would keep drawing).
func TestChartsWhileBuilding(t *testing.T) {
	var building RunData
	building.Frame.Build = "building pattern database 555: depth 3"
	msg := BuildStateLock("live", []RunData{building}, 0)
	if msg.Charts == nil {
		t.Fatal("a run building its databases sends no charts: the page keeps the last run's")
	}
	for _, k := range []string{"fhist", "iterations"} {
		o := decodeOption(t, msg.Charts[k].(map[string]any))
		for _, s := range o.Series {
			for _, d := range s.Data {
				if d.Value != nil && *d.Value != 0 {
					t.Errorf("chart %s of a run with no counts shows %s %v", k, s.Name, *d.Value)
				}
			}
		}
	}
	if o := decodeOption(t, msg.Charts["iterations"].(map[string]any)); len(o.Series) == 1 {
		t.Errorf("the iterations chart while building is an A* run's open list: %+v", o)
	}
}
