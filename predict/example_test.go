package predict_test

import (
	"fmt"

	"idaviz/predict"
	"idaviz/puzzles/tiles"
)

// The brute-force tree of the 15-puzzle from a corner, and the predicted
// size of IDA*'s iterations with Manhattan distance from there.
func Example() {
	tree := predict.TilesTree(4)
	b, _ := tiles.GoalBoard(4, tiles.BlankFirst) // the blank in a corner
	start := predict.TilesClass(b)
	fmt.Println("N_0..N_6:", tree.Levels(start, 6))
	m, err := predict.Tiles(4, tiles.BlankFirst, "manhattan")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, bound := range []int{40, 50} {
		fmt.Printf("bound %d: %.3g nodes generated\n", bound, m.Iteration(start, bound).Generated)
	}
	// Output:
	// N_0..N_6: [1 2 4 10 24 54 108]
	// bound 40: 9.01e+04 nodes generated
	// bound 50: 1.74e+08 nodes generated
}

// A heuristic whose values ignore the blank, such as disjoint additive
// pattern databases, registers one distribution for every cell: here the
// sum of two independent tables' value histograms (counts by value).
func ExampleRegisterTiles() {
	predict.RegisterTiles("two-tables", func(size int, goal tiles.Goal) ([]predict.Distribution, error) {
		a, err := predict.FromCounts([]float64{1, 2, 1}) // values 0, 1, 2
		if err != nil {
			return nil, err
		}
		b, err := predict.FromCounts([]float64{0, 1, 1}) // values 1, 2
		if err != nil {
			return nil, err
		}
		return predict.SameForEveryCell(size, a.Sum(b)), nil
	})
	m, err := predict.Tiles(3, tiles.BlankLast, "two-tables")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mean h %.2f, P(h ≤ 2) = %.3f\n", m.P[0].Mean(), m.P[0].P(2))
	// Output:
	// mean h 2.50, P(h ≤ 2) = 0.500
}
