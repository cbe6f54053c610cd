package gif

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	stdgif "image/gif"
	"strings"
	"sync"
	"testing"

	"idaviz/trace"
	statedraw "idaviz/web/draw"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// decode reads a GIF whole, checking that it is a GIF89a of the size asked,
// and returns its frames as they show (each drawn over the ones before).
func decode(t *testing.T, data []byte, w, h int) []*image.RGBA {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("GIF89a")) {
		t.Fatalf("not a GIF89a: starts %q", data[:min(6, len(data))])
	}
	g, err := stdgif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decoding the GIF: %v", err)
	}
	if g.Config.Width != w || g.Config.Height != h {
		t.Fatalf("the GIF is %dx%d, want %dx%d", g.Config.Width, g.Config.Height, w, h)
	}
	if g.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (for ever)", g.LoopCount)
	}
	screen := image.NewRGBA(image.Rect(0, 0, w, h))
	var out []*image.RGBA
	for i, im := range g.Image {
		if !im.Bounds().In(screen.Rect) {
			t.Fatalf("frame %d's rectangle %v is off the %dx%d screen", i, im.Bounds(), w, h)
		}
		draw.Draw(screen, im.Bounds(), im, im.Bounds().Min, draw.Over)
		out = append(out, image.NewRGBA(screen.Rect))
		copy(out[i].Pix, screen.Pix)
	}
	return out
}

// steps counts the events of a run that end a step of per in events
// from..to, of iteration it (0: any).
func steps(events []trace.Event, per string, it int, from, to int64) []int64 {
	var at []int64
	iteration := 0
	for i, e := range events {
		if e.Kind == trace.KindIterationStart {
			iteration = e.Iteration
		}
		if int64(i) < from || (to >= 0 && int64(i) > to) || (it > 0 && iteration != it) {
			continue
		}
		if step(&e, per) {
			at = append(at, int64(i))
		}
	}
	return at
}

// TestWriteFrames: a GIF89a of the size asked, one frame per step asked,
// for each kind of step and each kind of range.
func TestWriteFrames(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	for _, c := range []struct {
		name      string
		opt       Options
		iteration int
		from, to  int64
	}{
		{"every expansion", Options{Width: 640, Height: 360}, 0, 0, -1},
		{"every event of iteration 2", Options{Per: PerEvent, Iteration: 2, Width: 640, Height: 360}, 2, 0, -1},
		{"every bound", Options{Per: PerBound, Width: 320, Height: 200}, 0, 0, -1},
		{"events 40 to 50", Options{Per: PerEvent, From: 40, Events: 11, Width: 1920, Height: 1080}, 0, 40, 50},
		{"expansions from event 30", Options{From: 30, FPS: 10, Width: 480, Height: 270}, 0, 30, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			n, err := Write(&buf, &sliceSource{events: events}, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			per := c.opt.Per
			if per == "" {
				per = PerExpansion
			}
			want := len(steps(events, per, c.iteration, c.from, c.to))
			w, h := c.opt.Width, c.opt.Height
			if w == 0 {
				w, h = 1280, 720
			}
			frames := decode(t, buf.Bytes(), w, h)
			if n != want || len(frames) != want {
				t.Errorf("%d frames written, %d decoded, want %d (one per step)", n, len(frames), want)
			}
			g, _ := stdgif.DecodeAll(bytes.NewReader(buf.Bytes()))
			fps := max(c.opt.FPS, 4)
			for i, d := range g.Delay {
				if d != 100/fps {
					t.Fatalf("frame %d shows for %d/100 s, want %d at %d a second", i, d, 100/fps, fps)
				}
			}
		})
	}
}

// TestPathColour: in every frame, each node of the tree is drawn in its
// status's colour where the page draws it, so the current path is orange
// and only it: the frames are decoded and sampled where the fold places
// each node (beside its label, inside its disc), and the current node is
// ringed in black.
func TestPathColour(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	opt := Options{Per: PerEvent, Iteration: 2}
	var buf bytes.Buffer
	if _, err := Write(&buf, &sliceSource{events: events}, opt); err != nil {
		t.Fatal(err)
	}
	opt, _ = opt.withDefaults()
	frames := decode(t, buf.Bytes(), opt.Width, opt.Height)
	at := steps(events, PerEvent, 2, 0, -1)
	run := fold.NewRun(1, trace.LevelNode, opt.MaxNodes)
	var cam camera
	cv := newCanvas(opt.Width, opt.Height)
	checked := map[string]int{}
	next := 0
	for i := range events {
		run.Apply(&events[i])
		if next == len(at) || int64(i) != at[next] {
			continue
		}
		f := run.Frame(0, nil)
		// The frame's layout, as drawn (the camera moves as it did).
		drawFrame(cv, &cam, f, nil, int64(i), opt)
		pl := cam.last
		img := frames[next]
		next++
		for n, p := range pl.at {
			if p.X < 0 || p.Y < 0 || p.X >= float64(opt.Width)*0.6 {
				continue // under the state panel, or off the frame
			}
			want := hex(fold.StatusColour(n.Status))
			got := img.RGBAAt(int(p.X-0.6*treeR*pl.k), int(p.Y))
			if got != want {
				t.Fatalf("event %d: node %d (%s) at %.0f,%.0f is %v, want %v", i, n.ID, n.Status, p.X, p.Y, got, want)
			}
			checked[n.Status]++
			if n == pl.current {
				ring := img.RGBAAt(int(p.X), int(p.Y-treeR*pl.k-0.5))
				if ring != (color.RGBA{0, 0, 0, 255}) {
					t.Fatalf("event %d: the current node %d's ring is %v, want black", i, n.ID, ring)
				}
			}
		}
	}
	if next != len(frames) {
		t.Fatalf("checked %d frames of %d", next, len(frames))
	}
	for _, s := range []string{fold.StatusPath, fold.StatusExpanded, fold.StatusPruned} {
		if checked[s] == 0 {
			t.Errorf("no %s node checked (%v): the run is not the one this test was written for", s, checked)
		}
	}
}

