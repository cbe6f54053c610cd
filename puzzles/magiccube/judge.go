package magiccube

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"unicode/utf8"

	"idaviz/engine"
	"idaviz/puzzles/tokens"
	"idaviz/trace"
)

// MaxTurns is the judge's limit: a cube needing more turns is answered -1.
const MaxTurns = 5

// Solve finds a shortest sequence of at most limit quarter turns that solves
// n, with the named heuristic. ok is false when none exists (including for a
// cube no turns can solve).
func Solve(ctx context.Context, n Net, heuristic string, limit int) (moves []int, ok bool, err error) {
	if err := n.Check(); err != nil {
		return nil, false, err
	}
	if n.Reachable() != nil {
		return nil, false, nil
	}
	d, err := NewDomain(n, heuristic)
	if err != nil {
		return nil, false, err
	}
	// MaxBound 0 means no limit to the engine; a limit of 0 means solved only.
	if limit == 0 {
		return nil, n.Solved(), nil
	}
	res, err := engine.IDA(ctx, d, engine.Options{MaxBound: limit})
	if err != nil {
		return nil, false, err
	}
	switch res.Status {
	case trace.StatusSolved:
		return res.Moves, true, nil
	case trace.StatusLimit, trace.StatusExhausted:
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("magic cube: search ended %s", res.Status)
}

// Judge answers ZOJ 2477: T, then T cube nets and nothing after them; per
// cube the fewest quarter turns N (at most 5) and N lines "face dir", or -1,
// written as soon as the cube is read.
func Judge(r io.Reader, w io.Writer) error {
	return tokens.Judge(r, w, func(in *tokens.Reader, out *bufio.Writer) error {
		return in.Cases("cubes", func(int) error { return judgeCube(in, out) })
	})
}

func judgeCube(in *tokens.Reader, out *bufio.Writer) error {
	var n Net
	for k := range Size {
		c, err := in.Rune(fmt.Sprintf("sticker %d of %d", k+1, Size))
		if err != nil {
			return err
		}
		if c >= utf8.RuneSelf || !isLetter(byte(c)) {
			return fmt.Errorf("%v: sticker %d: %q is not a colour letter", in.Pos(), k+1, c)
		}
		n[k] = byte(c)
	}
	// Check is the one validation of a net, for viz solve's as well.
	if err := n.Check(); err != nil {
		return fmt.Errorf("%v: %w", in.Pos(), err)
	}
	moves, ok, err := Solve(context.Background(), n, "", MaxTurns)
	if err != nil {
		return err
	}
	if !ok {
		out.WriteString("-1\n")
		return nil
	}
	fmt.Fprintf(out, "%d\n", len(moves))
	for _, m := range moves {
		t := Turn(m)
		fmt.Fprintf(out, "%d %d\n", t.Face, t.Dir)
	}
	return nil
}
