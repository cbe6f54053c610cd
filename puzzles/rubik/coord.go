package rubik

import "sync"

// Coordinates of Kociemba's phase 1, for the heuristic "reid": a cube's right
// coset H·X of H = <U, D, R2, L2, F2, B2> is given by three numbers that
// moves change through small tables, with no cubie arithmetic.
//
//	twist  corner orientations, 3^7 = 2187 (the eighth follows from the sum)
//	flip   edge orientations, 2^11 = 2048
//	slice  which 4 of the 12 edge positions hold the UD-slice edges FR FL
//	       BL BR, C(12,4) = 495 (the order of the four is not kept)
//
// All three are 0 exactly on H, and they depend only on the coset: a cube
// multiplied on the left by an element of H (H applied first) keeps them.
const (
	NTwist = 2187
	NFlip  = 2048
	NSlice = 495
	// NFlipSlice is the edge part of the coset, flip and slice together.
	NFlipSlice = NFlip * NSlice
)

// binom[n][k] is C(n,k) for n < 12, k <= 4.
var binom = func() (c [12][5]int) {
	for n := range c {
		c[n][0] = 1
		for k := 1; k < 5 && k <= n; k++ {
			c[n][k] = c[n-1][k-1]
			if k <= n-1 {
				c[n][k] += c[n-1][k]
			}
		}
	}
	return c
}()

// twist is the corner orientation coordinate (Kociemba's numbering).
func (c *Cube) twist() int {
	t := 0
	for i := 0; i < 7; i++ {
		t = 3*t + int(c.CO[i]%3)
	}
	return t
}

// setTwist gives c the corner orientations of coordinate t.
func (c *Cube) setTwist(t int) {
	sum := 0
	for i := 6; i >= 0; i-- {
		c.CO[i] = uint8(t % 3)
		sum += t % 3
		t /= 3
	}
	c.CO[7] = uint8((3 - sum%3) % 3)
}

// flip is the edge orientation coordinate.
func (c *Cube) flip() int {
	f := 0
	for i := 0; i < 11; i++ {
		f = 2*f + int(c.EO[i]&1)
	}
	return f
}

// setFlip gives c the edge orientations of coordinate f.
func (c *Cube) setFlip(f int) {
	sum := 0
	for i := 10; i >= 0; i-- {
		c.EO[i] = uint8(f & 1)
		sum += f & 1
		f >>= 1
	}
	c.EO[11] = uint8(sum & 1)
}

func isSliceEdge(e uint8) bool { return e >= FR && e <= BR }

// slice is the coordinate of the positions of the UD-slice edges: 0 when
// they are in the slice.
func (c *Cube) slice() int {
	a, x := 0, 0
	for j := 11; j >= 0; j-- {
		if isSliceEdge(c.EP[j]) {
			a += binom[11-j][x+1]
			x++
		}
	}
	return a
}

// setSlice places the UD-slice edges at the positions of coordinate s, and
// the other edges in order in the other positions.
func (c *Cube) setSlice(s int) {
	var used [12]bool
	x := 4
	for j := 0; j < 12; j++ {
		if x > 0 && s-binom[11-j][x] >= 0 {
			c.EP[j] = uint8(FR + 4 - x)
			used[j] = true
			s -= binom[11-j][x]
			x--
		}
	}
	e := uint8(UR)
	for j := 0; j < 12; j++ {
		if !used[j] {
			c.EP[j] = e
			e++
		}
	}
}

// symMultiply is Multiply for cubes that may be mirror images: a mirrored
// cube's corner orientations are 3..5 (Kociemba's convention), and a product
// of two mirrored cubes is a regular one. Edges are unaffected by mirroring.
func symMultiply(a, b *Cube) Cube {
	var r Cube
	for i := 0; i < 8; i++ {
		r.CP[i] = a.CP[b.CP[i]]
		oa, ob := int(a.CO[b.CP[i]]), int(b.CO[i])
		var o int
		switch {
		case oa < 3 && ob < 3:
			o = (oa + ob) % 3
		case oa < 3: // b mirrored: so is the product
			o = oa + ob
			if o >= 6 {
				o -= 3
			}
		case ob < 3: // a mirrored
			o = oa - ob
			if o < 3 {
				o += 3
			}
		default: // both mirrored: a regular cube
			o = oa - ob
			if o < 0 {
				o += 3
			}
		}
		r.CO[i] = uint8(o)
	}
	for i := 0; i < 12; i++ {
		r.EP[i] = a.EP[b.EP[i]]
		r.EO[i] = (a.EO[b.EP[i]] + b.EO[i]) % 2
	}
	return r
}

