package predict

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

func TestDistribution(t *testing.T) {
	d, err := FromCounts([]float64{1, 0, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    int
		want float64
	}{{-1, 0}, {0, 0.25}, {1, 0.25}, {2, 1}, {9, 1}} {
		if got := d.P(c.v); got != c.want {
			t.Errorf("P(%d) = %v, want %v", c.v, got, c.want)
		}
	}
	if d.Max() != 2 || d.Mean() != 1.5 {
		t.Errorf("max %d mean %v, want 2 and 1.5", d.Max(), d.Mean())
	}
	s := d.Sum(d) // values 0 (1/16), 2 (6/16), 4 (9/16)
	if s.Mass(0) != 1.0/16 || s.Mass(2) != 6.0/16 || s.Mass(4) != 9.0/16 || s.Max() != 4 {
		t.Errorf("sum: masses %v %v %v, max %d", s.Mass(0), s.Mass(2), s.Mass(4), s.Max())
	}
	for _, bad := range [][]float64{nil, {0, 0}, {1, -1}, {math.NaN()}} {
		if _, err := FromCounts(bad); err == nil {
			t.Errorf("FromCounts(%v) took it", bad)
		}
	}
}

// TestDistributionJSON: a distribution reads back exactly as it was
// written, and what is not a distribution is refused.
func TestDistributionJSON(t *testing.T) {
	d, err := FromCounts([]float64{3, 0, 1, 7, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back Distribution
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	for v := -1; v < 8; v++ {
		if back.P(v) != d.P(v) {
			t.Errorf("P(%d) = %v after %s, was %v", v, back.P(v), b, d.P(v))
		}
	}
	if back.Max() != 3 {
		t.Errorf("max %d, want 3", back.Max())
	}
	for _, bad := range []string{`null`, `[]`, `[0.5]`, `[0.5, 0.4, 1]`, `[-0.1, 1]`, `[0.5, 1.5, 1]`, `"x"`, `[1, 1e999]`} {
		var d Distribution
		if err := json.Unmarshal([]byte(bad), &d); err == nil {
			t.Errorf("%s read as a distribution", bad)
		}
	}
	if _, err := json.Marshal(Distribution{}); err == nil {
		t.Error("the zero Distribution was written")
	}
}

// TestModel: a model needs a distribution for each kind of class, and
// predicts what the formula says on a tree small enough to sum by hand.
func TestModel(t *testing.T) {
	// Class 0 has two children of class 1, class 1 one child of class 0;
	// h is 0 or 1 with equal odds at class 0, always 1 at class 1.
	tree := &Tree{Children: [][]int{{1, 1}, {0}}, HClass: []int{0, 1}}
	p0, _ := FromCounts([]float64{1, 1})
	p1, _ := FromCounts([]float64{0, 1})
	if _, err := NewModel(tree, []Distribution{p0}); err == nil {
		t.Fatal("a model without class 1's distribution")
	}
	m, err := NewModel(tree, []Distribution{p0, p1})
	if err != nil {
		t.Fatal(err)
	}
	if got := tree.Levels(0, 3); !slices.Equal(got, []float64{1, 2, 2, 4}) {
		t.Errorf("levels %v, want [1 2 2 4]", got)
	}
	// Bound 1: the root is expanded with P0(1) = 1 (generating 2), the two
	// children at depth 1 with P1(0) = 0.
	// Bound 2: the root with 1; depth 1: 2·P1(1) = 2, each generating 1;
	// depth 2: 2·P0(0) = 1, each generating 2.
	for _, c := range []struct {
		bound int
		want  Counts
	}{{-1, Counts{0, 1}}, {0, Counts{0.5, 2}}, {1, Counts{1, 3}}, {2, Counts{4, 7}}} {
		if got := m.Predictor(0)(c.bound); got != c.want {
			t.Errorf("bound %d: %+v, want %+v", c.bound, got, c.want)
		}
	}
}
