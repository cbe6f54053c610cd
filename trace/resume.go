package trace

import (
	"bufio"
	"io"
)

// Mark is a Reader's place in its file between two records: enough to read
// on from there later with Resume, without reading what comes before. An
// index of a big trace keeps one every so many records (see web's replay of
// files), so that a seek reads a few records instead of the whole file.
type Mark struct {
	Offset  int64 // the file offset of the next record
	Records int64 // records read before it
	hdr     Header
	open    bool
	prev    uint64
	iter    int
	bound   int
}

// Mark reports where r is. It is only meaningful between records, after a
// successful Read or Next.
func (r *Reader) Mark() Mark {
	return Mark{Offset: r.off, Records: r.records, hdr: r.hdr, open: r.open, prev: r.prev, iter: r.iter, bound: r.bound}
}

// Resume reads on from m. src must yield the file's bytes from m.Offset on
// (an io.SectionReader of the file, say).
func Resume(src io.Reader, m Mark) *Reader {
	return &Reader{br: bufio.NewReaderSize(src, 64<<10), hdr: m.hdr, off: m.Offset, records: m.Records,
		open: m.open, prev: m.prev, iter: m.iter, bound: m.bound}
}

// Read reads the next event into e, reusing e's storage: what Next does
// without an allocation per event, for readers that keep nothing of e
// between calls. Its errors are Next's.
func (r *Reader) Read(e *Event) error { return r.next(e) }

// Clone returns an independent copy of s, which goes on folding events
// from where s is: a checkpoint of a replay. Finished iterations' histograms
// are never changed once filed, so the copy shares them; it costs the
// current iteration's histograms and a list of iterations.
func (s *Stats) Clone() *Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &Stats{level: s.level, now: s.now, events: s.events, run: s.run, status: s.status, iter: s.iter, bound: s.bound,
		cur: s.cur.Clone(), open: s.open, nodeFed: s.nodeFed, pending: s.pending, omitted: s.omitted, cells: s.cells,
		unbinned: s.unbinned, done: s.done, cost: s.cost, started: s.started, elapsed: s.elapsed, ended: s.ended}
	c.iters = append([]Iteration(nil), s.iters...)
	c.solution = append([]int(nil), s.solution...)
	if s.runTotal != nil {
		t := *s.runTotal
		c.runTotal = &t
	}
	return c
}

// Footprint estimates the bytes a Clone of s holds of its own: the current
// iteration's histograms and the list of iterations (whose histograms a
// clone shares).
func (s *Stats) Footprint() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return 256 + 8*(cap(s.cur.VisitF)+cap(s.cur.PruneF)+cap(s.cur.Depth)+len(s.solution)) + 120*len(s.iters)
}
