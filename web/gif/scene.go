package gif

import (
	"encoding/json"
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"

	"idaviz/trace"
	"idaviz/web/fold"
)

// drawFrame draws one frame: a title bar (the run, the iteration and its
// bound, the event's number), the tree, the state panel on the right, and
// the event in words at the bottom. Sizes follow the frame's height: at
// 720 pixels the page's own (labels of 12 px and more).
func drawFrame(c *canvas, cam *camera, f fold.Frame, nv *fold.NodeView, index int64, opt Options) {
	W, H := float64(opt.Width), float64(opt.Height)
	u := H / 720 // the frame's unit: a pixel at 720 high
	c.clear(white)
	titlePx := int(math.Round(max(11, 20*u)))
	barH := math.Round(float64(titlePx) * 2.2)
	sayPx := int(math.Round(max(10, 17*u)))
	lines := c.wrap(f.LastEvent, W-24*u, sayPx, 2)
	sayH := float64(len(lines))*float64(sayPx)*1.35 + 16*u
	panelW := math.Round(min(W/3, 0.55*H))
	top, bottom := barH, H-sayH
	drawTree(c, cam, f.Tree, f.Stats.Run, 0, top, W-panelW, bottom, u)
	// The panels cover what of the tree spilled out of its box.
	c.rect(image.Rect(0, 0, opt.Width, int(top)), white)
	c.rect(image.Rect(int(W-panelW), int(top), opt.Width, int(bottom)), white)
	c.rect(image.Rect(0, int(bottom), opt.Width, opt.Height), white)
	c.rect(image.Rect(0, int(barH)-1, opt.Width, int(barH)), panelLine)
	title := "search"
	if r := f.Stats.Run; r != nil {
		title = strings.TrimSpace(r.Puzzle + "  ·  " + r.Heuristic + "  ·  " + algorithmName(r.Algorithm))
	}
	base := barH*0.5 + float64(titlePx)*0.35
	right := fmt.Sprintf("iteration %d, bound %d  ·  event %s", f.Tree.Iteration, f.Tree.Bound, fold.Thousands(index))
	rw := c.text(right, W-12*u, base, titlePx, false, end, textGrey)
	c.text(c.ellipsis(title, W-rw-36*u, titlePx, true), 12*u, base, titlePx, true, start, black)

	// The event in words, at the bottom, on at most two lines.
	c.rect(image.Rect(0, int(H-sayH), opt.Width, int(H-sayH)+1), panelLine)
	for i, l := range lines {
		c.text(l, 12*u, H-sayH+8*u+float64(sayPx)*(1.05+1.35*float64(i)), sayPx, false, start, black)
	}

	// The state panel: as wide as a third of the frame, at most.
	c.rect(image.Rect(int(W-panelW), int(top), int(W-panelW)+1, int(bottom)), panelLine)
	drawState(c, nv, f.Stats.Run != nil, W-panelW+1, top, W, bottom, u)
}

func algorithmName(a string) string {
	if a == fold.AlgorithmAStar {
		return "A*"
	}
	return "IDA*"
}

