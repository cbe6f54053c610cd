// Package draw draws a run's states for the page's state panel: it
// rebuilds the run's puzzle from its metadata (puzzle, instance, goal; a
// problem written in Starlark with its source) and applies a node's moves.
// It is fold.Drawer for the server and the one-file exports, kept out of
// package fold so that the fold of events imports no puzzle, no table and
// no Starlark.
package draw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"idaviz/engine"
	"idaviz/puzzles"
	"idaviz/trace"
	"idaviz/web/fold"
)

// viewer draws states at nodes of a run: it rebuilds the run's start from
// its metadata (puzzle, instance, goal) and applies a node's moves, checking
// each against the moves the domain allows there, so a damaged trace cannot
// drive a domain into a state it was not built for.
type viewer struct {
	d        engine.Domain
	v        puzzles.Viewer
	renderer string
	buf      []engine.Child
}

var errNoView = errors.New("this puzzle's domain cannot describe its states (no puzzles.Viewer)")

// newViewer builds a viewer from run metadata. It uses the puzzle's last
// (cheapest) heuristic that reads no databases: the viewer only applies
// moves, and must not build tables (the 15-puzzle's last is pdb555).
func newViewer(info *trace.RunInfo) (*viewer, error) {
	if info == nil {
		return nil, errors.New("the run has no metadata")
	}
	// A problem written in Starlark comes with its source (puzzles.ForRun).
	p, err := puzzles.ForRun(info)
	if err != nil {
		return nil, err
	}
	inst, err := p.Parse(info.Instance, info.Options["goal"])
	if err != nil {
		return nil, fmt.Errorf("the run's instance: %w", err)
	}
	h := info.Heuristic
	for _, c := range slices.Backward(p.Heuristics) {
		if p.Databases == nil || !slices.Contains(p.Databases.Heuristics, c) {
			h = c
			break
		}
	}
	d, err := puzzles.NewDomain(context.Background(), inst, h, nil)
	if err != nil {
		return nil, fmt.Errorf("a domain to draw states: %w", err)
	}
	v, ok := d.(puzzles.Viewer)
	if !ok {
		return nil, errNoView
	}
	return &viewer{d: d, v: v, renderer: p.Renderer, buf: make([]engine.Child, d.MaxBranch())}, nil
}

// at returns the JSON view of the state reached by moves from the start.
func (w *viewer) at(moves []int) (json.RawMessage, error) {
	applied := 0
	defer func() {
		for i := applied - 1; i >= 0; i-- {
			w.d.Undo(moves[i])
		}
	}()
	prev := engine.NoMove
	for _, m := range moves {
		n := w.d.Expand(prev, w.buf)
		ok := false
		for _, c := range w.buf[:n] {
			if int(c.Move) == m {
				ok = true
				break
			}
		}
		if !ok {
			return nil, fmt.Errorf("move %d is not allowed after %d moves", m, applied)
		}
		w.d.Apply(m)
		applied++
		prev = m
	}
	// Encode before undoing: a view may share memory with the domain.
	b, err := json.Marshal(w.v.View())
	if err != nil {
		return nil, fmt.Errorf("encoding the state's view: %w", err)
	}
	return b, nil
}

// Views draws a run's nodes for the state panel. It builds its viewer on
// first use, from the run's metadata, and keeps it (or the reason there is
// none): a run's nodes all share one start. A nil *Views draws nothing.
type Views struct {
	mu     sync.Mutex
	viewer *viewer
	err    error
}

// Draw is fold.Drawer: the renderer and view of the state that moves reach
// from the run's start.
func (vs *Views) Draw(info *trace.RunInfo, moves []int) (renderer string, view json.RawMessage, err error) {
	if vs == nil {
		return "", nil, nil
	}
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if vs.viewer == nil && vs.err == nil {
		vs.viewer, vs.err = newViewer(info)
	}
	if vs.err != nil {
		return "", nil, vs.err
	}
	view, err = vs.viewer.at(moves)
	return vs.viewer.renderer, view, err
}

// Node is the state panel's view of the node that moves reach from the
// run's start (fold.Node with vs drawing).
func (vs *Views) Node(info *trace.RunInfo, moves []int, g, h, f, depth int) *fold.NodeView {
	return fold.Node(vs, info, moves, g, h, f, depth)
}
