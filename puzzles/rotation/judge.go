package rotation

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"idaviz/engine"
	"idaviz/puzzles/tokens"
	"idaviz/trace"
)

// Solve finds the lexicographically smallest of the shortest move sequences
// that bring b to the goal (one of Goals, "" for any number), searched with
// the named heuristic.
func Solve(ctx context.Context, b Board, heuristic, goal string) ([]int, error) {
	d, err := NewDomain(b, heuristic, goal)
	if err != nil {
		return nil, err
	}
	res, err := engine.IDA(ctx, d, engine.Options{})
	if err != nil {
		return nil, err
	}
	if res.Status != trace.StatusSolved {
		// Every board with eight of each number can be solved.
		return nil, fmt.Errorf("rotation: search ended %s", res.Status)
	}
	return res.Moves, nil
}

// FormatMoves writes moves as letters.
func FormatMoves(moves []int) string {
	var s strings.Builder
	for _, m := range moves {
		s.WriteByte(MoveNames[m])
	}
	return s.String()
}

// Judge answers UVa 1343: boards of 24 numbers until a line holding only 0,
// and nothing after it; per board the moves (or "No moves needed") and the
// centre's number, written as soon as the board is read.
func Judge(r io.Reader, w io.Writer) error {
	return tokens.Judge(r, w, judge)
}

func judge(in *tokens.Reader, out *bufio.Writer) error {
	for c := 1; ; c++ {
		more, err := in.More()
		if err != nil {
			return err
		}
		if !more {
			return fmt.Errorf("the input ends without the closing 0 (after %d cases)", c-1)
		}
		var b Board
		for k := range Cells {
			tok, err := in.Word(fmt.Sprintf("number %d of %d", k+1, Cells))
			if err != nil {
				return fmt.Errorf("case %d: %w", c, err)
			}
			if k == 0 && tok == "0" {
				return in.End("the closing 0")
			}
			if len(tok) != 1 || tok[0] < '1' || tok[0] > '3' {
				return fmt.Errorf("case %d: %v: number %d: %q is not 1, 2 or 3", c, in.Pos(), k+1, tok)
			}
			b[k] = tok[0] - '0'
		}
		// Check is the one validation of a board, for viz solve's as well.
		if err := b.Check(); err != nil {
			return fmt.Errorf("case %d: %v: %w", c, in.Pos(), err)
		}
		moves, err := Solve(context.Background(), b, "", "")
		if err != nil {
			return fmt.Errorf("case %d: %w", c, err)
		}
		if len(moves) == 0 {
			out.WriteString("No moves needed\n")
		} else {
			out.WriteString(FormatMoves(moves))
			out.WriteByte('\n')
		}
		for _, m := range moves {
			b.Apply(m)
		}
		fmt.Fprintf(out, "%d\n", b.CentreNumber())
	}
}
