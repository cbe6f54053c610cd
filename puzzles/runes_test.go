package puzzles

import (
	"strings"
	"testing"

	"idaviz/puzzles/magiccube"
	"idaviz/puzzles/rotation"
)

// TestMessagesShowRunes: a parser's error shows a non-ASCII character as
// itself ('ж'), not as its first byte ('Ð').
func TestMessagesShowRunes(t *testing.T) {
	_, err := magiccube.ParseNet("www/wжw/www")
	if err == nil || !strings.Contains(err.Error(), `sticker 5: 'ж' is not a colour letter`) {
		t.Errorf("ParseNet: %v", err)
	}
	_, err = rotation.ParseBoard("1 1 ж")
	if err == nil || !strings.Contains(err.Error(), `cell 2: 'ж' is not 1, 2 or 3`) {
		t.Errorf("ParseBoard: %v", err)
	}
	for _, name := range Names() {
		p, _ := Lookup(name)
		if _, err := p.Parse("ж", ""); err != nil && strings.ContainsRune(err.Error(), 'Ð') {
			t.Errorf("%s: %v", name, err)
		}
	}
}
