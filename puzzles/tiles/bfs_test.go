package tiles

import "testing"

// rank8 is the Lehmer rank of a 3x3 arrangement: 0..9!-1.
func rank8(t *cells) int {
	r := 0
	for i := 0; i < 9; i++ {
		smaller := 0
		for j := i + 1; j < 9; j++ {
			if t[j] < t[i] {
				smaller++
			}
		}
		r = r*(9-i) + smaller
	}
	return r
}

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
	t := tableFor(3, goal)
	d := &distances8{dist: make([]int8, 362880)}
	for i := range d.dist {
		d.dist[i] = -1
	}
	start := t.goalTiles
	d.dist[rank8(&start)] = 0
	d.states = append(d.states, start)
	for i := 0; i < len(d.states); i++ {
		s := d.states[i]
		ds := d.dist[rank8(&s)]
		blank := 0
		for c := 0; c < 9; c++ {
			if s[c] == 0 {
				blank = c
			}
		}
		for m := 0; m < numMoves; m++ {
			to := t.to[blank][m]
			if to < 0 {
				continue
			}
			n := s
			n[blank], n[to] = n[to], 0
			if r := rank8(&n); d.dist[r] < 0 {
				d.dist[r] = ds + 1
				d.states = append(d.states, n)
			}
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