// The generators of the cube's 48 symmetries, in Kociemba's cubie form.
var (
	// symURF3 turns the whole cube 120 degrees about the URF-DBL diagonal:
	// it carries each axis to the next, which is how the heuristic looks at
	// the cube from the three axes.
	symURF3 = Cube{
		CP: [8]uint8{URF, DFR, DLF, UFL, UBR, DRB, DBL, ULB},
		CO: [8]uint8{1, 2, 1, 2, 2, 1, 2, 1},
		EP: [12]uint8{UF, FR, DF, FL, UB, BR, DB, BL, UR, DR, DL, UL},
		EO: [12]uint8{1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1},
	}
	// symF2 turns it 180 degrees about the F-B axis.
	symF2 = Cube{
		CP: [8]uint8{DLF, DFR, DRB, DBL, UFL, URF, UBR, ULB},
		EP: [12]uint8{DL, DF, DR, DB, UL, UF, UR, UB, FL, FR, BR, BL},
	}
	// symU4 turns it 90 degrees about the U-D axis.
	symU4 = Cube{
		CP: [8]uint8{UBR, URF, UFL, ULB, DRB, DFR, DLF, DBL},
		EP: [12]uint8{UB, UR, UF, UL, DB, DR, DF, DL, BR, FR, FL, BL},
		EO: [12]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1},
	}
	// symLR2 mirrors it in the plane between L and R.
	symLR2 = Cube{
		CP: [8]uint8{UFL, URF, UBR, ULB, DLF, DFR, DRB, DBL},
		CO: [8]uint8{3, 3, 3, 3, 3, 3, 3, 3},
		EP: [12]uint8{UL, UF, UR, UB, DL, DF, DR, DB, FL, FR, BR, BL},
	}
)

// NSym is the number of the cube's symmetries; the first NSymUD of them
// (Kociemba's order: index 16*urf3 + 8*f2 + 2*u4 + lr2) fix the U-D axis.
const (
	NSym   = 48
	NSymUD = 16
)

// syms are the 48 symmetries and symInv the index of each one's inverse.
var syms, symInv = func() (s [NSym]Cube, inv [NSym]int) {
	c := Solved()
	i := 0
	for urf3 := 0; urf3 < 3; urf3++ {
		for f2 := 0; f2 < 2; f2++ {
			for u4 := 0; u4 < 4; u4++ {
				for lr2 := 0; lr2 < 2; lr2++ {
					s[i] = c
					i++
					c = symMultiply(&c, &symLR2)
				}
				c = symMultiply(&c, &symU4)
			}
			c = symMultiply(&c, &symF2)
		}
		c = symMultiply(&c, &symURF3)
	}
	id := Solved()
	for a := range s {
		for b := range s {
			if symMultiply(&s[a], &s[b]) == id {
				inv[a] = b
			}
		}
	}
	return s, inv
}()

// conjugate is S_s · c · S_s^-1.
func conjugate(c *Cube, s int) Cube {
	t := symMultiply(&syms[s], c)
	return symMultiply(&t, &syms[symInv[s]])
}

// moveConj[s][m] is the move S_s · m · S_s^-1 (-1 if it were none, which the
// tests rule out).
var moveConj = func() (mc [NSym][NumMoves]int8) {
	for s := 0; s < NSym; s++ {
		for m := 0; m < NumMoves; m++ {
			mc[s][m] = -1
			x := conjugate(&moveCube[m], s)
			for n := 0; n < NumMoves; n++ {
				if x == moveCube[n] {
					mc[s][m] = int8(n)
				}
			}
		}
	}
	return mc
}()

// coordTables are the phase-1 move and symmetry tables, about 5 MB, made
// once on first use (a fraction of a second).
type coordTables struct {
	twistMove []uint16 // [twist*NumMoves+m]
	flipMove  []uint16 // [flip*NumMoves+m]
	sliceMove []uint16 // [slice*NumMoves+m]
	// twistConj[twist<<4|s] is the twist of S_s · X · S_s^-1, s < NSymUD: it
	// depends on X's twist alone because these symmetries twist every corner
	// alike.
	twistConj []uint16
	// classSym[flipslice] is class<<4 | s: the flip-slice coordinate's
	// symmetry class, and a UD symmetry s with S_s · X · S_s^-1 the class's
	// representative.
	classSym []uint32
	// rep[class] is the representative's flip-slice coordinate (the smallest
	// of the class), and stab[class] the set of UD symmetries that fix it
	// (bit s), which make entries of one class equivalent.
	rep  []uint32
	stab []uint16
	// repMove[class*NumMoves+m] is classSym of the representative after
	// move m: a node's children along one axis read one row of it, where
	// their flip-slice coordinates would be 18 reads all over classSym.
	repMove []uint32
}

var (
	coordOnce sync.Once
	coords    *coordTables
)

// phase1 returns the coordinate tables, made on first use.
func phase1() *coordTables {
	coordOnce.Do(func() { coords = makeCoordTables() })
	return coords
}

