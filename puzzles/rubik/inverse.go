package rubik

// The inverse cube's cosets (Rokicki's nxopt). A cube and its inverse are as
// far from solved, so the inverse's three axes give three more lookups in the
// same table. The search applies moves at the end of the cube X (X·m), which
// puts them at the start of the inverse (m^-1·X^-1): the inverse's coset
// coordinates cannot follow through move tables, which append, and are
// computed from the cube itself, each axis from the cube seen along it.
//
// A move whose face is on an axis's U-D pair changes nothing of the inverse's
// coset along that axis: K·m^-1·X^-1 = K·X^-1, m^-1 being in K. A child
// inherits that lookup from its parent; it also says, before any lookup,
// whether a solution of the remaining length can start with that axis's
// faces.

// inverse returns c^-1, the cube that undoes c (c·c^-1 is solved).
func (c *Cube) inverse() Cube {
	var r Cube
	for i := 0; i < 8; i++ {
		r.CP[c.CP[i]&7] = uint8(i)
		r.CO[c.CP[i]&7] = (3 - c.CO[i]%3) % 3
	}
	for i := 0; i < 12; i++ {
		r.EP[c.EP[i]%12] = uint8(i)
		r.EO[c.EP[i]%12] = c.EO[i] & 1
	}
	return r
}

// moveAxis[m] is the axis (0..2, as axisSym) along which move m turns a U or
// D face: the axis whose inverse coset m keeps.
var moveAxis = func() (a [NumMoves]uint8) {
	for m := range a {
		for k := range axisMove {
			if axisMove[k][m]/3 <= FaceD {
				a[m] = uint8(k)
			}
		}
	}
	return a
}()

// invStep says, for one move mm, how the inverse's raw coordinates follow
// when mm is applied to a cube: the four corner and four edge positions the
// move fills, each with the position it takes its cubie from and the twist
// or flip it adds, and the positions that fill the UD slice.
type invStep struct {
	corner [4]struct{ src, add uint8 }
	edge   [4]struct{ src, add uint8 }
	slice  [4]uint8
}

var invSteps = func() (st [NumMoves]invStep) {
	for mm := range st {
		mc := &moveCube[mm]
		n := 0
		for p := 0; p < 8; p++ {
			if mc.CP[p] != uint8(p) {
				st[mm].corner[n%4].src, st[mm].corner[n%4].add = mc.CP[p], mc.CO[p]
				n++
			}
		}
		n = 0
		for p := 0; p < 12; p++ {
			if mc.EP[p] != uint8(p) {
				st[mm].edge[n%4].src, st[mm].edge[n%4].add = mc.EP[p], mc.EO[p]
				n++
			}
		}
		copy(st[mm].slice[:], mc.EP[FR:])
	}
	return st
}()

// cornerDelta[j*9+o*3+add] is how the inverse's twist changes when corner
// cubie j, twisted o where it was, is moved with twist add: the inverse holds
// the twist -o at place j, weighted as twist() weighs place j (the eighth
// corner's place has no digit). edgeDelta[j*4+e*2+add] is the same for the
// flip.
var cornerDelta, edgeDelta = func() (cd [8 * 9]int32, ed [12 * 4]int32) {
	w := 1
	for j := 6; j >= 0; j-- {
		for o := 0; o < 3; o++ {
			for add := 0; add < 3; add++ {
				before, after := (3-o)%3, (3-(o+add)%3)%3
				cd[j*9+o*3+add] = int32(w * (after - before))
			}
		}
		w *= 3
	}
	w = 1
	for j := 10; j >= 0; j-- {
		for e := 0; e < 2; e++ {
			for add := 0; add < 2; add++ {
				ed[j*4+e*2+add] = int32(w * ((e ^ add) - e))
			}
		}
		w *= 2
	}
	return cd, ed
}()

// sortedInv[a*1728+b*144+c*12+d] is the sorted-slice coordinate of the
// inverse of a cube whose slice positions FR FL BL BR hold the edge cubies
// a, b, c, d: the inverse's slice edges are at places a..d, met in the order
// of those places, each the slice position its cubie held.
var sortedInv = func() []uint16 {
	t := make([]uint16, 12*12*12*12)
	for a := range uint8(12) {
		for b := range uint8(12) {
			for c := range uint8(12) {
				for d := range uint8(12) {
					if a == b || a == c || a == d || b == c || b == d || c == d {
						continue
					}
					x := Solved()
					x.EP[FR], x.EP[FL], x.EP[BL], x.EP[BR] = a, b, c, d
					free := uint8(0)
					for p := UR; p < FR; p++ {
						for free == a || free == b || free == c || free == d {
							free++
						}
						x.EP[p] = free
						free++
					}
					y := x.inverse()
					t[int(a)*1728+int(b)*144+int(c)*12+int(d)] = uint16(y.sortedSlice())
				}
			}
		}
	}
	return t
}()

// invAfter is the reid-huge coordinate of (z·mm)^-1, a being that of z^-1:
// only the eight cubies mm moves change places in the inverse's digits.
func invAfter(z *Cube, mm int, a hugeCoord) hugeCoord {
	st := &invSteps[mm%NumMoves]
	tw := int32(a.twist)
	for _, c := range st.corner {
		q := c.src & 7
		tw += cornerDelta[(int(z.CP[q]&7)*9+int(z.CO[q]%3)*3+int(c.add%3))%len(cornerDelta)]
	}
	fl := int32(a.flip)
	for _, e := range st.edge {
		q := e.src % 12
		fl += edgeDelta[(int(z.EP[q]%12)*4+int(z.EO[q]&1)*2+int(e.add&1))%len(edgeDelta)]
	}
	s := &st.slice
	i := int(z.EP[s[0]%12]%12)*1728 + int(z.EP[s[1]%12]%12)*144 + int(z.EP[s[2]%12]%12)*12 + int(z.EP[s[3]%12]%12)
	return hugeCoord{twist: uint16(tw), flip: uint16(fl), sorted: sortedInv[i%len(sortedInv)]}
}

// combine6 is the heuristic of the three axes' values f of a cube and those
// of its inverse i: each side's with de Bondt's +1, the larger.
func combine6(f, i [3]int8) int32 {
	return int32(max(combine(int(f[0]), int(f[1]), int(f[2])), combine(int(i[0]), int(i[1]), int(i[2]))))
}
