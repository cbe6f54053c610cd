package squares

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"idaviz/engine"
	"idaviz/puzzles/tokens"
)

// ReadCases reads the judge's input: T, then per case n and a line
// "k s1 .. sk" of the missing sticks, each listed once, and nothing after
// the last case. Errors name the case and where it is.
func ReadCases(r io.Reader) ([]*Grid, error) {
	return tokens.ReadCases(r, "cases", readCase)
}

// readCase reads one case, validated by New as viz solve's grids are.
func readCase(t *tokens.Reader) (*Grid, error) {
	n, err := t.Int("the grid size", 1, MaxN)
	if err != nil {
		return nil, err
	}
	total := NumSticks(n)
	k, err := t.Int("the number of missing sticks", 0, total)
	if err != nil {
		return nil, err
	}
	missing := make([]int, k)
	for i := range missing {
		if missing[i], err = t.Int(fmt.Sprintf("missing stick %d", i+1), 1, total); err != nil {
			return nil, err
		}
	}
	g, err := New(n, missing)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", t.Pos(), err)
	}
	return g, nil
}

// WriteCases writes grids in the judge's input format, which ReadCases
// reads back: T, then per case n on one line and "k s1 .. sk" on the next.
func WriteCases(w io.Writer, grids []*Grid) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, len(grids))
	for _, g := range grids {
		missing := g.Missing()
		fmt.Fprintf(bw, "%d\n%d", g.n, len(missing))
		for _, s := range missing {
			fmt.Fprintf(bw, " %d", s)
		}
		fmt.Fprintln(bw)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing the cases: %w", err)
	}
	return nil
}

// Solve finds a smallest set of sticks whose removal leaves no square, with
// IDA* and the named heuristic, as the sticks' move numbers (stick - 1) in
// the order removed.
func Solve(ctx context.Context, g *Grid, heuristic string) ([]int, error) {
	d, err := NewDomain(g, heuristic)
	if err != nil {
		return nil, err
	}
	res, err := engine.IDA(ctx, d, engine.Options{})
	if err != nil {
		return nil, fmt.Errorf("squares: searching %s: %w", g, err)
	}
	if !res.Solved() {
		// Removing every stick always works, so this is a bug, not input.
		return nil, fmt.Errorf("squares: %s: search ended %s without a solution", g, res.Status)
	}
	return res.Moves, nil
}

// Judge answers POJ 1084: per case, the fewest sticks to remove, each
// answer written as soon as its case is read.
func Judge(r io.Reader, w io.Writer) error {
	return tokens.Judge(r, w, func(t *tokens.Reader, w *bufio.Writer) error {
		return t.Cases("cases", func(int) error {
			g, err := readCase(t)
			if err != nil {
				return err
			}
			moves, err := Solve(context.Background(), g, Greedy)
			if err != nil {
				return err
			}
			fmt.Fprintln(w, len(moves))
			return nil
		})
	})
}

// Scramble makes an n x n grid by a random walk from a goal: it removes
// random sticks from the full grid until no square is left (a goal), then
// puts back depth of the removed sticks at random. Removing those again
// solves it, so the optimum is at most depth.
func Scramble(rng *rand.Rand, n, depth int) *Grid {
	n = max(1, min(n, MaxN))
	geo := geometries[n]
	present := geo.all
	order := rng.Perm(geo.sticks)
	var removed []int
	intact := func() bool {
		for _, m := range geo.masks {
			if present&m == m {
				return true
			}
		}
		return false
	}
	for _, s := range order {
		if !intact() {
			break
		}
		present &^= 1 << s
		removed = append(removed, s)
	}
	rng.Shuffle(len(removed), func(i, j int) { removed[i], removed[j] = removed[j], removed[i] })
	for _, s := range removed[:min(depth, len(removed))] {
		present |= 1 << s
	}
	return &Grid{n: n, missing: geo.all &^ present}
}