func makeCoordTables() *coordTables {
	t := &coordTables{
		twistMove: make([]uint16, NTwist*NumMoves),
		flipMove:  moveTable(NFlip, (*Cube).setFlip, (*Cube).flip),
		sliceMove: moveTable(NSlice, (*Cube).setSlice, (*Cube).slice),
		twistConj: make([]uint16, NTwist<<4),
		classSym:  make([]uint32, NFlipSlice),
	}
	for x := 0; x < NTwist; x++ {
		c := Solved()
		c.setTwist(x)
		for m := 0; m < NumMoves; m++ {
			y := c.Multiply(&moveCube[m])
			t.twistMove[x*NumMoves+m] = uint16(y.twist())
		}
		for s := 0; s < NSymUD; s++ {
			y := conjugate(&c, s)
			t.twistConj[x<<4|s] = uint16(y.twist())
		}
	}
	t.rep, t.stab = flipSliceClasses(NSlice, (*Cube).setSlice, (*Cube).slice, t.classSym)
	t.repMove = make([]uint32, len(t.rep)*NumMoves)
	for class, r := range t.rep {
		fl, sl := int(r%NFlip), int(r/NFlip)
		for m := 0; m < NumMoves; m++ {
			fs := int(t.sliceMove[sl*NumMoves+m])*NFlip + int(t.flipMove[fl*NumMoves+m])
			t.repMove[class*NumMoves+m] = t.classSym[fs]
		}
	}
	return t
}

// conjugateEdges is conjugate for the edges only (the corners are left
// solved), all the flip-slice classes of reid and reid-huge need, several times cheaper.
func conjugateEdges(c *Cube, s int) Cube {
	a, b := &syms[s], &syms[symInv[s]]
	var t, r Cube
	for i := 0; i < 12; i++ {
		t.EP[i] = a.EP[c.EP[i]]
		t.EO[i] = (a.EO[c.EP[i]] + c.EO[i]) & 1
	}
	for i := 0; i < 12; i++ {
		r.EP[i] = t.EP[b.EP[i]]
		r.EO[i] = (t.EO[b.EP[i]] + b.EO[i]) & 1
	}
	return r
}

// moveTable is a coordinate's move table: the value after each move of each
// of its n values (entry x*NumMoves+m), set and get being the coordinate.
func moveTable(n int, set func(*Cube, int), get func(*Cube) int) []uint16 {
	mt := make([]uint16, n*NumMoves)
	for x := 0; x < n; x++ {
		c := Solved()
		set(&c, x)
		for m := 0; m < NumMoves; m++ {
			y := c.Multiply(&moveCube[m])
			mt[x*NumMoves+m] = uint16(get(&y))
		}
	}
	return mt
}

// flipSliceClasses numbers the classes of flip × slice (fs = slice*NFlip +
// flip, the slice coordinate's nSlice values set and read by set and get)
// under the 16 UD symmetries: it fills classSym[fs] with class<<4|s, s a
// symmetry with S_s · X · S_s^-1 the class's representative, and returns
// each class's representative and the symmetries that fix it (bit s).
// Classes are numbered in order of their smallest member, which is the
// representative: the first met here.
func flipSliceClasses(nSlice int, set func(*Cube, int), get func(*Cube) int, classSym []uint32) (rep []uint32, stab []uint16) {
	const unset = ^uint32(0)
	for i := range classSym {
		classSym[i] = unset
	}
	for fs := 0; fs < nSlice*NFlip; fs++ {
		if classSym[fs] != unset {
			continue
		}
		class := uint32(len(rep))
		rep = append(rep, uint32(fs))
		c := Solved()
		set(&c, fs/NFlip)
		c.setFlip(fs % NFlip)
		var st uint16
		for s := 0; s < NSymUD; s++ {
			// Y = S_s^-1 · rep · S_s, so that S_s · Y · S_s^-1 is the rep.
			y := conjugateEdges(&c, symInv[s])
			ys := get(&y)*NFlip + y.flip()
			if ys == fs {
				st |= 1 << s
			}
			if classSym[ys] == unset {
				classSym[ys] = class<<4 | uint32(s)
			}
		}
		stab = append(stab, st)
	}
	return rep, stab
}

// symMultUD[a][b] is the UD symmetry S_a · S_b.
var symMultUD = func() (p [NSymUD][NSymUD]uint8) {
	for a := 0; a < NSymUD; a++ {
		for b := 0; b < NSymUD; b++ {
			x := symMultiply(&syms[a], &syms[b])
			for c := 0; c < NSymUD; c++ {
				if syms[c] == x {
					p[a][b] = uint8(c)
				}
			}
		}
	}
	return p
}()

// axisCoord is the phase-1 coset of a cube seen along one axis.
type axisCoord struct {
	twist, flip, slice uint16
}

func (c *Cube) axisCoord() axisCoord {
	return axisCoord{uint16(c.twist()), uint16(c.flip()), uint16(c.slice())}
}
