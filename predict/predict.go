// Package predict estimates IDA*'s node counts before searching, by Korf,
// Reid and Edelkamp's formula ("Time complexity of iterative-deepening-A*",
// Artificial Intelligence 129, 2001):
//
//	E(N, d, P) = Σ_i N_i · P(d − i)
//
// N_i is the number of nodes at depth i of the brute-force tree (the tree
// the move rule grows with no bound), and P(v) the equilibrium probability
// that a node's heuristic value is at most v. With a consistent heuristic a
// node is visited by the iteration of bound d exactly when g + h ≤ d, so the
// sum is the expected number of nodes with f ≤ d over start states drawn
// uniformly at random; one instance can be far from it.
//
// Nodes fall into classes (for the tiles: the blank's cell and the move
// that reached it) such that a node's children's classes depend on its class
// alone, so N_i is counted exactly, class by class; P is given per class
// too, because the heuristic's values depend on it (for the tiles the
// blank's cell fixes the parity of Manhattan distance).
//
// The package knows no puzzle: a puzzle gives its tree and its heuristics'
// distributions (puzzles/tiles does), and the catalogue offers them to the
// CLI and keeps the distributions, which take a while to compute.
package predict

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// ErrNoModel is wrapped by the errors of a puzzle or heuristic with no
// prediction.
var ErrNoModel = errors.New("no prediction for this puzzle and heuristic")

// Predictor predicts the node counts of each iteration of one instance.
type Predictor func(bound int) Counts

// Distribution is the distribution of a heuristic's values over states:
// P(v) is the probability that h ≤ v.
type Distribution struct {
	cum []float64 // cum[v] = P(h ≤ v); 1 from len(cum) on
}

// FromCounts makes a distribution from a histogram: counts[v] is how many
// states (or what weight of them) have h = v. It is the hook for exact
// value distributions, such as those of pattern databases.
func FromCounts(counts []float64) (Distribution, error) {
	var total float64
	for v, c := range counts {
		if c < 0 || math.IsNaN(c) || math.IsInf(c, 0) {
			return Distribution{}, fmt.Errorf("predict: the histogram count of value %d is %v", v, c)
		}
		total += c
	}
	if total == 0 {
		return Distribution{}, errors.New("predict: an empty histogram")
	}
	d := Distribution{cum: make([]float64, len(counts))}
	var run float64
	for v, c := range counts {
		run += c
		d.cum[v] = run / total
	}
	return d, nil
}

// MarshalJSON writes the cumulative probabilities P(0), P(1), ... P(Max).
func (d Distribution) MarshalJSON() ([]byte, error) {
	if len(d.cum) == 0 {
		return nil, errors.New("predict: the zero Distribution has no values")
	}
	return json.Marshal(d.cum[:d.Max()+1])
}

// UnmarshalJSON reads what MarshalJSON writes, checking that it is a
// distribution: probabilities that never decrease, the last of them 1.
func (d *Distribution) UnmarshalJSON(b []byte) error {
	var cum []float64
	if err := json.Unmarshal(b, &cum); err != nil {
		return err
	}
	if len(cum) == 0 || cum[len(cum)-1] != 1 {
		return errors.New("predict: a distribution's cumulative probabilities must end at 1")
	}
	prev := 0.0
	for v, p := range cum {
		if !(p >= prev && p <= 1) { // NaN fails too
			return fmt.Errorf("predict: P(h ≤ %d) = %v after %v", v, p, prev)
		}
		prev = p
	}
	d.cum = cum
	return nil
}

// P is the probability that h ≤ v.
func (d Distribution) P(v int) float64 {
	switch {
	case v < 0:
		return 0
	case v >= len(d.cum):
		return 1
	}
	return d.cum[v]
}

// Mass is the probability that h = v.
func (d Distribution) Mass(v int) float64 { return d.P(v) - d.P(v-1) }

// Max is the largest value with a positive probability.
func (d Distribution) Max() int {
	for v := len(d.cum) - 1; v > 0; v-- {
		if d.cum[v-1] < d.cum[v] {
			return v
		}
	}
	return 0
}

// Mean is the mean value.
func (d Distribution) Mean() float64 {
	var m float64
	for v := range d.cum {
		m += float64(v) * d.Mass(v)
	}
	return m
}

