package tiles

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// korf100 is Korf's 100 random 15-puzzle instances with their optimal
// solution lengths (R. E. Korf, "Depth-first iterative-deepening: an optimal
// admissible tree search", Artificial Intelligence 27, 1985), one per line:
// 16 tiles row by row for the blank-first goal, then the optimal length.
// It is the module's one copy of Korf's data, embedded so the
// binary carries the presets.
//
//go:embed korf100.txt
var korf100 string

// korf50 is Korf's 50 random 24-puzzle instances as Korf and Felner solved
// them (R. E. Korf and A. Felner, "Disjoint pattern database heuristics",
// Artificial Intelligence 134, 2002, 9-22; the first ten in R. E. Korf and
// L. A. Taylor, "Finding optimal solutions to the twenty-four puzzle",
// AAAI-96), one per line: 25 tiles row by row for the blank-first goal,
// the optimal length, then the nodes their search generated with the
// 6-6-6-6 patterns and the reflected lookup (the table as transcribed in
// github.com/clausecker/24puzzle, doc/korf.txt).
//
//go:embed korf50.txt
var korf50 string

// KorfInstance is one of Korf's 100 instances, or of his 50 of the
// 24-puzzle.
type KorfInstance struct {
	Number  int   // from 1, as in Korf's paper
	Board   Board // for the blank-first goal
	Optimal int   // the optimal solution length
	// Nodes is the nodes generated in the paper's search, where the file
	// has them (Korf50's: Korf and Felner's, with pdb6666's patterns).
	Nodes int64
}

var (
	korfOnce   = sync.OnceValues(func() ([]KorfInstance, error) { return parseKorf("korf100.txt", korf100, 4) })
	korf50Once = sync.OnceValues(func() ([]KorfInstance, error) { return parseKorf("korf50.txt", korf50, 5) })
)

// Korf returns Korf's 100 instances, numbered from 1.
func Korf() ([]KorfInstance, error) { return korfOnce() }

// Korf50 returns Korf's 50 instances of the 24-puzzle, numbered from 1.
func Korf50() ([]KorfInstance, error) { return korf50Once() }

// parseKorf reads a file of instances of a board of side size: its tiles,
// the optimal length and, optionally, the paper's nodes.
func parseKorf(name, text string, size int) ([]KorfInstance, error) {
	n := size * size
	var out []KorfInstance
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) != n+1 && len(f) != n+2 {
			return nil, fmt.Errorf("%s line %d: got %d numbers, want %d tiles, a length and perhaps nodes", name, i+1, len(f), n)
		}
		b, err := Parse(strings.Join(f[:n], " "), size, BlankFirst)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", name, i+1, err)
		}
		opt, err := strconv.Atoi(f[n])
		if err != nil {
			return nil, fmt.Errorf("%s line %d: the length %q is not a number", name, i+1, f[n])
		}
		k := KorfInstance{Number: i + 1, Board: b, Optimal: opt}
		if len(f) == n+2 {
			if k.Nodes, err = strconv.ParseInt(f[n+1], 10, 64); err != nil {
				return nil, fmt.Errorf("%s line %d: the nodes %q are not a number", name, i+1, f[n+1])
			}
		}
		out = append(out, k)
	}
	return out, nil
}
