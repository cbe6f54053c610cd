package export

import (
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"idaviz/trace"
	"idaviz/web/fold"
)

// The tree exports (viz trace export --format dot|svg) fold a trace through
// the page's own fold and tree window (package fold), so a picture for slides
// shows the very nodes, folds and colours the page shows.

// EventSource is what a tree export reads a trace from (*trace.Reader):
// io.EOF at the clean end.
type EventSource interface {
	Read(*trace.Event) error
}

// TreeWindow is the picture of one iteration's tree at one point of a
// trace, folded by the page's rule (fold's plan) to a budget of drawn
// nodes, and the counts of its iteration there.
type TreeWindow struct {
	view   fold.TreeView
	moves  []string // the run's move names, for the edges
	Events int      // events folded: the page's event (0-based) is Events-1
	// Iteration's counts so far (all of them, for a finished iteration).
	Iteration trace.Iteration
}

// Nodes is how many nodes the picture stands for: its root's subtree,
// which is every node generated in the iteration so far.
func (w *TreeWindow) Nodes() int64 { return w.view.Nodes }

// Drawn is how many nodes the picture draws.
func (w *TreeWindow) Drawn() int { return w.view.Drawn }

// TreeAtEvent folds a trace up to and including its event ev (0-based, as
// the page's window.viz.event and bookmarks count; the last event when
// ev < 0) and returns the tree there, drawn whole up to maxNodes nodes
// (the page's budget when 0) and folded past it as the page folds.
func TreeAtEvent(src EventSource, ev, maxNodes int) (*TreeWindow, error) {
	p, folded, err := foldUntil(src, maxNodes, func(e *trace.Event, folded int) bool { return ev >= 0 && folded > ev })
	if err != nil {
		return nil, err
	}
	if ev >= 0 && folded <= ev {
		return nil, fmt.Errorf("the trace has events 0 to %d, not %d", folded-1, ev)
	}
	return window(p, folded), nil
}

