package trace

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// Encoding is how a trace file is written: see FORMAT.md.
type Encoding uint8

const (
	// EncodingBinary is the compact encoding: a magic header, then
	// length-prefixed records of varints.
	EncodingBinary Encoding = iota
	// EncodingNDJSON is the readable twin: one JSON object per line.
	EncodingNDJSON
)

func (e Encoding) String() string {
	switch e {
	case EncodingBinary:
		return "binary"
	case EncodingNDJSON:
		return "ndjson"
	}
	return fmt.Sprintf("encoding(%d)", uint8(e))
}

// EncodingFor chooses the encoding from a file name: NDJSON for *.ndjson
// (and *.jsonl), binary for anything else.
func EncodingFor(name string) Encoding {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".ndjson", ".jsonl":
		return EncodingNDJSON
	}
	return EncodingBinary
}

const (
	// magic opens a binary trace. The NUL keeps tools from taking it for
	// text; the first byte tells it from NDJSON, which opens with '{'.
	magic = "IDAVIZ\x00T"
	// formatName is the "format" of an NDJSON trace's first line.
	formatName = "idaviz-trace"
	// FormatVersion is the major format version this package writes. A reader
	// reads every version up to its own; files of a later major version
	// are refused with ErrVersion.
	FormatVersion = 1
	// FormatMinor is the minor version written: a later minor version may add
	// record kinds and fields, which older readers skip. 1.1 added the
	// expand, push and reopen records, 1.2 the raise record (KindRaise).
	FormatMinor = 2
	// maxPayload caps a binary record, so that a corrupt length cannot make
	// the reader allocate without bound; also the longest NDJSON line.
	maxPayload = 16 << 20
	// maxList caps a list (a histogram, a solution's moves): a histogram is
	// indexed by f or depth, which Stats bins below histLimit, so a longer
	// one was never written, and a file that claims one must not make a
	// reader allocate 8 bytes for each of its 16 million one-byte values.
	maxList = histLimit
	// flushAt is how full the recorder's buffer gets before it is written.
	flushAt = 64 << 10
)

// Header is what the first bytes of a trace file say.
type Header struct {
	Encoding Encoding
	Version  int // major format version
	Minor    int
}

var (
	// ErrVersion is returned for a file of a format version this reader
	// does not know.
	ErrVersion = errors.New("trace: unsupported format version")
	// ErrUnfinished is the Err of the FormatError returned when a trace ends
	// on a record boundary without a run-end record after its last
	// run-start: it was cut short, or is still being written.
	ErrUnfinished = errors.New("trace ends without a run-end record (cut short, or still being written)")
	// ErrClosed is returned by a Recorder used after Close.
	ErrClosed = errors.New("trace: recorder is closed")
)

// FormatError reports a truncated or corrupt trace. Every record before
// Offset was delivered.
type FormatError struct {
	Offset  int64 // byte offset of the record at fault (or of the end of the file)
	Records int64 // the whole records read before it
	Err     error
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("trace: at byte %d, after %d whole records: %v", e.Offset, e.Records, e.Err)
}

func (e *FormatError) Unwrap() error { return e.Err }

// Cut reports whether the trace was cut short (it ends inside a record, or
// with its run unfinished) rather than damaged (a record that cannot be
// read): what came before a cut is a whole trace's beginning.
func (e *FormatError) Cut() bool {
	return errors.Is(e.Err, ErrUnfinished) || errors.Is(e.Err, io.ErrUnexpectedEOF)
}

// zz is the zig-zag encoding of a signed value: small magnitudes, either
// sign, become small unsigned values.
func zz(v int64) uint64 { return uint64(v<<1) ^ uint64(v>>63) }

func unzz(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// parseReason is the inverse of Reason.String, including "reason(N)".
func parseReason(s string) (Reason, error) {
	switch s {
	case "bound":
		return ReasonBound, nil
	case "move-rule":
		return ReasonMoveRule, nil
	case "":
		return 0, nil
	}
	if n, ok := parseNumbered(s, "reason"); ok {
		return Reason(n), nil
	}
	return 0, fmt.Errorf("unknown prune reason %q", s)
}

// parseStatus is the inverse of Status.String, including "status(N)".
func parseStatus(s string) (Status, error) {
	if st, err := ParseStatus(s); err == nil {
		return st, nil
	}
	if n, ok := parseNumbered(s, "status"); ok {
		return Status(n), nil
	}
	return 0, fmt.Errorf("unknown status %q", s)
}

// parseNumbered reads "name(N)" with N a byte.
func parseNumbered(s, name string) (uint8, bool) {
	rest, ok := strings.CutPrefix(s, name+"(")
	if !ok {
		return 0, false
	}
	num, ok := strings.CutSuffix(rest, ")")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(num, 10, 8)
	return uint8(n), err == nil
}

// checkLists refuses an event whose lists are longer than the format allows.
func checkLists(e *Event) error {
	if len(e.Moves) > maxList {
		return fmt.Errorf("a solution of %d moves, beyond the format's limit of %d", len(e.Moves), maxList)
	}
	if it := e.Stats; it != nil {
		for _, h := range [...][]int64{it.VisitF, it.PruneF, it.Depth} {
			if len(h) > maxList {
				return fmt.Errorf("a histogram of %d entries, beyond the format's limit of %d", len(h), maxList)
			}
		}
	}
	return nil
}
