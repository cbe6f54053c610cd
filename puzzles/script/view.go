package script

import (
	"fmt"
	"sort"

	"go.starlark.net/starlark"

	"idaviz/puzzles/grid"
)

// The kinds of view a problem may ask for.
const (
	ViewGraph = "graph"
	ViewGrid  = "grid"
	ViewText  = "text"
)

// graphCap is the most states a graph view draws.
const graphCap = 500

// viewSpec is the file's view, checked.
type viewSpec struct {
	kind string
	// graph: where each state is drawn (by state key); the states drawn
	// are these, or, without positions, the first graphCap found.
	positions map[string][2]float64
	// grid: the map's rows; states are (row, column).
	rows     []string
	diagonal bool
	// text: show(state) is the text drawn; nil: the state as Starlark
	// writes it.
	show starlark.Callable
}

const viewHelp = `view is a dict: {"kind": "graph", "positions": {state: (x, y)}}, {"kind": "grid", "map": ["#..", ".S."], "diagonal": False} (states are (row, column)), or {"kind": "text", "show": function}`

func (p *Problem) defineView() error {
	m := p.m
	v, ok := m.globals["view"]
	if !ok {
		p.view.kind = ViewText
		return nil
	}
	d, ok := v.(*starlark.Dict)
	if !ok {
		return m.errorAt("view", "%s, not a %s", viewHelp, v.Type())
	}
	get := func(key string) (starlark.Value, bool) {
		x, found, _ := d.Get(starlark.String(key))
		return x, found
	}
	kind, _ := get("kind")
	k, _ := kind.(starlark.String)
	p.view.kind = string(k)
	switch p.view.kind {
	case ViewGraph:
		pos, ok := get("positions")
		if !ok {
			return nil
		}
		pd, ok := pos.(*starlark.Dict)
		if !ok {
			return m.errorAt("view", "the view's positions must be a dict of state: (x, y), not a %s", pos.Type())
		}
		p.view.positions = map[string][2]float64{}
		for _, kv := range pd.Items() {
			s, err := newState(kv[0])
			if err != nil {
				return m.errorAt("view", "the view's positions: %v", err)
			}
			xy, ok := kv[1].(starlark.Indexable)
			if !ok || xy.Len() != 2 {
				return m.errorAt("view", "the position of %s is %s, not (x, y)", describe(kv[0]), describe(kv[1]))
			}
			var at [2]float64
			for i := range at {
				f, ok := starlark.AsFloat(xy.Index(i))
				if !ok {
					return m.errorAt("view", "the position of %s is %s, not two numbers", describe(kv[0]), describe(kv[1]))
				}
				at[i] = f
			}
			p.view.positions[s.key] = at
		}
	case ViewGrid:
		rows, ok := get("map")
		list, isList := rows.(starlark.Indexable)
		if !ok || !isList || list.Len() == 0 {
			return m.errorAt("view", "a grid view needs \"map\": a list of rows (strings)")
		}
		for i := 0; i < list.Len(); i++ {
			s, ok := list.Index(i).(starlark.String)
			if !ok || len(s) == 0 || len(s) > grid.MaxSide {
				return m.errorAt("view", "row %d of the grid view's map is %s, not a string of 1 to %d cells", i+1, describe(list.Index(i)), grid.MaxSide)
			}
			p.view.rows = append(p.view.rows, string(s))
		}
		if len(p.view.rows) > grid.MaxSide {
			return m.errorAt("view", "the grid view's map has more than %d rows", grid.MaxSide)
		}
		if dg, ok := get("diagonal"); ok {
			p.view.diagonal = bool(dg.Truth())
		}
	case ViewText:
		if show, ok := get("show"); ok {
			fn, err := oneArgument(m, "view", "the view's show", show, "show(state) returns the text drawn")
			if err != nil {
				return err
			}
			p.view.show = fn
		}
	default:
		return m.errorAt("view", "the view's kind is %s: %s", describe(kind), viewHelp)
	}
	return nil
}

// GraphView is a graph problem as the page's "graph" renderer reads it.
type GraphView struct {
	Kind  string      `json:"kind"` // "graph"
	Nodes []GraphNode `json:"nodes"`
	Edges []GraphEdge `json:"edges"` // one a move, both ways for a road
	// Goals are the nodes that are goals; At is the current state's node
	// (-1 when it is not drawn) and Path the nodes from the start to it.
	Goals []int `json:"goals"`
	At    int   `json:"at"`
	Path  []int `json:"path"`
	// State is the current state as Starlark writes it.
	State string `json:"state"`
}

// GraphNode is a drawn state: its name, the state as Starlark writes it
// (the view's State when it is current: a page that follows the moves
// itself needs it) and, when the file gives them, its position (x to the
// right, y downwards).
type GraphNode struct {
	Name  string   `json:"name"`
	State string   `json:"state"`
	X     *float64 `json:"x,omitempty"`
	Y     *float64 `json:"y,omitempty"`
}

// GraphEdge is a move between drawn states.
type GraphEdge struct {
	From  int    `json:"from"`
	To    int    `json:"to"`
	Cost  int    `json:"cost"`
	Label string `json:"label"`
}

