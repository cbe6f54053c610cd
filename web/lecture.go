package web

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"

	"idaviz/internal/atomicfile"
	"idaviz/trace"
)

// A replay's lecture: the bookmarks (title, note, event) a lecturer makes in
// the page. viz replay loads them from the trace's sidecar and the page saves
// them back through the save-lecture message; every tab of the replay sees
// the latest saved set when it opens.

// lectureStore holds a replay's lecture for all its tabs and writes it to
// its file when a page saves it.
type lectureStore struct {
	path   string // where saves go ("": kept in memory only)
	events int64  // the trace's events: a bookmark past them is refused

	mu  sync.Mutex
	cur trace.Lecture
}

func newLectureStore(path string, events int64, l *trace.Lecture) *lectureStore {
	ls := &lectureStore{path: path, events: events, cur: trace.Lecture{Version: trace.LectureVersion, Bookmarks: []trace.Bookmark{}}}
	if l != nil {
		ls.cur = *l
		ls.cur.Bookmarks = append([]trace.Bookmark{}, l.Bookmarks...)
	}
	return ls
}

// get is a copy of the lecture as last saved.
func (ls *lectureStore) get() trace.Lecture {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	l := ls.cur
	l.Bookmarks = append([]trace.Bookmark{}, ls.cur.Bookmarks...)
	return l
}

// save checks l against the lecture limits and the trace, writes it to the
// store's file (atomically: a crash leaves the old file or the new one,
// never half of one), and keeps it.
func (ls *lectureStore) save(l *trace.Lecture) error {
	if l == nil {
		return errors.New("bad message: save-lecture carries no lecture")
	}
	if l.Bookmarks == nil {
		l.Bookmarks = []trace.Bookmark{}
	}
	if err := l.Check(ls.events); err != nil {
		return err
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.path != "" {
		if err := writeLecture(ls.path, l); err != nil {
			return fmt.Errorf("saving the bookmarks to %s: %w", ls.path, err)
		}
	}
	ls.cur = *l
	return nil
}

// writeLecture writes l to path whole or not at all.
func writeLecture(path string, l *trace.Lecture) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := l.WriteTo(w)
		return err
	})
}

// lectureMsg tells the page the replay's bookmarks: when it opens, and as
// the answer to a save.
type lectureMsg struct {
	Type    string        `json:"type"` // "lecture"
	Lecture trace.Lecture `json:"lecture"`
	File    string        `json:"file,omitempty"` // the file saves go to, by its base name
	Saved   bool          `json:"saved"`          // the answer to a save-lecture
}

func (ls *lectureStore) msg(saved bool) lectureMsg {
	m := lectureMsg{Type: "lecture", Lecture: ls.get(), Saved: saved}
	if ls.path != "" {
		m.File = filepath.Base(ls.path)
	}
	return m
}
