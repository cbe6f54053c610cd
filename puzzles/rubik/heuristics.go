package rubik

import (
	"context"
	"fmt"
	"idaviz/internal/quote"
	"idaviz/puzzles/pdb"
	"strings"
)

// HeuristicNames lists the heuristics, the strongest practical one first:
//
//	korf    max of the corner database and the two 6-edge ones (Korf 1997)
//	reid    distance to Kociemba's subgroup H along each of the three axes,
//	        their max, +1 when all three are equal (Reid 1997, de Bondt):
//	        one 70 MB table, about 10 s to build on two cores, far fewer nodes
//	reid-huge reid with the sorted UD-slice coordinate (Kociemba's "huge"),
//	        looked up for the cube's inverse too (Rokicki's nxopt): one
//	        1.67 GB table, about 4 min to build on two cores, many times
//	        fewer nodes than reid at a lower node rate (optional)
//	korf7   max of the corner database and two 7-edge ones (about 1 GB to
//	        build, 0.5 GB in memory; optional)
//	corners the corner database alone
//	edges   max of the two 6-edge databases
//	small   max of five small databases (4 corners twice, 4 edges three
//	        times) built in memory in well under a second: for demos and tests
//	simple  max(ceil(wrong corners/4), ceil(wrong edges/4)), no database
var HeuristicNames = []string{"korf", "reid", "reid-huge", "korf7", "corners", "edges", "small", "simple"}

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
	case "reid", "reid-huge":
		return nil, true, nil // one table of its own, not a pattern database
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
	return nil, false, fmt.Errorf("unknown rubik heuristic %s (choose from: %s)", quote.Short(heuristic), strings.Join(HeuristicNames, ", "))
}

// tables holds the databases this process has opened: they are big and
// read-only, so every domain shares them, and a build is shared by every
// search that waits for it (and cancelled when none does).
var tables pdb.Shared[*Table]

// loadEnded, when set (by tests), is told when a load or build of a stored
// database that LoadHeuristic started has ended, and how.
var loadEnded func(table string, err error)

// LoadHeuristic returns the named heuristic with its databases, reading them
// from the cache directory, or building (and saving) the ones that are
// missing or bad; progress, when not nil, follows the builds. ctx cancels
// this caller's wait, and the build when nobody else waits for it.
func LoadHeuristic(ctx context.Context, name string, progress func(pdb.Progress)) (Heuristic, error) {
	if name == hugeName {
		w, err := loadHugeShared(ctx, progress)
		if err != nil {
			return Heuristic{}, err
		}
		return Heuristic{Name: name, huge: w}, nil
	}
	if name == reidName {
		t, err := loadReidShared(ctx, progress)
		if err != nil {
			return Heuristic{}, err
		}
		return Heuristic{Name: name, reid: t}, nil
	}
	pats, stored, err := Patterns(name)
	if err != nil {
		return Heuristic{}, err
	}
	h := Heuristic{Name: name}
	for _, p := range pats {
		load := func(ctx context.Context, progress func(pdb.Progress)) (*Table, error) {
			if !stored {
				return Build(ctx, p, 0, nil)
			}
			o, err := Open(ctx, p, 0, progress)
			if loadEnded != nil {
				loadEnded(p.Name, err)
			}
			if err != nil {
				return nil, err
			}
			// A table that could not be saved still serves this process;
			// Open has said why through progress.
			return o.Table, nil
		}
		t, err := tables.Get(ctx, p.Name, load, progress)
		if err != nil {
			return Heuristic{}, err
		}
		h.Tables = append(h.Tables, t)
	}
	return h, nil
}

// StoredTables lists the stored tables a heuristic reads, each with its
// builder over workers goroutines (0: one per CPU), for pdb.OpenAll (viz pdb
// build).
func StoredTables(heuristic string, workers int) ([]pdb.Stored, error) {
	switch heuristic {
	case reidName:
		return []pdb.Stored{{Spec: reidSpec(), Build: reidBuilder(workers)}}, nil
	case hugeName:
		return []pdb.Stored{{Spec: hugeSpec(), Build: hugeBuilder(workers)}}, nil
	}
	pats, stored, err := Patterns(heuristic)
	if err != nil {
		return nil, err
	}
	if !stored {
		return nil, fmt.Errorf("heuristic %s keeps no databases on disk", quote.Short(heuristic))
	}
	out := make([]pdb.Stored, len(pats))
	for i, p := range pats {
		out[i] = pdb.Stored{Spec: p.spec(), Build: p.builder(workers)}
	}
	return out, nil
}
