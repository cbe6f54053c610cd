package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"idaviz/engine"
)

// distancesFrom is every 8-puzzle board's distance to board z (by rank8),
// -1 where z cannot be reached.
func distancesFrom(z cells) []int8 {
	t := tableFor(3, BlankFirst, 0)
	dist := make([]int8, 362880)
	for i := range dist {
		dist[i] = -1
	}
	dist[rank8(&z)] = 0
	layer := []cells{z}
	for d := int8(1); len(layer) > 0; d++ {
		var next []cells
		for _, b := range layer {
			blank := slices.Index(b[:9], 0)
			for m := range numMoves {
				to := t.to[blank][m]
				if to < 0 {
					continue
				}
				n := b
				n[blank], n[to] = n[to], 0
				if r := rank8(&n); dist[r] < 0 {
					dist[r] = d
					next = append(next, n)
				}
			}
		}
		layer = next
	}
	return dist
}

// From every 8-puzzle board Y to each of a few boards Z (the goal among
// them, the others with the blank elsewhere), both goals' frames, with the
// reflected view: each of the two-ended search's lookups, Y's towards Z
// and Z's towards Y, is at most the distance from Y to Z.
func TestEnds8Admissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, goal := range []Goal{BlankFirst, BlankLast} {
		ph := pdb8Dual(t, goal, true, 0)
		home, _ := GoalBoard(3, goal)
		zs := []Board{home}
		for i := range 3 {
			z, _ := Scramble(rng, 3, 7+5*i, goal)
			zs = append(zs, z)
		}
		for _, z := range zs {
			dist := distancesFrom(z.tiles)
			reached := 0
			for _, layer := range Layers8(goal) {
				for _, y := range layer {
					d := int32(dist[rank8(&y.tiles)])
					if d < 0 {
						continue
					}
					reached++
					var s ends
					ph.setEnds(&s, &y.tiles, &z.tiles)
					for e := range s.b {
						for v := range ph.views {
							if l := s.md + 2*ph.towards(&s.b[e], &s.b[1-e], v); l > d {
								t.Fatalf("%s: %s to %s, %d apart: end %d's lookup in view %d says %d", goal, y, z, d, e, v, l)
							}
						}
					}
					if endsValue(&s) == 0 != (d == 0) {
						t.Fatalf("%s: %s to %s, %d apart: h %d", goal, y, z, d, endsValue(&s))
					}
				}
			}
			if reached != 181440 {
				t.Fatalf("%s: %d boards reach %s", goal, reached, z)
			}
		}
	}
}

