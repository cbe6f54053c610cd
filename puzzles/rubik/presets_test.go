package rubik

import (
	"context"
	"os"
	"testing"

	"idaviz/engine"
)

func TestPresets(t *testing.T) {
	mm := newMITM(4)
	if !testing.Short() {
		mm = newMITM(5)
	}
	var korfH *Heuristic
	for _, p := range Presets {
		moves, err := ParseMoves(p.State)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		c := FromMoves(moves)
		if len(moves) < p.Optimal {
			t.Errorf("%s: a scramble of %d moves cannot need %d", p.Name, len(moves), p.Optimal)
		}
		switch {
		case p.Optimal == 20:
			// The superflip: every edge flipped in place, all else solved.
			want := Solved()
			for i := range want.EO {
				want.EO[i] = 1
			}
			if c != want {
				t.Errorf("%s is not the superflip", p.Name)
			}
		case p.Optimal <= 2*mm.half:
			if got := mm.optimal(c); got != p.Optimal {
				t.Errorf("%s: optimal %d, preset says %d", p.Name, got, p.Optimal)
			}
		case p.Optimal <= 13:
			// With korf's full databases: from the cache, or built when
			// IDAVIZ_TEST_KORF=1 asks for them (unit tests never build
			// full-size databases unasked).
			if korfH == nil {
				h, ok := korfDatabases(t)
				if !ok {
					continue
				}
				korfH = &h
			}
			res, err := engine.IDA(context.Background(), NewDomain(c, *korfH), engine.Options{})
			if err != nil || len(res.Moves) != p.Optimal {
				t.Errorf("%s: optimal %d (%v), preset says %d", p.Name, len(res.Moves), err, p.Optimal)
			}
		}
	}
}

// korfDatabases returns the korf heuristic with its full databases. With
// IDAVIZ_TEST_KORF=1 it reads them from the cache directory or builds the
// missing ones, and fails the test when it cannot; without, it returns them
// only when all are cached and valid (ok false otherwise).
func korfDatabases(t *testing.T) (h Heuristic, ok bool) {
	t.Helper()
	if os.Getenv("IDAVIZ_TEST_KORF") == "1" {
		h, err := LoadHeuristic(context.Background(), "korf", nil)
		if err != nil {
			t.Fatalf("IDAVIZ_TEST_KORF=1: korf's databases: %v", err)
		}
		return h, true
	}
	pats, _, _ := Patterns("korf")
	h = Heuristic{Name: "korf"}
	for _, p := range pats {
		tab, err := Load(p)
		if err != nil {
			return Heuristic{}, false
		}
		h.Tables = append(h.Tables, tab)
	}
	return h, true
}
