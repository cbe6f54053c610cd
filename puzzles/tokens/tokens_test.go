package tokens

import (
	"strings"
	"testing"
)

func TestInt(t *testing.T) {
	tests := []struct {
		in      string
		lo, hi  int
		want    int
		wantErr string
	}{
		{"  42\n", 0, 100, 42, ""},
		{"", 0, 1, 0, "unexpected end of input"},
		{"x", 0, 1, 0, `"x" is not a number`},
		{"7", 0, 5, 0, "7 is out of range 0..5"},
		{strings.Repeat("9", 1<<17), 0, 5, 0, "line 1, column 1: the count: a token longer than 1024 bytes"},
		{"\n  x", 0, 1, 0, `line 2, column 3: the count: "x" is not a number`},
	}
	for _, tc := range tests {
		v, err := NewReader(strings.NewReader(tc.in)).Int("the count", tc.lo, tc.hi)
		if tc.wantErr == "" && (err != nil || v != tc.want) {
			t.Errorf("%.20q: %d, %v; want %d", tc.in, v, err, tc.want)
		}
		if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%.20q: error %v, want one with %q", tc.in, err, tc.wantErr)
		}
	}
}

func TestPositionsAndEnd(t *testing.T) {
	r := NewReader(strings.NewReader("ж1\n  ab 7\n\n x"))
	for _, want := range []struct {
		c   rune
		pos string
	}{{'ж', "line 1, column 1"}, {'1', "line 1, column 2"}, {'a', "line 2, column 3"}, {'b', "line 2, column 4"}} {
		c, err := r.Rune("a character")
		if err != nil || c != want.c || r.Pos().String() != want.pos {
			t.Fatalf("Rune = %q at %v, %v; want %q at %s", c, r.Pos(), err, want.c, want.pos)
		}
	}
	if v, err := r.Int("a number", 0, 9); v != 7 || err != nil {
		t.Fatalf("Int = %d, %v", v, err)
	}
	if err := r.End("the last case"); err == nil || err.Error() != `line 4, column 2: unexpected "x" after the last case` {
		t.Fatalf("End: %v", err)
	}
	if err := NewReader(strings.NewReader(" \n\t")).End("the last case"); err != nil {
		t.Fatalf("End on white space: %v", err)
	}
}

// FuzzReader: any input, read by any mix of calls, gives tokens without
// white space, positions that only move forward, and errors rather than
// panics.
func FuzzReader(f *testing.F) {
	f.Add("3\n1 2 3\n", []byte{0, 1, 2, 3})
	f.Add("ж x\xff\n\t9", []byte{1, 1, 0, 2})
	f.Fuzz(func(t *testing.T, in string, ops []byte) {
		r := NewReader(strings.NewReader(in))
		var last Pos
		for _, op := range ops {
			var err error
			switch op % 4 {
			case 0:
				var w string
				w, err = r.Word("w")
				if err == nil && (w == "" || strings.ContainsAny(w, " \t\n\r")) {
					t.Fatalf("token %q", w)
				}
			case 1:
				_, err = r.Rune("r")
			case 2:
				_, err = r.Int("i", -5, 5)
			case 3:
				err = r.End("the end")
			}
			if p := r.Pos(); p.Line < last.Line || p.Line == last.Line && p.Col < last.Col {
				t.Fatalf("position went back from %v to %v", last, p)
			}
			last = r.Pos()
			if err != nil {
				return
			}
		}
	})
}