// ellipsis cuts s to fit width at px, marking the cut.
func (c *canvas) ellipsis(s string, width float64, px int, bold bool) string {
	if c.measure(s, px, bold) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && c.measure(string(r)+"…", px, bold) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// wrap breaks s into at most n lines of width, the last cut short.
func (c *canvas) wrap(s string, width float64, px, n int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		next := strings.TrimSpace(line + " " + w)
		if line != "" && c.measure(next, px, false) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > n {
		rest := strings.Join(lines[n-1:], " ")
		lines = append(lines[:n-1], c.ellipsis(rest, width, px, false))
	}
	return lines
}

// The tree's sizes at scale 1, the page's (static/tree.js's sizes()).
const (
	treeDX, treeDY, treeR, treeFont = 42.0, 66.0, 13.0, 12.0
)

// minDY is the least distance between levels: a node, its g+h and the
// move on the edge under it.
const minDY = 2*treeR + 2*treeFont + 6

type point = fold.Point

// depthOf is how many levels a tree has under its root.
func depthOf(n *fold.TreeNode) int {
	d := 0
	for _, c := range n.Children {
		d = max(d, 1+depthOf(c))
	}
	return d
}

// drawTree draws the tree window into the box x0,y0-x1,y1 as the page
// fits it: the whole tree when its labels are 12 px (at 720 high) or more,
// else at that size around the current node, which stays in view.
// camera is where the tree was drawn in the frame before: a step that
// leaves the current node well inside the box keeps it, so that
// consecutive frames differ in the nodes that changed (a GIF stores the
// difference), not in a tree that slid under them.
type camera struct {
	iteration, depth int
	k, ox, oy, dy    float64
	set              bool
	last             placed // the last frame's layout
}

// placed is where a tree's nodes are drawn in a frame, at scale k, and
// which node is the current one.
type placed struct {
	at      map[*fold.TreeNode]point
	k       float64
	current *fold.TreeNode
}

// placeTree lays a tree window out in the box x0,y0-x1,y1 (the camera
// moves on from the frame before).
func placeTree(cam *camera, tv fold.TreeView, x0, y0, x1, y1, u float64) placed {
	root := tv.Root
	// Levels as far apart as the box's height allows, between the page's
	// and the least that keeps a node's labels off the next level's.
	// The deepest the iteration went so far, not the tree's depth now: a
	// spacing that grew back as the search backed up would move every
	// node.
	if cam.iteration != tv.Iteration {
		*cam = camera{iteration: tv.Iteration}
	}
	cam.depth = max(cam.depth, depthOf(root))
	dy := min(treeDY, max(minDY, ((y1-y0)/u-2*treeR-16-2*treeFont)/float64(max(1, cam.depth))))
	at, leaves, maxDepth := fold.Tidy(root, 20, treeR+8, treeDX, dy)
	var current *fold.TreeNode
	for n := range at {
		if n.ID != 0 && n.ID == tv.Last {
			current = n
		}
	}
	if current == nil {
		// The last event's node is off the window: follow the deepest
		// node on the path.
		current = root
		for {
			var next *fold.TreeNode
			for _, ch := range current.Children {
				if ch.Status == fold.StatusPath || ch.Status == fold.StatusSolution {
					next = ch
				}
			}
			if next == nil {
				break
			}
			current = next
		}
	}
	natW := float64(leaves)*treeDX + 40
	natH := float64(maxDepth)*dy + 2*treeR + 16 + treeFont*2
	boxW, boxH := x1-x0, y1-y0
	// k: the scale; labels of at least 12 px at 720 high (10 px in a
	// smaller frame: f and g+h are what a frame is for), at most 1.5 times
	// the page's.
	least := max(u, 10/treeFont)
	most := max(1.5*u, least)
	k := min(most, boxW/natW, boxH/natH)
	ox, oy := x0+(boxW-natW*k)/2, y0+(boxH-natH*k)/2
	if k < least {
		// The current node in view, the tree's edges kept at the box's
		// where it is wider: where it was if the node is well inside the
		// box there, else at the box's centre.
		k = least
		p := at[current]
		// A depth-first search moves right: a node placed anew goes a
		// third of the way across, with room for the steps after it.
		mx, my := 1.5*treeDX*k, 1.5*dy*k
		keep := cam.set && cam.k == k && cam.dy == dy
		if sx := p.X*k + cam.ox; keep && sx >= x0+mx && sx <= x1-mx {
			ox = cam.ox
		} else {
			ox = pan(x0+boxW/3-p.X*k, x0, boxW, natW*k)
		}
		if sy := p.Y*k + cam.oy; keep && sy >= y0+my && sy <= y1-my {
			oy = cam.oy
		} else {
			oy = pan(y0+boxH/2-p.Y*k, y0, boxH, natH*k)
		}
	}
	cam.k, cam.ox, cam.oy, cam.dy, cam.set = k, ox, oy, dy, true
	for n, p := range at {
		at[n] = point{X: ox + p.X*k, Y: oy + p.Y*k}
	}
	cam.last = placed{at: at, k: k, current: current}
	return cam.last
}

func drawTree(c *canvas, cam *camera, tv fold.TreeView, info *trace.RunInfo, x0, y0, x1, y1, u float64) {
	root := tv.Root
	if root == nil {
		c.text("no tree yet", (x0+x1)/2, (y0+y1)/2, int(14*u), false, middle, textGrey)
		return
	}
	pl := placeTree(cam, tv, x0, y0, x1, y1, u)
	k, current := pl.k, pl.current
	place := func(n *fold.TreeNode) point { return pl.at[n] }
	r, font := treeR*k, treeFont*k
	px := int(math.Round(font))
	labels := font >= 7
	visible := func(p point, pad float64) bool {
		return p.X >= x0-pad && p.X <= x1+pad && p.Y >= y0-pad && p.Y <= y1+pad
	}
	// What spills out of the box is painted over by the panels, drawn
	// after the tree.
	var edges func(n *fold.TreeNode)
	edges = func(n *fold.TreeNode) {
		p := place(n)
		for _, ch := range n.Children {
			q := place(ch)
			if visible(p, treeDY*k) || visible(q, treeDY*k) {
				c.line(p.X, p.Y, q.X, q.Y, max(1, k), edgeGrey)
				if labels && ch.Move >= 0 {
					name := fold.MoveName(info, ch.Move)
					if fold.LabelFits(name, 0.62*treeDX*k-4, font) {
						c.text(name, p.X+0.62*(q.X-p.X)+font*0.4, p.Y+0.62*(q.Y-p.Y)+font*0.35, px, false, start, textGrey)
					}
				}
			}
			edges(ch)
		}
	}
	var nodes func(n *fold.TreeNode)
	nodes = func(n *fold.TreeNode) {
		p := place(n)
		if visible(p, 2*r+font*3) {
			drawNode(c, n, p, r, font, k, labels, n == current)
		}
		for _, ch := range n.Children {
			nodes(ch)
		}
	}
	edges(root)
	nodes(root)
	if tv.Elided > 0 || int64(tv.Drawn) < tv.Nodes {
		note := fmt.Sprintf("%s of %s nodes drawn", fold.Thousands(int64(tv.Drawn)), fold.Thousands(tv.Nodes))
		c.text(note, x1-8*u, y1-8*u, int(math.Round(12*u)), false, end, textGrey)
	}
}

// pan places a span of length size in a box from lo of length box: at
// off, but never past its start. Its end may fall short of the box's: a
// depth-first tree grows at its end, and a picture held to it would slide
// at every step.
func pan(off, lo, box, size float64) float64 {
	if size <= box {
		return lo + (box-size)/2
	}
	return min(lo, off)
}

// drawNode draws a node as the page does: its status's colour and
// outline, f inside, g+h under, a folded one ringed grey with its count,
// the current one ringed black.
func drawNode(c *canvas, n *fold.TreeNode, p point, r, font, k float64, labels, current bool) {
	c.disc(p.X, p.Y, r, hex(fold.StatusColour(n.Status)))
	folded := n.Count > 1 && len(n.Children) == 0
	switch {
	case current:
		c.outline(p.X, p.Y, r, 3*k, "", black)
	case folded:
		c.outline(p.X, p.Y, r, 3*k, "4 2", hex(fold.FoldedColour()))
	default:
		if col, w, dash := fold.StatusOutline(n.Status); w > 0 {
			c.outline(p.X, p.Y, r, w*k, dash, hex(col))
		}
	}
	if !labels {
		return
	}
	px := int(math.Round(font))
	c.text(strconv.Itoa(n.F), p.X, p.Y+font*0.35, px, false, middle, hex(fold.NodeTextColour()))
	line := 1.0
	if gh := strconv.Itoa(n.G) + "+" + strconv.Itoa(n.H); fold.LabelFits(gh, treeDX*k-4, font) {
		c.text(gh, p.X, p.Y+r+line*font, px, false, middle, textGrey)
	}
	line++
	if folded {
		if s := fold.CountLabel(n.Count, treeDX*k-4, font); s != "" {
			c.text(s, p.X, p.Y+r+line*font, px, false, middle, hex("#888888"))
		}
	}
}

// drawState draws the state panel in the box: the state as its renderer
// draws it (the sliding tiles and text here; another puzzle's state is
// named by its moves), and g, h, f and the moves from the start.
func drawState(c *canvas, nv *fold.NodeView, started bool, x0, y0, x1, y1, u float64) {
	pad := 16 * u
	px := int(math.Round(max(10, 16*u)))
	y := y0 + pad
	if nv == nil {
		msg := "the search has not started"
		if started {
			msg = "no node yet"
		}
		c.text(msg, (x0+x1)/2, y+float64(px), px, false, middle, textGrey)
		return
	}
	c.text("current node", x0+pad, y+float64(px), px, true, start, black)
	y += float64(px) * 1.8
	bottomText := float64(px) * 1.5 * 3
	drawn := false
	if nv.Error == "" && len(nv.View) > 0 {
		switch nv.Renderer {
		case "tiles":
			drawn = drawTiles(c, nv.View, x0+pad, y, x1-pad, y1-pad-bottomText, u)
		case "text":
			drawn = drawText(c, nv.View, x0+pad, y, x1-pad, y1-pad-bottomText, u)
		}
	}
	if !drawn {
		msg := "its state is drawn on the page"
		if nv.Error != "" {
			msg = nv.Error
		}
		for i, l := range c.wrap(msg, x1-x0-2*pad, px, 3) {
			c.text(l, x0+pad, y+float64(px)*(1+1.3*float64(i)), px, false, start, textGrey)
		}
	}
	yb := y1 - pad - bottomText + float64(px)*1.2
	c.text(fmt.Sprintf("g = %d   h = %d   f = %d", nv.G, nv.H, nv.F), x0+pad, yb, px, true, start, black)
	moves := strings.Join(nv.Moves, " ")
	if moves == "" {
		moves = "the start"
	}
	lines := c.wrap(fmt.Sprintf("depth %d: %s", nv.Depth, moves), x1-x0-2*pad, px, 2)
	for i, l := range lines {
		c.text(l, x0+pad, yb+float64(px)*1.5*float64(i+1), px, false, start, textGrey)
	}
}

// drawTiles draws a sliding-tile board (render/tiles.js's view: size,
// tiles row-major with 0 the blank, and target, the goal's end's board
// in a search from both ends) as big as the box allows.
func drawTiles(c *canvas, raw json.RawMessage, x0, y0, x1, y1, u float64) bool {
	var v struct {
		Size   int   `json:"size"`
		Tiles  []int `json:"tiles"`
		Target []int `json:"target"`
	}
	if json.Unmarshal(raw, &v) != nil || v.Size < 1 || v.Size > 16 || len(v.Tiles) != v.Size*v.Size {
		return false
	}
	boards := [][]int{v.Tiles}
	if len(v.Target) == len(v.Tiles) {
		boards = append(boards, v.Target)
	}
	gap := 14 * u
	side := min((x1-x0-gap*float64(len(boards)-1))/float64(len(boards)), y1-y0, 260*u)
	cell := math.Floor(side / float64(v.Size))
	for b, tiles := range boards {
		bx := x0 + float64(b)*(side+gap)
		for i, t := range tiles {
			x := bx + float64(i%v.Size)*cell
			y := y0 + float64(i/v.Size)*cell
			r := image.Rect(int(x+1), int(y+1), int(x+cell-1), int(y+cell-1))
			if t == 0 {
				c.rect(r, lightGrey)
				continue
			}
			c.rect(r, tileEdge)
			c.rect(r.Inset(max(1, int(u))), tileFill)
			c.text(strconv.Itoa(t), x+cell/2, y+cell/2+cell/7, int(cell/2.4), true, middle, black)
		}
	}
	return true
}

// drawText draws a problem's text view (render/text.js: the lines its
// show(state) returns), as many lines as fit.
func drawText(c *canvas, raw json.RawMessage, x0, y0, x1, y1, u float64) bool {
	var v struct {
		Text *string `json:"text"`
	}
	if json.Unmarshal(raw, &v) != nil || v.Text == nil {
		return false
	}
	px := int(math.Round(max(9, 15*u)))
	step := float64(px) * 1.3
	for i, l := range strings.Split(*v.Text, "\n") {
		y := y0 + float64(px) + step*float64(i)
		if y > y1 {
			break
		}
		c.text(c.ellipsis(l, x1-x0, px, false), x0, y, px, false, start, black)
	}
	return true
}
