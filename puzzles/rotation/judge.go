package rotation

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"idaviz/engine"
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

// Judge answers UVa 1343: boards of 24 numbers until a line holding only 0;
// per board the moves (or "No moves needed") and the centre's number.
func Judge(r io.Reader, w io.Writer) error {
	out := bufio.NewWriter(w)
	err := judge(bufio.NewReader(r), out)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

func judge(r *bufio.Reader, out *bufio.Writer) error {
	in := tokens{r: r}
	for c := 1; ; c++ {
		tok, err := in.next()
		if errors.Is(err, io.EOF) {
			return nil // the closing 0 is missing: take the end of input as the end
		}
		if err != nil {
			return fmt.Errorf("uva1343: case %d: %w", c, err)
		}
		if tok == "0" {
			return nil
		}
		var b Board
		for k := range Cells {
			if k > 0 {
				if tok, err = in.next(); err != nil {
					if errors.Is(err, io.EOF) {
						err = io.ErrUnexpectedEOF
					}
					return fmt.Errorf("uva1343: case %d: reading number %d of %d: %w", c, k+1, Cells, err)
				}
			}
			if len(tok) != 1 || tok[0] < '1' || tok[0] > '3' {
				return fmt.Errorf("uva1343: case %d: number %d: %q is not 1, 2 or 3", c, k+1, tok)
			}
			b[k] = tok[0] - '0'
		}
		if err := b.Check(); err != nil {
			return fmt.Errorf("uva1343: case %d: %w", c, err)
		}
		moves, err := Solve(context.Background(), b, "", "")
		if err != nil {
			return fmt.Errorf("uva1343: case %d: %w", c, err)
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

// tokens splits the input at white space; a token longer than 16 bytes is
// cut there (no valid token is that long, so it is rejected all the same).
type tokens struct{ r *bufio.Reader }

func (t *tokens) next() (string, error) {
	var tok []byte
	for {
		c, err := t.r.ReadByte()
		if err != nil {
			if len(tok) > 0 && errors.Is(err, io.EOF) {
				return string(tok), nil
			}
			return "", err
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
			if len(tok) > 0 {
				return string(tok), nil
			}
			continue
		}
		tok = append(tok, c)
		if len(tok) == 16 {
			return string(tok), nil
		}
	}
}
