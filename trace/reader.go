package trace

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

// Reader streams the events of a trace file in either encoding. It never
// panics on a bad file and never allocates more than maxPayload for one
// record: a truncated or corrupt file yields every whole record before the
// damage, then a *FormatError.
type Reader struct {
	br      *bufio.Reader
	hdr     Header
	off     int64 // bytes consumed
	records int64 // whole records read, skipped ones included
	open    bool  // a run-start was read and its run-end not yet
	err     error // sticky: once the file is bad, it stays bad

	// Binary delta state, mirroring the Recorder's.
	prev  uint64
	iter  int
	bound int

	payload []byte // the record being decoded
	big     []byte // holds records too big for the bufio buffer
	line    []byte
}

// NewReader reads the header of a trace and tells the encoding from its first
// byte: the binary magic, or '{' for NDJSON.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{br: bufio.NewReaderSize(r, 64<<10)}
	first, err := rd.br.Peek(1)
	if err != nil {
		if err == io.EOF {
			return nil, fmt.Errorf("trace: empty file: %w", io.ErrUnexpectedEOF)
		}
		return nil, fmt.Errorf("trace: reading the header: %w", err)
	}
	if first[0] == '{' {
		err = rd.ndjsonHeader()
	} else {
		err = rd.binaryHeader()
	}
	if err != nil {
		return nil, err
	}
	return rd, nil
}

func (r *Reader) binaryHeader() error {
	var m [len(magic)]byte
	n, err := io.ReadFull(r.br, m[:])
	if string(m[:n]) != magic[:n] {
		return fmt.Errorf("trace: not an idaviz trace (the file starts with %q, neither the binary magic %q nor '{')", m[:n], magic)
	}
	if err != nil {
		return fmt.Errorf("trace: reading the binary header: %w", noEOF(err))
	}
	r.off = int64(len(magic))
	major, err := r.headerUvarint()
	if err != nil {
		return err
	}
	minor, err := r.headerUvarint()
	if err != nil {
		return err
	}
	if major != FormatVersion {
		return fmt.Errorf("%w: the file is version %d.%d, this reader knows version %d", ErrVersion, major, minor, FormatVersion)
	}
	r.hdr = Header{Encoding: EncodingBinary, Version: int(major), Minor: int(minor)}
	return nil
}

func (r *Reader) headerUvarint() (uint64, error) {
	v, err := binary.ReadUvarint(countReader{r})
	if err != nil {
		return 0, fmt.Errorf("trace: reading the binary header's version: %w", noEOF(err))
	}
	return v, nil
}

// countReader counts the bytes read through it.
type countReader struct{ r *Reader }

