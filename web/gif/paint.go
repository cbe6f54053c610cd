package gif

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// canvas is one frame being drawn: shapes through x/image's vector
// rasterizer (anti-aliased), text in Go's own fonts.
type canvas struct {
	img   *image.RGBA
	rast  vector.Rasterizer
	faces map[[2]int]font.Face // by size and weight (1: bold)
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
}

func (c *canvas) clear(col color.RGBA) {
	draw.Draw(c.img, c.img.Rect, image.NewUniform(col), image.Point{}, draw.Src)
}

// rect fills an axis-aligned rectangle (no anti-aliasing: it is on whole
// pixels).
func (c *canvas) rect(r image.Rectangle, col color.RGBA) {
	draw.Draw(c.img, r.Intersect(c.img.Rect), image.NewUniform(col), image.Point{}, draw.Over)
}

// shape rasterizes a path drawn by path, within the box x0,y0-x1,y1, in
// col: the rasterizer is sized to the box, not the frame, so a node costs
// its own pixels.
func (c *canvas) shape(x0, y0, x1, y1 float64, col color.RGBA, path func(ox, oy float32)) {
	b := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	clip := b.Intersect(c.img.Rect)
	if clip.Empty() {
		return
	}
	c.rast.Reset(b.Dx(), b.Dy())
	c.rast.DrawOp = draw.Over
	path(float32(-b.Min.X), float32(-b.Min.Y))
	c.rast.Draw(c.img, clip, image.NewUniform(col), clip.Min.Sub(b.Min))
}

// ring fills the band between radii rIn and rOut from angle a0 to a1
// (radians); rIn 0 and a full turn is a disc.
func (c *canvas) ring(cx, cy, rOut, rIn, a0, a1 float64, col color.RGBA) {
	c.shape(cx-rOut, cy-rOut, cx+rOut, cy+rOut, col, func(ox, oy float32) {
		steps := max(4, int(math.Ceil((a1-a0)*rOut/2)))
		pt := func(r, a float64) (float32, float32) {
			return float32(cx+r*math.Cos(a)) + ox, float32(cy+r*math.Sin(a)) + oy
		}
		x, y := pt(rOut, a0)
		c.rast.MoveTo(x, y)
		for i := 1; i <= steps; i++ {
			c.rast.LineTo(pt(rOut, a0+(a1-a0)*float64(i)/float64(steps)))
		}
		if rIn > 0 {
			for i := steps; i >= 0; i-- {
				c.rast.LineTo(pt(rIn, a0+(a1-a0)*float64(i)/float64(steps)))
			}
		} else {
			c.rast.LineTo(float32(cx)+ox, float32(cy)+oy)
		}
		c.rast.ClosePath()
	})
}

func (c *canvas) disc(cx, cy, r float64, col color.RGBA) { c.ring(cx, cy, r, 0, 0, 2*math.Pi, col) }

// outline rings a circle of radius r with a line of width w, dashed as
// SVG's stroke-dasharray "on off" says ("" solid).
func (c *canvas) outline(cx, cy, r, w float64, dash string, col color.RGBA) {
	rOut, rIn := r+w/2, max(r-w/2, 0)
	var on, off float64
	if _, err := fmt.Sscanf(dash, "%g %g", &on, &off); err != nil || on <= 0 || off <= 0 {
		c.ring(cx, cy, rOut, rIn, 0, 2*math.Pi, col)
		return
	}
	// The dashes' lengths along the circle, whole in number.
	period := on + off
	n := max(1, int(math.Round(2*math.Pi*r/period)))
	step := 2 * math.Pi / float64(n)
	for i := range n {
		a := float64(i)*step - math.Pi/2
		c.ring(cx, cy, rOut, rIn, a, a+step*on/period, col)
	}
}

// line draws a segment w wide: a thin one as Xiaolin Wu's anti-aliased
// line (a long edge's box is most of the tree, and the rasterizer's cost
// is its box), a thicker one through the rasterizer.
func (c *canvas) line(x0, y0, x1, y1, w float64, col color.RGBA) {
	if w <= 1.25 {
		c.thinLine(x0, y0, x1, y1, col)
		return
	}
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.shape(min(x0, x1)-w, min(y0, y1)-w, max(x0, x1)+w, max(y0, y1)+w, col, func(ox, oy float32) {
		p := func(x, y float64) (float32, float32) { return float32(x) + ox, float32(y) + oy }
		c.rast.MoveTo(p(x0+nx, y0+ny))
		c.rast.LineTo(p(x1+nx, y1+ny))
		c.rast.LineTo(p(x1-nx, y1-ny))
		c.rast.LineTo(p(x0-nx, y0-ny))
		c.rast.ClosePath()
	})
}

