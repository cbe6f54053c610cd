package puzzles

import (
	"strings"
	"testing"
)

// TestRubikParseRefusals: an empty or blank state is refused as for every
// other puzzle (it was taken for the solved cube), and a net short of a
// sticker is reported by its sticker count, not as a bad move.
const solvedFacelets = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"

func TestRubikParseRefusals(t *testing.T) {
	const net = "www/www/www/ooogggrrrbbb/ooogggrrrbbb/ooogggrrrbbb/yyy/yyy/yyy"
	for _, tc := range []struct{ state, want string }{
		{"", "empty rubik state"},
		{" \n\t ", "empty rubik state"},
		{net[:len(net)-1], "sticker net: bad cube net: got 53 stickers, want 54"},
		{strings.ReplaceAll(net[1:], "/", " "), "got 53 stickers, want 54"},
		{"R U X", `bad move "X"`},
		{"R u", `bad move "u"`},
		{"R U ж", `bad move "ж"`},
		// A facelet string with a slip is said to be one, not read as 53
		// quarter turns or as a net with two centres alike.
		{solvedFacelets[:53], "53 face letters with no spaces: a facelet string has 54"},
		{solvedFacelets[:53] + "X", `facelet 54 is 'X'`},
		{solvedFacelets[:20] + "ж" + solvedFacelets[21:], `facelet 21 is 'ж'`},
	} {
		_, err := parseRubik(tc.state, "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseRubik(%q): %v, want %q", tc.state, err, tc.want)
		}
	}
	if _, err := parseRubik(solvedFacelets, ""); err != nil {
		t.Errorf("the solved facelets: %v", err)
	}
	if _, err := parseRubik("R U R' U' F2 B L D", ""); err != nil {
		t.Errorf("a scramble: %v", err)
	}
	if _, err := parseRubik(net, ""); err != nil {
		t.Errorf("the solved net: %v", err)
	}
}