func (c countReader) ReadByte() (byte, error) {
	b, err := c.r.br.ReadByte()
	if err == nil {
		c.r.off++
	}
	return b, err
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func (r *Reader) ndjsonHeader() error {
	line, err := r.readLine()
	if err != nil {
		return fmt.Errorf("trace: reading the NDJSON header line: %w", noEOF(err))
	}
	var h struct {
		Format  string `json:"format"`
		Version *int   `json:"version"`
		Minor   int    `json:"minor"`
	}
	if err := json.Unmarshal(line, &h); err != nil {
		return fmt.Errorf("trace: the NDJSON header line is not valid JSON: %w", err)
	}
	if h.Format != formatName || h.Version == nil {
		return fmt.Errorf("trace: not an idaviz trace (the first line's format is %q, want %q with a version)", h.Format, formatName)
	}
	if *h.Version != FormatVersion {
		return fmt.Errorf("%w: the file is version %d.%d, this reader knows version %d", ErrVersion, *h.Version, h.Minor, FormatVersion)
	}
	r.hdr = Header{Encoding: EncodingNDJSON, Version: *h.Version, Minor: h.Minor}
	return nil
}

// Header reports the file's encoding and format version.
func (r *Reader) Header() Header { return r.hdr }

// Next returns the next event, which the caller may keep. It returns io.EOF
// at the clean end of the file: after a run-end record, with no run started
// since. A file that ends elsewhere, or holds a bad record, yields a
// *FormatError (errors.Is(err, ErrUnfinished) when it ends on a record
// boundary, io.ErrUnexpectedEOF inside a record), and so does every later
// call.
func (r *Reader) Next() (*Event, error) {
	e := new(Event)
	if err := r.next(e); err != nil {
		return nil, err
	}
	return e, nil
}

// ReadAll feeds every event of the trace in r to sink, reusing one Event as
// the engine does, and returns how many it fed. It returns nil at the clean
// end of the file, and otherwise the error that stopped it, after feeding
// every whole record before it.
func ReadAll(r io.Reader, sink Sink) (n int64, err error) {
	rd, err := NewReader(r)
	if err != nil {
		return 0, err
	}
	return rd.Feed(sink)
}

// Feed is ReadAll for a Reader already open, whose Header the caller read.
func (rd *Reader) Feed(sink Sink) (n int64, err error) {
	var e Event
	for {
		if err := rd.next(&e); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		if e.Kind.Level() <= sink.Level() {
			sink.Event(&e)
			n++
		}
	}
}

func (r *Reader) next(e *Event) error {
	if r.err != nil {
		return r.err
	}
	var err error
	if r.hdr.Encoding == EncodingNDJSON {
		err = r.nextNDJSON(e)
	} else {
		err = r.nextBinary(e)
	}
	if err != nil {
		r.err = err
		return err
	}
	r.records++
	switch e.Kind {
	case KindRunStart:
		r.open = true
	case KindRunEnd:
		r.open = false
	}
	return nil
}

// end is what a file that stops on a record boundary means.
func (r *Reader) end() error {
	if r.open || r.records == 0 {
		return &FormatError{Offset: r.off, Records: r.records, Err: ErrUnfinished}
	}
	return io.EOF
}

func (r *Reader) corrupt(at int64, format string, args ...any) error {
	return &FormatError{Offset: at, Records: r.records, Err: fmt.Errorf(format, args...)}
}

func (r *Reader) nextBinary(e *Event) error {
	for {
		at := r.off
		// Kind and length from the buffer without copying; a record that
		// fits in the buffer is decoded in place.
		head, _ := r.br.Peek(1 + binary.MaxVarintLen64)
		if len(head) == 0 {
			if _, err := r.br.ReadByte(); err != io.EOF {
				return &FormatError{Offset: at, Records: r.records, Err: err}
			}
			return r.end()
		}
		k := Kind(head[0])
		n, w := binary.Uvarint(head[1:])
		switch {
		case w == 0 && len(head) == 1+binary.MaxVarintLen64:
			// The buffer held a whole varint's room: the file goes on,
			// and no length ends there. Damage, not a cut.
			return r.corrupt(at, "reading a record's length: no varint ends within %d bytes", binary.MaxVarintLen64)
		case w == 0:
			return &FormatError{Offset: at, Records: r.records, Err: fmt.Errorf("reading a record's length: %w", r.peekErr())}
		case w < 0:
			return r.corrupt(at, "reading a record's length: varint overflows 64 bits")
		case n > maxPayload:
			return r.corrupt(at, "a record claims %d bytes, beyond the format's limit of %d", n, maxPayload)
		}
		size := 1 + w + int(n)
		if k == 0 || k >= kindLimit {
			// A kind from a later version: skip it.
			d, err := r.br.Discard(size)
			r.off += int64(d)
			if err != nil {
				return &FormatError{Offset: at, Records: r.records, Err: fmt.Errorf("a record of kind %d is cut short: %w", uint8(k), noEOF(err))}
			}
			r.records++
			continue
		}
		if size <= r.br.Size() {
			rec, err := r.br.Peek(size)
			if err != nil {
				r.off += int64(len(rec))
				return &FormatError{Offset: at, Records: r.records, Err: fmt.Errorf("a %v record is cut short: %w", k, noEOF(err))}
			}
			r.payload = rec[1+w:]
			err = r.decode(k, e)
			r.payload = nil // it points into the bufio buffer
			r.br.Discard(size)
			r.off += int64(size)
			if err != nil {
				return r.corrupt(at, "bad %v record: %w", k, err)
			}
			return nil
		}
		r.br.Discard(1 + w)
		r.off += int64(1 + w)
		if err := r.readPayload(int(n)); err != nil {
			return &FormatError{Offset: at, Records: r.records, Err: fmt.Errorf("a %v record is cut short: %w", k, noEOF(err))}
		}
		if err := r.decode(k, e); err != nil {
			return r.corrupt(at, "bad %v record: %w", k, err)
		}
		return nil
	}
}

// peekErr is why a Peek came back short: the end of the file, or a read error.
func (r *Reader) peekErr() error {
	_, err := r.br.Peek(r.br.Buffered() + 1)
	if err == nil || err == io.EOF || err == bufio.ErrBufferFull {
		return io.ErrUnexpectedEOF
	}
	return err
}

// readPayload reads n bytes into r.payload, growing it only as the bytes
// arrive, so that a corrupt length on a short file costs little memory.
func (r *Reader) readPayload(n int) error {
	p := r.big[:0]
	for len(p) < n {
		chunk := min(n-len(p), 64<<10)
		if cap(p)-len(p) < chunk {
			p = append(p[:cap(p)], make([]byte, chunk)...)[:len(p)]
		}
		m, err := io.ReadFull(r.br, p[len(p):len(p)+chunk])
		p = p[:len(p)+m]
		r.off += int64(m)
		if err != nil {
			r.big = p
			return err
		}
	}
	r.big, r.payload = p, p
	return nil
}

// decoder reads the varints of one payload; the first failure sticks.
type decoder struct {
	b   []byte
	err error
}

var errShort = errors.New("payload too short")

func (d *decoder) u() uint64 {
	if len(d.b) > 0 && d.b[0] < 0x80 && d.err == nil {
		v := d.b[0]
		d.b = d.b[1:]
		return uint64(v)
	}
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		if n == 0 {
			d.err = errShort
		} else {
			d.err = errors.New("varint overflows 64 bits")
		}
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) i() int64 { return unzz(d.u()) }

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if len(d.b) == 0 {
		d.err = errShort
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

// ints reads a length and that many signed values; the length cannot pass
// the bytes left, each value taking at least one.
func (d *decoder) ints() []int64 {
	n := d.u()
	if d.err != nil || n == 0 {
		return nil
	}
	if n > uint64(len(d.b)) {
		d.err = fmt.Errorf("a list claims %d values in %d bytes", n, len(d.b))
		return nil
	}
	if n > maxList {
		d.err = fmt.Errorf("a list of %d values, beyond the format's limit of %d", n, maxList)
		return nil
	}
	h := make([]int64, n)
	for i := range h {
		h[i] = d.i()
	}
	return h
}

// decode fills e from the payload of a record of kind k. Bytes after the
// fields it knows are ignored: a later minor version may append fields.
func (r *Reader) decode(k Kind, e *Event) error {
	*e = Event{Kind: k}
	d := decoder{b: r.payload}
	switch k {
	case KindRunStart:
		r.prev, r.iter, r.bound = 0, 0, 0
		if len(d.b) > 0 {
			e.Run = new(RunInfo)
			if err := json.Unmarshal(d.b, e.Run); err != nil {
				return fmt.Errorf("run metadata: %w", err)
			}
		}
	case KindVisit, KindPrune, KindExpand, KindPush, KindReopen:
		dn := d.u()
		dp := uint64(d.i())
		node := r.prev + uint64(unzz(dn))
		switch {
		case dn == 0:
			node = 0
		case node == 0:
			node = r.prev // the code swapped with node 0's
		}
		ref := node
		if node == 0 {
			ref = r.prev
		} else {
			r.prev = node
		}
		e.Node, e.Parent = node, ref-dp
		e.Depth = int(d.i())
		e.G = int(d.i())
		e.H = int(d.i())
		e.F = e.G + e.H + int(d.i())
		e.Move = int(d.i())
		e.Iteration = r.iter + int(d.i())
		e.Bound = r.bound + int(d.i())
		switch k {
		case KindPrune:
			e.Reason = Reason(d.byte())
		case KindExpand:
			e.Children = int(d.i())
		case KindReopen:
			e.Replaces = node - uint64(d.i())
		}
		if d.err == nil {
			r.iter, r.bound = e.Iteration, e.Bound
		}
	case KindIterationStart:
		e.Iteration, e.Bound = int(d.i()), int(d.i())
		r.iter, r.bound = e.Iteration, e.Bound
	case KindBoundIncrease:
		e.Iteration, e.Bound, e.NewBound = int(d.i()), int(d.i()), int(d.i())
		r.iter, r.bound = e.Iteration, e.Bound
	case KindIterationEnd, KindProgress:
		e.Iteration, e.Bound = int(d.i()), int(d.i())
		r.iter, r.bound = e.Iteration, e.Bound
		switch d.byte() {
		case 0:
		case 1:
			it := &Iteration{Iteration: int(d.i()), Bound: int(d.i()), NextBound: int(d.i())}
			it.Expanded, it.Generated, it.Pruned = d.i(), d.i(), d.i()
			it.VisitF, it.PruneF, it.Depth = d.ints(), d.ints(), d.ints()
			e.Stats = it
		default:
			if d.err == nil {
				return errors.New("bad stats flag")
			}
		}
	case KindRaise:
		e.Node = r.prev + uint64(d.i())
		e.Parent = e.Node - uint64(d.i())
		e.Depth, e.G, e.H = int(d.i()), int(d.i()), int(d.i())
		e.F = e.G + e.H
		e.Move = int(d.i())
		e.Iteration, e.Bound = r.iter+int(d.i()), r.bound+int(d.i())
	case KindSolution:
		e.Cost = int(d.i())
		if ms := d.ints(); len(ms) > 0 {
			e.Moves = make([]int, len(ms))
			for i, m := range ms {
				e.Moves[i] = int(m)
			}
		}
	case KindRunEnd:
		st := d.u()
		if st > 255 && d.err == nil {
			return fmt.Errorf("status %d out of range", st)
		}
		e.Status = Status(st)
		e.Totals.Expanded, e.Totals.Generated, e.Totals.Pruned = d.i(), d.i(), d.i()
		e.Elapsed = time.Duration(d.i())
	}
	return d.err
}

// readLine returns the next line without its newline, or an error: io.EOF
// at the end, io.ErrUnexpectedEOF for a last line without a newline (the
// writer ends every line with one), an error for a line beyond maxPayload.
func (r *Reader) readLine() ([]byte, error) {
	r.line = r.line[:0]
	for {
		frag, err := r.br.ReadSlice('\n')
		r.off += int64(len(frag))
		if len(r.line)+len(frag) > maxPayload+1 {
			return nil, fmt.Errorf("a line longer than the format's limit of %d bytes", maxPayload)
		}
		switch err {
		case nil:
			if len(r.line) == 0 {
				return frag[:len(frag)-1], nil
			}
			r.line = append(r.line, frag[:len(frag)-1]...)
			return r.line, nil
		case bufio.ErrBufferFull:
			r.line = append(r.line, frag...)
		case io.EOF:
			if len(r.line)+len(frag) == 0 {
				return nil, io.EOF
			}
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

// jsonEvent is the shape of an NDJSON event line.
type jsonEvent struct {
	Kind      string     `json:"kind"`
	Run       *RunInfo   `json:"run"`
	Node      uint64     `json:"node"`
	Parent    uint64     `json:"parent"`
	Depth     int        `json:"depth"`
	G         int        `json:"g"`
	H         int        `json:"h"`
	F         int        `json:"f"`
	Move      int        `json:"move"`
	Reason    string     `json:"reason"`
	Children  int        `json:"children"`
	Replaces  uint64     `json:"replaces"`
	Iteration int        `json:"iteration"`
	Bound     int        `json:"bound"`
	NewBound  int        `json:"newBound"`
	Stats     *Iteration `json:"stats"`
	Moves     []int      `json:"moves"`
	Cost      int        `json:"cost"`
	Status    string     `json:"status"`
	Expanded  int64      `json:"expanded"`
	Generated int64      `json:"generated"`
	Pruned    int64      `json:"pruned"`
	ElapsedNs int64      `json:"elapsedNs"`
}

func (r *Reader) nextNDJSON(e *Event) error {
	for {
		at := r.off
		line, err := r.readLine()
		switch {
		case err == io.EOF:
			return r.end()
		case err == io.ErrUnexpectedEOF:
			return &FormatError{Offset: at, Records: r.records, Err: fmt.Errorf("the last line is cut short: %w", err)}
		case err != nil:
			return &FormatError{Offset: at, Records: r.records, Err: err}
		}
		if fastNode(line, e) {
			return nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		known, err := decodeLine(line, e)
		if err != nil {
			return r.corrupt(at, "%w", err)
		}
		if !known {
			// A kind from a later version: skip it.
			r.records++
			continue
		}
		return nil
	}
}

// decodeLine decodes one NDJSON event line with encoding/json. It reports
// false for a kind it does not know.
func decodeLine(line []byte, e *Event) (known bool, err error) {
	// The lists' limit, checked before encoding/json spends 30 bytes on
	// each of a 16 MiB line's 8 million values; the 1024 leave room for
	// the other fields and a run's metadata.
	if n := bytes.Count(line, []byte(",")); n > 4*maxList+1024 {
		return false, fmt.Errorf("a line of %d values, more than its lists may hold (the format's limit is %d values a list)", n+1, maxList)
	}
	var j jsonEvent
	if err := json.Unmarshal(line, &j); err != nil {
		return false, fmt.Errorf("bad JSON line: %w", err)
	}
	k, err := ParseKind(j.Kind)
	if err != nil {
		return false, nil
	}
	*e = Event{Kind: k, Run: j.Run, Node: j.Node, Parent: j.Parent, Depth: j.Depth, G: j.G, H: j.H, F: j.F,
		Move: j.Move, Children: j.Children, Replaces: j.Replaces, Iteration: j.Iteration, Bound: j.Bound, NewBound: j.NewBound, Stats: j.Stats,
		Cost: j.Cost, Totals: Counts{Expanded: j.Expanded, Generated: j.Generated, Pruned: j.Pruned},
		Elapsed: time.Duration(j.ElapsedNs)}
	if len(j.Moves) > 0 {
		e.Moves = j.Moves
	}
	if err := checkLists(e); err != nil {
		return false, err
	}
	if e.Stats != nil {
		normalize(e.Stats)
	}
	if k == KindPrune {
		if e.Reason, err = parseReason(j.Reason); err != nil {
			return false, fmt.Errorf("bad prune line: %w", err)
		}
	}
	if k == KindRaise {
		e.F = e.G + e.H // as the binary record has it
	}
	if k == KindRunEnd {
		if e.Status, err = parseStatus(j.Status); err != nil {
			return false, fmt.Errorf("bad run-end line: %w", err)
		}
	}
	return true, nil
}

// normalize makes empty histograms nil, as the binary reader returns them.
func normalize(it *Iteration) {
	for _, h := range []*[]int64{&it.VisitF, &it.PruneF, &it.Depth} {
		if len(*h) == 0 {
			*h = nil
		}
	}
}
