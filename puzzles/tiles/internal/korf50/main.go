// Command korf50 solves Korf's 50 instances of the 24-puzzle with pdb6666
// (Korf and Felner's 6-6-6-6 patterns and their reflection) by IDA* over
// the workers (engine.ParallelIDA), the tables read from the cache (built
// there first when missing: `viz pdb build 24puzzle --heuristic pdb6666`),
// and prints for each its length against the optimal one, the nodes
// generated against Korf and Felner's, the nodes of the iterations before
// the last (which no order of the moves changes), and the wall and CPU
// time. The blank's moves are tried in the paper's order (tiles.KorfOrder)
// unless -order says otherwise: the counts are then the paper's plus one
// start node an iteration. By default the ten that the paper solved in the
// fewest nodes, the fewest first: docs/PERFORMANCE.md's figures.
//
//	go run ./puzzles/tiles/internal/korf50 [-n 10] [-only 38,40] [-workers 2] [-order ulrd]
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"idaviz/engine"
	"idaviz/puzzles/tiles"
)

func main() {
	n := flag.Int("n", 10, "solve the n instances the paper solved in the fewest nodes")
	only := flag.String("only", "", "solve these instances instead, by number: 38,40")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "goroutines searching each instance")
	orderName := flag.String("order", tiles.KorfOrder.String(), "the order to try the blank's moves in (the paper's; udlr is viz's default)")
	flag.Parse()
	ks, err := pick(*n, *only)
	var order tiles.Order
	if err == nil {
		order, err = tiles.ParseOrder(*orderName)
	}
	if err == nil {
		err = run(os.Stdout, ks, *workers, order)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "korf50:", err)
		os.Exit(1)
	}
}

// pick is the instances to solve: those numbered in only, else the n the
// paper solved in the fewest nodes.
func pick(n int, only string) ([]tiles.KorfInstance, error) {
	ks, err := tiles.Korf50()
	if err != nil {
		return nil, err
	}
	if only == "" {
		s := slices.Clone(ks)
		slices.SortStableFunc(s, func(a, b tiles.KorfInstance) int { return cmp.Compare(a.Nodes, b.Nodes) })
		return s[:min(max(n, 0), len(s))], nil
	}
	var out []tiles.KorfInstance
	for f := range strings.SplitSeq(only, ",") {
		i, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || i < 1 || i > len(ks) {
			return nil, fmt.Errorf("-only: %q is not an instance number from 1 to %d", f, len(ks))
		}
		out = append(out, ks[i-1])
	}
	return out, nil
}

func run(w io.Writer, ks []tiles.KorfInstance, workers int, order tiles.Order) error {
	ctx := context.Background()
	if len(ks) == 0 {
		return errors.New("no instances")
	}
	t0 := time.Now()
	if _, err := ks[0].Board.BuildDomain(ctx, "pdb6666", nil); err != nil {
		return err
	}
	fmt.Fprintf(w, "tables loaded in %.1fs; %d workers; the moves in order %s\n", time.Since(t0).Seconds(), workers, order)
	fmt.Fprintf(w, "%4s %6s %6s %15s %15s %6s %15s %9s %9s %10s\n", "#", "moves", "iters", "generated", "paper", "ratio", "before last", "wall s", "CPU s", "M nodes/s")
	for _, k := range ks {
		d, err := k.Board.WithOrder(order).BuildDomain(ctx, "pdb6666", nil)
		if err != nil {
			return err
		}
		cpu0, wall0 := cpuTime(), time.Now()
		res, err := engine.ParallelIDA(ctx, d, engine.Options{}, workers)
		wall, cpu := time.Since(wall0), cpuTime()-cpu0
		if err != nil {
			return fmt.Errorf("Korf #%d: %w", k.Number, err)
		}
		if !res.Solved() || len(res.Moves) != k.Optimal {
			return fmt.Errorf("Korf #%d: %s in %d moves, optimal %d", k.Number, res.Status, len(res.Moves), k.Optimal)
		}
		end := k.Board
		for _, m := range res.Moves {
			if end, err = end.Move(m); err != nil {
				return fmt.Errorf("Korf #%d: %w", k.Number, err)
			}
		}
		if !end.IsGoal() {
			return fmt.Errorf("Korf #%d: the moves end at %s, not the goal", k.Number, end)
		}
		var before int64
		for _, it := range res.Iterations[:len(res.Iterations)-1] {
			before += it.Counts.Generated
		}
		gen := res.Totals.Generated
		fmt.Fprintf(w, "%4d %6d %6d %15d %15d %6.2f %15d %9.1f %9.1f %10.1f\n", k.Number, len(res.Moves), len(res.Iterations), gen, k.Nodes,
			float64(gen)/float64(k.Nodes), before, wall.Seconds(), cpu.Seconds(), float64(gen)/wall.Seconds()/1e6)
	}
	return nil
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
