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