// TreeOfIteration folds a trace up to the last event of iteration it (the
// last iteration when it <= 0) and returns its tree as it stood then, drawn
// whole up to maxNodes nodes (the page's budget when 0) and folded past it
// as the page folds.
func TreeOfIteration(src EventSource, it, maxNodes int) (*TreeWindow, error) {
	last := 0
	p, folded, err := foldUntil(src, maxNodes, func(e *trace.Event, _ int) bool {
		if e.Kind == trace.KindIterationStart {
			if it > 0 && e.Iteration > it {
				return true
			}
			last = e.Iteration
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	if last == 0 {
		return nil, errors.New("the trace has no iterations (no iteration-start events)")
	}
	if it > last {
		return nil, fmt.Errorf("the trace has iterations 1 to %d, not %d", last, it)
	}
	w := window(p, folded)
	if w.view.Root == nil {
		return nil, fmt.Errorf("iteration %d has no tree: the trace was recorded at iteration level (record it with --trace-level node)", w.view.Iteration)
	}
	return w, nil
}

// foldUntil folds events into a run until stop says so before an event
// (which is then not folded) or the trace ends; a damaged trace or a value
// the page cannot show is an error.
func foldUntil(src EventSource, maxNodes int, stop func(e *trace.Event, folded int) bool) (*fold.Run, int, error) {
	if maxNodes <= 0 {
		maxNodes = fold.DefaultTreeLimit
	}
	p := fold.NewRun(1, trace.LevelNode, maxNodes)
	var e trace.Event
	folded := 0
	for {
		err := src.Read(&e)
		if errors.Is(err, io.EOF) {
			return p, folded, nil
		}
		if err != nil {
			return nil, 0, err
		}
		if stop(&e, folded) {
			return p, folded, nil
		}
		if err := trace.DefaultLimits.Check(&e); err != nil {
			return nil, 0, fmt.Errorf("event %d: %w", folded+1, err)
		}
		p.Apply(&e)
		folded++
	}
}

func window(p *fold.Run, folded int) *TreeWindow {
	f := p.Frame(0, nil)
	w := &TreeWindow{view: f.Tree, Events: folded, Iteration: f.Stats.Current}
	if f.Stats.Run != nil {
		w.moves = f.Stats.Run.MoveNames
	}
	return w
}

func (w *TreeWindow) caption() string {
	v := w.view
	it := w.Iteration
	s := fmt.Sprintf("iteration %d, bound %d: %s generated, %s expanded, %s pruned; %s nodes drawn", v.Iteration, v.Bound,
		fold.Thousands(it.Generated), fold.Thousands(it.Expanded), fold.Thousands(it.Pruned), fold.Thousands(int64(v.Drawn)))
	if int64(v.Drawn) < v.Nodes {
		s += fmt.Sprintf(" of %s (past %s the subtrees farthest from the current path fold into their roots, ×N)", fold.Thousands(v.Nodes), fold.Thousands(int64(v.Budget)))
	}
	return s + fmt.Sprintf(", at event %s", fold.Thousands(int64(w.Events-1)))
}

// moveName names an edge's move (by number where the run names none).
func (w *TreeWindow) moveName(m int) string {
	if m >= 0 && m < len(w.moves) {
		return w.moves[m]
	}
	return strconv.Itoa(m)
}

func nodeTip(n *fold.TreeNode) string {
	s := fmt.Sprintf("node %d: g=%d h=%d f=%d (%s)", n.ID, n.G, n.H, n.F, n.Status) + fold.BPMXTip(n)
	if n.Count > 1 {
		s += ", subtree of " + fold.Thousands(n.Count) + " nodes"
		if len(n.Children) == 0 {
			s += ", folded into it"
		}
	}
	return s
}

// folded reports whether a drawn node stands for a subtree not drawn.
func folded(n *fold.TreeNode) bool { return n.Count > 1 && len(n.Children) == 0 }

// svgOutline and dotOutline draw a node kind's second cue beside its
// colour (fold.StatusOutline): an outline's width and dash.
func svgOutline(status string) string {
	c, w, dash := fold.StatusOutline(status)
	if w == 0 {
		return ""
	}
	s := fmt.Sprintf(` stroke="%s" stroke-width="%g"`, c, w)
	if dash != "" {
		s += ` stroke-dasharray="` + dash + `"`
	}
	return s
}

func dotOutline(status string) string {
	c, w, dash := fold.StatusOutline(status)
	if w == 0 {
		return ""
	}
	style := "filled"
	switch dash {
	case "3 2":
		style += ",dashed"
	case "1 2":
		style += ",dotted"
	}
	return fmt.Sprintf(", style=%q, penwidth=%g, color=%q", style, w, c)
}

// WriteDOT writes the picture as a Graphviz digraph: a node's label is its f
// over g+h (a folded node's also ×its nodes, and a grey double ring), its
// colour the page's for its status, its comment "nodes=N", the nodes it
// stands for; edges carry their moves.
func (w *TreeWindow) WriteDOT(out io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph tree {\n")
	fmt.Fprintf(&b, "  label=%s;\n  labelloc=t;\n", strconv.Quote(w.caption()))
	fmt.Fprintf(&b, "  node [shape=circle, style=filled, fontcolor=%q, fontname=\"sans-serif\", fontsize=10, width=0.5, margin=0.02];\n", fold.NodeTextColour())
	b.WriteString("  edge [color=\"#aaaaaa\", arrowhead=none, fontname=\"sans-serif\", fontsize=9, fontcolor=\"#555555\"];\n")
	id := 0
	var walk func(n *fold.TreeNode) int
	walk = func(n *fold.TreeNode) int {
		id++
		me := id
		label := strconv.Itoa(n.F) + "\n" + strconv.Itoa(n.G) + "+" + strconv.Itoa(n.H)
		for _, l := range fold.BPMXLabels(n, math.Inf(1), 1) {
			label += "\n" + l
		}
		extra := dotOutline(n.Status)
		if folded(n) {
			label += "\n×" + fold.Thousands(n.Count)
			extra += fmt.Sprintf(", peripheries=2, color=%q", fold.FoldedColour())
		}
		if n.ID != 0 && n.ID == w.view.Last {
			extra = ", penwidth=3, color=black"
		}
		fmt.Fprintf(&b, "  n%d [label=%s, fillcolor=%q, tooltip=%s, comment=\"nodes=%d\"%s];\n",
			me, strconv.Quote(label), fold.StatusColour(n.Status), strconv.Quote(nodeTip(n)), n.Count, extra)
		for _, c := range n.Children {
			fmt.Fprintf(&b, "  n%d -> n%d [label=%s];\n", me, walk(c), strconv.Quote(w.moveName(c.Move)))
		}
		return me
	}
	if w.view.Root != nil {
		walk(w.view.Root)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(out, b.String())
	return err
}

// WriteSVG draws the picture as the page does (static/tree.js at its
// normal size, labels of 12 px): leaves side by side dx apart, levels dy apart, parents
// centred over their children, the page's colours and labels, a folded
// node ringed in grey with its count (short, or in its tooltip, where the
// count is wider than the room beside it), the last node ringed in black,
// moves on the edges. Unlike the page it shows the whole tree at 1:1 (no
// zoom following the current node) and adds a caption.
func (w *TreeWindow) WriteSVG(out io.Writer) error {
	const dx, dy, r, font = 42.0, 66.0, 13.0, 12.0
	root := w.view.Root
	at, leaves, maxDepth := fold.Tidy(root, 20, r+8, dx, dy)
	// room: how far each node's right-hand neighbour on its row stands
	// (+Inf: none), for BPMX's lines beside it (as tree.js places them).
	room := map[*fold.TreeNode]float64{}
	if root != nil {
		var rowEnd []*fold.TreeNode
		var row func(n *fold.TreeNode, depth int)
		row = func(n *fold.TreeNode, depth int) {
			room[n] = math.Inf(1)
			if depth < len(rowEnd) {
				room[rowEnd[depth]] = at[n].X - at[rowEnd[depth]].X
				rowEnd[depth] = n
			} else {
				rowEnd = append(rowEnd, n)
			}
			for _, c := range n.Children {
				row(c, depth+1)
			}
		}
		row(root, 0)
	}
	// Wide enough for the caption too (about 0.56 em a character).
	width := max(float64(leaves)*dx+40, 200, 16+0.56*font*float64(len([]rune(w.caption()))))
	height := float64(maxDepth+1)*dy + 30
	if root == nil {
		height = 40
	}
	const captionH = 24
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 %d %g %g" font-family="system-ui, sans-serif" font-size="%g">`+"\n",
		width, height+captionH, -captionH, width, height+captionH, font)
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(w.caption()))
	fmt.Fprintf(&b, `<rect x="0" y="%d" width="100%%" height="100%%" fill="#fff"/>`+"\n", -captionH)
	fmt.Fprintf(&b, `<text x="8" y="%d" fill="#555">%s</text>`+"\n", -8, html.EscapeString(w.caption()))
	var edges func(n *fold.TreeNode)
	edges = func(n *fold.TreeNode) {
		for _, c := range n.Children {
			fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#aaa" stroke-width="1"/>`+"\n", at[n].X, at[n].Y, at[c].X, at[c].Y)
			// The move beside its edge, below the parent's labels, where it
			// fits beside the edges of its siblings (as tree.js places it).
			if name := w.moveName(c.Move); fold.LabelFits(name, 0.62*dx-4, font) {
				fmt.Fprintf(&b, `<text x="%g" y="%g" fill="#555">%s</text>`+"\n",
					at[n].X+0.62*(at[c].X-at[n].X)+font*0.4, at[n].Y+0.62*(at[c].Y-at[n].Y)+font*0.35, html.EscapeString(name))
			}
			edges(c)
		}
	}
	var nodes func(n *fold.TreeNode)
	nodes = func(n *fold.TreeNode) {
		p := at[n]
		fmt.Fprintf(&b, `<g class="node %s">`, n.Status)
		ring := svgOutline(n.Status)
		if folded(n) {
			ring = fmt.Sprintf(` stroke="%s" stroke-width="3" stroke-dasharray="4 2"`, fold.FoldedColour())
		}
		if n.ID != 0 && n.ID == w.view.Last {
			ring = ` stroke="#000" stroke-width="3"`
		}
		fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="%s"%s/>`, p.X, p.Y, r, fold.StatusColour(n.Status), ring)
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle" fill="%s">%d</text>`, p.X, p.Y+font*0.35, fold.NodeTextColour(), n.F)
		line := 1.0
		under := func(text, fill, weight string) {
			if weight != "" {
				w := 0.66 * font * float64(utf8.RuneCountInString(text))
				fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#fff"/>`, p.X-w/2-2, p.Y+r+(line-1)*font, w+4, 1.3*font)
			}
			fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle" fill="%s"%s>%s</text>`, p.X, p.Y+r+line*font, fill, weight, html.EscapeString(text))
			line++
		}
		if gh := fmt.Sprintf("%d+%d", n.G, n.H); fold.LabelFits(gh, dx-4, font) {
			under(gh, "#555", "")
		} else {
			line++
		}
		// BPMX's lines beside the node where its row has room, else under it.
		beside := fold.BPMXLabels(n, room[n]-2*r-8, font)
		if slices.Contains(beside, "") {
			for _, l := range fold.BPMXLabels(n, dx-4, font) {
				if l != "" {
					under(l, fold.BPMXColour(), ` font-weight="600"`)
				}
			}
			beside = nil
		}
		for i, l := range beside {
			y := p.Y + font*(0.35+float64(i)-float64(len(beside)-1)/2)
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#fff"/>`, p.X+r+2, y-font, 0.66*font*float64(utf8.RuneCountInString(l))+4, 1.3*font)
			fmt.Fprintf(&b, `<text x="%g" y="%g" fill="%s" font-weight="600">%s</text>`, p.X+r+4, y, fold.BPMXColour(), html.EscapeString(l))
		}
		if folded(n) {
			if c := fold.CountLabel(n.Count, dx-4, font); c != "" {
				under(c, "#888", "")
			}
		}
		fmt.Fprintf(&b, "<title>%s</title></g>\n", html.EscapeString(nodeTip(n)))
		for _, c := range n.Children {
			nodes(c)
		}
	}
	if root != nil {
		edges(root)
		nodes(root)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(out, b.String())
	return err
}