// Sum is the distribution of the sum of two independent values, one from
// each: for disjoint additive pattern databases it is the usual
// approximation of their total, since the patterns' values are only nearly
// independent.
func (d Distribution) Sum(e Distribution) Distribution {
	n := d.Max() + e.Max() + 1
	counts := make([]float64, n)
	for a := 0; a <= d.Max(); a++ {
		pa := d.Mass(a)
		if pa == 0 {
			continue
		}
		for b := 0; b <= e.Max(); b++ {
			counts[a+b] += pa * e.Mass(b)
		}
	}
	out, _ := FromCounts(counts) // the masses sum to 1
	return out
}

// Mix is the distribution of a value drawn from one of ds chosen uniformly
// at random.
func Mix(ds []Distribution) Distribution {
	top := 0
	for _, d := range ds {
		top = max(top, d.Max())
	}
	counts := make([]float64, top+1)
	for _, d := range ds {
		for v := range counts {
			counts[v] += d.Mass(v)
		}
	}
	out, _ := FromCounts(counts) // each d adds a mass of 1
	return out
}

// Tree is the brute-force search tree of a move rule, by class: the nodes
// of one class have children of the same classes. Every move costs 1.
type Tree struct {
	// Children lists, for each class, one class per child.
	Children [][]int
	// HClass maps a class to the index of its distribution in a Model
	// (for the tiles: the blank's cell).
	HClass []int
}

// Levels returns N_i for i = 0..depth from a root of class start: the
// number of nodes at each depth.
func (t *Tree) Levels(start, depth int) []float64 {
	out := make([]float64, depth+1)
	t.walk(start, depth, func(i int, at []float64) {
		for _, n := range at {
			out[i] += n
		}
	})
	return out
}

// walk calls f with the number of nodes of each class at depths 0..depth.
func (t *Tree) walk(start, depth int, f func(i int, at []float64)) {
	at := make([]float64, len(t.Children))
	next := make([]float64, len(t.Children))
	at[start] = 1
	for i := 0; i <= depth; i++ {
		f(i, at)
		clear(next)
		for c, n := range at {
			if n == 0 {
				continue
			}
			for _, k := range t.Children[c] {
				next[k] += n
			}
		}
		at, next = next, at
	}
}

// Model is a tree with the heuristic's distribution for each of its
// HClass values.
type Model struct {
	Tree *Tree
	P    []Distribution
}

// NewModel checks that ps has a distribution for each of tree's HClass
// values.
func NewModel(tree *Tree, ps []Distribution) (*Model, error) {
	for class, h := range tree.HClass {
		if h < 0 || h >= len(ps) {
			return nil, fmt.Errorf("predict: class %d has values of kind %d, and there are %d distributions", class, h, len(ps))
		}
	}
	return &Model{Tree: tree, P: ps}, nil
}

// Predictor is the predictor of an instance of class start.
func (m *Model) Predictor(start int) Predictor {
	return func(bound int) Counts { return m.Iteration(start, bound) }
}

// SameForEveryClass makes the distributions of a heuristic whose values
// are the same for each of n HClass values (for the tiles: values that
// ignore the blank), from one distribution.
func SameForEveryClass(n int, d Distribution) []Distribution {
	out := make([]Distribution, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// Counts are the predicted node counts of one IDA* iteration, in the
// engine's terms: a node is expanded when its f is within the bound, and
// generated when its parent is expanded (the root counts as generated).
type Counts struct {
	Expanded, Generated float64
}

// Iteration predicts the counts of the IDA* iteration of bound d from a root
// of class start, averaged over start states of that class drawn uniformly
// at random. A node at depth i is expanded with probability P(d − i); all
// its children are generated then.
func (m *Model) Iteration(start, d int) Counts {
	c := Counts{Generated: 1}
	if d < 0 {
		return c
	}
	m.Tree.walk(start, d, func(i int, at []float64) {
		for class, n := range at {
			if n == 0 {
				continue
			}
			e := n * m.P[m.Tree.HClass[class]].P(d-i)
			c.Expanded += e
			c.Generated += e * float64(len(m.Tree.Children[class]))
		}
	})
	return c
}
