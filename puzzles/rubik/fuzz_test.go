package rubik

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"idaviz/puzzles/magiccube"
)

func FuzzReadTable(f *testing.F) {
	p := Pattern{Name: "f2", Corners: true, Pieces: []uint8{0, 6}}
	t, err := Build(context.Background(), p, 1, nil)
	if err != nil {
		f.Fatal(err)
	}
	var good bytes.Buffer
	if _, err := t.WriteTo(&good); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add(good.Bytes()[:30])
	f.Add([]byte("IDAVZPDB"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := ReadTable(bytes.NewReader(data), p)
		if err != nil {
			return
		}
		var again bytes.Buffer
		if _, err := tab.WriteTo(&again); err != nil || !bytes.Equal(again.Bytes(), data) {
			t.Fatalf("a table read from %d bytes writes back differently", len(data))
		}
	})
}

func FuzzFromNet(f *testing.F) {
	s := Solved()
	f.Add(string(s.Stickers()))
	c := FromMoves([]int{0, 7, 15, 9})
	f.Add(c.Stickers())
	f.Add("www/www/bbb/rrwgggybbooo/rrwgggybbooo/rrwgggybbooo/rrr/yyy/yyy")
	f.Fuzz(func(t *testing.T, s string) {
		var n magiccube.Net
		if len(s) != len(n) {
			var err error
			if n, err = magiccube.ParseNet(s); err != nil {
				return
			}
		} else {
			copy(n[:], s)
		}
		c, err := FromNet(n)
		if err != nil {
			return
		}
		if err := c.Verify(); err != nil {
			t.Fatalf("FromNet accepted an invalid cube: %v", err)
		}
		back, err := FromNet(c.Net())
		if err != nil || back != c {
			t.Fatalf("the cube's own net reads back as %+v, %v", back, err)
		}
	})
}

// FuzzFromFacelets: any text is read without panicking, and a cube it
// accepts is valid and writes back as the same 54 facelets.
func FuzzFromFacelets(f *testing.F) {
	f.Add("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
	f.Add("UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB")
	f.Add("DLFBUBFDRDDULRUURBUFFUFBRUBULLDDBDRDRURRLRFLBLFBFBFLDL")
	f.Add("UUUUUUUUFRRRRRRRRRUFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := FromFacelets(s)
		if err != nil {
			return
		}
		if err := c.Verify(); err != nil {
			t.Fatalf("%q accepted as an invalid cube: %v", s, err)
		}
		if got := c.Facelets(); got != strings.TrimSpace(s) {
			t.Fatalf("%q reads back as %q", s, got)
		}
	})
}