// checkEnds walks at random from board b, making moves at both ends,
// wanting Expand's values and Apply's to be the values of the node made
// from scratch, Undo to restore the node, and a snapshot to come back;
// then solves b with Iterate and with the engine's own loop, wanting the
// same moves and counts, of length want, the moves leading to the goal.
// It returns how many of the walk's nodes grew each end.
func checkEnds(t *testing.T, rng *rand.Rand, d *endsDomain, want int) (grew [2]int) {
	t.Helper()
	start := d.Board()
	startKey := d.AppendState(nil)
	var made []int
	for range 40 {
		var kids [numMoves]engine.Child
		n := d.Expand(engine.NoMove, kids[:])
		grew[kids[0].Move/numMoves]++
		before := d.AppendState(nil)
		for _, k := range kids[:n] {
			d.Apply(int(k.Move))
			var s ends
			d.ph.setEnds(&s, &d.s.b[0].tiles, &d.s.b[1].tiles)
			if endsValue(&s) != d.h || int(k.H) != d.H() {
				t.Fatalf("%s: move %s: Expand said %d, Apply %d, from scratch %d", start, d.MoveName(int(k.Move)), k.H, d.H(), endsValue(&s))
			}
			d.Undo(int(k.Move))
			if !slices.Equal(d.AppendState(nil), before) {
				t.Fatalf("%s: Undo(%s) does not restore the node", start, d.MoveName(int(k.Move)))
			}
		}
		m := int(kids[rng.IntN(n)].Move)
		d.Apply(m)
		made = append(made, m)
	}
	key := d.AppendState(nil)
	c := d.Clone().(*endsDomain)
	c.SetState(startKey)
	c.SetState(key)
	if !slices.Equal(c.AppendState(nil), key) || c.H() != d.H() {
		t.Fatal("a snapshot does not come back")
	}
	for i := len(made) - 1; i >= 0; i-- {
		d.Undo(made[i])
	}
	if !slices.Equal(d.AppendState(nil), startKey) {
		t.Fatal("undoing the walk does not come back to the start")
	}
	res := iterateIsLoop(t, start, d, d)
	if res.Cost != want || len(res.Moves) != want {
		t.Fatalf("%s: cost %d, %d moves, want %d", start, res.Cost, len(res.Moves), want)
	}
	end := start
	var err error
	for _, m := range res.Moves {
		if end, err = end.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	if !end.IsGoal() {
		t.Fatalf("%s: the solution %v ends on %s", start, res.Moves, end)
	}
	if !slices.Equal(d.AppendState(nil), startKey) {
		t.Fatal("the search moved the domain")
	}
	return grew
}

// On 8-puzzle boards, both goals: the two-ended search's incremental values
// are its values from scratch, Iterate is the engine's loop, and both find
// the BFS distance; A* and ParallelIDA find it too.
func TestEnds8Search(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	grew := [2]int{}
	for _, goal := range []Goal{BlankLast, BlankFirst} {
		ph := pdb8Dual(t, goal, true, 0)
		for i := range 16 {
			b, _ := Scramble(rng, 3, 10+i, goal)
			want := distance8(b)
			g := checkEnds(t, rng, newEndsDomain(b, PDB78DS, ph), want)
			grew[0] += g[0]
			grew[1] += g[1]
			for _, run := range []func(engine.Domain) (engine.Result, error){
				func(d engine.Domain) (engine.Result, error) {
					return engine.AStar(context.Background(), d, engine.Options{})
				},
				func(d engine.Domain) (engine.Result, error) {
					return engine.ParallelIDA(context.Background(), d, engine.Options{}, 2)
				},
			} {
				res, err := run(newEndsDomain(b, PDB78DS, ph))
				if err != nil || res.Cost != want || len(res.Moves) != want {
					t.Fatalf("%s: %d moves, cost %d, want %d (%v)", b, len(res.Moves), res.Cost, want, err)
				}
				end := b
				for _, m := range res.Moves {
					if end, err = end.Move(m); err != nil {
						t.Fatal(err)
					}
				}
				if !end.IsGoal() {
					t.Fatalf("%s: the solution %v ends on %s", b, res.Moves, end)
				}
			}
		}
	}
	if grew[0] == 0 || grew[1] == 0 {
		t.Fatalf("the walks' nodes grew the start's end %d times, the goal's %d", grew[0], grew[1])
	}
}

// On 15-puzzle boards, both goals, with pdb555d's tables: the same checks,
// the length pdb555 finds.
func TestEndsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	boards := 8
	if testing.Short() {
		boards = 3
	}
	for i := range boards {
		goal := Goal(i % 2)
		b, _ := Scramble(rng, 4, 30+3*i, goal)
		ph, err := LoadPDB(context.Background(), PDB555D, goal, nil)
		if err != nil {
			t.Fatal(err)
		}
		opt, err := engine.IDA(context.Background(), NewDomain(b, PDB555), engine.Options{})
		if err != nil || !opt.Solved() {
			t.Fatal(err)
		}
		checkEnds(t, rng, newEndsDomain(b, PDB78DS, ph), opt.Cost)
	}
}

// Solution reads the start's end's moves in order, then the goal's end's
// backwards and inverted; the goal's end's moves are named with a g.
func TestEndsSolution(t *testing.T) {
	d := &endsDomain{}
	path := []int{MoveUp, 4 + MoveLeft, MoveRight, 4 + MoveDown, MoveUp}
	want := []int{MoveUp, MoveRight, MoveUp, MoveUp, MoveRight}
	if got := d.Solution(path); !slices.Equal(got, want) {
		t.Fatalf("Solution(%v) = %v, want %v", path, got, want)
	}
	if got := d.MoveName(4 + MoveLeft); got != "gL" {
		t.Fatalf("move 6 is named %q", got)
	}
	if got := d.MoveName(MoveLeft); got != "L" {
		t.Fatalf("move 2 is named %q", got)
	}
}

// SetState ignores what AppendState cannot have written.
func TestEndsSetStateBad(t *testing.T) {
	home, _ := GoalBoard(3, BlankFirst)
	ph := pdb8Dual(t, BlankFirst, false, 0)
	d := newEndsDomain(home, PDB78DS, ph)
	good := d.AppendState(nil)
	for _, bad := range [][]byte{nil, good[:len(good)-1], func() []byte {
		b := slices.Clone(good)
		b[9] = 9
		return b
	}(), func() []byte {
		b := slices.Clone(good)
		b[0] = b[1]
		return b
	}(), func() []byte {
		b := slices.Clone(good)
		b[len(b)-1] = 9
		return b
	}()} {
		d.SetState(bad)
		if !slices.Equal(d.AppendState(nil), good) {
			t.Fatalf("SetState(%v) changed the state", bad)
		}
	}
}
