package trace

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// Recorder is a Sink that writes the events it admits to a trace file (see
// FORMAT.md). It buffers, and writes what it holds when the buffer fills;
// at progress, iteration-end and run-end events, and on Flush and Close, it
// also flushes the writer (when that has a Flush method, as *bufio.Writer
// does), so a file is readable while it is being written.
//
// Event has no error to return: the first write error stops the recording
// and is kept for Err, Flush and Close. Once closed, a Recorder drops events
// and Flush, Close and Err report ErrClosed (unless a write error came
// first), as an *os.File does. A Recorder is not safe for concurrent use.
type Recorder struct {
	w      io.Writer
	enc    Encoding
	level  Level
	buf    []byte
	err    error
	events int64
	closed bool

	// Binary delta state (see FORMAT.md): the last non-zero node id and the
	// iteration and bound of the last record that carried them.
	prev  uint64
	iter  int
	bound int
}

// NewRecorder returns a Recorder writing to w in the given encoding the
// events up to level (LevelNode records everything). It writes the file
// header at once (into its buffer). The caller closes w after Close.
func NewRecorder(w io.Writer, enc Encoding, level Level) *Recorder {
	r := &Recorder{w: w, enc: enc, level: level, buf: make([]byte, 0, flushAt+1024)}
	switch enc {
	case EncodingBinary:
		r.buf = append(r.buf, magic...)
		r.buf = binary.AppendUvarint(r.buf, FormatVersion)
		r.buf = binary.AppendUvarint(r.buf, FormatMinor)
	case EncodingNDJSON:
		r.buf = fmt.Appendf(r.buf, `{"format":%q,"version":%d,"minor":%d}`+"\n", formatName, FormatVersion, FormatMinor)
	default:
		r.err = fmt.Errorf("trace: unknown encoding %v", enc)
	}
	return r
}

// Level reports the level given to NewRecorder.
func (r *Recorder) Level() Level { return r.level }

// Events reports how many events were recorded.
func (r *Recorder) Events() int64 { return r.events }

// Err reports the first error met while writing, if any.
func (r *Recorder) Err() error { return r.err }

// Flush writes what is buffered to the underlying writer, and flushes that
// writer too when it has a Flush method (a *bufio.Writer does).
func (r *Recorder) Flush() error {
	if r.closed {
		return r.closedErr()
	}
	r.flush()
	if r.err == nil {
		if f, ok := r.w.(interface{ Flush() error }); ok {
			if err := f.Flush(); err != nil {
				r.err = fmt.Errorf("trace: flushing the recording: %w", err)
			}
		}
	}
	return r.err
}

// Close flushes the recording and ends it; later events are dropped. It does
// not close the underlying writer.
func (r *Recorder) Close() error {
	if r.closed {
		return r.closedErr()
	}
	err := r.Flush()
	r.closed = true
	return err
}

// closedErr is what a closed Recorder reports: its write error if it had
// one, else ErrClosed, which Err keeps from then on.
func (r *Recorder) closedErr() error {
	if r.err == nil {
		r.err = ErrClosed
	}
	return r.err
}

func (r *Recorder) flush() {
	if r.err != nil || len(r.buf) == 0 {
		return
	}
	if _, err := r.w.Write(r.buf); err != nil {
		r.err = fmt.Errorf("trace: writing the recording: %w", err)
	}
	r.buf = r.buf[:0]
}

// Event records e if the recorder's level admits its kind. Unknown kinds
// are not recorded.
func (r *Recorder) Event(e *Event) {
	if r.err != nil || r.closed || e.Kind.Level() > r.level || e.Kind == 0 || e.Kind >= kindLimit {
		if r.closed {
			r.closedErr()
		}
		return
	}
	if err := checkLists(e); err != nil {
		r.err = fmt.Errorf("trace: a %v record: %w", e.Kind, err)
		return
	}
	r.events++
	if r.enc == EncodingBinary {
		if e.Kind.nodeRecord() {
			r.binaryNode(e)
		} else {
			r.binaryOther(e)
		}
	} else {
		r.ndjson(e)
	}
	switch e.Kind {
	case KindIterationEnd, KindRunEnd, KindProgress:
		// Rare and worth seeing at once in a file read while written.
		r.Flush()
	default:
		if len(r.buf) >= flushAt {
			r.flush()
		}
	}
}

