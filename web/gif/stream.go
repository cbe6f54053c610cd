package gif

import (
	"bufio"
	"compress/lzw"
	"errors"
	"image"
	"image/color"
	"io"
)

// stream writes a GIF89a one frame at a time: image/gif's EncodeAll holds
// every frame in memory, and a thousand frames at 1280x720 are a gigabyte.
// Each frame is encoded as the rectangle that changed since the one before,
// its unchanged pixels transparent, left in place (disposal "none"): a step
// of a search changes a few nodes and a line of text.
type stream struct {
	w       *bufio.Writer
	pal     color.Palette // its last entry is the transparent one
	width   int
	height  int
	prev    *image.Paletted // the picture so far
	frames  int
	started bool
	err     error
}

func newStream(w io.Writer, width, height int, pal color.Palette) *stream {
	return &stream{w: bufio.NewWriterSize(w, 64<<10), pal: pal, width: width, height: height}
}

// transparent is the palette index a frame leaves unchanged pixels at.
func (s *stream) transparent() uint8 { return uint8(len(s.pal) - 1) }

func (s *stream) header() {
	s.w.WriteString("GIF89a")
	s.u16(s.width)
	s.u16(s.height)
	// A global colour table of 256 entries (2^(7+1)), 8 bits a primary.
	s.w.WriteByte(0xF7)
	s.w.WriteByte(0) // background index
	s.w.WriteByte(0) // no aspect ratio
	for i := range 256 {
		var r, g, b uint32
		if i < len(s.pal) {
			r, g, b, _ = s.pal[i].RGBA()
		}
		s.w.Write([]byte{byte(r >> 8), byte(g >> 8), byte(b >> 8)})
	}
	// NETSCAPE2.0: loop for ever, as slides expect.
	s.w.Write([]byte{0x21, 0xFF, 0x0B})
	s.w.WriteString("NETSCAPE2.0")
	s.w.Write([]byte{3, 1, 0, 0, 0})
}

func (s *stream) u16(v int) { s.w.Write([]byte{byte(v), byte(v >> 8)}) }

// frame adds pic (the whole picture, palette indexes of s.pal), shown for
// delay hundredths of a second.
func (s *stream) frame(pic *image.Paletted, delay int) error {
	if s.err != nil {
		return s.err
	}
	if !s.started {
		s.header()
		s.started = true
	}
	rect := pic.Rect
	var out *image.Paletted
	if s.prev == nil {
		out = pic
	} else {
		rect = changed(s.prev, pic)
		if rect.Empty() {
			// Nothing changed: one transparent pixel, so the frame (and
			// its time on screen) is still there.
			rect = image.Rect(0, 0, 1, 1)
		}
		out = image.NewPaletted(rect, s.pal)
		t := s.transparent()
		for y := rect.Min.Y; y < rect.Max.Y; y++ {
			a := pic.Pix[pic.PixOffset(rect.Min.X, y):pic.PixOffset(rect.Max.X, y)]
			b := s.prev.Pix[s.prev.PixOffset(rect.Min.X, y):s.prev.PixOffset(rect.Max.X, y)]
			o := out.Pix[out.PixOffset(rect.Min.X, y):out.PixOffset(rect.Max.X, y)]
			for i := range a {
				if a[i] == b[i] {
					o[i] = t
				} else {
					o[i] = a[i]
				}
			}
		}
	}
	// Graphic control: disposal 1 (leave in place), transparency on.
	s.w.Write([]byte{0x21, 0xF9, 4, 1<<2 | 1})
	s.u16(delay)
	s.w.Write([]byte{s.transparent(), 0})
	// Image descriptor, no local colour table.
	s.w.WriteByte(0x2C)
	s.u16(rect.Min.X)
	s.u16(rect.Min.Y)
	s.u16(rect.Dx())
	s.u16(rect.Dy())
	s.w.WriteByte(0)
	s.w.WriteByte(8) // LZW minimum code size
	bw := &blockWriter{w: s.w}
	lw := lzw.NewWriter(bw, lzw.LSB, 8)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		if _, err := lw.Write(out.Pix[out.PixOffset(rect.Min.X, y):out.PixOffset(rect.Max.X, y)]); err != nil {
			s.err = err
			return err
		}
	}
	if err := lw.Close(); err != nil {
		s.err = err
		return err
	}
	bw.close()
	if s.prev == nil {
		s.prev = image.NewPaletted(pic.Rect, s.pal)
	}
	copy(s.prev.Pix, pic.Pix)
	s.frames++
	return nil
}

// close ends the file.
func (s *stream) close() error {
	if s.err != nil {
		return s.err
	}
	if s.frames == 0 {
		return errors.New("no frames")
	}
	s.w.WriteByte(0x3B)
	return s.w.Flush()
}

// changed is the smallest rectangle holding every pixel where a and b
// differ (the empty one when none does).
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w := a.Rect.Dx()
	minX, maxX := w, -1
	minY, maxY := -1, -1
	for y := 0; y < a.Rect.Dy(); y++ {
		ra := a.Pix[y*a.Stride : y*a.Stride+w]
		rb := b.Pix[y*b.Stride : y*b.Stride+w]
		if string(ra) == string(rb) {
			continue
		}
		if minY < 0 {
			minY = y
		}
		maxY = y
		lo := 0
		for ra[lo] == rb[lo] {
			lo++
		}
		hi := w - 1
		for ra[hi] == rb[hi] {
			hi--
		}
		minX, maxX = min(minX, lo), max(maxX, hi)
	}
	if minY < 0 {
		return r
	}
	return image.Rect(minX, minY, maxX+1, maxY+1).Add(a.Rect.Min)
}

// blockWriter cuts the LZW data into GIF's sub-blocks of at most 255
// bytes.
type blockWriter struct {
	w   *bufio.Writer
	buf [255]byte
	n   int
}

func (b *blockWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		b.buf[b.n] = c
		b.n++
		if b.n == len(b.buf) {
			b.flush()
		}
	}
	return len(p), nil
}

func (b *blockWriter) flush() {
	if b.n > 0 {
		b.w.WriteByte(byte(b.n))
		b.w.Write(b.buf[:b.n])
		b.n = 0
	}
}

func (b *blockWriter) close() {
	b.flush()
	b.w.WriteByte(0) // block terminator
}
