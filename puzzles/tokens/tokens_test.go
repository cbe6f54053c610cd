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
		{strings.Repeat("9", 1<<17), 0, 5, 0, "reading the count"},
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
