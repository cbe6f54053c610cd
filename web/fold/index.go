package fold

import (
	"errors"
	"fmt"
	"io"
	"os"

	"idaviz/internal/atomicfile"
	"idaviz/trace"
)

// A trace too big to hold in memory (10^8 events is 1.7 GB on disk and
// would be 17 GB as Events) is replayed from its file. Opening it reads it
// once, folding every event as the page would, and keeps a checkpoint of
// that state (and the reader's place in the file) every so many events. A
// seek restores the nearest checkpoint at or before the target and folds
// the events from there; stepping reads events on demand. Memory is the
// checkpoints, bounded by a count and a byte budget: when either is passed,
// every other checkpoint goes and the interval doubles.
const (
	// DefaultCheckpointEvery is the first interval between checkpoints.
	DefaultCheckpointEvery = 1 << 16
	// maxCheckpoints and checkpointBudget bound the index: at most 1024
	// checkpoints of a few tens of kB for a real trace (40 MB at most),
	// so that a seek in 10^8 events folds at most 2^17 of them.
	maxCheckpoints   = 1024
	checkpointBudget = 128 << 20
)

// IndexOptions tune OpenTrace; the zero value is the default.
type IndexOptions struct {
	// Every is the first interval between checkpoints, in events
	// (DefaultCheckpointEvery when 0). Tests make it small.
	Every int
	// MaxCheckpoints bounds the checkpoints (maxCheckpoints when 0).
	MaxCheckpoints int
	// TreeLimit is the tree window's size the checkpoints are made with:
	// the server's (DefaultTreeLimit when 0). A server with another limit
	// still replays the file, seeking from its start.
	TreeLimit int
}

// traceIndex is what OpenTrace learnt of a trace file. It is shared by
// every tab of a replay and never changed after it is built.
type traceIndex struct {
	f         *os.File // read with ReadAt only, which tabs may do at once
	path      string
	stamp     atomicfile.Stamp // the file as it was indexed
	size      int64
	n         int // events to replay: up to the first damage or value beyond trace.DefaultLimits
	level     trace.Level
	every     int
	marks     []trace.Mark // marks[i]: the reader before event i*every
	cps       []*checkpoint
	treeLimit int
}

