package web

import (
	"encoding/json"
	"testing"

	"idaviz/check"
)

// admissibleLevels is an admissible heuristic's levels 0..n-1 of h*: level i has
// i%5+1 states, with h from i/2 to i.
func admissibleLevels(n int) []check.Level {
	var ls []check.Level
	for i := range n {
		states := i%5 + 1
		ls = append(ls, check.Level{HStar: i, States: states, MinH: i / 2, MeanH: float64(i/2+i) / 2, MaxH: i})
	}
	return ls
}

func TestMergeLevels(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		levels, n, want int
	}{
		{0, 400, 0},
		{7, 400, 7},
		{400, 400, 400},
		{401, 400, 201}, // two to a point
		{1000, 400, 334},
		{5000, 3, 3},
	} {
		in := admissibleLevels(tt.levels)
		out := mergeLevels(in, tt.n)
		if len(out) != tt.want {
			t.Errorf("%d levels into %d: %d, want %d", tt.levels, tt.n, len(out), tt.want)
			continue
		}
		states, sum := 0, 0.0
		for _, l := range in {
			states += l.States
			sum += l.MeanH * float64(l.States)
		}
		gotStates, gotSum := 0, 0.0
		for _, l := range out {
			if l.MaxH > l.HStar {
				t.Errorf("%d levels into %d: level %+v overestimates, but every state's h was at most its h*", tt.levels, tt.n, l)
			}
			if l.MinH > l.MaxH || l.MeanH < float64(l.MinH) || l.MeanH > float64(l.MaxH) {
				t.Errorf("%d levels into %d: level %+v: its mean is not between its least and largest h", tt.levels, tt.n, l)
			}
			gotStates += l.States
			gotSum += l.MeanH * float64(l.States)
		}
		if gotStates != states || gotSum < sum-1e-6*sum || gotSum > sum+1e-6*sum {
			t.Errorf("%d levels into %d: %d states with h summing to %g, want %d and %g", tt.levels, tt.n, gotStates, gotSum, states, sum)
		}
		if len(out) > 0 && out[len(out)-1].HStar != in[len(in)-1].HStar {
			t.Errorf("%d levels into %d: the last point is at h* %d, want %d", tt.levels, tt.n, out[len(out)-1].HStar, in[len(in)-1].HStar)
		}
	}
}

// The chart draws the line h = h* to the largest h* or h, and each of its
// three lines with at most checkPoints points.
func TestCheckChart(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(checkChart(nil, admissibleLevels(1000)))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Series []struct {
			Name string
			Data []struct{ Value []float64 }
		}
	}
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if len(c.Series) != 4 {
		t.Fatalf("%d series, want the line h = h* and three of h", len(c.Series))
	}
	if d := c.Series[0].Data; len(d) != 2 || d[1].Value[0] != 999 || d[1].Value[1] != 999 {
		t.Errorf("%s: %v, want (0, 0) to (999, 999)", c.Series[0].Name, d)
	}
	for _, s := range c.Series[1:] {
		if len(s.Data) == 0 || len(s.Data) > checkPoints {
			t.Errorf("%s: %d points, want 1 to %d", s.Name, len(s.Data), checkPoints)
		}
	}
}
