package gif

import (
	"image"
	"image/color"

	"idaviz/web/fold"
)

// A GIF has 256 colours. A frame has few: the page's node colours, its
// greys, the tiles', and what anti-aliasing makes of them at their edges
// (each blended with white, the background, and with black, the text on a
// node). The palette holds those; every other colour goes to its nearest
// through a table of 32 levels a primary, made once.

// Colours a frame draws with, besides the tree's statuses (fold's).
var (
	white     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	black     = color.RGBA{0, 0, 0, 0xff}
	textGrey  = hex("#555555")
	edgeGrey  = hex("#aaaaaa")
	lightGrey = hex("#eeeeee")
	tileFill  = hex("#f2c14e")
	tileEdge  = hex("#a68a2e")
	panelLine = hex("#dddddd")
)

func baseColours() []color.RGBA {
	cs := []color.RGBA{white, black, textGrey, edgeGrey, lightGrey, tileFill, tileEdge, panelLine,
		hex(fold.FoldedColour()), hex(fold.BPMXColour()), hex(fold.NodeTextColour())}
	for _, s := range []string{fold.StatusPath, fold.StatusExpanded, fold.StatusPruned, fold.StatusSolution, fold.StatusOpen} {
		cs = append(cs, hex(fold.StatusColour(s)))
	}
	return cs
}

func blend(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}

// quantizer maps a frame's colours to the palette.
type quantizer struct {
	pal color.Palette // 256 entries, the last one transparent
	lut [1 << 15]uint8
}

func newQuantizer() *quantizer {
	seen := map[color.RGBA]bool{}
	var cs []color.RGBA
	add := func(c color.RGBA) {
		if !seen[c] && len(cs) < 255 {
			seen[c] = true
			cs = append(cs, c)
		}
	}
	base := baseColours()
	for _, c := range base {
		add(c)
	}
	for _, c := range base {
		for i := 1; i < 4; i++ {
			add(blend(c, white, float64(i)/4))
		}
		for i := 1; i < 4; i++ {
			add(blend(c, black, float64(i)/4))
		}
	}
	for i := range 16 {
		add(color.RGBA{uint8(i * 17), uint8(i * 17), uint8(i * 17), 0xff})
	}
	q := &quantizer{}
	for _, c := range cs {
		q.pal = append(q.pal, c)
	}
	for len(q.pal) < 256 {
		q.pal = append(q.pal, color.RGBA{})
	}
	n := len(cs)
	for k := range q.lut {
		r, g, b := int(k>>10)<<3|4, int(k>>5&31)<<3|4, int(k&31)<<3|4
		best, bestD := 0, 1<<30
		for i, c := range cs[:n] {
			dr, dg, db := r-int(c.R), g-int(c.G), b-int(c.B)
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		q.lut[k] = uint8(best)
	}
	// The exact colours map to themselves, whatever the table's cell
	// rounds them to.
	for i, c := range cs {
		q.lut[int(c.R>>3)<<10|int(c.G>>3)<<5|int(c.B>>3)] = uint8(i)
	}
	return q
}

// paletted converts img into dst (same bounds). Where prev, the picture
// before (nil: none), has a row the same, the row is copied from prevDst,
// its conversion.
func (q *quantizer) paletted(img, prev *image.RGBA, dst, prevDst *image.Paletted) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := range h {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		if prev != nil && string(src) == string(prev.Pix[y*prev.Stride:y*prev.Stride+4*w]) {
			if dst != prevDst {
				copy(out, prevDst.Pix[y*prevDst.Stride:y*prevDst.Stride+w])
			}
			continue
		}
		for x := range out {
			p := src[4*x : 4*x+3]
			out[x] = q.lut[int(p[0]>>3)<<10|int(p[1]>>3)<<5|int(p[2]>>3)]
		}
	}
}
