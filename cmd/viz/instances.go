package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"idaviz/engine"
	"idaviz/lang"
	"idaviz/puzzles"
)

// instance is one start state of a comparison.
type instance struct {
	number  int    // from 1 in the SPEC's order (a named set's own numbering)
	state   string // as viz solve reads it
	optimal int    // the known optimal length, 0 when unknown
}

// instanceSpec is a parsed --instances value.
type instanceSpec struct {
	kind       string // file, set, random, uniform, depths, default
	path       string
	set        *puzzles.InstanceSet // a puzzle's named set (korf100)
	setPuzzle  string               // the set's puzzle
	from, to   int                  // NAME:A-B, a range of the set
	n, depth   int                  // random:N:D
	d1, d2, by int                  // depths:N:D1-D2:STEP
}

// Bounds on what a SPEC may ask for, so a typo cannot ask for billions.
const (
	maxSpecStates = 100000
	maxSpecDepth  = 1000
	maxSpecFile   = 16 << 20
)

func parseInstanceSpec(lp *lang.Printer, s string) (instanceSpec, error) {
	spec := lang.Args{"Spec": strconv.Quote(s), "Most": maxSpecStates, "Depth": maxSpecDepth}
	switch {
	case s == "":
		return instanceSpec{kind: "default"}, nil
	case strings.HasPrefix(s, "random:"):
		f := strings.Split(s, ":")
		if len(f) == 2 {
			// Uniformly random states, for puzzles that have them.
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > maxSpecStates {
				return instanceSpec{}, errors.New(lp.T("cli.instances.uniform", spec))
			}
			return instanceSpec{kind: "uniform", n: n}, nil
		}
		if len(f) != 3 {
			return instanceSpec{}, errors.New(lp.T("cli.instances.random", spec))
		}
		n, err1 := strconv.Atoi(f[1])
		d, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || n < 1 || n > maxSpecStates || d < 0 || d > maxSpecDepth {
			return instanceSpec{}, errors.New(lp.T("cli.instances.randomrange", spec))
		}
		return instanceSpec{kind: "random", n: n, depth: d}, nil
	case strings.HasPrefix(s, "depths:"):
		f := strings.Split(s, ":")
		bad := errors.New(lp.T("cli.instances.depths", spec))
		if len(f) != 3 && len(f) != 4 {
			return instanceSpec{}, bad
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > maxSpecStates {
			return instanceSpec{}, bad
		}
		d1, d2, err := parseRange(f[2])
		if err != nil || d1 < 0 || d1 > d2 || d2 > maxSpecDepth {
			return instanceSpec{}, bad
		}
		step := 1
		if len(f) == 4 {
			if step, err = strconv.Atoi(f[3]); err != nil || step < 1 {
				return instanceSpec{}, bad
			}
		}
		if n*((d2-d1)/step+1) > maxSpecStates {
			return instanceSpec{}, errors.New(lp.T("cli.instances.many", spec))
		}
		return instanceSpec{kind: "depths", n: n, d1: d1, d2: d2, by: step}, nil
	}
	name, rng, ranged := strings.Cut(s, ":")
	if p, set, ok := puzzles.FindSet(name); ok {
		sp := instanceSpec{kind: "set", set: set, setPuzzle: p.Name, from: 1, to: len(set.Presets)}
		if ranged {
			a, b, err := parseRange(rng)
			if err != nil || a < 1 || b > len(set.Presets) || a > b {
				return instanceSpec{}, errors.New(lp.T("cli.instances.range", spec, lang.Args{"Set": name, "Size": len(set.Presets)}))
			}
			sp.from, sp.to = a, b
		}
		return sp, nil
	}
	return instanceSpec{kind: "file", path: s}, nil
}

// parseRange reads "A-B", or "A" for A-A.
func parseRange(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	x, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0, err
	}
	y, err := strconv.Atoi(b)
	return x, y, err
}

