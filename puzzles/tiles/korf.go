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

// KorfInstance is one of Korf's 100 instances.
type KorfInstance struct {
	Number  int   // 1..100, as in Korf's paper
	Board   Board // for the blank-first goal
	Optimal int   // the optimal solution length
}

var korfOnce = sync.OnceValues(func() ([]KorfInstance, error) { return parseKorf(korf100) })

// Korf returns Korf's 100 instances, numbered from 1.
func Korf() ([]KorfInstance, error) { return korfOnce() }

func parseKorf(text string) ([]KorfInstance, error) {
	var out []KorfInstance
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) != 17 {
			return nil, fmt.Errorf("korf100.txt line %d: got %d numbers, want 16 tiles and a length", i+1, len(f))
		}
		b, err := Parse(strings.Join(f[:16], " "), 4, BlankFirst)
		if err != nil {
			return nil, fmt.Errorf("korf100.txt line %d: %w", i+1, err)
		}
		opt, err := strconv.Atoi(f[16])
		if err != nil {
			return nil, fmt.Errorf("korf100.txt line %d: the length %q is not a number", i+1, f[16])
		}
		out = append(out, KorfInstance{Number: i + 1, Board: b, Optimal: opt})
	}
	return out, nil
}
