package script_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/script"
)

func loadRomania(t testing.TB) *script.Problem {
	t.Helper()
	src, err := os.ReadFile("../../examples/romania/romania.star")
	if err != nil {
		t.Fatal(err)
	}
	p, err := script.LoadProblem("romania.star", src, script.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRomania(t *testing.T) {
	p := loadRomania(t)
	if p.Name != "romania" || strings.Join(p.Heuristics(), ",") != "straight-line,zero" || p.ViewKind() != "graph" {
		t.Fatalf("name %q heuristics %v view %q", p.Name, p.Heuristics(), p.ViewKind())
	}
	for _, algo := range []engine.Algorithm{engine.AlgorithmIDA, engine.AlgorithmAStar} {
		for _, h := range p.Heuristics() {
			d, err := p.Domain(p.Start(), h)
			if err != nil {
				t.Fatal(err)
			}
			res, err := algo.Search(context.Background(), d, engine.Options{})
			if err != nil || d.Err() != nil || !res.Solved() {
				t.Fatalf("%v %s: %v %v %v", algo, h, res.Status, err, d.Err())
			}
			var route []string
			for _, m := range res.Moves {
				route = append(route, d.MoveName(m))
			}
			if res.Cost != 418 || strings.Join(route, ", ") != "Sibiu, Rimnicu Vilcea, Pitesti, Bucharest" {
				t.Errorf("%v %s: cost %d route %v, want 418 by Sibiu, Rimnicu Vilcea, Pitesti", algo, h, res.Cost, route)
			}
		}
	}
}
