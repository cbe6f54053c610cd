package fold

import (
	"encoding/json"
	"testing"
)

// comparison is what the tests read of a comparison chart.
type comparison struct {
	Legend struct{ Data []string }
	Series []struct {
		Name      string
		Stack     string
		ItemStyle struct {
			Color string
			Decal any
		}
		LineStyle struct{ Width float64 }
		Data      []struct{ Value float64 }
	}
	XAxis    []struct{ Data []string }
	VizKinds []string
}

func decodeComparison(t *testing.T, o map[string]any) comparison {
	t.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var c comparison
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return c
}

func TestCompareCharts(t *testing.T) {
	a, b := sampleRun(1, "manhattan"), sampleRun(2, "misplaced")
	// b starts a bound later: no iteration at bound 10.
	b.Iterations = nil
	runs := []RunStats{a, b}
	for _, tc := range []struct {
		name  string
		chart map[string]any
		bars  bool
	}{
		{"fhist", compareFHistogram(runs, 10, false), true},
		{"fhistTotal", compareFHistogram(runs, 10, true), true},
		{"iterations", compareIterations(runs), true},
		{"bounds", compareBounds(runs), false},
	} {
		c := decodeComparison(t, tc.chart)
		if len(c.Legend.Data) != 2 || c.Legend.Data[0] != "#1 manhattan ida" || c.Legend.Data[1] != "#2 misplaced ida" {
			t.Errorf("%s: legend %v, want one entry a run", tc.name, c.Legend.Data)
		}
		if len(c.VizKinds) != len(c.Series) {
			t.Errorf("%s: %d kinds for %d series", tc.name, len(c.VizKinds), len(c.Series))
		}
		for i, s := range c.Series {
			want := RunColour(1)
			if s.Name == "#2 misplaced ida" {
				want = RunColour(2)
			}
			if s.ItemStyle.Color != want {
				t.Errorf("%s: series %d (%s) in %s, want %s", tc.name, i, s.Name, s.ItemStyle.Color, want)
			}
			if tc.bars && (s.ItemStyle.Decal != nil) != (i%2 == 1) {
				t.Errorf("%s: series %d: hatched %v, want every second one hatched", tc.name, i, s.ItemStyle.Decal != nil)
			}
		}
		if !tc.bars && c.Series[0].LineStyle.Width <= c.Series[1].LineStyle.Width {
			t.Errorf("bounds: the later run's line (%v) is not thinner than the earlier's (%v)", c.Series[1].LineStyle.Width, c.Series[0].LineStyle.Width)
		}
	}
	// The f histogram at bound 10: run 1's iteration there, nothing of run 2.
	c := decodeComparison(t, compareFHistogram(runs, 10, false))
	sum := func(i int) (n float64) {
		for _, d := range c.Series[i].Data {
			n += d.Value
		}
		return n
	}
	if sum(0) != 3 || sum(1) != 4 || sum(2) != 0 || sum(3) != 0 {
		t.Errorf("at bound 10: visited %v, pruned %v of run 1; %v, %v of run 2; want 3, 4, 0, 0", sum(0), sum(1), sum(2), sum(3))
	}
	// At bound 12 both runs have an iteration (the one under way).
	c = decodeComparison(t, compareFHistogram(runs, 12, false))
	if sum(0) != 5 || sum(2) != 5 {
		t.Errorf("at bound 12: %v and %v visited, want 5 and 5", sum(0), sum(2))
	}
}

func TestRunColours(t *testing.T) {
	// A tab's runs have consecutive ids, at most MaxRuns of them: any
	// window of them has distinct colours.
	for first := 1; first < 20; first++ {
		seen := map[string]int{}
		for id := first; id < first+MaxRuns; id++ {
			if o, ok := seen[RunColour(id)]; ok {
				t.Fatalf("runs %d and %d share %s", o, id, RunColour(id))
			}
			seen[RunColour(id)] = id
		}
	}
}