// puzzleFor names the puzzle and goal a spec implies when --puzzle and
// --goal leave them open, and checks them when they do not.
func (sp instanceSpec) puzzleFor(p *lang.Printer, puzzle, goal string) (string, string, error) {
	if sp.kind == "set" {
		if puzzle != "" && puzzle != sp.setPuzzle {
			return "", "", errors.New(p.T("cli.instances.puzzle", lang.Args{"Set": sp.set.Name, "Title": sp.set.Title, "SetPuzzle": sp.setPuzzle, "Puzzle": puzzle}))
		}
		if goal != "" && goal != sp.set.Goal {
			return "", "", errors.New(p.T("cli.instances.goal", lang.Args{"Set": sp.set.Name, "Goal": sp.set.Goal}))
		}
		return sp.setPuzzle, sp.set.Goal, nil
	}
	if puzzle == "" && sp.kind == "file" {
		first, err := firstState(sp.path)
		if err != nil {
			return "", "", err
		}
		var guessErr error
		if puzzle, guessErr = guessTiles(p, first); guessErr != nil {
			// Perhaps the state is followed by its optimal length.
			if puzzle, _ = guessTiles(p, dropLastField(first)); puzzle == "" {
				return "", "", fmt.Errorf("%s: %s: %w", sp.path, p.T("cli.instances.first"), guessErr)
			}
		}
	}
	if puzzle == "" {
		puzzle = "8puzzle"
	}
	return puzzle, goal, nil
}

// instances makes the spec's start states.
func (sp instanceSpec) instances(ctx context.Context, p *puzzles.Puzzle, goal string, seed uint64) ([]instance, error) {
	rng := rand.New(rand.NewPCG(seed, 0x1dea))
	switch sp.kind {
	case "set":
		var out []instance
		for i, pr := range sp.set.Presets[sp.from-1 : sp.to] {
			out = append(out, instance{number: sp.from + i, state: pr.State, optimal: pr.Optimal})
		}
		return out, nil
	case "random":
		out := make([]instance, sp.n)
		for i := range out {
			out[i] = instance{number: i + 1, state: p.Scramble(rng, sp.depth, goal).String()}
		}
		return out, nil
	case "uniform":
		if p.Random == nil {
			return nil, fmt.Errorf("--instances random:%d: %s has no uniformly random states; use random:N:D (random walks of D moves)", sp.n, p.Name)
		}
		out := make([]instance, sp.n)
		for i := range out {
			out[i] = instance{number: i + 1, state: p.Random(rng).String()}
		}
		return out, nil
	case "depths":
		return sp.atDepths(ctx, p, goal, rng)
	case "file":
		return readInstances(sp.path, p, goal)
	}
	return defaultInstances(p, goal, rng), nil
}

// defaultInstances is the small built-in set: when the puzzle has a few
// presets for the goal, the easier half of them (by known optimal length,
// so that weak heuristics finish); else ten 20-move scrambles.
func defaultInstances(p *puzzles.Puzzle, goal string, rng *rand.Rand) []instance {
	var presets []puzzles.Preset
	for _, pr := range p.Presets {
		if (pr.Goal == "" || pr.Goal == goal) && pr.Optimal > 0 {
			presets = append(presets, pr)
		}
	}
	var out []instance
	if len(presets) > 0 && len(presets) <= 10 {
		lengths := make([]int, len(presets))
		for i, pr := range presets {
			lengths[i] = pr.Optimal
		}
		slices.Sort(lengths)
		median := lengths[(len(lengths)-1)/2]
		for _, pr := range presets {
			if pr.Optimal <= median {
				out = append(out, instance{number: len(out) + 1, state: pr.State, optimal: pr.Optimal})
			}
		}
		return out
	}
	for i := range 10 {
		out = append(out, instance{number: i + 1, state: p.Scramble(rng, 20, goal).String()})
	}
	return out
}

// atDepths picks n states of each optimal length: from the exhaustive
// breadth-first search of a puzzle that has one (Puzzle.Layer: the
// 8-puzzle); for the others, random walks solved with the puzzle's default
// heuristic until enough of each length turn up.
func (sp instanceSpec) atDepths(ctx context.Context, p *puzzles.Puzzle, goal string, rng *rand.Rand) ([]instance, error) {
	var out []instance
	for d := sp.d1; d <= sp.d2; d += sp.by {
		var states []string
		var err error
		if p.Layer != nil {
			states, err = layerAtDepth(p, goal, d, sp.n, rng)
		} else {
			states, err = walksAtDepth(ctx, p, goal, d, sp.n, rng)
		}
		if err != nil {
			return nil, err
		}
		for _, s := range states {
			out = append(out, instance{number: len(out) + 1, state: s, optimal: d})
		}
	}
	return out, nil
}

