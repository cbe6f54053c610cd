// Package tokens reads a judge's input as white-space separated tokens,
// with errors that say what was expected, for the judges whose input is a
// stream of numbers.
package tokens

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// MaxCases bounds a case count, so that a damaged first line cannot make a
// reader wait for billions of cases.
const MaxCases = 1 << 20

// Reader reads tokens.
type Reader struct{ sc *bufio.Scanner }

// NewReader reads tokens from r; a token longer than 64 KiB is an error.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	sc.Split(bufio.ScanWords)
	return &Reader{sc: sc}
}

// Int reads the next token as an integer in [lo, hi]; what names it in
// errors.
func (t *Reader) Int(what string, lo, hi int) (int, error) {
	if !t.sc.Scan() {
		if err := t.sc.Err(); err != nil {
			return 0, fmt.Errorf("reading %s: %w", what, err)
		}
		return 0, fmt.Errorf("%s: unexpected end of input", what)
	}
	tok := t.sc.Text()
	v, err := strconv.Atoi(tok)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a number", what, tok)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s: %d is out of range %d..%d", what, v, lo, hi)
	}
	return v, nil
}
