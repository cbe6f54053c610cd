package rubik

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// HeuristicNames lists the heuristics, the strongest practical one first:
//
//	korf    max of the corner database and the two 6-edge ones (Korf 1997)
//	korf7   max of the corner database and two 7-edge ones (about 1 GB to
//	        build, 0.5 GB in memory; optional)
//	corners the corner database alone
//	edges   max of the two 6-edge databases
//	small   max of five small databases (4 corners twice, 4 edges three
//	        times) built in memory in well under a second: for demos and tests
//	simple  max(ceil(wrong corners/4), ceil(wrong edges/4)), no database
var HeuristicNames = []string{"korf", "korf7", "corners", "edges", "small", "simple"}

var smallSet = []Pattern{
	{Name: "small-c4a", Corners: true, Pieces: []uint8{0, 1, 2, 3}},
	{Name: "small-c4b", Corners: true, Pieces: []uint8{4, 5, 6, 7}},
	{Name: "small-e4a", Pieces: []uint8{0, 1, 2, 3}},
	{Name: "small-e4b", Pieces: []uint8{4, 5, 6, 7}},
	{Name: "small-e4c", Pieces: []uint8{8, 9, 10, 11}},
}

// Patterns lists the databases a heuristic reads, and whether they are
// stored on disk (the small ones are built in memory every time).
func Patterns(heuristic string) (pats []Pattern, stored bool, err error) {
	switch heuristic {
	case "korf":
		return []Pattern{PatternCorners, PatternEdgesA, PatternEdgesB}, true, nil
	case "korf7":
		return []Pattern{PatternCorners, PatternEdges7A, PatternEdges7B}, true, nil
	case "corners":
		return []Pattern{PatternCorners}, true, nil
	case "edges":
		return []Pattern{PatternEdgesA, PatternEdgesB}, true, nil
	case "small":
		return smallSet, false, nil
	case "simple":
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("unknown rubik heuristic %q (choose from: %s)", heuristic, strings.Join(HeuristicNames, ", "))
}

// tables caches the databases this process has opened: they are big and
// read-only, so every domain shares them.
var tables = struct {
	sync.Mutex
	m map[string]*Table
}{m: map[string]*Table{}}

// LoadHeuristic returns the named heuristic with its databases, reading them
// from the cache directory, or building (and saving) the ones that are
// missing or bad; progress, when not nil, follows the builds.
func LoadHeuristic(ctx context.Context, name string, progress func(Progress)) (Heuristic, error) {
	pats, stored, err := Patterns(name)
	if err != nil {
		return Heuristic{}, err
	}
	h := Heuristic{Name: name}
	tables.Lock()
	defer tables.Unlock()
	for _, p := range pats {
		t := tables.m[p.Name]
		if t == nil {
			if stored {
				o, err := Open(ctx, p, 0, progress)
				if o.Table == nil {
					return Heuristic{}, err
				}
				// A table that could not be saved still serves this process.
				t = o.Table
			} else if t, err = Build(ctx, p, 0, nil); err != nil {
				return Heuristic{}, err
			}
			tables.m[p.Name] = t
		}
		h.Tables = append(h.Tables, t)
	}
	return h, nil
}
