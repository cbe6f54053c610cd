package predict_test

import (
	"fmt"

	"idaviz/predict"
)

// A tree in which every node has two children, and a heuristic whose value
// is 0, 1 or 2 with equal odds: the iteration of bound d expands each of the
// 2^i nodes at depth i with probability P(d−i).
func Example() {
	tree := &predict.Tree{Children: [][]int{{0, 0}}, HClass: []int{0}}
	fmt.Println("N_0..N_4:", tree.Levels(0, 4))
	p, err := predict.FromCounts([]float64{1, 1, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := predict.NewModel(tree, []predict.Distribution{p})
	if err != nil {
		fmt.Println(err)
		return
	}
	for bound := range 4 {
		c := m.Iteration(0, bound)
		fmt.Printf("bound %d: %.3g expanded, %.3g generated\n", bound, c.Expanded, c.Generated)
	}
	// Output:
	// N_0..N_4: [1 2 4 8 16]
	// bound 0: 0.333 expanded, 1.67 generated
	// bound 1: 1.33 expanded, 3.67 generated
	// bound 2: 3.67 expanded, 8.33 generated
	// bound 3: 8.33 expanded, 17.7 generated
}
