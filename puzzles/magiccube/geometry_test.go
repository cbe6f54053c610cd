package magiccube

import (
	"math/rand/v2"
	"testing"
)

// seedChange is the seed's table (1-based stickers): rows 2f and 2f+1 are
// face f's ring of 20 stickers; a clockwise turn moves the sticker at
// row 2f+1, j to the place at row 2f, j.
var seedChange = [12][20]int{
	{12, 24, 36, 35, 34, 22, 10, 11, 13, 25, 37, 46, 49, 52, 45, 33, 21, 1, 4, 7},
	{10, 11, 12, 24, 36, 35, 34, 22, 1, 4, 7, 13, 25, 37, 46, 49, 52, 45, 33, 21},
	{15, 27, 39, 38, 37, 25, 13, 14, 16, 28, 40, 48, 47, 46, 36, 24, 12, 7, 8, 9},
	{13, 14, 15, 27, 39, 38, 37, 25, 7, 8, 9, 16, 28, 40, 48, 47, 46, 36, 24, 12},
	{18, 30, 42, 41, 40, 28, 16, 17, 19, 31, 43, 54, 51, 48, 39, 27, 15, 9, 6, 3},
	{16, 17, 18, 30, 42, 41, 40, 28, 9, 6, 3, 19, 31, 43, 54, 51, 48, 39, 27, 15},
	{21, 33, 45, 44, 43, 31, 19, 20, 3, 2, 1, 10, 22, 34, 52, 53, 54, 42, 30, 18},
	{19, 20, 21, 33, 45, 44, 43, 31, 42, 30, 18, 3, 2, 1, 10, 22, 34, 52, 53, 54},
	{3, 6, 9, 8, 7, 4, 1, 2, 18, 17, 16, 15, 14, 13, 12, 11, 10, 21, 20, 19},
	{1, 2, 3, 6, 9, 8, 7, 4, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10},
	{48, 51, 54, 53, 52, 49, 46, 47, 40, 41, 42, 43, 44, 45, 34, 35, 36, 37, 38, 39},
	{46, 47, 48, 51, 54, 53, 52, 49, 37, 38, 39, 40, 41, 42, 43, 44, 45, 34, 35, 36},
}

// numbered is a net whose every sticker is distinct, to follow stickers
// (it is not a valid coloured net; Apply does not care).
func numbered() Net {
	var n Net
	for i := range n {
		n[i] = byte(i)
	}
	return n
}

func TestTurnsMatchSeed(t *testing.T) {
	for f := range NumFaces {
		n := numbered()
		n.Apply(2 * f) // clockwise
		want := numbered()
		for j := range 20 {
			from, to := seedChange[2*f+1][j]-1, seedChange[2*f][j]-1
			want[to] = byte(from)
		}
		if n != want {
			t.Errorf("face %d clockwise: got %v, seed %v", f, n, want)
		}
	}
}

func TestTurnAlgebra(t *testing.T) {
	id := numbered()
	for m := range NumMoves {
		n := id
		n.Apply(m)
		if n == id {
			t.Fatalf("move %s changes nothing", MoveName(m))
		}
		moved := 0
		for i := range n {
			if n[i] != id[i] {
				moved++
			}
		}
		if moved != 20 {
			t.Errorf("move %s moves %d stickers, want 20", MoveName(m), moved)
		}
		for _, c := range FaceStickers {
			if n[c[4]] != id[c[4]] {
				t.Errorf("move %s moves a centre", MoveName(m))
			}
		}
		n.Apply(m ^ 1)
		if n != id {
			t.Errorf("move %s then its inverse is not the identity", MoveName(m))
		}
		for range 3 {
			n.Apply(m)
		}
		inv := id
		inv.Apply(m ^ 1)
		if n != inv {
			t.Errorf("three %s are not one %s", MoveName(m), MoveName(m^1))
		}
		n.Apply(m)
		if n != id {
			t.Errorf("move %s does not have order 4", MoveName(m))
		}
	}
	// Opposite faces commute, neighbours do not.
	for f := range NumFaces {
		for g := range NumFaces {
			a, b := id, id
			a.Apply(2 * f)
			a.Apply(2 * g)
			b.Apply(2 * g)
			b.Apply(2 * f)
			commute := a == b
			if want := f == g || opposite[f] == g; commute != want {
				t.Errorf("faces %d and %d: commute = %v, want %v", f, g, commute, want)
			}
		}
	}
}

func TestJudgeMoveNumbers(t *testing.T) {
	for m := range NumMoves {
		tn := Turn(m)
		back, err := MoveOf(tn.Face, tn.Dir)
		if err != nil || back != m {
			t.Fatalf("MoveOf(Turn(%d)) = %d, %v", m, back, err)
		}
	}
	if _, err := MoveOf(6, 1); err == nil {
		t.Fatal("MoveOf(6, 1) accepted")
	}
	if _, err := MoveOf(0, 0); err == nil {
		t.Fatal("MoveOf(0, 0) accepted")
	}
}

func TestPieces(t *testing.T) {
	seen := map[uint8]bool{}
	for _, c := range corners {
		for _, i := range c {
			seen[i] = true
		}
	}
	for _, e := range edges {
		for _, i := range e {
			seen[i] = true
		}
	}
	if len(seen) != 48 {
		t.Fatalf("corners and edges cover %d stickers, want 48", len(seen))
	}
	for f := range NumFaces {
		if seen[uint8(Centre[f])] {
			t.Fatalf("centre of face %d is in a piece", f)
		}
	}
}

func solvedNet(t testing.TB) Net {
	n, err := ParseNet("www/www/www/rrrgggbbbooo/rrrgggbbbooo/rrrgggbbbooo/yyy/yyy/yyy")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestReachable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n := solvedNet(t)
		for range rng.IntN(40) {
			n.Apply(rng.IntN(NumMoves))
		}
		if err := n.Reachable(); err != nil {
			t.Fatalf("scramble %s: %v", n, err)
		}
	}
	solved := solvedNet(t)
	// Each case is a valid net (9 of each colour) that no turns can solve.
	swapStickers := func(pairs ...[2]int) Net {
		n := solved
		n.Apply(2 * Front)
		n.Apply(2 * Right)
		for _, p := range pairs {
			n[p[0]], n[p[1]] = n[p[1]], n[p[0]]
		}
		return n
	}
	c, e := corners[0], edges[0]
	c2, e2 := corners[1], edges[1]
	tests := map[string]Net{
		"twisted corner": func() Net {
			n := swapStickers()
			n[c[0]], n[c[1]], n[c[2]] = n[c[1]], n[c[2]], n[c[0]]
			return n
		}(),
		"flipped edge": swapStickers([2]int{int(e[0]), int(e[1])}),
		"two corners swapped": func() Net {
			n := swapStickers()
			for k := range 3 {
				n[c[k]], n[c2[k]] = n[c2[k]], n[c[k]]
			}
			return n
		}(),
		"two edges swapped": func() Net {
			n := swapStickers()
			for k := range 2 {
				n[e[k]], n[e2[k]] = n[e2[k]], n[e[k]]
			}
			return n
		}(),
		"not a piece": func() Net {
			n := swapStickers()
			for _, e := range edges {
				if n[e[0]] != n[c[0]] {
					n[e[0]], n[c[0]] = n[c[0]], n[e[0]]
					break
				}
			}
			return n
		}(),
	}
	for name, n := range tests {
		if err := n.Check(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := n.Reachable(); err == nil {
			t.Errorf("%s: Reachable accepted %s", name, n)
		}
	}
}
