package script_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"idaviz/engine"
	"idaviz/puzzles/script"
)

// search loads src and runs IDA* with the heuristic, returning the error
// that stopped it.
func search(t *testing.T, src, heuristic string, b script.Budget) error {
	t.Helper()
	p, err := script.LoadProblem("p.star", []byte(src), b)
	if err != nil {
		return err
	}
	d, err := p.Domain(p.Start(), heuristic)
	if err != nil {
		return err
	}
	if _, err := engine.IDA(context.Background(), d, engine.Options{}); err != nil {
		return err
	}
	return d.Err()
}

// TestBudgets: an endless loop, a memory bomb and a slow run each stop at
// their budget with an error that says which, and where.
func TestBudgets(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name      string
		src       string
		heuristic string
		budget    script.Budget
		kind      error
		where     string
	}{
		// Starlark places a running loop at its last operation that
		// can fail: the addition in h; the top level, which Starlark places
		// less well, at its start.
		{"endless loop in h", base + "def spin(s):\n    while True:\n        s = s + 1\nheuristics = {'spin': spin}\n", "spin",
			script.Budget{Steps: 100_000}, script.ErrSteps, "p.star:9:13: spin(0): the step budget"},
		{"endless loop at top level", "x = 0\nwhile True:\n    x = x + 1\n", "",
			script.Budget{Steps: 100_000}, script.ErrSteps, "p.star:1:1: the step budget"},
		{"doubling a string", base + "def bomb(s):\n    x = 'x'\n    for i in range(64):\n        x = x + x\n    return 0\nheuristics = {'bomb': bomb}\n", "bomb",
			script.Budget{Memory: 64 * mib}, script.ErrMemory, "p.star:10:15: bomb(0): the memory budget"},
		{"a growing list", base + "def bomb(s):\n    x = []\n    for i in range(10000000):\n        x.append('y' * 1000)\n    return 0\nheuristics = {'bomb': bomb}\n", "bomb",
			script.Budget{Memory: 64 * mib, Steps: 1 << 40}, script.ErrMemory, "bomb(0): the memory budget"},
		{"a list of a huge range", base + "def bomb(s):\n    return len(list(range(10000000000)))\nheuristics = {'bomb': bomb}\n", "bomb",
			script.Budget{}, script.ErrSteps, "p.star:8:26: bomb(0): the step budget of one call is spent: range of 10000000000 numbers"},
		{"a sum of a long list", base + "def bomb(s):\n    return sum([1] * 4000)\nheuristics = {'bomb': bomb}\n", "bomb",
			script.Budget{Steps: 1000}, script.ErrSteps, "p.star:8:15: bomb(0): the step budget of one call is spent (in sum)"},
		{"too slow", base + "def slow(s):\n    for i in range(100000000):\n        pass\n    return 0\nheuristics = {'slow': slow}\n", "slow",
			script.Budget{Time: 50 * time.Millisecond, Steps: 1 << 40}, script.ErrTime, "slow(0): the time budget"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			err := search(t, c.src, c.heuristic, c.budget)
			took := time.Since(start)
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.where) {
				t.Fatalf("error %v, want %v at %q", err, c.kind, c.where)
			}
			// The bombs would take all memory; stopped, they allocate a
			// few times the budget at most (one doubling beyond it).
			if grown := after.TotalAlloc - before.TotalAlloc; c.budget.Memory > 0 && grown > 16*uint64(c.budget.Memory) {
				t.Errorf("allocated %d MiB under a budget of %d MiB", grown>>20, c.budget.Memory>>20)
			}
			if took > time.Minute {
				t.Errorf("took %v", took)
			}
		})
	}
}
