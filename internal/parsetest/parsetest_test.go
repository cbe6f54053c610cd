package parsetest

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
)

// number is a toy state: a non-negative integer, printed in decimal.
type number int

func (n number) String() string { return strconv.Itoa(int(n)) }

func parseNumber(s string) (number, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a count", s)
	}
	return number(n), nil
}

// hex prints a number in a form parseNumber cannot read.
func hex(n number) string { return fmt.Sprintf("%#x", int(n)) }

// fatal is a testing.TB whose Fatalf stops the helper and is remembered.
type fatal struct {
	testing.TB
	msg string
}

func (f *fatal) Helper() {}
func (f *fatal) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	panic(f)
}
func (f *fatal) Errorf(format string, args ...any) { f.msg = fmt.Sprintf(format, args...) }

// failure runs check and returns what it reported, "" if nothing.
func failure(check func(tb testing.TB)) (msg string) {
	f := &fatal{}
	defer func() {
		if r := recover(); r != nil && r != any(f) {
			panic(r)
		}
		msg = f.msg
	}()
	check(f)
	return f.msg
}

func TestRoundTrip(t *testing.T) {
	if msg := failure(func(tb testing.TB) { RoundTrip(tb, parseNumber, number(12)) }); msg != "" {
		t.Errorf("a faithful printer failed: %s", msg)
	}
	msg := failure(func(tb testing.TB) { RoundTrip(tb, parseNumber, number(12), number.String, hex) })
	if !strings.Contains(msg, `prints as "0xc", which does not parse`) {
		t.Errorf("a printer the parser cannot read passed: %q", msg)
	}
}

// lines is a case file of numbers, one per line.
var lines = CaseFile[number]{
	Read: func(r io.Reader) ([]number, error) {
		b, err := io.ReadAll(r)
		if err != nil {
			return nil, err
		}
		var ns []number
		for _, l := range strings.Fields(string(b)) {
			n, err := parseNumber(l)
			if err != nil {
				return nil, err
			}
			ns = append(ns, n)
		}
		return ns, nil
	},
	Write: func(w io.Writer, ns []number) error {
		for _, n := range ns {
			if _, err := fmt.Fprintln(w, n); err != nil {
				return err
			}
		}
		return nil
	},
	Parse: parseNumber,
}

func TestCaseFile(t *testing.T) {
	lines.RoundTrip(t, []number{3, 1, 4})
	lossy := lines
	lossy.Write = func(w io.Writer, ns []number) error { return lines.Write(w, ns[1:]) }
	if msg := failure(func(tb testing.TB) { lossy.RoundTrip(tb, []number{3, 1, 4}) }); !strings.Contains(msg, "3 cases written read back as 2") {
		t.Errorf("a writer that drops a case passed: %q", msg)
	}
	broken := lines
	broken.Write = func(io.Writer, []number) error { return errors.New("disk full") }
	if msg := failure(func(tb testing.TB) { broken.RoundTrip(tb, []number{1}) }); !strings.Contains(msg, "disk full") {
		t.Errorf("a failing writer passed: %q", msg)
	}
}

func TestTable(t *testing.T) {
	Table(t, parseNumber, []Case{
		{In: " 7", Want: "7"},
		{In: "-1", Err: "not a count"},
	})
}

func FuzzParse(f *testing.F) { Fuzz(f, parseNumber, []string{"0", "12", " 5 ", "x"}) }

func FuzzCaseFile(f *testing.F) { lines.Fuzz(f, "1\n2\n3\n", "", "x") }
