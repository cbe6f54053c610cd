package tiles_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/puzzles/tiles"
)

// The catalogue adapter (puzzles/register_tiles.go) registers the three puzzles with
// working parsers, scramblers and presets whose optimal lengths are right.
func TestCatalogue(t *testing.T) {
	for _, tt := range []struct {
		name       string
		size       int
		presets    int
		heuristics int
	}{{"8puzzle", 3, 5, 3}, {"15puzzle", 4, 100, 11}, {"24puzzle", 5, 1, 4}} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := puzzles.Lookup(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if p.Renderer != "tiles" || p.Heuristics[0] != "linear-conflict" || len(p.Heuristics) != tt.heuristics ||
				len(p.Goals) != 2 || p.Goals[0] != "blank-last" || p.Goals[1] != "blank-first" || p.Help == "" || p.Title == "" {
				t.Errorf("puzzle %+v", p)
			}
			if len(p.Presets) < tt.presets {
				t.Errorf("%d presets, want at least %d", len(p.Presets), tt.presets)
			}
			for i, ps := range p.Presets {
				in, err := p.Parse(ps.State, ps.Goal)
				if err != nil {
					t.Fatalf("preset %q: %v", ps.Name, err)
				}
				if in.String() != ps.State {
					t.Errorf("preset %q: String() = %q", ps.Name, in.String())
				}
				if tt.name != "15puzzle" && ps.Goal != "" {
					t.Errorf("preset %q posed for goal %q, want the default", ps.Name, ps.Goal)
				}
				if tt.name == "15puzzle" {
					if want := fmt.Sprintf("Korf #%d", i+1); ps.Name != want || ps.Goal != "blank-first" {
						t.Errorf("preset %d named %q for goal %q, want %q for blank-first", i, ps.Name, ps.Goal, want)
					}
					if _, err := p.Parse(ps.State, ""); !errors.Is(err, tiles.ErrUnsolvable) {
						t.Errorf("preset %q under the default goal: %v, want ErrUnsolvable", ps.Name, err)
					}
					continue // their lengths are checked by TestKorf
				}
				d, err := in.Domain("")
				if err != nil {
					t.Fatal(err)
				}
				res, err := engine.IDA(context.Background(), d, engine.Options{})
				if err != nil || len(res.Moves) != ps.Optimal {
					t.Errorf("preset %q: %d moves (%v), Optimal says %d", ps.Name, len(res.Moves), err, ps.Optimal)
				}
				if v, ok := d.(puzzles.Viewer); !ok || v.View().(tiles.View).Size != tt.size {
					t.Errorf("preset %q: no view of size %d", ps.Name, tt.size)
				}
			}
			rng := rand.New(rand.NewPCG(1, 1))
			for _, goal := range []string{"", "blank-first", "nonsense"} {
				in := p.Scramble(rng, 30, goal)
				if _, err := in.Domain("manhattan"); err != nil {
					t.Errorf("scramble for goal %q: %v", goal, err)
				}
			}
			if _, err := p.Parse("1 2 3", ""); err == nil {
				t.Error("a short board parsed")
			}
			if _, err := p.Parse(p.Presets[0].State, "sideways"); err == nil || !strings.Contains(err.Error(), "unknown goal") {
				t.Errorf("unknown goal: %v", err)
			}
		})
	}
}

func TestCatalogueJudges(t *testing.T) {
	for name, in := range map[string]string{
		"uva10181": "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n",
		"hdu1043":  "1 2 3 4 5 6 7 x 8\n",
	} {
		j, err := puzzles.LookupJudge(name)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := j.Run(strings.NewReader(in), &out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := strings.ToUpper(out.String()); got != "R\n" {
			t.Errorf("%s: %q", name, out.String())
		}
	}
}
