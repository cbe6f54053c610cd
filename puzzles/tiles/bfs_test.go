package tiles

import "testing"

// distances8 is the exhaustive breadth-first search from the 3x3 goal: the
// true distance of every arrangement (-1: unreachable), indexed by rank8,
// and the reachable arrangements in order of distance.
type distances8 struct {
	dist   []int8
	states []cells
}

var bfsCache [2]*distances8

func bfs8(tb testing.TB, goal Goal) *distances8 {
	tb.Helper()
	if c := bfsCache[goal]; c != nil {
		return c
	}
	d := &distances8{dist: make([]int8, 362880)}
	for i := range d.dist {
		d.dist[i] = -1
	}
	for depth, layer := range Layers8(goal) {
		for _, b := range layer {
			d.dist[rank8(&b.tiles)] = int8(depth)
			d.states = append(d.states, b.tiles)
		}
	}
	bfsCache[goal] = d
	return d
}

func (d *distances8) of(b Board) int { return int(d.dist[rank8(&b.tiles)]) }

func TestBFS8(t *testing.T) {
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		d := bfs8(t, goal)
		if len(d.states) != 181440 {
			t.Errorf("%s: %d states reachable, want 181440", goal, len(d.states))
		}
		if max := d.dist[rank8(&d.states[len(d.states)-1])]; max != 31 {
			t.Errorf("%s: deepest state at %d, want 31", goal, max)
		}
	}
}
