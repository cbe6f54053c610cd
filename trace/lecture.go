package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Lecture is the sidecar of a trace that a lecturer writes in the replay
// page: bookmarks at events, each with a title and a note, in the order of
// the lecture. It is stored as FILE.lecture.json beside the trace FILE (see
// FORMAT.md).
type Lecture struct {
	Version   int        `json:"version"`
	Bookmarks []Bookmark `json:"bookmarks"`
}

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

// WriteTo writes l as indented JSON, the form people edit by hand.
func (l *Lecture) WriteTo(w io.Writer) (int64, error) {
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}
