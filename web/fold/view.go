package fold

import (
	"encoding/json"

	"idaviz/trace"
)

// A Drawer draws a run's states for the state panel. The fold knows no
// puzzle: drawing a state means rebuilding the run's puzzle from its
// metadata (package draw does, for the server and the exports), and the
// fold must stay a function of the events, which a page compiled to
// WebAssembly could share without every puzzle's tables.
type Drawer interface {
	// Draw is the name of the page's renderer (render/<name>.js) and the
	// JSON view of the state that moves reach from the run's start. The
	// renderer is kept with an error, so the page knows whose drawing
	// failed.
	Draw(info *trace.RunInfo, moves []int) (renderer string, view json.RawMessage, err error)
}

// Node is the state panel's view of the node that moves reach from the
// run's start: its g, h, f, depth and moves, and what d draws of it (a nil
// d, or a run with no metadata, draws nothing).
func Node(d Drawer, info *trace.RunInfo, moves []int, g, h, f, depth int) *NodeView {
	nv := &NodeView{G: g, H: h, F: f, Depth: depth, Moves: moveNames(info, moves)}
	if info == nil || d == nil {
		return nv
	}
	renderer, view, err := d.Draw(info, moves)
	nv.Renderer = renderer
	if err != nil {
		nv.Error = err.Error()
		return nv
	}
	nv.View = view
	return nv
}