// binaryNode is the hot path: a node record always fits in 128 bytes, so its
// length is one byte, written last.
func (r *Recorder) binaryNode(e *Event) {
	b := append(r.buf, byte(e.Kind), 0)
	start := len(b)
	ref := e.Node
	var d uint64
	switch e.Node {
	case 0:
		ref = r.prev
	case r.prev:
		d = -r.prev // swapped with the code of node 0
	default:
		d = e.Node - r.prev
	}
	if e.Node != 0 {
		r.prev = e.Node
	}
	b = appendUvarint(b, zz(int64(d)))
	b = appendUvarint(b, zz(int64(ref-e.Parent)))
	b = appendUvarint(b, zz(int64(e.Depth)))
	b = appendUvarint(b, zz(int64(e.G)))
	b = appendUvarint(b, zz(int64(e.H)))
	b = appendUvarint(b, zz(int64(e.F-e.G-e.H)))
	b = appendUvarint(b, zz(int64(e.Move)))
	b = appendUvarint(b, zz(int64(e.Iteration-r.iter)))
	b = appendUvarint(b, zz(int64(e.Bound-r.bound)))
	r.iter, r.bound = e.Iteration, e.Bound
	switch e.Kind {
	case KindPrune:
		b = append(b, byte(e.Reason))
	case KindExpand:
		b = appendUvarint(b, zz(int64(e.Children)))
	case KindReopen:
		b = appendUvarint(b, zz(int64(e.Node-e.Replaces)))
	}
	b[start-1] = byte(len(b) - start)
	r.buf = b
}

// appendUvarint is binary.AppendUvarint with the one-byte case inlined.
func appendUvarint(b []byte, v uint64) []byte {
	if v < 0x80 {
		return append(b, byte(v))
	}
	return binary.AppendUvarint(b, v)
}

func appendZ(b []byte, v int64) []byte { return appendUvarint(b, zz(v)) }

// binaryOther writes the records other than visit and prune.
func (r *Recorder) binaryOther(e *Event) {
	b := append(r.buf, byte(e.Kind), 0)
	start := len(b)
	switch e.Kind {
	case KindRunStart:
		r.prev, r.iter, r.bound = 0, 0, 0
		if e.Run != nil {
			js, err := json.Marshal(e.Run)
			if err != nil {
				r.err = fmt.Errorf("trace: encoding the run metadata: %w", err)
				return
			}
			b = append(b, js...)
		}
	case KindIterationStart:
		b = appendZ(b, int64(e.Iteration))
		b = appendZ(b, int64(e.Bound))
		r.iter, r.bound = e.Iteration, e.Bound
	case KindBoundIncrease:
		b = appendZ(b, int64(e.Iteration))
		b = appendZ(b, int64(e.Bound))
		b = appendZ(b, int64(e.NewBound))
		r.iter, r.bound = e.Iteration, e.Bound
	case KindIterationEnd, KindProgress:
		b = appendZ(b, int64(e.Iteration))
		b = appendZ(b, int64(e.Bound))
		r.iter, r.bound = e.Iteration, e.Bound
		if it := e.Stats; it != nil {
			b = append(b, 1)
			b = appendZ(b, int64(it.Iteration))
			b = appendZ(b, int64(it.Bound))
			b = appendZ(b, int64(it.NextBound))
			b = appendZ(b, it.Expanded)
			b = appendZ(b, it.Generated)
			b = appendZ(b, it.Pruned)
			for _, h := range [...][]int64{it.VisitF, it.PruneF, it.Depth} {
				b = appendUvarint(b, uint64(len(h)))
				for _, n := range h {
					b = appendZ(b, n)
				}
			}
		} else {
			b = append(b, 0)
		}
	case KindRaise:
		// Against P, I and B without changing them: a reader that skips
		// the kind (format 1.0) keeps its delta state right.
		b = appendZ(b, int64(e.Node-r.prev))
		b = appendZ(b, int64(e.Node-e.Parent))
		b = appendZ(b, int64(e.Depth))
		b = appendZ(b, int64(e.G))
		b = appendZ(b, int64(e.H))
		b = appendZ(b, int64(e.Move))
		b = appendZ(b, int64(e.Iteration-r.iter))
		b = appendZ(b, int64(e.Bound-r.bound))
	case KindSolution:
		b = appendZ(b, int64(e.Cost))
		b = appendUvarint(b, uint64(len(e.Moves)))
		for _, m := range e.Moves {
			b = appendZ(b, int64(m))
		}
	case KindRunEnd:
		b = appendUvarint(b, uint64(e.Status))
		b = appendZ(b, e.Totals.Expanded)
		b = appendZ(b, e.Totals.Generated)
		b = appendZ(b, e.Totals.Pruned)
		b = appendZ(b, int64(e.Elapsed))
	}
	n := len(b) - start
	if n > maxPayload {
		r.err = fmt.Errorf("trace: a %v record of %d bytes exceeds the format's limit of %d", e.Kind, n, maxPayload)
		return
	}
	if n >= 0x80 {
		// Make room for a longer length prefix.
		var lb [binary.MaxVarintLen64]byte
		ln := binary.PutUvarint(lb[:], uint64(n))
		b = append(b, lb[1:ln]...)
		copy(b[start+ln-1:], b[start:start+n])
		copy(b[start-1:], lb[:ln])
	} else {
		b[start-1] = byte(n)
	}
	r.buf = b
}