// OpenTrace indexes a trace file for replay. Like LoadRecording it fails
// on a file with no run-start, and returns the recording with an error
// saying why when the file ends early or has a value beyond what the page
// can show: the replay stops there. Close the recording when done.
func OpenTrace(path string, opt IndexOptions) (*Recording, error) {
	if opt.Every <= 0 {
		opt.Every = DefaultCheckpointEvery
	}
	if opt.TreeLimit <= 0 {
		opt.TreeLimit = DefaultTreeLimit
	}
	if opt.MaxCheckpoints <= 0 {
		opt.MaxCheckpoints = maxCheckpoints
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	rec, err := indexTrace(f, opt)
	if rec == nil {
		f.Close()
	}
	if rec != nil && rec.index != nil {
		rec.index.path = path
	}
	return rec, err
}

// ErrChanged is wrapped by the error of a recording whose file changed
// since it was indexed.
var ErrChanged = errors.New("the trace changed since it was indexed")

// Changed reports whether the file of an indexed recording changed since it
// was indexed (its size, modification time or identity): rewritten in
// place, what the index points at are another file's events (a seek showed
// them, silently); replaced (a trace recorded again under its name), the
// replay still shows the file it indexed, not the new one. Either way the
// replay must start again.
func (rec *Recording) Changed() error {
	if rec.index == nil {
		return nil
	}
	idx := rec.index
	if now, err := atomicfile.StampFile(idx.f); err != nil || !now.Same(idx.stamp) {
		return fmt.Errorf("%w: %s was rewritten while it was replayed, and the events it holds now are not the ones indexed: start viz replay again", ErrChanged, idx.path)
	}
	if idx.path == "" {
		return nil
	}
	if there, err := atomicfile.StampOf(idx.path); err == nil && !there.Same(idx.stamp) {
		return fmt.Errorf("%w: %s was replaced while it was replayed (recorded again?): this replay shows the file as it was; start viz replay again to see the new one", ErrChanged, idx.path)
	}
	return nil
}

func indexTrace(f *os.File, opt IndexOptions) (*Recording, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	stamp, err := atomicfile.StampFile(f)
	if err != nil {
		return nil, err
	}
	rd, err := trace.NewReader(io.NewSectionReader(f, 0, st.Size()))
	if err != nil {
		return nil, err
	}
	idx := &traceIndex{f: f, stamp: stamp, size: st.Size(), every: opt.Every, level: trace.LevelIteration, treeLimit: opt.TreeLimit}
	p := NewRun(1, trace.LevelNode, opt.TreeLimit)
	// Decoding is a quarter of the work: another goroutine does it, a
	// batch ahead.
	batches, stop := decodeBatches(rd, opt.Every)
	defer stop()
	var (
		info    *trace.RunInfo
		readErr error
		budget  int
	)
read:
	for b := range batches {
		marks := b.marks
		for i := 0; ; i++ {
			if i == len(b.events) && b.err == nil {
				break // the next batch begins here, with its mark
			}
			if idx.n%idx.every == 0 {
				// The decoder marks every opt.Every events, and idx.every
				// is a multiple of it.
				for len(marks) > 1 && marks[0].pos < idx.n {
					marks = marks[1:]
				}
				if len(marks) == 0 || marks[0].pos != idx.n {
					panic("fold: the decoder left out a mark") // a bug, not a bad file
				}
				cp := p.checkpoint()
				idx.marks = append(idx.marks, marks[0].m)
				idx.cps = append(idx.cps, cp)
				budget += cp.size()
				for len(idx.cps) > 2 && (len(idx.cps) > opt.MaxCheckpoints || budget > checkpointBudget) {
					budget = idx.thin()
				}
			}
			if i == len(b.events) {
				break
			}
			e := &b.events[i]
			// A value the page cannot show ends the replay there, as in
			// LoadRecording.
			if err := trace.DefaultLimits.Check(e); err != nil {
				readErr = fmt.Errorf("event %d: %w", idx.n+1, err)
				break read
			}
			if idx.n == 0 {
				if e.Kind != trace.KindRunStart || e.Run == nil {
					break read
				}
				info = e.Clone().Run
			}
			switch e.Kind {
			case trace.KindVisit, trace.KindPrune:
				idx.level = trace.LevelNode
			}
			p.Apply(e)
			idx.n++
		}
		end := b.err
		b.recycle() // the decoder's again from here
		if end != nil {
			if !errors.Is(end, io.EOF) {
				readErr = end
			}
			break
		}
	}
	if info == nil {
		if readErr != nil {
			return nil, fmt.Errorf("reading the trace: %w", readErr)
		}
		return nil, errors.New("the trace does not start with its run's metadata (run-start)")
	}
	// The last checkpoint may stand at n, past which nothing is read.
	rec := &Recording{Info: *info, index: idx}
	if readErr != nil {
		return rec, fmt.Errorf("the trace ends early after %d events: %w", idx.n, readErr)
	}
	return rec, nil
}

// batch is a run of decoded events, with the reader's marks before those
// of them at a multiple of the decoder's interval.
type batch struct {
	events  []trace.Event
	marks   []markAt
	err     error // what ended the file after these events (io.EOF: its clean end)
	recycle func()
}

type markAt struct {
	pos int
	m   trace.Mark
}

// decodeBatch is the events in a batch (a variable for tests).
var decodeBatch = 4096

// decodeBatches reads rd in a goroutine, a few batches ahead. Calling stop
// ends it early.
func decodeBatches(rd *trace.Reader, every int) (<-chan *batch, func()) {
	size, ahead := decodeBatch, 3
	full := make(chan *batch, ahead)
	free := make(chan *batch, ahead+1)
	done := make(chan struct{})
	for range ahead + 1 {
		b := &batch{events: make([]trace.Event, size)}
		b.recycle = func() { free <- b }
		free <- b
	}
	go func() {
		defer close(full)
		pos := 0
		for {
			var b *batch
			select {
			case b = <-free:
			case <-done:
				return
			}
			b.events, b.marks = b.events[:size], b.marks[:0]
			n := 0
			for n < size {
				if pos%every == 0 {
					b.marks = append(b.marks, markAt{pos, rd.Mark()})
				}
				if b.err = rd.Read(&b.events[n]); b.err != nil {
					break
				}
				n++
				pos++
			}
			b.events = b.events[:n]
			select {
			case full <- b:
			case <-done:
				return
			}
			if b.err != nil {
				return
			}
		}
	}()
	return full, func() {
		close(done)
		for range full {
		}
	}
}

// thin drops every other checkpoint, doubling the interval, and returns
// the bytes the rest hold.
func (idx *traceIndex) thin() int {
	k, size := 0, 0
	for i := 0; i < len(idx.cps); i += 2 {
		idx.cps[k], idx.marks[k] = idx.cps[i], idx.marks[i]
		size += idx.cps[k].size()
		k++
	}
	clear(idx.cps[k:])
	idx.cps, idx.marks = idx.cps[:k], idx.marks[:k]
	idx.every *= 2
	return size
}

// reader returns a reader at the nearest checkpoint at or before pos, and
// that checkpoint's index.
func (idx *traceIndex) reader(pos int) (*trace.Reader, int) {
	i := min(pos/idx.every, len(idx.marks)-1)
	m := idx.marks[i]
	return trace.Resume(io.NewSectionReader(idx.f, m.Offset, idx.size-m.Offset), m), i
}

// Resume folds the first n events of the recording into r, a fresh fold,
// without pausing: the state the page shows after seeking to event n. An
// indexed recording folds from the nearest checkpoint (when r's tree window
// has the checkpoints' size; else from the start), then the events after
// it, at most an interval of them, and returns the reader where it stopped
// and that position, for a run that goes on from there (a recording in
// memory returns no reader).
func (rec *Recording) Resume(r *Run, n int) (*trace.Reader, int) {
	if rec.index == nil {
		rec.fastForward(r, n)
		return nil, min(max(n, 0), len(rec.Events))
	}
	idx := rec.index
	n = min(max(n, 0), idx.n)
	rd, i := idx.reader(n)
	pos := 0
	if r.tree.limit == idx.treeLimit {
		r.restore(idx.cps[i])
		pos = idx.cps[i].pos
	} else {
		// Checkpoints drawn with another window: fold from the start.
		rd, _ = idx.reader(0)
	}
	var e trace.Event
	for ; pos < n; pos++ {
		if rd.Read(&e) != nil {
			break // cannot happen: the index read these events
		}
		r.Apply(&e)
	}
	return rd, pos
}

// ReaderAt returns a reader of an indexed recording before its event from;
// a file changed since it was indexed is an error (Changed).
func (rec *Recording) ReaderAt(from int) (*trace.Reader, error) {
	if err := rec.Changed(); err != nil {
		return nil, err
	}
	rd, i := rec.index.reader(from)
	pos := i * rec.index.every
	var e trace.Event
	for ; pos < from; pos++ {
		if err := rd.Read(&e); err != nil {
			return nil, fmt.Errorf("reading the trace: %w", err)
		}
	}
	return rd, nil
}
