package rubik

import (
	"fmt"

	"idaviz/puzzles/magiccube"
)

// FromNet reads a sticker net (the magic cube's, in the ZOJ 2477 reading
// order) as a cube. Colours are identified by the centres: the top centre's
// colour is U, the front's F, and so on. A net that is no cube a turn can
// reach is rejected, naming why: a sticker set that is no real piece, a
// twisted corner, a flipped edge, or two pieces swapped (parity).
func FromNet(n magiccube.Net) (Cube, error) {
	var faceOf [256]int8
	for i := range faceOf {
		faceOf[i] = -1
	}
	for face := 0; face < 6; face++ {
		col := n[netIndex[face*9+4]]
		if faceOf[col] >= 0 {
			return Cube{}, fmt.Errorf("two centres have colour %q", col)
		}
		faceOf[col] = int8(face)
	}
	var f [54]int8
	for k, i := range netOrder {
		f[i] = faceOf[n[k]]
		if f[i] < 0 {
			return Cube{}, fmt.Errorf("sticker %d has colour %q, which no centre has", k, n[k])
		}
	}
	var c Cube
	const faceU, faceD = 0, 3 // in facelet-face order U R F D L B
	for i := 0; i < 8; i++ {
		ori := 0
		for ori < 3 && f[cornerFacelet[i][ori]] != faceU && f[cornerFacelet[i][ori]] != faceD {
			ori++
		}
		if ori == 3 {
			return Cube{}, fmt.Errorf("the corner at %s has no top or bottom colour: %s", cornerName[i], cornerColours(&n, i))
		}
		c1, c2 := f[cornerFacelet[i][(ori+1)%3]], f[cornerFacelet[i][(ori+2)%3]]
		found := false
		for j := 0; j < 8; j++ {
			if int(c1) == cornerFacelet[j][1]/9 && int(c2) == cornerFacelet[j][2]/9 && int(f[cornerFacelet[i][ori]]) == cornerFacelet[j][0]/9 {
				c.CP[i], c.CO[i] = uint8(j), uint8(ori)
				found = true
				break
			}
		}
		if !found {
			return Cube{}, fmt.Errorf("the corner at %s is no real piece: %s", cornerName[i], cornerColours(&n, i))
		}
	}
	for i := 0; i < 12; i++ {
		a, b := int(f[edgeFacelet[i][0]]), int(f[edgeFacelet[i][1]])
		found := false
		for j := 0; j < 12; j++ {
			x, y := edgeFacelet[j][0]/9, edgeFacelet[j][1]/9
			if a == x && b == y {
				c.EP[i], c.EO[i] = uint8(j), 0
				found = true
			} else if a == y && b == x {
				c.EP[i], c.EO[i] = uint8(j), 1
				found = true
			}
			if found {
				break
			}
		}
		if !found {
			return Cube{}, fmt.Errorf("the edge at %s is no real piece: colours %q and %q",
				edgeName[i], n[netIndex[edgeFacelet[i][0]]], n[netIndex[edgeFacelet[i][1]]])
		}
	}
	if err := c.Verify(); err != nil {
		return Cube{}, fmt.Errorf("impossible cube: %w", err)
	}
	return c, nil
}

// netIndex is the inverse of netOrder: facelet -> index in the net.
var netIndex = func() [54]int {
	var x [54]int
	for k, i := range netOrder {
		x[i] = k
	}
	return x
}()

var cornerName = [8]string{"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"}
var edgeName = [12]string{"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"}

func cornerColours(n *magiccube.Net, i int) string {
	return fmt.Sprintf("colours %q, %q and %q", n[netIndex[cornerFacelet[i][0]]], n[netIndex[cornerFacelet[i][1]]], n[netIndex[cornerFacelet[i][2]]])
}

// Net is the cube as a sticker net with the colour letters of Stickers.
func (c *Cube) Net() magiccube.Net {
	var n magiccube.Net
	copy(n[:], c.Stickers())
	return n
}
