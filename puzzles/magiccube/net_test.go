package magiccube

import (
	"errors"
	"idaviz/internal/parsetest"
	"strings"
	"testing"
)

const solvedText = `
      w w w
      w w w
      w w w
r r r g g g b b b o o o
r r r g g g b b b o o o
r r r g g g b b b o o o
      y y y
      y y y
      y y y
`

func TestParseNet(t *testing.T) {
	solved, err := ParseNet(solvedText)
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range "rgbowy" {
		for _, i := range FaceStickers[f] {
			if solved[i] != byte(want) {
				t.Fatalf("face %d sticker %d = %q, want %q", f, i, solved[i], want)
			}
		}
	}
	compact := "www/www/www/rrrgggbbbooo/rrrgggbbbooo/rrrgggbbbooo/yyy/yyy/yyy"
	if got := solved.String(); got != compact {
		t.Fatalf("String() = %q, want %q", got, compact)
	}
	if strings.TrimSpace(solved.Judge()) != strings.TrimSpace(solvedText) {
		t.Fatalf("Judge() =\n%s", solved.Judge())
	}
	tests := []struct {
		name, in string
		ok       bool
	}{
		{"compact", compact, true},
		{"run", strings.ReplaceAll(compact, "/", ""), true},
		{"commas", strings.Join(strings.Split(strings.ReplaceAll(compact, "/", ""), ""), ","), true},
		{"empty", "", false},
		{"short", compact[:len(compact)-1], false},
		{"long", compact + "y", false},
		{"digit", "1" + compact[1:], false},
		{"unicode", "é" + compact[1:], false},
		{"same centres", strings.Replace(compact, "rrrgggbbbooo/rrrgggbbbooo", "rrrgggbbbooo/rgrgggbbbooo", 1), false},
		{"ten of a colour", "g" + compact[1:], false},
		{"foreign colour", "x" + compact[1:], false},
		{"case matters", "W" + compact[1:], false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseNet(tc.in)
			if tc.ok != (err == nil) {
				t.Fatalf("ParseNet(%q) error = %v, want ok=%v", tc.in, err, tc.ok)
			}
			if err != nil && !errors.Is(err, ErrBadNet) {
				t.Fatalf("error %v does not wrap ErrBadNet", err)
			}
		})
	}
}

func FuzzParseNet(f *testing.F) {
	parsetest.Fuzz(f, ParseNet, []string{solvedText, "www/www/www/rrrgggbbbooo/rrrgggbbbooo/rrrgggbbbooo/yyy/yyy/yyy", "w"},
		Net.String, Net.Judge)
}
