// Package puzzles is the catalogue of the puzzles idaviz can search. Each
// puzzle lives in its own package (puzzles/tiles, puzzles/rubik, ...) and
// knows nothing of the catalogue; a small adapter file here
// (register_tiles.go, register_rubik.go, ...) describes it with a Puzzle and
// registers it, so the CLI and the web server find every puzzle in one place.
package puzzles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/pdb"
	"idaviz/puzzles/preset"
)

// Puzzle describes one puzzle for the CLI and the page.
type Puzzle struct {
	Name  string // the --puzzle value: "15puzzle"
	Title string // for people: "15-puzzle (4x4 sliding tiles)"
	// Heuristics, the strongest first: the first is the default.
	Heuristics []string
	// Goals lists the accepted --goal values, the default first; nil when the
	// puzzle has only one goal.
	Goals []string
	// Parse reads a state in the puzzle's friendly format (the one String
	// writes) and validates it; goal is one of Goals, or "" for the default.
	Parse func(state, goal string) (Instance, error)
	// Order, when not nil, reads the name of an order of the moves (viz's
	// --order) and returns what makes an instance's searches try its moves
	// in that order; nil for a puzzle whose moves have one order.
	Order func(order string) (func(Instance) Instance, error)
	// Scramble makes a random solvable instance by a random walk of depth
	// moves from the goal (the optimal length may be shorter).
	Scramble func(rng *rand.Rand, depth int, goal string) Instance
	// Random, when not nil, makes a uniformly random solvable instance (viz
	// solve random through RandomFrom, compare's random:N).
	Random func(rng *rand.Rand) Instance
	// Presets are named instances for the page (for tiles, Korf's).
	Presets []Preset
	// Sets are named lists of instances for viz compare --instances NAME
	// (the 15-puzzle's korf100).
	Sets []InstanceSet
	// Layer, when not nil, lists every state at distance depth from the goal
	// (one of Goals, or ""), found by an exhaustive breadth-first search,
	// and the greatest distance there is: viz compare's depths:... picks
	// among them rather than solving random walks (the 8-puzzle's 181,440
	// boards).
	Layer func(goal string, depth int) (states []Instance, farthest int, err error)
	// Renderer names the page's drawing code for the JSON view of a state.
	Renderer string
	// Help describes the state format, for --help and error messages.
	Help string
	// Databases, for a puzzle whose heuristics read pattern databases
	// stored in the cache directory, builds or checks them (viz pdb build);
	// nil for the others.
	Databases *Databases
	// Script, for a puzzle whose states heuristics written in Starlark can
	// read, describes them; nil for the others.
	Script *ScriptStates
}

// Databases describes a puzzle's stored pattern databases.
type Databases struct {
	// Heuristics lists the heuristics that read stored databases, the
	// default first.
	Heuristics []string
	// Tables lists the stored tables heuristic reads, each with its builder
	// over workers goroutines (0: one per CPU).
	Tables func(heuristic string, workers int) ([]pdb.Stored, error)
	// Large lists the heuristics whose tables take minutes and a gigabyte
	// or more to build: viz site's page lists them as needing viz serve,
	// and quick tests search with others.
	Large []string
}

// Large reports whether heuristic reads tables that take minutes and a
// gigabyte or more to build (Databases.Large).
func (p *Puzzle) Large(heuristic string) bool {
	return p.Databases != nil && slices.Contains(p.Databases.Large, heuristic)
}

// Open opens the databases heuristic reads (pdb.OpenAll): each read from the
// cache when valid, else built and saved; force builds them all again.
func (d *Databases) Open(ctx context.Context, heuristic string, workers int, force bool, progress func(pdb.Progress)) ([]pdb.Opened, error) {
	tables, err := d.Tables(heuristic, workers)
	if err != nil {
		return nil, err
	}
	return pdb.OpenAll(ctx, tables, force, progress)
}

// Preset is a named instance.
type Preset = preset.Preset

// InstanceSet is a named list of a puzzle's instances, numbered from 1 in
// its order, all posed for one goal.
type InstanceSet struct {
	Name    string // the --instances value: "korf100"
	Title   string // for people: "Korf's 100 random 15-puzzle instances"
	Goal    string // the goal they are posed for
	Presets []Preset
}