// Text is drawn in Go's fonts (regular and bold) at whole pixel sizes. The
// parsed fonts are shared; a face is not safe for concurrent use (it keeps
// a glyph buffer), so each canvas keeps its own.
var goFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("Go's fonts: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("Go's fonts: %w", err)
	}
	return [2]*opentype.Font{regular, bold}, nil
})

// face is the canvas's face of Go's font at px.
func (c *canvas) face(px int, bold bool) (font.Face, error) {
	k := [2]int{px, 0}
	if bold {
		k[1] = 1
	}
	if fc, ok := c.faces[k]; ok {
		return fc, nil
	}
	fonts, err := goFonts()
	if err != nil {
		return nil, err
	}
	fc, err := opentype.NewFace(fonts[k[1]], &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("Go's fonts at %d px: %w", px, err)
	}
	if c.faces == nil {
		c.faces = map[[2]int]font.Face{}
	}
	c.faces[k] = fc
	return fc, nil
}

// anchor places text on its point: its start, its middle or its end.
type anchor int

const (
	start anchor = iota
	middle
	end
)

// text draws s with its baseline at y; it returns the text's width.
func (c *canvas) text(s string, x, y float64, px int, bold bool, at anchor, col color.RGBA) float64 {
	fc, err := c.face(px, bold)
	if err != nil {
		return 0 // the fonts are compiled in: parsed once in the tests
	}
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: fc}
	w := d.MeasureString(s)
	switch at {
	case middle:
		x -= float64(w) / 64 / 2
	case end:
		x -= float64(w) / 64
	}
	d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	d.DrawString(s)
	return float64(w) / 64
}

// measure is the width of s at px.
func (c *canvas) measure(s string, px int, bold bool) float64 {
	fc, err := c.face(px, bold)
	if err != nil {
		return 0
	}
	return float64(font.MeasureString(fc, s)) / 64
}

// hex reads "#rrggbb" (or "#rgb"): the page's colours as fold names them.
func hex(s string) color.RGBA {
	if len(s) == 4 && s[0] == '#' {
		s = "#" + string([]byte{s[1], s[1], s[2], s[2], s[3], s[3]})
	}
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// thinLine is Wu's line: along its longer axis, two pixels a step across
// it, each covered as far as the line is near it.
func (c *canvas) thinLine(x0, y0, x1, y1 float64, col color.RGBA) {
	steep := math.Abs(y1-y0) > math.Abs(x1-x0)
	if steep {
		x0, y0, x1, y1 = y0, x0, y1, x1
	}
	if x0 > x1 {
		x0, x1, y0, y1 = x1, x0, y1, y0
	}
	grad := 1.0
	if x1 != x0 {
		grad = (y1 - y0) / (x1 - x0)
	}
	plot := func(x, y int, a float64) {
		if steep {
			x, y = y, x
		}
		if !(image.Point{x, y}).In(c.img.Rect) || a <= 0 {
			return
		}
		i := c.img.PixOffset(x, y)
		p := c.img.Pix[i : i+4 : i+4]
		p[0] = uint8(float64(p[0])*(1-a) + float64(col.R)*a + 0.5)
		p[1] = uint8(float64(p[1])*(1-a) + float64(col.G)*a + 0.5)
		p[2] = uint8(float64(p[2])*(1-a) + float64(col.B)*a + 0.5)
		p[3] = 0xff
	}
	// Only the columns inside the frame.
	lo, hi := math.Round(x0), math.Round(x1)
	limit := float64(c.img.Rect.Dx())
	if steep {
		limit = float64(c.img.Rect.Dy())
	}
	for x := max(lo, 0); x <= min(hi, limit); x++ {
		y := y0 + grad*(x-x0)
		fy := math.Floor(y)
		f := y - fy
		plot(int(x), int(fy), 1-f)
		plot(int(x), int(fy)+1, f)
	}
}
