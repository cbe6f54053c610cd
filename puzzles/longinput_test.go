package puzzles_test

import (
	"strings"
	"testing"

	"idaviz/puzzles"
)

// TestLongInputIsQuotedShort: a bad input of a megabyte, as a state, a
// goal, a heuristic or a puzzle's name, gets an error that quotes a short
// piece of it, for every puzzle (rubik and squares echoed all of it: 16 MB
// on one line of stderr).
func TestLongInputIsQuotedShort(t *testing.T) {
	const maxErr = 400
	big := strings.Repeat("x", 1<<20)
	inputs := map[string]string{
		"letters": big, "a move then letters": "R " + big, "a grid size then letters": "3: " + big,
		"letters then a colon": big + ": 1", "face letters": strings.Repeat("U", 1<<20),
		"numbers": strings.Repeat("1 ", 1<<19), "a net's letters": strings.Repeat("w", 1<<20) + "/",
		"random:": "random:" + big, "two-byte letters": strings.Repeat("é", 1<<19),
	}
	check := func(what string, err error) {
		t.Helper()
		if err != nil && len(err.Error()) > maxErr {
			t.Errorf("%s: an error of %d bytes: %.120s…", what, len(err.Error()), err)
		}
	}
	for name, in := range inputs {
		_, err := puzzles.Lookup(in)
		check("puzzle "+name, err)
		for _, p := range puzzles.All() {
			_, err := puzzles.NewRequest(p.Name, in, "", "")
			check(p.Name+" state: "+name, err)
			_, err = puzzles.NewRequest(p.Name, "", "", in)
			check(p.Name+" goal: "+name, err)
			_, err = p.Parse("1 2 3", in)
			check(p.Name+" goal to Parse: "+name, err)
			_, err = puzzles.NewRequest(p.Name, "", in, "")
			check(p.Name+" heuristic: "+name, err)
		}
	}
}