// FindSet finds the puzzle with the instance set called name.
func FindSet(name string) (*Puzzle, *InstanceSet, bool) {
	for _, p := range All() {
		for i := range p.Sets {
			if p.Sets[i].Name == name {
				return p, &p.Sets[i], true
			}
		}
	}
	return nil, nil, false
}

// Instance is a parsed, valid start state.
type Instance interface {
	// String is the state in the puzzle's friendly format.
	String() string
	// Domain returns a fresh domain at this state searched with the named
	// heuristic (one of the Puzzle's Heuristics). Callers go through
	// NewDomain, which lets a slow build be cancelled and followed.
	Domain(heuristic string) (engine.Domain, error)
}

// Interchange is implemented by instances whose state has a standard text
// form that other programs read (the cube's 54 facelets, URFDLB).
type Interchange interface {
	// InterchangeState is the state in that form.
	InterchangeState() string
	// ScrambleFor is a move sequence that makes the state from the goal:
	// the one the state was given as, else the inverse of solution (moves of
	// the instance's domain), else "".
	ScrambleFor(solution []int) string
}

// DomainBuilder is implemented by instances whose domain can take long to
// build: pattern databases built on first use. The context cancels the build
// (leaving no partial file in the cache), and progress, when not nil, follows
// it. Instances without it build at once; NewDomain asks for either.
type DomainBuilder interface {
	BuildDomain(ctx context.Context, heuristic string, progress func(pdb.Progress)) (engine.Domain, error)
}

// NewDomain returns a fresh domain at inst searched with the named heuristic,
// through BuildDomain when inst has it.
func NewDomain(ctx context.Context, inst Instance, heuristic string, progress func(pdb.Progress)) (engine.Domain, error) {
	if b, ok := inst.(DomainBuilder); ok {
		return b.BuildDomain(ctx, heuristic, progress)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return inst.Domain(heuristic)
}

// Viewer is implemented by domains that can describe their current state to
// the page: View returns a value that encodes to the JSON its renderer reads.
type Viewer interface {
	View() any
}

var (
	mu       sync.RWMutex
	registry = map[string]*Puzzle{}
)

// Register adds a puzzle to the catalogue; it panics on a duplicate name,
// which is a programming error caught by any test.
func Register(p *Puzzle) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[p.Name]; dup {
		panic("puzzles: duplicate puzzle " + p.Name)
	}
	registry[p.Name] = p
}

// Lookup finds a puzzle by name, with an error that lists the known ones.
func Lookup(name string) (*Puzzle, error) {
	mu.RLock()
	p, ok := registry[name]
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown puzzle %s (known: %s)", quote.Short(name), strings.Join(Names(), ", "))
	}
	return p, nil
}

// Names lists the registered puzzles, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// All returns the registered puzzles sorted by name.
func All() []*Puzzle {
	var ps []*Puzzle
	for _, n := range Names() {
		p, _ := Lookup(n)
		ps = append(ps, p)
	}
	return ps
}

// randomStream is the PCG stream of the random instances a seed makes, so
// that one seed makes one instance wherever it is given (viz solve random
// --seed, the cube's state random:SEED).
const randomStream = 0xc0be

// seeded is the random source of a seed's instances.
func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, randomStream)) }

// RandomFrom is the uniformly random instance that seed makes, or an error
// for a puzzle without Random.
func (p *Puzzle) RandomFrom(seed uint64) (Instance, error) {
	if p.Random == nil {
		return nil, fmt.Errorf("puzzle %s has no uniformly random states", p.Name)
	}
	return p.Random(seeded(seed)), nil
}

// HasHeuristic reports whether h is one of p's heuristics ("" means the
// default), and returns the resolved name.
func (p *Puzzle) HasHeuristic(h string) (string, error) {
	if h == "" {
		return p.Heuristics[0], nil
	}
	for _, x := range p.Heuristics {
		if x == h {
			return h, nil
		}
	}
	return "", fmt.Errorf("puzzle %s has no heuristic %s (choose from: %s)", p.Name, quote.Short(h), strings.Join(p.Heuristics, ", "))
}
