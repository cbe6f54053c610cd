package fold

// Point is where a node's centre is drawn.
type Point struct{ X, Y float64 }

// Tidy lays a tree out as the page's tree.js does: the leaves side by side
// dx apart from left (each in the middle of its dx), every parent centred
// over its first and last children, the levels dy apart from top (a nil
// root: nothing). The tree
// exports and the GIFs draw with it; it returns each node's centre, the
// number of leaves and the deepest level.
func Tidy(root *TreeNode, left, top, dx, dy float64) (at map[*TreeNode]Point, leaves, maxDepth int) {
	at = map[*TreeNode]Point{}
	if root == nil {
		return at, 0, 0
	}
	var place func(n *TreeNode, depth int)
	place = func(n *TreeNode, depth int) {
		maxDepth = max(maxDepth, depth)
		y := top + float64(depth)*dy
		if len(n.Children) == 0 {
			at[n] = Point{left + float64(leaves)*dx + dx/2, y}
			leaves++
			return
		}
		for _, c := range n.Children {
			place(c, depth+1)
		}
		at[n] = Point{(at[n.Children[0]].X + at[n.Children[len(n.Children)-1]].X) / 2, y}
	}
	place(root, 0)
	return at, leaves, maxDepth
}
