package engine_test

import (
	"context"
	"fmt"

	"idaviz/engine"
	"idaviz/examples/pancake"
	"idaviz/trace"
)

// Solve a pancake stack optimally with IDA*.
func ExampleIDA() {
	stack, _ := pancake.New(2, 0, 3, 1)
	res, err := engine.IDA(context.Background(), stack, engine.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, res.Cost)
	for _, it := range res.Iterations {
		fmt.Printf("bound %d: expanded %d, generated %d, pruned %d\n", it.Bound, it.Expanded, it.Generated, it.Pruned)
	}
	// Output:
	// solved 4
	// bound 4: expanded 4, generated 6, pruned 1
}

// countingSink wants per-iteration events only: the engine then builds no
// per-node events at all.
type countingSink struct{ bounds []int }

func (c *countingSink) Level() trace.Level { return trace.LevelIteration }
func (c *countingSink) Event(e *trace.Event) {
	if e.Kind == trace.KindIterationStart {
		c.bounds = append(c.bounds, e.Bound)
	}
}

// Watch the bound grow, iteration by iteration, through a trace.Sink.
func ExampleIDA_sink() {
	stack, _ := pancake.New(11, 6, 2, 12, 8, 9, 10, 0, 4, 3, 5, 7, 13, 1)
	sink := &countingSink{}
	res, _ := engine.IDA(context.Background(), stack, engine.Options{Sink: sink})
	fmt.Println("bounds:", sink.bounds, "solution length:", len(res.Moves))
	// Output:
	// bounds: [11 12 13] solution length: 13
}

// A* over the same domain stores what it generates.
func ExampleAStar() {
	stack, _ := pancake.New(2, 0, 3, 1)
	res, _ := engine.AStar(context.Background(), stack, engine.Options{})
	fmt.Println(res.Status, res.Cost, res.PeakOpen > 0)
	// Output:
	// solved 4 true
}

// Choose the search by name, as a flag or a web request gives it.
func ExampleParseAlgorithm() {
	for _, name := range []string{"astar", "bfs"} {
		algo, err := engine.ParseAlgorithm(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		stack, _ := pancake.New(2, 0, 3, 1)
		res, _ := algo.Search(context.Background(), stack, engine.Options{})
		fmt.Println(algo.Title(), res.Status, res.Cost)
	}
	// Output:
	// A* solved 4
	// unknown algorithm "bfs" (want ida or astar)
}
