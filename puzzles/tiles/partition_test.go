package tiles

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// Pattern.Distance's answers are the tables' entries: pdb555's heuristic
// (its three 5-tile tables are built into a temporary cache in about a
// second) is the sum of the three patterns' distances, on Korf's boards
// (blank-first) and on scrambled blank-last ones, which the tables see
// turned half a turn.
func TestPatternDistanceIsTheTable(t *testing.T) {
	ks, err := Korf()
	if err != nil {
		t.Fatal(err)
	}
	var boards []Board
	for _, n := range []int{1, 17, 42, 60, 88} {
		boards = append(boards, ks[n-1].Board)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 3 {
		b, err := Scramble(rng, 4, 60, BlankLast)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
	}
	for _, b := range boards {
		d, err := b.BuildDomain(context.Background(), "pdb555", nil)
		if err != nil {
			t.Fatal(err)
		}
		want := d.(*Domain).H()
		got := 0
		for _, p := range pat555 {
			v, err := p.Distance(b)
			if err != nil {
				t.Fatal(err)
			}
			got += v
		}
		if got != want {
			t.Errorf("%v (%s): the patterns' distances add up to %d, pdb555 says %d", b.Tiles(), b.GoalKind(), got, want)
		}
	}
}

// A pattern answers only for a board of its size.
func TestPatternDistanceSize(t *testing.T) {
	b, err := Parse("1 2 3 4 5 6 7 8 0", 3, BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	_, err = pat555[0].Distance(b)
	if err == nil || !strings.Contains(err.Error(), "side 4") {
		t.Errorf("a 15-puzzle pattern on an 8-puzzle board: error %v, want one naming the sides", err)
	}
}
