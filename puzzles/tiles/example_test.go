package tiles_test

import (
	"context"
	"errors"
	"fmt"

	"idaviz/engine"
	"idaviz/predict"
	"idaviz/puzzles/tiles"
)

func ExampleParse() {
	b, err := tiles.Parse("8 6 7\n2 5 4\n3 0 1", 0, tiles.BlankLast)
	if err != nil {
		panic(err)
	}
	fmt.Println(b)
	fmt.Print(b.Grid())

	_, err = tiles.Parse("2 1 3, 4 5 6, 7 8 0", 0, tiles.BlankLast)
	fmt.Println(errors.Is(err, tiles.ErrUnsolvable))
	_, err = tiles.Parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 4, tiles.BlankLast)
	fmt.Println(err)
	// Output:
	// 8 6 7, 2 5 4, 3 0 1
	// 8 6 7
	// 2 5 4
	// 3 . 1
	// true
	// got 15 numbers, a 4x4 board needs 16
}

// Solve one of the two hardest 8-puzzles with IDA* and linear conflict.
func ExampleNewDomain() {
	b, _ := tiles.Parse("8 6 7, 2 5 4, 3 0 1", 0, tiles.BlankLast)
	d := tiles.NewDomain(b, tiles.LinearConflict)
	res, err := engine.IDA(context.Background(), d, engine.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, "in", len(res.Moves), "moves, from h =", d.H())
	end, _ := b.Play(tiles.FormatMoves(res.Moves, false))
	fmt.Println(end.IsGoal())
	// Output:
	// solved in 31 moves, from h = 23
	// true
}

// Korf's instances are for the blank-first goal.
func ExampleKorf() {
	ks, _ := tiles.Korf()
	k := ks[0]
	for _, h := range []tiles.Heuristic{tiles.Misplaced, tiles.Manhattan, tiles.LinearConflict} {
		fmt.Printf("Korf #%d: %s %d, ", k.Number, h, tiles.NewDomain(k.Board, h).H())
	}
	fmt.Println("optimal", k.Optimal)
	// Output:
	// Korf #1: misplaced 15, Korf #1: manhattan 41, Korf #1: linear-conflict 43, optimal 57
}

// The brute-force tree of the 15-puzzle from a corner, and the predicted
// size of IDA*'s iterations with Manhattan distance from there (the
// catalogue's Puzzle.Prediction does the same, keeping the distributions).
func ExampleBruteForceTree() {
	b, _ := tiles.GoalBoard(4, tiles.BlankFirst) // the blank in a corner
	tree, start := b.PredictionTree()
	fmt.Println("N_0..N_6:", tree.Levels(start, 6))
	ps, err := b.ValueDistributions(context.Background(), "manhattan")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := predict.NewModel(tree, ps)
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

// The order of the moves changes only the last iteration. In Korf's order
// his instance 2 generates his published 15,300,442 nodes, plus the start
// node of each iteration after the first, which his program did not count
// again.
func ExampleBoard_WithOrder() {
	b, _ := tiles.Parse("13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", 0, tiles.BlankFirst)
	for _, name := range []string{"udlr", "ulrd"} {
		o, _ := tiles.ParseOrder(name)
		res, _ := engine.IDA(context.Background(), tiles.NewDomain(b.WithOrder(o), tiles.Manhattan), engine.Options{})
		last := res.Iterations[len(res.Iterations)-1].Counts.Generated
		fmt.Printf("%s: %d moves, %d generated in %d iterations, %d in the last\n", o, len(res.Moves), res.Totals.Generated, len(res.Iterations), last)
	}
	// Output:
	// UDLR: 55 moves, 11749624 generated in 7 iterations, 679850 in the last
	// ULRD: 55 moves, 15300448 generated in 7 iterations, 4230674 in the last
}
