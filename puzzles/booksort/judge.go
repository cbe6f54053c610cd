package booksort

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/tokens"
)

// Parse reads the friendly format: the book numbers left to right,
// separated by spaces and/or commas ("1 3 4 6 2 5" or "1,3,4,6,2,5").
func Parse(state string) (*Shelf, error) {
	fields := strings.FieldsFunc(state, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) == 0 {
		return nil, fmt.Errorf("booksort: empty shelf; give the books left to right, e.g. \"1 3 4 6 2 5\"")
	}
	if len(fields) > MaxBooks {
		return nil, fmt.Errorf("booksort: a shelf holds 1 to %d books, got %d", MaxBooks, len(fields))
	}
	books := make([]int, len(fields))
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("booksort: book %d: %s is not a number", i+1, quote.Short(f))
		}
		books[i] = v
	}
	return New(books...)
}

// JudgeBound is the most operations the judge asks for: beyond it the
// answer is "5 or more".
const JudgeBound = 4

// ReadCases reads the judge's input: T, then per case n and a permutation of
// 1..n, and nothing after the last case. Errors name the case and where it
// is.
func ReadCases(r io.Reader) ([]*Shelf, error) {
	return tokens.ReadCases(r, "cases", readCase)
}

// readCase reads one case, validated by New as Parse's shelves are.
func readCase(t *tokens.Reader) (*Shelf, error) {
	n, err := t.Int("the number of books", 1, MaxBooks)
	if err != nil {
		return nil, err
	}
	books := make([]int, n)
	for i := range books {
		if books[i], err = t.Int(fmt.Sprintf("book %d", i+1), 1, n); err != nil {
			return nil, err
		}
	}
	s, err := New(books...)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", t.Pos(), err)
	}
	return s, nil
}

// WriteCases writes shelves in the judge's input format, which ReadCases
// reads back: T, then per case n on one line and the books on the next.
func WriteCases(w io.Writer, shelves []*Shelf) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, len(shelves))
	for _, s := range shelves {
		fmt.Fprintf(bw, "%d\n%s\n", len(s.books), s)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing the cases: %w", err)
	}
	return nil
}

// Solve finds a shortest sequence of at most limit operations that sorts s,
// with IDA* and the named heuristic. ok is false when more than limit are
// needed.
func Solve(ctx context.Context, s *Shelf, heuristic string, limit int) (moves []int, ok bool, err error) {
	d, err := NewDomain(s, heuristic)
	if err != nil {
		return nil, false, err
	}
	if d.H() > limit {
		return nil, false, nil
	}
	res, err := engine.IDA(ctx, d, engine.Options{MaxBound: limit})
	if err != nil {
		return nil, false, fmt.Errorf("booksort: searching %s: %w", s, err)
	}
	if !res.Solved() {
		return nil, false, nil
	}
	return res.Moves, true, nil
}

// Judge answers POJ 3460: per case, the fewest operations if at most 4,
// else "5 or more", each answer written as soon as its case is read. It
// searches with cycles, the sharpest heuristic: on the hardest shelves it
// generates about 6 times fewer nodes than breakpoints at a few times the
// cost per node, and answers in about 2/3 of the time (BenchmarkJudgeWorst).
func Judge(r io.Reader, w io.Writer) error {
	return tokens.Judge(r, w, func(t *tokens.Reader, w *bufio.Writer) error {
		return t.Cases("cases", func(int) error {
			s, err := readCase(t)
			if err != nil {
				return err
			}
			moves, ok, err := Solve(context.Background(), s, Cycles, JudgeBound)
			switch {
			case err != nil:
				return err
			case ok:
				fmt.Fprintln(w, len(moves))
			default:
				fmt.Fprintln(w, "5 or more")
			}
			return nil
		})
	})
}
