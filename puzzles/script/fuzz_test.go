package script_test

import (
	"context"
	"os"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/puzzles/script"
)

// FuzzLoadProblem: whatever a problem file holds, loading it and searching
// it within a small budget ends with an answer or an error, never a panic
// or a hang.
func FuzzLoadProblem(f *testing.F) {
	romania, err := os.ReadFile("../../examples/romania/romania.star")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{string(romania), base, base + "view = {'kind': 'grid', 'map': ['S.', '.G']}\n",
		"start = (0, 0)\ngoal = (1, 1)\ndef moves(s):\n    return [('x', (s[0] + 1, s[1]), 2), ('y', (s[0], s[1] + 1), 1)]\nview = {'kind': 'grid', 'map': ['..', '..']}\n",
		"start = ''\ngoal = 'ab'\ndef moves(s): return [(c, s + c, 1) for c in 'ab'] if len(s) < 2 else []\nview = {'kind': 'text', 'show': lambda s: s or '-'}\n",
		"start = 0\ngoal = 1\ndef moves(s):\n    return [('a', 1, 1), ('a', 2, 1)]\n"} {
		f.Add([]byte(s))
	}
	b := script.Budget{Steps: 20_000, Time: 2 * time.Second, Memory: 64 << 20}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := script.LoadProblem("fuzz.star", src, b)
		if err != nil {
			return
		}
		for _, h := range p.Heuristics() {
			d, err := p.Domain(p.Start(), h)
			if err != nil {
				continue
			}
			for _, algo := range []engine.Algorithm{engine.AlgorithmIDA, engine.AlgorithmAStar} {
				res, _ := algo.Search(context.Background(), d, engine.Options{MaxNodes: 2000, MaxMemory: 16 << 20})
				if res.Solved() && d.Err() != nil {
					t.Fatalf("solved despite the error %v", d.Err())
				}
				_ = d.View()
			}
		}
	})
}
