package puzzles

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"idaviz/engine"
	"idaviz/internal/quote"
	"idaviz/puzzles/pdb"
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
	p, err := Lookup(puzzle)
	if err != nil {
		return nil, err
	}
	h, err := p.HasHeuristic(heuristic)
	if err != nil {
		return nil, err
	}
	switch {
	case goal != "" && len(p.Goals) == 0:
		return nil, fmt.Errorf("puzzle %s has only one goal; drop the goal %s", p.Name, quote.Short(goal))
	case goal != "" && !slices.Contains(p.Goals, goal):
		return nil, fmt.Errorf("puzzle %s has no goal %s (choose from: %s)", p.Name, quote.Short(goal), strings.Join(p.Goals, ", "))
	case goal == "" && len(p.Goals) > 0:
		goal = p.Goals[0]
	}
	inst, err := p.Parse(state, goal)
	if err != nil {
		return nil, fmt.Errorf("%s state: %w", p.Name, err)
	}
	r := &Request{Puzzle: p, Instance: inst, Heuristic: h, Goal: goal}
	r.Info = trace.RunInfo{Puzzle: p.Name, Instance: inst.String(), Heuristic: h}
	if goal != "" {
		r.Info.Options = map[string]string{"goal": goal}
	}
	return r, nil
}

// Domain builds the request's domain; see NewDomain.
func (r *Request) Domain(ctx context.Context, progress func(pdb.Progress)) (engine.Domain, error) {
	return NewDomain(ctx, r.Instance, r.Heuristic, progress)
}