// TextView is a state as text.
type TextView struct {
	Kind  string `json:"kind"` // "text"
	Text  string `json:"text"`
	State string `json:"state"`
	Depth int    `json:"depth"` // moves from the start
	Error string `json:"error,omitempty"`
}

// graphView is the part of a graph view that does not change.
type graphView struct {
	nodes []GraphNode
	edges []GraphEdge
	goals []int
	node  map[int32]int // state index -> node
}

// View describes the current state for the page, as the file's view asks.
// A function that fails while drawing is shown as a text view with the
// error (and kept as the domain's error).
func (d *Domain) View() any {
	cur := d.states[d.cur]
	switch d.p.view.kind {
	case ViewGraph:
		g, err := d.graphView()
		if err != nil {
			return d.errorView(err)
		}
		v := GraphView{Kind: ViewGraph, Nodes: g.nodes, Edges: g.edges, Goals: g.goals, At: -1, State: cur.v.String()}
		for _, s := range append(append([]int32(nil), d.path...), d.cur) {
			n, ok := g.node[s]
			if !ok {
				n = -1
			}
			v.Path = append(v.Path, n)
		}
		v.At = v.Path[len(v.Path)-1]
		return v
	case ViewGrid:
		v := grid.View{Kind: ViewGrid, Rows: d.p.view.rows, Diagonal: d.p.view.diagonal}
		for _, s := range append(append([]int32(nil), d.path...), d.cur) {
			rc, ok := cellOf(d.states[s].v)
			if !ok {
				return d.errorView(fmt.Errorf("a grid view's states are (row, column), not %s", describe(d.states[s].v)))
			}
			v.Path = append(v.Path, rc)
		}
		v.At = v.Path[len(v.Path)-1]
		return v
	}
	text := cur.v.String()
	if d.p.view.show != nil {
		r, err := d.sb.call(d.p.view.show, starlark.Tuple{cur.v}, "show", cur.v)
		if err != nil {
			return d.errorView(err)
		}
		if s, ok := r.(starlark.String); ok {
			text = string(s)
		} else {
			text = r.String()
		}
	}
	return TextView{Kind: ViewText, Text: text, State: cur.v.String(), Depth: len(d.path)}
}

func (d *Domain) errorView(err error) TextView {
	d.fail(err)
	cur := d.states[d.cur]
	return TextView{Kind: ViewText, Text: cur.v.String(), State: cur.v.String(), Depth: len(d.path), Error: err.Error()}
}

// cellOf reads a grid state, (row, column).
func cellOf(v starlark.Value) ([2]int, bool) {
	t, ok := v.(starlark.Tuple)
	if !ok || len(t) != 2 {
		return [2]int{}, false
	}
	var rc [2]int
	for i := range rc {
		x, err := starlark.AsInt32(t[i])
		if err != nil {
			return [2]int{}, false
		}
		rc[i] = x
	}
	return rc, true
}

// graphView makes the drawn graph once: the states with positions (all of
// them), or the first graphCap states breadth-first from the start, with
// the moves between them.
func (d *Domain) graphView() (*graphView, error) {
	if d.graph != nil {
		return d.graph, nil
	}
	g := &graphView{node: map[int32]int{}}
	var order []int32
	if pos := d.p.view.positions; len(pos) > 0 {
		keys := make([]string, 0, len(pos))
		for k := range pos {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, err := decodeState([]byte(k))
			if err != nil {
				return nil, err
			}
			i, err := d.intern(v)
			if err != nil {
				return nil, err
			}
			order = append(order, i)
		}
		// Nodes in the order the problem first reaches them, so that a
		// drawing does not depend on how keys sort.
		sort.SliceStable(order, func(a, b int) bool { return order[a] < order[b] })
	} else {
		root := int32(0)
		seen := map[int32]bool{root: true}
		order = []int32{root}
		for k := 0; k < len(order) && len(order) < graphCap; k++ {
			succ, err := d.successors(order[k])
			if err != nil {
				return nil, err
			}
			for _, e := range succ {
				if !seen[e.next] && len(order) < graphCap {
					seen[e.next] = true
					order = append(order, e.next)
				}
			}
		}
	}
	for n, i := range order {
		g.node[i] = n
		node := GraphNode{Name: plainName(d.states[i].v), State: d.states[i].v.String()}
		if at, ok := d.p.view.positions[d.states[i].key]; ok {
			x, y := at[0], at[1]
			node.X, node.Y = &x, &y
		}
		g.nodes = append(g.nodes, node)
		goal, err := d.isGoal(i)
		if err != nil {
			return nil, err
		}
		if goal {
			g.goals = append(g.goals, n)
		}
	}
	for n, i := range order {
		succ, err := d.successors(i)
		if err != nil {
			return nil, err
		}
		for _, e := range succ {
			if to, ok := g.node[e.next]; ok {
				g.edges = append(g.edges, GraphEdge{From: n, To: to, Cost: int(e.cost), Label: d.labels[e.label]})
			}
		}
	}
	d.graph = g
	return g, nil
}