// TestStateDrawn: the state panel draws the current node's tiles, and the
// GIF with them differs from one without a drawer only there.
func TestStateDrawn(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	var with, without bytes.Buffer
	if _, err := Write(&with, &sliceSource{events: events}, Options{Per: PerBound, Drawer: &statedraw.Views{}}); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(&without, &sliceSource{events: events}, Options{Per: PerBound}); err != nil {
		t.Fatal(err)
	}
	a, b := decode(t, with.Bytes(), 1280, 720), decode(t, without.Bytes(), 1280, 720)
	tiles := 0
	for y := range 720 {
		for x := range 1280 {
			if pa, pb := a[0].RGBAAt(x, y), b[0].RGBAAt(x, y); pa != pb {
				if x < 1280-int(min(1280/3, 0.55*720)) {
					t.Fatalf("the frames differ at %d,%d, left of the state panel", x, y)
				}
				if pa == tileFill {
					tiles++
				}
			}
		}
	}
	if tiles < 8*50*50 {
		t.Errorf("%d pixels of tile colour drawn: want eight tiles of the board", tiles)
	}
}

// TestWriteRefuses: what cannot make a GIF is refused with a reason, and
// no GIF is begun.
func TestWriteRefuses(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	iterationOnly := testrun.Record(t, trace.LevelIteration, testrun.State)
	for _, c := range []struct {
		name   string
		events []trace.Event
		opt    Options
		want   string
	}{
		{"too small", events, Options{Width: 100, Height: 100}, "size 100x100: from 320x200 to 1920x1080"},
		{"too big", events, Options{Width: 8000, Height: 8000}, "size 8000x8000"},
		{"fps", events, Options{FPS: 500}, "fps 500: from 1 to 50"},
		{"per", events, Options{Per: "node"}, `per "node": a frame per expansion, event, bound`},
		{"no events", events, Options{From: 9, Events: -3}, "events -3"},
		{"no such iteration", events, Options{Iteration: 40}, "iterations 1 to"},
		{"past the end", events, Options{From: 1 << 40}, "the trace has events 0 to"},
		{"too many frames", events, Options{Per: PerEvent, MaxFrames: 5}, "too many frames: more than 5"},
		{"no tree", iterationOnly, Options{Per: PerBound}, "recorded at iteration level"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			_, err := Write(&buf, &sliceSource{events: c.events}, c.opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			if c.name == "too many frames" && !errors.Is(err, ErrTooManyFrames) {
				t.Errorf("%v is not ErrTooManyFrames", err)
			}
		})
	}
}

// TestParseSize reads WIDTHxHEIGHT and refuses the rest.
func TestParseSize(t *testing.T) {
	for s, want := range map[string][2]int{"1280x720": {1280, 720}, "640X400": {640, 400}} {
		if w, h, err := ParseSize(s); err != nil || w != want[0] || h != want[1] {
			t.Errorf("%q: %d, %d, %v", s, w, h, err)
		}
	}
	for _, s := range []string{"", "1280", "x720", "axb", "1280x"} {
		if _, _, err := ParseSize(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
}

// TestWriteConcurrently: GIFs made at once (two tabs' Save GIF) are each the
// GIF made alone. The fonts' faces keep a glyph buffer, so they must not be
// shared between writers: the race detector caught that on the server.
func TestWriteConcurrently(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	opt := Options{Width: 480, Height: 270, Iteration: 2}
	var alone bytes.Buffer
	if _, err := Write(&alone, &sliceSource{events: events}, opt); err != nil {
		t.Fatal(err)
	}
	const writers = 4
	got := make([][]byte, writers)
	errs := make([]error, writers)
	var wg sync.WaitGroup
	for i := range writers {
		wg.Go(func() {
			var buf bytes.Buffer
			_, errs[i] = Write(&buf, &sliceSource{events: events}, opt)
			got[i] = buf.Bytes()
		})
	}
	wg.Wait()
	for i := range writers {
		if errs[i] != nil {
			t.Fatalf("writer %d: %v", i, errs[i])
		}
		if !bytes.Equal(got[i], alone.Bytes()) {
			t.Errorf("writer %d: %d bytes, unlike the %d of the GIF made alone", i, len(got[i]), alone.Len())
		}
	}
}
