package rubik

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestMoveOrders(t *testing.T) {
	for m := 0; m < NumMoves; m++ {
		order := 4
		if m%3 == 1 {
			order = 2
		}
		c := Solved()
		for i := 1; i <= order; i++ {
			c.Move(m)
			if c.IsSolved() != (i == order) {
				t.Fatalf("%s: solved after %d turns = %v, want order %d", MoveName(m), i, c.IsSolved(), order)
			}
		}
		c = Solved()
		c.Move(m)
		c.Move(Inverse(m))
		if !c.IsSolved() {
			t.Errorf("%s then %s is not the identity", MoveName(m), MoveName(Inverse(m)))
		}
	}
}

func TestOppositeFacesCommute(t *testing.T) {
	for f := 0; f < 6; f += 2 {
		for a := f * 3; a < f*3+3; a++ {
			for b := (f + 1) * 3; b < (f+1)*3+3; b++ {
				x, y := Solved(), Solved()
				x.Move(a)
				x.Move(b)
				y.Move(b)
				y.Move(a)
				if x != y {
					t.Errorf("%s and %s do not commute", MoveName(a), MoveName(b))
				}
			}
		}
	}
	// Adjacent faces do not.
	x, y := FromMoves([]int{0, 15}), FromMoves([]int{15, 0})
	if x == y {
		t.Error("U and R commute")
	}
}

func TestSequenceOrders(t *testing.T) {
	for _, tc := range []struct {
		seq   string
		order int
	}{
		{"R U R' U'", 6},
		{"R U", 105},
		{"R2 U2", 6},
		{"U D'", 4},
		{"F", 4},
	} {
		moves, err := ParseMoves(tc.seq)
		if err != nil {
			t.Fatal(err)
		}
		c := Solved()
		for i := 1; i <= tc.order; i++ {
			c.Apply(moves)
			if c.IsSolved() != (i == tc.order) {
				t.Fatalf("%s: solved after %d repetitions = %v, want order %d", tc.seq, i, c.IsSolved(), tc.order)
			}
		}
	}
}

func TestSingmasterRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100; i++ {
		moves := make([]int, rng.IntN(30))
		for j := range moves {
			moves[j] = rng.IntN(NumMoves)
		}
		s := FormatMoves(moves)
		got, err := ParseMoves(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if FormatMoves(got) != s || len(got) != len(moves) {
			t.Fatalf("round trip of %q gave %q", s, FormatMoves(got))
		}
	}
}

func TestParseMovesErrors(t *testing.T) {
	for _, tc := range []struct{ in, bad string }{
		{"R u", `"u"`},
		{"R X2", `"X"`},
		{"R2'", `"'"`},
		{"R3", `"3"`},
		{"R’", `"’"`},
	} {
		_, err := ParseMoves(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.bad) {
			t.Errorf("ParseMoves(%q) = %v, want an error naming %s", tc.in, err, tc.bad)
		}
	}
	for _, ok := range []string{"", "  ", "RU2F'", "R U2\tF'\n"} {
		if _, err := ParseMoves(ok); err != nil {
			t.Errorf("ParseMoves(%q): %v", ok, err)
		}
	}
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"R U2 F'", "", "RU", "x", "R2'", "U D F B L R"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			return
		}
		again, err := ParseMoves(FormatMoves(moves))
		if err != nil || FormatMoves(again) != FormatMoves(moves) {
			t.Fatalf("%q: reformatted %q does not parse back: %v", s, FormatMoves(moves), err)
		}
		c := FromMoves(moves)
		if err := c.Verify(); err != nil {
			t.Fatalf("%q makes an invalid cube: %v", s, err)
		}
	})
}

// TestTreeSizes counts the nodes at depths 1 to 5 of the tree the move rule
// leaves, against Korf's figures.
func TestTreeSizes(t *testing.T) {
	want := []int64{18, 243, 3240, 43254, 577368}
	got := make([]int64, len(want))
	var walk func(prev, depth int)
	walk = func(prev, depth int) {
		if depth == len(want) {
			return
		}
		for m := 0; m < NumMoves; m++ {
			if Allowed(prev, m) {
				got[depth]++
				walk(m, depth+1)
			}
		}
	}
	walk(-1, 0)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("depth %d: %d nodes, want %d", i+1, got[i], want[i])
		}
	}
}

func TestRandomCubesAreValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[Cube]bool{}
	for i := 0; i < 1000; i++ {
		c := Random(rng)
		if err := c.Verify(); err != nil {
			t.Fatalf("random cube %d: %v", i, err)
		}
		seen[c] = true
	}
	if len(seen) < 1000 {
		t.Errorf("only %d distinct cubes in 1000", len(seen))
	}
}

func TestVerifyRejects(t *testing.T) {
	twist := Solved()
	twist.CO[0] = 1
	flip := Solved()
	flip.EO[3] = 1
	swap := Solved()
	swap.EP[0], swap.EP[1] = 1, 0
	dup := Solved()
	dup.CP[1] = 0
	for _, tc := range []struct {
		name string
		c    Cube
		want string
	}{
		{"twisted corner", twist, "twisted"},
		{"flipped edge", flip, "flipped"},
		{"parity", swap, "parity"},
		{"repeated corner", dup, "repeated"},
	} {
		err := tc.c.Verify()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Verify = %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

func TestStickers(t *testing.T) {
	c := Solved()
	s := c.Stickers()
	want := "wwwwwwwww" + strings.Repeat("ooogggrrrbbb", 3) + "yyyyyyyyy"
	if s != want {
		t.Fatalf("solved stickers\n%s\nwant\n%s", s, want)
	}
	// After U, the front face's top row shows the right face's colour.
	c.Move(0)
	s = c.Stickers()
	if got := s[9+3 : 9+6]; got != "rrr" {
		t.Errorf("after U the front top row is %q, want rrr", got)
	}
	// After R, the front's right column shows the bottom's colour.
	c = Solved()
	c.Move(15)
	s = c.Stickers()
	for r := 0; r < 3; r++ {
		if got := s[9+r*12+5]; got != 'y' {
			t.Errorf("after R, front row %d right sticker is %c, want y", r, got)
		}
	}
	// Every colour nine times on any cube.
	rng := rand.New(rand.NewPCG(5, 6))
	c = Random(rng)
	s = c.Stickers()
	for _, col := range "wyrogb" {
		if n := strings.Count(s, string(col)); n != 9 {
			t.Errorf("colour %c appears %d times", col, n)
		}
	}
}
