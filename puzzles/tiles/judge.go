package tiles

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

// Solve finds a shortest solution of b with IDA* and linear conflict, of at
// most maxMoves moves (0: no limit). ok is false when there is none that
// short; an unsolvable board is an error wrapping ErrUnsolvable.
func Solve(ctx context.Context, b Board, maxMoves int) (moves []int, ok bool, err error) {
	d, err := b.Domain("linear-conflict")
	if err != nil {
		return nil, false, err
	}
	if d.H() > maxMoves && maxMoves > 0 {
		return nil, false, nil
	}
	res, err := engine.IDA(ctx, d, engine.Options{MaxBound: maxMoves})
	if err != nil {
		return nil, false, fmt.Errorf("solving %s: %w", b, err)
	}
	if !res.Solved() {
		return nil, false, nil
	}
	return res.Moves, true, nil
}

// UVa 10181 allows at most 50 moves.
const uvaMaxMoves = 50

const uvaNotSolvable = "This puzzle is not solvable."

// ReadUVa10181 reads UVa 10181's input: a count N, then N boards of 16
// numbers (0 is the blank) for the blank-last goal, and nothing after the
// last. The boards are valid permutations but may be unsolvable.
func ReadUVa10181(r io.Reader) ([]Board, error) {
	return tokens.ReadCases(r, "boards", readUVa10181Board)
}

func readUVa10181Board(t *tokens.Reader) (Board, error) {
	nums := make([]int, 16)
	for j := range nums {
		tok, err := t.Word(fmt.Sprintf("number %d of 16", j+1))
		if err != nil {
			return Board{}, err
		}
		if nums[j], err = strconv.Atoi(tok); err != nil {
			return Board{}, fmt.Errorf("%v: %s is not a number", t.Pos(), quote.Short(tok))
		}
	}
	// NewBoard is the one validation of a board, for viz solve's as well.
	b, err := NewBoard(4, nums, BlankLast)
	if err != nil {
		return Board{}, fmt.Errorf("%v: %w", t.Pos(), err)
	}
	return b, nil
}

// JudgeUVa10181 answers UVa 10181, the 15-puzzle problem: for each board, a
// line of at most 50 moves of the blank (L R U D), or "This puzzle is not
// solvable." Our answers are shortest, each written as soon as its board is
// read.
func JudgeUVa10181(r io.Reader, w io.Writer) error {
	return tokens.Judge(r, w, func(t *tokens.Reader, w *bufio.Writer) error {
		return t.Cases("boards", func(int) error {
			b, err := readUVa10181Board(t)
			if err != nil {
				return err
			}
			line := uvaNotSolvable
			if b.Solvable() {
				moves, ok, err := Solve(context.Background(), b, uvaMaxMoves)
				if err != nil {
					return err
				}
				if ok {
					line = FormatMoves(moves, false)
				}
			}
			w.WriteString(line)
			return w.WriteByte('\n')
		})
	})
}

// ReadHDU1043 reads HDU 1043's input: boards of 9 tokens, 1 to 8 and x (the
// blank), row by row, in any spacing (a board may even be written without
// spaces), until the end of the input. The boards may be unsolvable.
func ReadHDU1043(r io.Reader) ([]Board, error) {
	t := tokens.NewReader(r)
	var boards []Board
	for n := 1; ; n++ {
		b, ok, err := readHDU1043Board(t, n)
		if err != nil || !ok {
			return boards, err
		}
		boards = append(boards, b)
	}
}

// readHDU1043Board reads board n; ok is false at the end of the input.
func readHDU1043Board(t *tokens.Reader, n int) (b Board, ok bool, err error) {
	if more, err := t.More(); err != nil || !more {
		return Board{}, false, err
	}
	nums := make([]int, 9)
	for i := range nums {
		c, err := t.Rune("")
		if err != nil {
			return Board{}, false, fmt.Errorf("the input ends inside board %d, after %d of its 9 tokens", n, i)
		}
		switch {
		case c >= '1' && c <= '8':
			nums[i] = int(c - '0')
		case c == 'x' || c == 'X':
			nums[i] = 0
		default:
			return Board{}, false, fmt.Errorf("%v: %q is not a tile (1 to 8, or x for the blank)", t.Pos(), c)
		}
	}
	b, err = NewBoard(3, nums, BlankLast)
	if err != nil {
		return Board{}, false, fmt.Errorf("board %d (ending at %v): %w", n, t.Pos(), err)
	}
	return b, true, nil
}

// JudgeHDU1043 answers HDU 1043, Eight: for each board, a shortest string of
// the blank's moves in lower case (u d l r), or "unsolvable", each written
// as soon as its board is read.
func JudgeHDU1043(r io.Reader, w io.Writer) error {
	return tokens.Judge(r, w, func(t *tokens.Reader, w *bufio.Writer) error {
		for n := 1; ; n++ {
			b, ok, err := readHDU1043Board(t, n)
			if err != nil || !ok {
				return err
			}
			line := "unsolvable"
			if b.Solvable() {
				moves, ok, err := Solve(context.Background(), b, 0)
				if err != nil {
					return err
				}
				if ok {
					line = FormatMoves(moves, true)
				}
			}
			w.WriteString(line)
			w.WriteByte('\n')
		}
	})
}

// FormatUVa10181 writes boards as UVa 10181's input.
func FormatUVa10181(boards []Board) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n", len(boards))
	for _, b := range boards {
		for r := 0; r < b.size; r++ {
			for c := 0; c < b.size; c++ {
				if c > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(strconv.Itoa(int(b.tiles[r*b.size+c])))
			}
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// FormatHDU1043 writes a 3x3 board as one line of HDU 1043's input.
func FormatHDU1043(b Board) string {
	parts := make([]string, b.size*b.size)
	for i := range parts {
		if b.tiles[i] == 0 {
			parts[i] = "x"
		} else {
			parts[i] = strconv.Itoa(int(b.tiles[i]))
		}
	}
	return strings.Join(parts, " ")
}
