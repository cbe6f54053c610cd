package puzzles

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/pdb"
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
	return NewScriptedRequestContext(context.Background(), puzzle, state, goal, h)
}

// NewScriptedRequestContext is NewScriptedRequest, whose run of the file
// stops when ctx ends.
func NewScriptedRequestContext(ctx context.Context, puzzle, state, goal string, h *script.HeuristicFile) (*Request, error) {
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
	bound, err := h.BindContext(ctx, globals)
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
	return s.BuildDomain(context.Background(), "", nil)
}

// BuildDomain builds the puzzle's domain, whose calls of the script stop
// when ctx ends (DomainBuilder).
func (s scriptedInstance) BuildDomain(ctx context.Context, _ string, progress func(pdb.Progress)) (engine.Domain, error) {
	d, err := NewDomain(ctx, s.Instance, s.base, progress)
	if err != nil {
		return nil, err
	}
	return s.h.DomainContext(ctx, d, s.state)
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

// BuildDomain makes the problem's domain, whose calls of the script stop
// when ctx ends (DomainBuilder).
func (i problemInstance) BuildDomain(ctx context.Context, heuristic string, _ func(pdb.Progress)) (engine.Domain, error) {
	return i.p.DomainContext(ctx, i.s, heuristic)
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
	return NewProblemRequestContext(context.Background(), file, src, state, heuristic, b)
}

// NewProblemRequestContext is NewProblemRequest, whose run of the file
// stops when ctx ends.
func NewProblemRequestContext(ctx context.Context, file string, src []byte, state, heuristic string, b script.Budget) (*Request, error) {
	prob, err := script.LoadProblemContext(ctx, file, src, b)
	if err != nil {
		return nil, err
	}
	// Its runs' views (ForRun) may run it again: the user asked for it.
	asked(src)
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

// ForRun is the puzzle a run's metadata names: the catalogue's, or a
// problem written in Starlark when the run carries its source. A trace
// from elsewhere is data: its script is loaded (within the default
// budget) only when this process loaded the same source at its user's
// request (a search of the Problem tab, viz solve --problem), or when
// AllowTraceScripts said so (viz replay --run-script); else the error
// wraps ErrScriptNotRun, and the run is replayed without its states drawn.
func ForRun(info *trace.RunInfo) (*Puzzle, error) {
	if src, ok := info.Options[OptionSource]; ok {
		if !traceScripts.Load() && !wasAsked([]byte(src)) {
			return nil, fmt.Errorf("the run's problem %s: %w", quote.Short(info.Options[OptionProblem]), ErrScriptNotRun)
		}
		prob, err := script.LoadProblem(info.Options[OptionProblem], []byte(src), script.Budget{})
		if err != nil {
			return nil, fmt.Errorf("the run's problem: %w", err)
		}
		return ProblemPuzzle(prob), nil
	}
	return Lookup(info.Puzzle)
}

// ErrScriptNotRun is ForRun's refusal to run the script a trace carries.
var ErrScriptNotRun = errors.New("the trace carries a script, which runs only when asked (viz replay --run-script, viz trace export --run-script): its states are not drawn")

// traceScripts is AllowTraceScripts's.
var traceScripts atomic.Bool

// AllowTraceScripts lets ForRun run the scripts traces carry, within the
// sandbox's budgets: the user asked for it (--run-script).
func AllowTraceScripts(on bool) { traceScripts.Store(on) }

// RunCarriesScript reports whether a run's metadata carries a script that
// ForRun would not run: a command says so before it replays.
func RunCarriesScript(info *trace.RunInfo) bool {
	src, ok := info.Options[OptionSource]
	return ok && !traceScripts.Load() && !wasAsked([]byte(src))
}

// askedSources are the hashes of the problem sources this process loaded
// at its user's request, the latest maxAsked: a server's live runs draw
// their states by loading the source again.
var askedSources struct {
	mu    sync.Mutex
	set   map[[sha256.Size]byte]bool
	order [][sha256.Size]byte
}

const maxAsked = 1024

func asked(src []byte) {
	h := sha256.Sum256(src)
	a := &askedSources
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.set == nil {
		a.set = map[[sha256.Size]byte]bool{}
	}
	if a.set[h] {
		return
	}
	if len(a.order) >= maxAsked {
		delete(a.set, a.order[0])
		a.order = a.order[1:]
	}
	a.set[h] = true
	a.order = append(a.order, h)
}

func wasAsked(src []byte) bool {
	h := sha256.Sum256(src)
	a := &askedSources
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.set[h]
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
