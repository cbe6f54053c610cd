package puzzles

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/script"
	"idaviz/trace"
)

// ScriptStates describes a puzzle's states to heuristics written in
// Starlark (script.HeuristicFile), for the puzzles that can give them.
type ScriptStates struct {
	// Doc says what a state is and which globals a heuristic file sees,
	// for people (the GUIDE and the errors repeat it).
	Doc string
	// Bind gives, for an instance, the state that a domain's snapshot
	// (engine.Snapshotter's AppendState) encodes, as the plain values
	// script.ToValue takes, and the globals a heuristic sees besides its
	// own (the goal).
	Bind func(inst Instance) (state func(snapshot []byte) any, globals map[string]any)
}

// ScriptPuzzles lists the puzzles whose states heuristics written in
// Starlark can read.
func ScriptPuzzles() []string {
	var out []string
	for _, p := range All() {
		if p.Script != nil {
			out = append(out, p.Name)
		}
	}
	return out
}

// NewScriptedRequest is NewRequest for a heuristic written in Starlark:
// the puzzle's moves and goal, the file's h. The request's Heuristic is
// the file's name.
func NewScriptedRequest(puzzle, state, goal string, h *script.HeuristicFile) (*Request, error) {
	p, err := Lookup(puzzle)
	if err != nil {
		return nil, err
	}
	if p.Script == nil {
		return nil, fmt.Errorf("puzzle %s cannot give its states to a heuristic written in Starlark (puzzles that can: %s)", p.Name, strings.Join(ScriptPuzzles(), ", "))
	}
	// The puzzle's own heuristic is computed and replaced: the cheapest.
	r, err := NewRequest(puzzle, state, p.Heuristics[len(p.Heuristics)-1], goal)
	if err != nil {
		return nil, err
	}
	toState, globals := p.Script.Bind(r.Instance)
	bound, err := h.Bind(globals)
	if err != nil {
		return nil, err
	}
	r.Instance = scriptedInstance{Instance: r.Instance, base: r.Heuristic, h: bound, state: toState}
	r.Heuristic = h.File
	r.Info.Heuristic = h.File
	return r, nil
}

// StateNames names a state of the request's puzzle, given a snapshot of
// it (engine.Snapshotter's AppendState), for people: as a script would see
// it, for puzzles that give their states to scripts; as Starlark writes
// it, for a problem; else the JSON of the domain's view.
func (r *Request) StateNames() func(snapshot []byte) string {
	inst := r.Instance
	if s, ok := inst.(scriptedInstance); ok {
		inst = s.Instance
	}
	if p, ok := inst.(problemInstance); ok {
		return p.p.StateName
	}
	var show func([]byte) any
	if r.Puzzle.Script != nil {
		show, _ = r.Puzzle.Script.Bind(inst)
	}
	d, err := inst.Domain(r.Puzzle.Heuristics[len(r.Puzzle.Heuristics)-1])
	return func(b []byte) string {
		if show != nil {
			if v, err := script.ToValue(show(b)); err == nil {
				return v.String()
			}
		}
		if v, ok := d.(Viewer); ok && err == nil {
			if sn, ok := d.(engine.Snapshotter); ok {
				sn.SetState(b)
				if j, err := json.Marshal(v.View()); err == nil {
					return string(j)
				}
			}
		}
		return fmt.Sprintf("%x", b)
	}
}

// scriptedInstance is an instance searched with a Starlark heuristic,
// whatever heuristic name it is asked for.
type scriptedInstance struct {
	Instance
	base  string
	h     *script.Heuristic
	state func([]byte) any
}

func (s scriptedInstance) Domain(string) (engine.Domain, error) {
	d, err := s.Instance.Domain(s.base)
	if err != nil {
		return nil, err
	}
	return s.h.Domain(d, s.state)
}

