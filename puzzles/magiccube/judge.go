package magiccube

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"idaviz/engine"
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

// Judge answers ZOJ 2477: T, then T cube nets; per cube the fewest quarter
// turns N (at most 5) and N lines "face dir", or -1.
func Judge(r io.Reader, w io.Writer) error {
	in := &scanner{r: bufio.NewReader(r)}
	out := bufio.NewWriter(w)
	err := judge(in, out)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

func judge(in *scanner, out *bufio.Writer) error {
	tok, err := in.token()
	if err != nil {
		return fmt.Errorf("zoj2477: reading the number of cubes: %w", err)
	}
	t, err := strconv.Atoi(tok)
	if err != nil || t < 0 {
		return fmt.Errorf("zoj2477: the number of cubes %q is not a count", tok)
	}
	for c := 1; c <= t; c++ {
		var n Net
		for k := range Size {
			b, err := in.nonSpace()
			if err != nil {
				return fmt.Errorf("zoj2477: case %d: reading sticker %d of %d: %w", c, k+1, Size, err)
			}
			if !isLetter(b) {
				return fmt.Errorf("zoj2477: case %d: sticker %d: %q is not a colour letter", c, k+1, b)
			}
			n[k] = b
		}
		if err := n.Check(); err != nil {
			return fmt.Errorf("zoj2477: case %d: %w", c, err)
		}
		moves, ok, err := Solve(context.Background(), n, "", MaxTurns)
		if err != nil {
			return fmt.Errorf("zoj2477: case %d: %w", c, err)
		}
		if !ok {
			out.WriteString("-1\n")
			continue
		}
		fmt.Fprintf(out, "%d\n", len(moves))
		for _, m := range moves {
			t := Turn(m)
			fmt.Fprintf(out, "%d %d\n", t.Face, t.Dir)
		}
	}
	if b, err := in.nonSpace(); err == nil {
		return fmt.Errorf("zoj2477: unexpected %q after the last of %d cubes", b, t)
	}
	return nil
}

// scanner reads the judge's input a byte at a time, skipping white space.
type scanner struct{ r *bufio.Reader }

func (s *scanner) nonSpace() (byte, error) {
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		if !isSpace(b) {
			return b, nil
		}
	}
}

func (s *scanner) token() (string, error) {
	b, err := s.nonSpace()
	if err != nil {
		return "", err
	}
	tok := []byte{b}
	for len(tok) < 32 {
		b, err := s.r.ReadByte()
		if err != nil || isSpace(b) {
			break
		}
		tok = append(tok, b)
	}
	return string(tok), nil
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}
