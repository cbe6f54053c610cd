package trace

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// Lecture is the sidecar of a trace that a lecturer writes in the replay
// page: bookmarks at events, each with a title and a note, in the order of
// the lecture. It is stored as FILE.lecture.json beside the trace FILE (see
// FORMAT.md).
type Lecture struct {
	Version int `json:"version"`
	// Recording is the trace the bookmarks were made on (nil in a file
	// written by hand or before it was kept): a trace recorded again under
	// the same name has other events at the bookmarks' places.
	Recording *Recording `json:"recording,omitempty"`
	Bookmarks []Bookmark `json:"bookmarks"`
}

// Recording is a fingerprint of a trace for its sidecar: what fixes the
// events a search emits (the engine is deterministic), not when it ran. A
// trace recorded again with the same run has the same fingerprint, and its
// bookmarks stay right.
type Recording struct {
	Events int64  `json:"events"` // the events a replay counts
	Run    string `json:"run"`    // the first 16 hex digits of the SHA-256 of the run's description
}

// RecordingOf is the fingerprint of a trace of events events whose run
// start says info (nil: a run with no description).
func RecordingOf(info *RunInfo, events int64) Recording {
	var run RunInfo
	if info != nil {
		run = *info
	}
	run.Created = time.Time{}
	// encoding/json writes a struct's fields in order and a map's keys
	// sorted: one description, one hash.
	b, _ := json.Marshal(run)
	sum := sha256.Sum256(b)
	return Recording{Events: events, Run: hex.EncodeToString(sum[:8])}
}

func (r Recording) String() string { return fmt.Sprintf("%d events, run %s", r.Events, r.Run) }

// Bookmark is a place in a trace to stop and what to say there. Event is the
// 0-based index of the event in the trace (as the replay counts them).
type Bookmark struct {
	Event int64  `json:"event"`
	Title string `json:"title"`
	Note  string `json:"note,omitempty"`
}

// Limits of a lecture file: a sidecar is written by hand or by the page, and
// read by the server and the page, so it is bounded like any input.
const (
	LectureVersion      = 1
	MaxLectureBytes     = 1 << 20
	MaxBookmarks        = 1000
	MaxBookmarkTitle    = 200     // runes
	MaxBookmarkNoteRune = 8 << 10 // runes
)

// ErrLecture is wrapped by every error about a lecture file's content.
var ErrLecture = errors.New("bad lecture file")

// LecturePath is the sidecar file of the trace at path.
func LecturePath(tracePath string) string { return tracePath + ".lecture.json" }

// ReadLecture reads and checks a lecture file. events, when positive, is the
// number of events in the trace: a bookmark past the end is refused.
func ReadLecture(r io.Reader, events int64) (*Lecture, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxLectureBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxLectureBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrLecture, MaxLectureBytes)
	}
	var l Lecture
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrLecture, err)
	}
	if err := l.Check(events); err != nil {
		return nil, err
	}
	return &l, nil
}

// Check reports the first thing wrong with l: the version, too many
// bookmarks, an event out of range, a title or note too long or not UTF-8.
func (l *Lecture) Check(events int64) error {
	if l.Version != LectureVersion {
		return fmt.Errorf("%w: version %d, want %d", ErrLecture, l.Version, LectureVersion)
	}
	if r := l.Recording; r != nil && (r.Events < 0 || len(r.Run) > 64 || strings.IndexFunc(r.Run, notHex) >= 0) {
		return fmt.Errorf("%w: recording: %d events, run %q: want a count and hex digits", ErrLecture, r.Events, r.Run)
	}
	if len(l.Bookmarks) > MaxBookmarks {
		return fmt.Errorf("%w: %d bookmarks, at most %d", ErrLecture, len(l.Bookmarks), MaxBookmarks)
	}
	for i, b := range l.Bookmarks {
		switch {
		case b.Event < 0 || (events > 0 && b.Event >= events):
			return fmt.Errorf("%w: bookmark %d: event %d is outside the trace's %d events", ErrLecture, i+1, b.Event, events)
		case !utf8.ValidString(b.Title) || !utf8.ValidString(b.Note):
			return fmt.Errorf("%w: bookmark %d: not UTF-8", ErrLecture, i+1)
		case utf8.RuneCountInString(b.Title) > MaxBookmarkTitle:
			return fmt.Errorf("%w: bookmark %d: title longer than %d characters", ErrLecture, i+1, MaxBookmarkTitle)
		case utf8.RuneCountInString(b.Note) > MaxBookmarkNoteRune:
			return fmt.Errorf("%w: bookmark %d: note longer than %d characters", ErrLecture, i+1, MaxBookmarkNoteRune)
		}
	}
	return nil
}

func notHex(r rune) bool { return !strings.ContainsRune("0123456789abcdef", r) }

// WriteTo writes l as indented JSON, the form people edit by hand.
func (l *Lecture) WriteTo(w io.Writer) (int64, error) {
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}
