// Package tokens reads a judge's input as white-space separated tokens (or,
// for boards written without spaces, one character at a time), with errors
// that say what was expected and where it was found; and it lets a judge
// answer case by case as the input arrives.
//
// Every judge follows one rule: its input is well-formed, so anything else
// is an error that names the line and column, including anything but white
// space after the last case (End).
package tokens

import (
	"bufio"
	"fmt"
	"idaviz/internal/quote"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// MaxCases bounds a case count, so that a damaged first line cannot make a
// reader wait for billions of cases.
const MaxCases = 1 << 20

// maxToken bounds a token: no judge's token is near it, and a damaged input
// of one endless token must not be held in memory.
const maxToken = 1 << 10

// Reader reads tokens and characters, tracking the line and column (in
// characters, from 1) of what it reads.
type Reader struct {
	r         *bufio.Reader
	line, col int // of the next character
	at        Pos // of the last token or character read
	buf       []byte
}

// Pos is a place in the input.
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("line %d, column %d", p.Line, p.Col) }

// NewReader reads tokens from r.
func NewReader(r io.Reader) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	return &Reader{r: br, line: 1, col: 1}
}

// Pos is where the last token or character read began.
func (t *Reader) Pos() Pos { return t.at }

// peek returns the next character and its size in bytes without reading it.
func (t *Reader) peek() (rune, int, error) {
	b, err := t.r.Peek(1)
	if err != nil {
		return 0, 0, err
	}
	if b[0] < utf8.RuneSelf {
		return rune(b[0]), 1, nil
	}
	b, _ = t.r.Peek(utf8.UTFMax) // fewer at the end of the input
	c, n := utf8.DecodeRune(b)
	return c, n, nil
}

// advance reads the character c of n bytes that peek returned.
func (t *Reader) advance(c rune, n int) {
	t.r.Discard(n)
	if c == '\n' {
		t.line, t.col = t.line+1, 1
	} else {
		t.col++
	}
}

func isSpace(c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f':
		return true
	}
	return c >= utf8.RuneSelf && unicode.IsSpace(c)
}

// skip reads past white space; it reports false at the end of the input.
func (t *Reader) skip() (bool, error) {
	for {
		c, n, err := t.peek()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("reading the input: %w", err)
		}
		if !isSpace(c) {
			t.at = Pos{t.line, t.col}
			return true, nil
		}
		t.advance(c, n)
	}
}

// More reports whether anything but white space is left.
func (t *Reader) More() (bool, error) { return t.skip() }

// Word reads the next token; what names it in errors.
func (t *Reader) Word(what string) (string, error) {
	more, err := t.skip()
	if err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	if !more {
		return "", fmt.Errorf("%s: unexpected end of input at %v", what, Pos{t.line, t.col})
	}
	t.buf = t.buf[:0]
	for {
		c, n, err := t.peek()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("%s: reading the input: %w", what, err)
		}
		if isSpace(c) {
			break
		}
		if len(t.buf) >= maxToken {
			return "", fmt.Errorf("%v: %s: a token longer than %d bytes", t.at, what, maxToken)
		}
		t.buf = utf8.AppendRune(t.buf, c)
		t.advance(c, n)
	}
	return string(t.buf), nil
}

// Int reads the next token as an integer in [lo, hi]; what names it in
// errors.
func (t *Reader) Int(what string, lo, hi int) (int, error) {
	tok, err := t.Word(what)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(tok)
	if err != nil {
		return 0, fmt.Errorf("%v: %s: %s is not a number", t.at, what, quote.Short(tok))
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%v: %s: %d is out of range %d..%d", t.at, what, v, lo, hi)
	}
	return v, nil
}

// Rune reads the next character that is not white space, for inputs whose
// tokens may be written without spaces between them.
func (t *Reader) Rune(what string) (rune, error) {
	more, err := t.skip()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", what, err)
	}
	if !more {
		return 0, fmt.Errorf("%s: unexpected end of input at %v", what, Pos{t.line, t.col})
	}
	c, n, err := t.peek()
	if err != nil {
		return 0, fmt.Errorf("%s: reading the input: %w", what, err)
	}
	t.advance(c, n)
	return c, nil
}

// End checks that only white space is left after the last case, which
// names what was read: "the last of 3 boards".
func (t *Reader) End(last string) error {
	more, err := t.skip()
	if err != nil || !more {
		return err
	}
	tok, err := t.Word("")
	if err != nil {
		return err
	}
	return fmt.Errorf("%v: unexpected %s after %s", t.at, quote.Short(tok), last)
}

// Judge runs judge, which reads its cases from t and writes its answers to
// w, over in and out, answering case by case: what was written is flushed
// whenever reading has to wait for more input, so each answer goes out
// before the judge waits for the next case, without a write per answer when
// the input is all there. What was answered before an error is written out.
func Judge(in io.Reader, out io.Writer, judge func(t *Reader, w *bufio.Writer) error) error {
	w := bufio.NewWriter(out)
	err := judge(NewReader(flushFirst{in, w}), w)
	if ferr := w.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing the answers: %w", ferr)
	}
	return err
}

type flushFirst struct {
	r io.Reader
	w *bufio.Writer
}

func (f flushFirst) Read(p []byte) (int, error) {
	if err := f.w.Flush(); err != nil {
		return 0, fmt.Errorf("writing the answers: %w", err)
	}
	return f.r.Read(p)
}

// Cases reads a count of cases (what they are: "boards") and calls each
// for cases 1 to count, naming the case in its errors; then it checks that
// nothing but white space follows the last.
func (t *Reader) Cases(what string, each func(c int) error) error {
	count, err := t.Int("the number of "+what, 0, MaxCases)
	if err != nil {
		return err
	}
	for c := 1; c <= count; c++ {
		if err := each(c); err != nil {
			return fmt.Errorf("case %d: %w", c, err)
		}
	}
	return t.End(fmt.Sprintf("the last of %d %s", count, what))
}

// ReadCases reads a whole counted input (what the cases are: "boards") with
// read, one case at a time, for the tests and tools that want every case:
// the errors are the judge's.
func ReadCases[T any](r io.Reader, what string, read func(t *Reader) (T, error)) ([]T, error) {
	t := NewReader(r)
	var cases []T
	err := t.Cases(what, func(int) error {
		c, err := read(t)
		cases = append(cases, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return cases, nil
}