// ProblemPuzzle describes a problem written in Starlark as a puzzle, for
// everything that searches puzzles: its instances are its states (the
// file's start by default), its heuristics the file's, its renderer the
// kind of its view. It is not in the catalogue.
func ProblemPuzzle(p *script.Problem) *Puzzle {
	return &Puzzle{
		Name:       p.Name,
		Title:      fmt.Sprintf("%s (written in Starlark: %s)", p.Name, p.File),
		Heuristics: p.Heuristics(),
		Parse: func(state, goal string) (Instance, error) {
			if goal != "" {
				return nil, fmt.Errorf("problem %s has the goal its file defines, not %s", p.Name, quote.Short(goal))
			}
			s, err := p.Parse(state)
			if err != nil {
				return nil, err
			}
			return problemInstance{p: p, s: s}, nil
		},
		Scramble: func(rng *rand.Rand, depth int, _ string) Instance {
			return problemInstance{p: p, s: problemWalk(p, rng, depth)}
		},
		Presets:  []Preset{{Name: "The file's start", State: p.Start().String()}},
		Renderer: p.ViewKind(),
		Help: fmt.Sprintf("A state of %s as a Starlark expression over the file's names (\"Arad\", (1, 2), START); "+
			"a bare word that names nothing is a string (Arad). Nothing means the file's start, %s.", p.File, p.Start()),
	}
}

// problemWalk is a random walk of depth moves from the problem's start
// (the start itself when its moves fail: Scramble cannot).
func problemWalk(p *script.Problem, rng *rand.Rand, depth int) script.State {
	d, err := p.Domain(p.Start(), script.Zero)
	if err != nil {
		return p.Start()
	}
	buf := make([]engine.Child, d.MaxBranch())
	prev := engine.NoMove
	for range depth {
		n := d.Expand(prev, buf)
		if n == 0 || d.Err() != nil {
			break
		}
		prev = int(buf[rng.IntN(n)].Move)
		d.Apply(prev)
	}
	if d.Err() != nil {
		return p.Start()
	}
	return d.State()
}

type problemInstance struct {
	p *script.Problem
	s script.State
}

func (i problemInstance) String() string { return i.s.String() }

func (i problemInstance) Domain(heuristic string) (engine.Domain, error) {
	return i.p.Domain(i.s, heuristic)
}

// Options of a problem's run: the file's name and its source, so that a
// replay can make its states again (ForRun).
const (
	OptionProblem = "problem"
	OptionSource  = "problem-source"
)

// NewProblemRequest loads a problem file (within the budget) and checks the
// state ("" for the file's start) and the heuristic ("" for its first).
func NewProblemRequest(file string, src []byte, state, heuristic string, b script.Budget) (*Request, error) {
	prob, err := script.LoadProblem(file, src, b)
	if err != nil {
		return nil, err
	}
	p := ProblemPuzzle(prob)
	h, err := p.HasHeuristic(heuristic)
	if err != nil {
		return nil, fmt.Errorf("problem %s has no heuristic %s (choose from: %s)", p.Name, quote.Short(heuristic), strings.Join(p.Heuristics, ", "))
	}
	inst, err := p.Parse(state, "")
	if err != nil {
		return nil, err
	}
	r := &Request{Puzzle: p, Instance: inst, Heuristic: h}
	r.Info = trace.RunInfo{Puzzle: p.Name, Instance: inst.String(), Heuristic: h,
		Options: map[string]string{OptionProblem: file, OptionSource: string(src)}}
	return r, nil
}

// ForRun is the puzzle a run's metadata names: a problem written in
// Starlark when the run carries its source (loaded within the default
// budget), else the catalogue's.
func ForRun(info *trace.RunInfo) (*Puzzle, error) {
	if src, ok := info.Options[OptionSource]; ok {
		prob, err := script.LoadProblem(info.Options[OptionProblem], []byte(src), script.Budget{})
		if err != nil {
			return nil, fmt.Errorf("the run's problem: %w", err)
		}
		return ProblemPuzzle(prob), nil
	}
	return Lookup(info.Puzzle)
}

// scriptTuple is a snapshot of small numbers, which is the state as a
// tuple of ints (script.ToValue copies it).
func scriptTuple(snapshot []byte) any { return snapshot }

// DomainErr is the error a domain kept, if any: the engine's Domain methods
// cannot return one, so a script's first error (problems and heuristics
// written in Starlark) ends the search and waits there.
func DomainErr(d engine.Domain) error {
	if f, ok := d.(interface{ Err() error }); ok {
		return f.Err()
	}
	return nil
}

// ExpandedStates is how many distinct states a search of d expanded, for
// the domains that count them (grid worlds, problems and heuristics written
// in Starlark); 0 for the others. With the expansions the search counts, it
// says how often IDA* came back to a state it had expanded before.
func ExpandedStates(d engine.Domain) int {
	if c, ok := d.(interface{ ExpandedStates() int }); ok {
		return c.ExpandedStates()
	}
	return 0
}