// ndjson writes e as one line. Node events, the bulk of a file, are written
// by hand; the rare rest goes through encoding/json where it has structure.
func (r *Recorder) ndjson(e *Event) {
	b := append(r.buf, `{"kind":"`...)
	b = append(b, e.Kind.String()...)
	b = append(b, '"')
	switch e.Kind {
	case KindRunStart:
		if e.Run != nil {
			js, err := json.Marshal(e.Run)
			if err != nil {
				r.err = fmt.Errorf("trace: encoding the run metadata: %w", err)
				return
			}
			b = append(b, `,"run":`...)
			b = append(b, js...)
		}
	case KindIterationStart:
		b = appendField(b, "iteration", int64(e.Iteration))
		b = appendField(b, "bound", int64(e.Bound))
	case KindVisit, KindPrune, KindExpand, KindPush, KindReopen:
		b = appendNodeFields(b, e, e.F)
		switch e.Kind {
		case KindPrune:
			b = append(b, `,"reason":"`...)
			b = append(b, e.Reason.String()...)
			b = append(b, '"')
		case KindExpand:
			b = appendField(b, "children", int64(e.Children))
		case KindReopen:
			b = append(b, `,"replaces":`...)
			b = strconv.AppendUint(b, e.Replaces, 10)
		}
	case KindBoundIncrease:
		b = appendField(b, "iteration", int64(e.Iteration))
		b = appendField(b, "bound", int64(e.Bound))
		b = appendField(b, "newBound", int64(e.NewBound))
	case KindRaise:
		b = appendNodeFields(b, e, e.G+e.H)
	case KindIterationEnd, KindProgress:
		b = appendField(b, "iteration", int64(e.Iteration))
		b = appendField(b, "bound", int64(e.Bound))
		if e.Stats != nil {
			js, err := json.Marshal(e.Stats)
			if err != nil {
				r.err = fmt.Errorf("trace: encoding iteration stats: %w", err)
				return
			}
			b = append(b, `,"stats":`...)
			b = append(b, js...)
		}
	case KindSolution:
		b = append(b, `,"moves":[`...)
		for i, m := range e.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(m), 10)
		}
		b = append(b, ']')
		b = appendField(b, "cost", int64(e.Cost))
	case KindRunEnd:
		b = append(b, `,"status":"`...)
		b = append(b, e.Status.String()...)
		b = append(b, '"')
		b = appendField(b, "expanded", e.Totals.Expanded)
		b = appendField(b, "generated", e.Totals.Generated)
		b = appendField(b, "pruned", e.Totals.Pruned)
		b = appendField(b, "elapsedNs", int64(e.Elapsed))
	}
	r.buf = append(b, "}\n"...)
}

// appendNodeFields writes the keys of a node (visit, prune, raise), with
// f as given.
func appendNodeFields(b []byte, e *Event, f int) []byte {
	b = append(b, `,"node":`...)
	b = strconv.AppendUint(b, e.Node, 10)
	b = append(b, `,"parent":`...)
	b = strconv.AppendUint(b, e.Parent, 10)
	b = appendField(b, "depth", int64(e.Depth))
	b = appendField(b, "g", int64(e.G))
	b = appendField(b, "h", int64(e.H))
	b = appendField(b, "f", int64(f))
	b = appendField(b, "move", int64(e.Move))
	b = appendField(b, "iteration", int64(e.Iteration))
	return appendField(b, "bound", int64(e.Bound))
}

func appendField(b []byte, name string, v int64) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, v, 10)
}
