package puzzles

import (
	"fmt"
	"slices"
	"strings"

	"idaviz/internal/quote"
	"idaviz/trace"
)

// Request is a validated request to search one instance: what `viz solve`
// and the page both ask for, checked against the catalogue in one place.
type Request struct {
	Puzzle    *Puzzle
	Instance  Instance
	Heuristic string // resolved: never ""
	Goal      string // resolved: the default when "" was asked, "" for a puzzle with one goal
	// Info is the run's metadata for its trace: the puzzle, the instance,
	// the heuristic and the goal, so that a replay can rebuild every state.
	Info trace.RunInfo
}

// NewRequest looks the puzzle up by name and checks the heuristic and the
// goal ("" for their defaults) and the state. Its errors name what is wrong
// and list the choices.
func NewRequest(puzzle, state, heuristic, goal string) (*Request, error) {
	return newRequest(puzzle, heuristic, goal, func(p *Puzzle, goal string) (Instance, error) {
		inst, err := p.Parse(state, goal)
		if err != nil {
			return nil, fmt.Errorf("%s state: %w", p.Name, err)
		}
		return inst, nil
	})
}

// NewRandomRequest is NewRequest for the uniformly random instance that
// seed makes (RandomFrom).
func NewRandomRequest(puzzle string, seed uint64, heuristic, goal string) (*Request, error) {
	return newRequest(puzzle, heuristic, goal, func(p *Puzzle, _ string) (Instance, error) {
		return p.RandomFrom(seed)
	})
}

func newRequest(puzzle, heuristic, goal string, instance func(p *Puzzle, goal string) (Instance, error)) (*Request, error) {
	p, err := Lookup(puzzle)
	if err != nil {
		return nil, err
	}
	h, err := p.HasHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	if goal, err = p.HasGoal(goal); err != nil {
		return nil, err
	}
	inst, err := instance(p, goal)
	if err != nil {
		return nil, err
	}
	r := &Request{Puzzle: p, Instance: inst, Heuristic: h, Goal: goal}
	r.Info = trace.RunInfo{Puzzle: p.Name, Instance: inst.String(), Heuristic: h}
	if goal != "" {
		r.Info.Options = map[string]string{"goal": goal}
	}
	return r, nil
}

// SetOrder makes the request's search try the moves in the named order
// ("" keeps the puzzle's default) and records it in the run's metadata.
func (r *Request) SetOrder(order string) error {
	if order == "" {
		return nil
	}
	apply, err := r.Puzzle.HasOrder(order)
	if err != nil {
		return err
	}
	r.Instance = apply(r.Instance)
	if r.Info.Options == nil {
		r.Info.Options = map[string]string{}
	}
	r.Info.Options["order"] = strings.ToLower(order)
	return nil
}

// HasOrder checks a name of an order of p's moves and returns what makes
// an instance's searches follow it.
func (p *Puzzle) HasOrder(order string) (func(Instance) Instance, error) {
	if p.Order == nil {
		return nil, fmt.Errorf("puzzle %s tries its moves in one order; drop the order %s", p.Name, quote.Short(order))
	}
	return p.Order(order)
}

// HasGoal reports whether goal is one of p's goals ("" means the default),
// and returns the resolved name: "" for a puzzle with one goal.
func (p *Puzzle) HasGoal(goal string) (string, error) {
	switch {
	case goal != "" && len(p.Goals) == 0:
		return "", fmt.Errorf("puzzle %s has only one goal; drop the goal %s", p.Name, quote.Short(goal))
	case goal != "" && !slices.Contains(p.Goals, goal):
		return "", fmt.Errorf("puzzle %s has no goal %s (choose from: %s)", p.Name, quote.Short(goal), strings.Join(p.Goals, ", "))
	case goal == "" && len(p.Goals) > 0:
		return p.Goals[0], nil
	}
	return goal, nil
}
