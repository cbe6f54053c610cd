package rubik

import (
	"math/rand/v2"
	"testing"
)

// TestInverseUndoes: c·c^-1 and c^-1·c are solved, and the inverse of the
// inverse is the cube.
func TestInverseUndoes(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for i := 0; i < 200; i++ {
		c := Random(rng)
		inv := c.inverse()
		if a, b := c.Multiply(&inv), inv.Multiply(&c); !a.IsSolved() || !b.IsSolved() {
			t.Fatalf("%v: c·c^-1 = %v, c^-1·c = %v", c, a, b)
		}
		if back := inv.inverse(); back != c {
			t.Fatalf("%v: inverse of the inverse is %v", c, back)
		}
		if err := inv.Verify(); err != nil {
			t.Fatalf("%v: inverse %v: %v", c, inv, err)
		}
	}
	// A sequence's inverse is its moves undone backwards.
	moves := randomScramble(rng, 20)
	undo := make([]int, len(moves))
	for i, m := range moves {
		undo[len(moves)-1-i] = Inverse(m)
	}
	if c := FromMoves(moves); c.inverse() != FromMoves(undo) {
		t.Fatalf("%s: inverse is not %s", FormatMoves(moves), FormatMoves(undo))
	}
}

// TestMoveAxisKeepsInverseCoset: each move turns a U or D face along exactly
// one axis (moveAxis), and along that axis the inverse's coset coordinates
// (the inherited lookup) are those of the parent, for reid's coset and
// reid-huge's; along the other two they generally change.
func TestMoveAxisKeepsInverseCoset(t *testing.T) {
	for m := 0; m < NumMoves; m++ {
		n := 0
		for k := range axisMove {
			if axisMove[k][m]/3 <= FaceD {
				n++
				if int(moveAxis[m]) != k {
					t.Fatalf("move %s turns U or D along axis %d, moveAxis says %d", MoveName(m), k, moveAxis[m])
				}
			}
		}
		if n != 1 {
			t.Fatalf("move %s turns U or D along %d axes", MoveName(m), n)
		}
	}
	rng := rand.New(rand.NewPCG(43, 44))
	changed := 0
	for i := 0; i < 300; i++ {
		c := Random(rng)
		m := rng.IntN(NumMoves)
		child := c
		child.Move(m)
		for k, s := range axisSym {
			pi, ci := c.inverse(), child.inverse()
			py, cy := conjugate(&pi, s), conjugate(&ci, s)
			same := py.hugeCoord() == cy.hugeCoord() && py.axisCoord() == cy.axisCoord()
			if k == int(moveAxis[m]) && !same {
				t.Fatalf("%v by %s: the inverse's coset along axis %d changed: %+v to %+v", c, MoveName(m), k, py.hugeCoord(), cy.hugeCoord())
			}
			if k != int(moveAxis[m]) && !same {
				changed++
			}
		}
	}
	if changed < 300 {
		t.Fatalf("the inverse's coset changed along the other axes in only %d of 600 cases", changed)
	}
}

// TestInvAfterMatchesCubies: invAfter, which follows the inverse's
// coordinates through the eight cubies a move displaces, gives those of the
// inverse cube computed whole, for every move of random cubes.
func TestInvAfterMatchesCubies(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	for i := 0; i < 300; i++ {
		z := Random(rng)
		zi := z.inverse()
		a := zi.hugeCoord()
		for mm := 0; mm < NumMoves; mm++ {
			y := z
			y.Move(mm)
			yi := y.inverse()
			if got, want := invAfter(&z, mm, a), yi.hugeCoord(); got != want {
				t.Fatalf("%v by %s: invAfter %+v, inverse cube %+v", z, MoveName(mm), got, want)
			}
		}
	}
}

// TestHugeInverseSideFollowsConjugates walks random cubes with Apply and
// Undo and checks the inverse side the domain keeps against the cube: along
// each axis, the cube seen along it, and the coordinates of its inverse
// computed whole (the inherited one included); and every child's h from
// Expand against H after Apply (walkAxes).
func TestHugeInverseSideFollowsConjugates(t *testing.T) {
	words := partialHuge(t).Words()
	start := func(rng *rand.Rand) Cube { return FromMoves(randomScramble(rng, 3)) }
	domain := func(c Cube) axisDomain { return NewHugeDomain(c, words) }
	walkAxes(t, rand.New(rand.NewPCG(47, 48)), start, domain,
		func(d axisDomain, k int, y *Cube) (got, want any) {
			yi := y.inverse()
			return d.(*HugeDomain).side.iax[k].hugeCoord, yi.hugeCoord()
		})
	walkAxes(t, rand.New(rand.NewPCG(49, 50)), start, domain,
		func(d axisDomain, k int, y *Cube) (got, want any) { return d.(*HugeDomain).side.z[k], *y })
}

// TestHugeInheritedLookupIsFresh: for every move of cubes near solved (whose
// inverse cosets the partial table holds), the inverse's value along the
// axis the move keeps, which the child inherits, is that of a domain made
// at the child from nothing; and the domain's h is the larger of its two
// sides', each with de Bondt's +1.
func TestHugeInheritedLookupIsFresh(t *testing.T) {
	words := partialHuge(t).Words()
	rng := rand.New(rand.NewPCG(51, 52))
	distinct := map[int]bool{}
	for i := 0; i < 60; i++ {
		c := FromMoves(randomScramble(rng, i%4))
		d := NewHugeDomain(c, words)
		for m := 0; m < NumMoves; m++ {
			child := c
			child.Move(m)
			fresh := NewHugeDomain(child, words)
			k := moveAxis[m]
			if got, want := d.InverseAxes()[k], fresh.InverseAxes()[k]; got != want {
				t.Fatalf("%v by %s: inherited %d along axis %d, a fresh lookup %d", c, MoveName(m), got, k, want)
			}
			distinct[fresh.InverseAxes()[k]] = true
			f, iv := fresh.Axes(), fresh.InverseAxes()
			want := max(combine(f[0], f[1], f[2]), combine(iv[0], iv[1], iv[2]))
			if h := fresh.H(); h != want {
				t.Fatalf("%v: h=%d, axes %v and inverse %v make %d", child, h, f, iv, want)
			}
		}
	}
	if len(distinct) < 4 {
		t.Fatalf("inherited values %v: too few distances to tell a stale value from a fresh one", distinct)
	}
}

// TestHugeSameOnInverse: the six lookups make h the same for a cube and its
// inverse (each side of one is the other side of the other), as the exact
// distance is; the three of the cube alone do not always.
func TestHugeSameOnInverse(t *testing.T) {
	words := partialHuge(t).Words()
	rng := rand.New(rand.NewPCG(53, 54))
	differ := 0
	for i := 0; i < 200; i++ {
		c := FromMoves(randomScramble(rng, 1+i%4))
		d, di := NewHugeDomain(c, words), NewHugeDomain(c.inverse(), words)
		if d.H() != di.H() {
			t.Fatalf("%v: h=%d, its inverse's %d", c, d.H(), di.H())
		}
		if d.Axes() != di.InverseAxes() || d.InverseAxes() != di.Axes() {
			t.Fatalf("%v: axes %v %v, the inverse's %v %v", c, d.Axes(), d.InverseAxes(), di.Axes(), di.InverseAxes())
		}
		f, g := d.Axes(), di.Axes()
		if combine(f[0], f[1], f[2]) != combine(g[0], g[1], g[2]) {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("the cube's three lookups alone agree with the inverse's on every cube: the test cannot tell six from three")
	}
}
