// Package gif makes an animated GIF of a search from its trace (viz trace
// export --format gif, and the page's "Save GIF"): a frame per step asked
// (an expansion, an event or a bound), each the tree as the page draws it
// (the page's fold and tree window, package fold: the current path marked,
// f on a node and g+h under it, folded subtrees ringed with their counts)
// beside the state at the current node, with the iteration, the bound and
// the event in words. It is drawn in Go (x/image's rasterizer and Go's own
// fonts) and written a frame at a time, so its memory is one frame's
// whatever the number of frames.
package gif

import (
	"errors"
	"fmt"
	"image"
	"io"
	"slices"
	"strconv"
	"strings"

	"idaviz/trace"
	"idaviz/web/fold"
)

// Steps a GIF can take a frame at.
const (
	PerExpansion = "expansion" // at each node visited, as the page's Next expansion stops
	PerEvent     = "event"     // after every event
	PerBound     = "bound"     // at the end of each iteration
)

// Pers are the steps, for a flag's usage.
var Pers = []string{PerExpansion, PerEvent, PerBound}

// Bounds on what a GIF may ask: a frame is width*height bytes twice in
// memory (this one and the last), and a GIF of more frames than a lecture
// shows is a video's job.
const (
	MinWidth, MinHeight = 320, 200
	MaxWidth, MaxHeight = 1920, 1080
	MaxFPS              = 50
	MaxFrames           = 2000
	// DefaultMaxNodes is the tree's budget of drawn nodes: past it the
	// page's rule folds subtrees, so that a frame's labels stay readable.
	DefaultMaxNodes = fold.DefaultTreeLimit
	MaxNodes        = 2000
)

// Options say which steps become frames, and how they are drawn.
type Options struct {
	Width, Height int    // the frame's size in pixels (0: 1280x720)
	FPS           int    // frames a second (0: 4)
	Per           string // PerExpansion (""), PerEvent or PerBound
	// Iteration limits the frames to one iteration's events (0: every
	// iteration). From and Events limit them to Events events from event
	// From, 0-based as the page counts them (Events 0: to the end).
	Iteration int
	From      int64
	Events    int64
	// MaxNodes is the tree's budget of drawn nodes (0: DefaultMaxNodes).
	MaxNodes int
	// MaxFrames refuses a GIF of more frames (0: the package's MaxFrames).
	MaxFrames int
	// Drawer draws the states (nil: none; the panel names the moves).
	Drawer fold.Drawer
}

// ParseSize reads "WIDTHxHEIGHT".
func ParseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(a)
		if err == nil {
			h, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("size %q: want WIDTHxHEIGHT in pixels, such as 1280x720", s)
	}
	return w, h, nil
}

// withDefaults fills the zero values and checks the rest.
func (o Options) withDefaults() (Options, error) {
	if o.Width == 0 && o.Height == 0 {
		o.Width, o.Height = 1280, 720
	}
	if o.FPS == 0 {
		o.FPS = 4
	}
	if o.Per == "" {
		o.Per = PerExpansion
	}
	if o.MaxNodes == 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.MaxFrames == 0 {
		o.MaxFrames = MaxFrames
	}
	switch {
	case o.Width < MinWidth || o.Width > MaxWidth || o.Height < MinHeight || o.Height > MaxHeight:
		return o, fmt.Errorf("size %dx%d: from %dx%d to %dx%d pixels", o.Width, o.Height, MinWidth, MinHeight, MaxWidth, MaxHeight)
	case o.FPS < 1 || o.FPS > MaxFPS:
		return o, fmt.Errorf("fps %d: from 1 to %d frames a second", o.FPS, MaxFPS)
	case !slices.Contains(Pers, o.Per):
		return o, fmt.Errorf("per %q: a frame per %s", o.Per, strings.Join(Pers, ", "))
	case o.Iteration < 0:
		return o, fmt.Errorf("iteration %d: iterations count from 1", o.Iteration)
	case o.From < 0:
		return o, fmt.Errorf("from %d: events count from 0", o.From)
	case o.Events < 0:
		return o, fmt.Errorf("events %d: a range has at least one", o.Events)
	case o.MaxNodes < 1 || o.MaxNodes > MaxNodes:
		return o, fmt.Errorf("max-nodes %d: draw from 1 to %d nodes", o.MaxNodes, MaxNodes)
	case o.MaxFrames < 1 || o.MaxFrames > MaxFrames:
		return o, fmt.Errorf("max-frames %d: from 1 to %d", o.MaxFrames, MaxFrames)
	}
	return o, nil
}

// Check reports what is wrong with o, in the words of its flags.
func (o Options) Check() error {
	_, err := o.withDefaults()
	return err
}

// EventSource is a trace being read (*trace.Reader): io.EOF at its end.
type EventSource interface {
	Read(*trace.Event) error
}

// ErrTooManyFrames is a range with more steps than a GIF may have.
var ErrTooManyFrames = errors.New("too many frames")