func layerAtDepth(p *puzzles.Puzzle, goal string, d, n int, rng *rand.Rand) ([]string, error) {
	layer, farthest, err := p.Layer(goal, d)
	if err != nil {
		return nil, err
	}
	if len(layer) == 0 {
		return nil, fmt.Errorf("the %s has no state %d moves from the goal (the farthest are %d)", p.Name, d, farthest)
	}
	pick := rng.Perm(len(layer))
	if len(pick) > n {
		pick = pick[:n]
	}
	out := make([]string, len(pick))
	for i, j := range pick {
		out[i] = layer[j].String()
	}
	return out, nil
}

// walksAtDepth gives up after a fixed number of tries per state wanted, so
// a depth that random walks rarely reach fails with a message, not a hang.
func walksAtDepth(ctx context.Context, p *puzzles.Puzzle, goal string, d, n int, rng *rand.Rand) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for try := 0; len(out) < n && try < 50*n+50; try++ {
		inst := p.Scramble(rng, d+rng.IntN(d/2+1), goal)
		if seen[inst.String()] {
			continue
		}
		seen[inst.String()] = true
		dom, err := puzzles.NewDomain(ctx, inst, p.Heuristics[0], nil)
		if err != nil {
			return nil, err
		}
		res, err := engine.IDA(ctx, dom, engine.Options{MaxBound: d, MaxNodes: 50_000_000})
		if err != nil {
			return nil, err
		}
		if res.Solved() && len(res.Moves) == d {
			out = append(out, inst.String())
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("found no %s state %d moves from the goal by random walks", p.Name, d)
	}
	return out, nil
}

// readInstances reads a file of states, one per line, each optionally
// followed by its optimal length; '#' starts a comment.
func readInstances(path string, p *puzzles.Puzzle, goal string) ([]instance, error) {
	f, err := openInstances(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxSpecFile))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var out []instance
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		if len(out) == maxSpecStates {
			return nil, fmt.Errorf("%s: more than %d states", path, maxSpecStates)
		}
		in := instance{number: len(out) + 1, state: text}
		if _, err := p.Parse(text, goal); err != nil {
			// Perhaps the state is followed by its optimal length.
			last := lastField(text)
			n, nerr := strconv.Atoi(last)
			if nerr != nil || n < 0 {
				return nil, fmt.Errorf("%s:%d: %s state: %w", path, line, p.Name, err)
			}
			state := dropLastField(text)
			if _, err2 := p.Parse(state, goal); err2 != nil {
				return nil, fmt.Errorf("%s:%d: %s state: %w", path, line, p.Name, err)
			}
			in.state, in.optimal = state, n
		}
		out = append(out, in)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no states (one per line, '#' starts a comment)", path)
	}
	return out, nil
}

func firstState(path string) (string, error) {
	f, err := openInstances(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxSpecFile))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if text, _, _ := strings.Cut(sc.Text(), "#"); strings.TrimSpace(text) != "" {
			return text, nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return "", fmt.Errorf("%s: no states (one per line, '#' starts a comment)", path)
}

// openInstances opens a file of states; a folder is named as such, not
// read as a file without states.
func openInstances(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--instances: %w", err)
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, fmt.Errorf("--instances %s is a folder; want a file of states, one per line, or korf100, random:N:D, depths:N:D1-D2", path)
	}
	return f, nil
}

func lastField(s string) string {
	f := strings.Fields(s)
	return strings.Trim(f[len(f)-1], ",;")
}

func dropLastField(s string) string {
	s = strings.TrimRight(s, " \t,;")
	i := strings.LastIndexAny(s, " \t,;")
	if i < 0 {
		return ""
	}
	return strings.TrimRight(s[:i], " \t,;")
}
