package tiles

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"idaviz/engine"
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
// numbers (0 is the blank) for the blank-last goal. The boards are valid
// permutations but may be unsolvable.
func ReadUVa10181(r io.Reader) ([]Board, error) {
	sc := bufio.NewScanner(r)
	sc.Split(bufio.ScanWords)
	next := func() (string, bool, error) {
		if sc.Scan() {
			return sc.Text(), true, nil
		}
		if err := sc.Err(); err != nil {
			return "", false, fmt.Errorf("reading the input: %w", err)
		}
		return "", false, nil
	}
	tok, ok, err := next()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("empty input: expected the number of boards")
	}
	count, err := strconv.Atoi(tok)
	if err != nil || count < 0 {
		return nil, fmt.Errorf("the number of boards, %q, is not a count", tok)
	}
	var boards []Board
	nums := make([]int, 16)
	for i := 0; i < count; i++ {
		for j := range nums {
			tok, ok, err := next()
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, fmt.Errorf("board %d of %d: input ends after %d of its 16 numbers", i+1, count, j)
			}
			v, err := strconv.Atoi(tok)
			if err != nil {
				return nil, fmt.Errorf("board %d: %q is not a number", i+1, tok)
			}
			nums[j] = v
		}
		b, err := NewBoard(4, nums, BlankLast)
		if err != nil {
			return nil, fmt.Errorf("board %d: %w", i+1, err)
		}
		boards = append(boards, b)
	}
	if tok, ok, err := next(); err != nil {
		return nil, err
	} else if ok {
		return nil, fmt.Errorf("unexpected %q after the last of %d boards", tok, count)
	}
	return boards, nil
}

// JudgeUVa10181 answers UVa 10181, the 15-puzzle problem: for each board, a
// line of at most 50 moves of the blank (L R U D), or "This puzzle is not
// solvable." Our answers are shortest.
func JudgeUVa10181(r io.Reader, w io.Writer) error {
	boards, err := ReadUVa10181(r)
	if err != nil {
		return fmt.Errorf("uva10181: %w", err)
	}
	bw := bufio.NewWriter(w)
	for _, b := range boards {
		line := uvaNotSolvable
		if b.Solvable() {
			moves, ok, err := Solve(context.Background(), b, uvaMaxMoves)
			if err != nil {
				return fmt.Errorf("uva10181: %w", err)
			}
			if ok {
				line = FormatMoves(moves, false)
			}
		}
		bw.WriteString(line)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// ReadHDU1043 reads HDU 1043's input: boards of 9 tokens, 1 to 8 and x (the
// blank), row by row, in any spacing (a board may even be written without
// spaces), until the end of the input. The boards may be unsolvable.
func ReadHDU1043(r io.Reader) ([]Board, error) {
	br := bufio.NewReader(r)
	var boards []Board
	nums := make([]int, 0, 9)
	line, col := 1, 0
	for {
		ch, err := br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading the input: %w", err)
		}
		col++
		switch {
		case ch == '\n':
			line, col = line+1, 0
			continue
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f':
			continue
		case ch >= '1' && ch <= '8':
			nums = append(nums, int(ch-'0'))
		case ch == 'x' || ch == 'X':
			nums = append(nums, 0)
		default:
			return nil, fmt.Errorf("line %d, column %d: %q is not a tile (1 to 8, or x for the blank)", line, col, ch)
		}
		if len(nums) == 9 {
			b, err := NewBoard(3, nums, BlankLast)
			if err != nil {
				return nil, fmt.Errorf("board %d (ending on line %d): %w", len(boards)+1, line, err)
			}
			boards = append(boards, b)
			nums = nums[:0]
		}
	}
	if len(nums) > 0 {
		return nil, fmt.Errorf("the input ends inside board %d, after %d of its 9 tokens", len(boards)+1, len(nums))
	}
	return boards, nil
}

// JudgeHDU1043 answers HDU 1043, Eight: for each board, a shortest string of
// the blank's moves in lower case (u d l r), or "unsolvable".
func JudgeHDU1043(r io.Reader, w io.Writer) error {
	boards, err := ReadHDU1043(r)
	if err != nil {
		return fmt.Errorf("hdu1043: %w", err)
	}
	bw := bufio.NewWriter(w)
	for _, b := range boards {
		line := "unsolvable"
		if b.Solvable() {
			moves, ok, err := Solve(context.Background(), b, 0)
			if err != nil {
				return fmt.Errorf("hdu1043: %w", err)
			}
			if ok {
				line = FormatMoves(moves, true)
			}
		}
		bw.WriteString(line)
		bw.WriteByte('\n')
	}
	return bw.Flush()
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