// Write folds the trace src and writes its GIF to w: a frame after every
// step of opt.Per within the events asked. It returns the frames written.
// A GIF that failed is worth nothing: write it whole or not at all
// (atomicfile). Frames are drawn in one goroutine while the one before is
// compressed in another: the two halves of the work take about as long.
func Write(w io.Writer, src EventSource, opt Options) (int, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return 0, err
	}
	if _, err := goFonts(); err != nil {
		return 0, err
	}
	q := newQuantizer()
	st := newStream(w, opt.Width, opt.Height, q.pal)
	delay := max(1, (100+opt.FPS/2)/opt.FPS)
	// Three pictures go round: one drawn, one compressed, one waiting.
	const pictures = 3
	free := make(chan *image.Paletted, pictures)
	for range pictures {
		free <- image.NewPaletted(image.Rect(0, 0, opt.Width, opt.Height), q.pal)
	}
	drawn := make(chan *image.Paletted, pictures)
	stop := make(chan struct{})
	var drawErr error
	go func() {
		defer close(drawn)
		drawErr = drawFrames(src, opt, q, free, drawn, stop)
	}()
	frames := 0
	var encErr error
	for pic := range drawn {
		if encErr == nil {
			if encErr = st.frame(pic, delay); encErr == nil {
				frames++
			} else {
				close(stop)
			}
		}
		free <- pic
	}
	if encErr != nil {
		return frames, encErr
	}
	if drawErr != nil {
		return frames, drawErr
	}
	return frames, st.close()
}

// drawFrames folds src and draws a picture at every step asked, taking
// pictures from free and handing them on to drawn, until the steps end or
// stop closes.
func drawFrames(src EventSource, opt Options, q *quantizer, free <-chan *image.Paletted, drawn chan<- *image.Paletted, stop <-chan struct{}) error {
	run := fold.NewRun(1, trace.LevelNode, opt.MaxNodes)
	cv := newCanvas(opt.Width, opt.Height)
	var (
		cam       camera
		e         trace.Event
		index     int64 = -1
		iteration int
		last      int // the last iteration seen
		frames    int
		hasTree   bool
		prev      *image.RGBA // the last picture drawn, to skip the rows it shares
		prevPic   *image.Paletted
	)
	for {
		err := src.Read(&e)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		index++
		if opt.Events > 0 && index >= opt.From+opt.Events {
			break
		}
		if err := trace.DefaultLimits.Check(&e); err != nil {
			return fmt.Errorf("event %d: %w", index, err)
		}
		if e.Kind == trace.KindIterationStart {
			iteration = e.Iteration
			last = max(last, e.Iteration)
		}
		run.Apply(&e)
		if opt.Iteration > 0 && iteration > opt.Iteration {
			break
		}
		if index < opt.From || (opt.Iteration > 0 && iteration != opt.Iteration) || !step(&e, opt.Per) {
			continue
		}
		if frames == opt.MaxFrames {
			return fmt.Errorf("%w: more than %d (narrow it with --iteration or --from and --to, or take a frame per bound)", ErrTooManyFrames, opt.MaxFrames)
		}
		f := run.Frame(0, nil)
		hasTree = hasTree || f.Tree.Root != nil
		if prev == nil {
			prev = image.NewRGBA(cv.img.Rect)
		} else {
			copy(prev.Pix, cv.img.Pix)
		}
		drawFrame(cv, &cam, f, f.Node(opt.Drawer), index, opt)
		var pic *image.Paletted
		select {
		case pic = <-free:
		case <-stop:
			return nil
		}
		if prevPic == nil {
			q.paletted(cv.img, nil, pic, nil)
		} else {
			q.paletted(cv.img, prev, pic, prevPic)
		}
		prevPic = pic
		select {
		case drawn <- pic:
		case <-stop:
			return nil
		}
		frames++
	}
	if frames == 0 {
		switch {
		case opt.Iteration > last:
			return fmt.Errorf("the trace has iterations 1 to %d, not %d", last, opt.Iteration)
		case opt.From > index:
			return fmt.Errorf("the trace has events 0 to %d, not %d", index, opt.From)
		}
		return fmt.Errorf("no %s in the events asked: nothing to draw", stepName(opt.Per))
	}
	if !hasTree {
		return errors.New("the trace has no tree: it was recorded at iteration level (record it with --trace-level node)")
	}
	return nil
}

// step reports whether e ends a step of per.
func step(e *trace.Event, per string) bool {
	switch per {
	case PerEvent:
		return true
	case PerBound:
		return e.Kind == trace.KindIterationEnd
	}
	// The page's "Next expansion" (x) stops at a node's visit: the node
	// about to be expanded.
	return e.Kind == trace.KindVisit
}

func stepName(per string) string {
	switch per {
	case PerEvent:
		return "event"
	case PerBound:
		return "iteration's end"
	}
	return "expansion"
}
