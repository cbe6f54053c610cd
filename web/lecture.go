package web

import (
	"errors"
	"path/filepath"
	"sync"

	"idaviz/internal/atomicfile"
	"idaviz/lang"
	"idaviz/trace"
)

// A replay's lecture: the bookmarks (title, note, event) a lecturer makes in
// the page. viz replay loads them from the trace's sidecar and the page saves
// them back through the save-lecture message; every tab of the replay sees
// the latest saved set, when it opens and at every save.

// lectureStore holds a replay's lecture for all its tabs and writes it to
// its file when a page saves it.
type lectureStore struct {
	path   string // where saves go ("": kept in memory only)
	events int64  // the trace's events: a bookmark past them is refused
	// remoteSaves lets a tab from another machine save (viz replay
	// --remote-bookmarks); else such tabs only read.
	remoteSaves bool

	mu  sync.Mutex
	cur trace.Lecture
	// stamp is the file as this server last read or wrote it: a save over
	// a file that changed since (another replay, an editor) is refused.
	stamp atomicfile.Stamp
	// tabs are told of every save (each tab's reply function).
	tabs map[*session]func(any)
}

func newLectureStore(path string, events int64, l *trace.Lecture, stamp atomicfile.Stamp, remoteSaves bool) *lectureStore {
	ls := &lectureStore{path: path, events: events, remoteSaves: remoteSaves, stamp: stamp, tabs: map[*session]func(any){},
		cur: trace.Lecture{Version: trace.LectureVersion, Bookmarks: []trace.Bookmark{}}}
	if l != nil {
		ls.cur = *l
		ls.cur.Bookmarks = append([]trace.Bookmark{}, l.Bookmarks...)
	}
	return ls
}

// join has the tab s told of every save; leave stops it.
func (ls *lectureStore) join(s *session) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.tabs[s] = s.reply
}

func (ls *lectureStore) leave(s *session) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	delete(ls.tabs, s)
}

// get is a copy of the lecture as last saved.
func (ls *lectureStore) get() trace.Lecture {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.copyLocked()
}

func (ls *lectureStore) copyLocked() trace.Lecture {
	l := ls.cur
	l.Bookmarks = append([]trace.Bookmark{}, ls.cur.Bookmarks...)
	return l
}

// ErrReadOnly refuses a save from a tab on another machine.
var ErrReadOnly = say("server.bookmarks-read-only")

// save checks l against the lecture limits and the trace, writes it to the
// store's file (by the rule of every file viz writes, keeping the file it
// replaces as FILE.bak), keeps it, and tells the other tabs. A save over
// a file that changed since this server read or wrote it is refused, and
// the file's bookmarks are loaded and shown in every tab instead: two
// replays of one file do not lose each other's saves silently.
func (ls *lectureStore) save(l *trace.Lecture, from *session) error {
	if l == nil {
		return say("server.no-lecture")
	}
	if from != nil && from.remote && !ls.remoteSaves {
		return ErrReadOnly
	}
	if l.Bookmarks == nil {
		l.Bookmarks = []trace.Bookmark{}
	}
	if err := l.Check(ls.events); err != nil {
		return sayWrap("server.bad-lecture", err)
	}
	ls.mu.Lock()
	defer ls.mu.Unlock()
	// The fingerprint of the recording is the server's to write, not the
	// page's.
	l.Recording = ls.cur.Recording
	if ls.path != "" {
		stamp, err := writeLecture(ls.path, l, ls.stamp)
		if errors.Is(err, atomicfile.ErrChanged) {
			return ls.reloadLocked(from)
		}
		if err != nil {
			return sayWrap("server.bookmarks-save-failed", err, lang.Args{"File": ls.path})
		}
		ls.stamp = stamp
	}
	ls.cur = *l
	ls.tellLocked(from)
	return nil
}

// reloadLocked reads the file that changed under a save, makes it the
// lecture every tab shows, and says why the save was refused.
func (ls *lectureStore) reloadLocked(from *session) error {
	file := lang.Args{"File": filepath.Base(ls.path)}
	f, err := atomicfile.OpenRegular(ls.path)
	if err != nil {
		return sayWrap("server.bookmarks-changed-unreadable", err, file)
	}
	defer f.Close()
	stamp, err := atomicfile.StampFile(f)
	if err != nil {
		return sayWrap("server.bookmarks-changed-unreadable", err, file)
	}
	l, err := trace.ReadLecture(f, ls.events)
	if err != nil {
		return sayWrap("server.bookmarks-changed-bad", err, file)
	}
	l.Recording = ls.cur.Recording
	ls.cur, ls.stamp = *l, stamp
	ls.tellLocked(nil)
	return say("server.bookmarks-changed", file)
}

// tellLocked sends the lecture to every tab but the one that saved it
// (which gets its own answer).
func (ls *lectureStore) tellLocked(except *session) {
	m := ls.msgLocked(false)
	for s, reply := range ls.tabs {
		if s != except {
			m.ReadOnly = s.remote && !ls.remoteSaves
			reply(m)
		}
	}
}

// writeLecture writes l to path whole or not at all, keeping the file it
// replaces as path.bak, unless the file is no longer the one stamp was
// taken of (atomicfile.ErrChanged); it returns the new file's stamp.
func writeLecture(path string, l *trace.Lecture, stamp atomicfile.Stamp) (atomicfile.Stamp, error) {
	f, err := atomicfile.Options{Backup: true, Unchanged: &stamp}.Create(path)
	if err != nil {
		return atomicfile.Stamp{}, err
	}
	if _, err := l.WriteTo(f); err != nil {
		f.Abort()
		return atomicfile.Stamp{}, err
	}
	if err := f.Commit(); err != nil {
		return atomicfile.Stamp{}, err
	}
	return f.Stamp(), nil
}

// lectureMsg tells the page the replay's bookmarks: when it opens, as the
// answer to a save, and when another tab saved.
type lectureMsg struct {
	Type    string        `json:"type"` // "lecture"
	Lecture trace.Lecture `json:"lecture"`
	File    string        `json:"file,omitempty"` // the file saves go to, by its base name
	Saved   bool          `json:"saved"`          // the answer to a save-lecture
	// ReadOnly says this tab's saves are refused (a tab from another
	// machine, without --remote-bookmarks): the page keeps its changes.
	ReadOnly bool `json:"readOnly,omitempty"`
}

// msg is the lecture message for the tab s.
func (ls *lectureStore) msg(s *session, saved bool) lectureMsg {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	m := ls.msgLocked(saved)
	m.ReadOnly = s != nil && s.remote && !ls.remoteSaves
	return m
}

func (ls *lectureStore) msgLocked(saved bool) lectureMsg {
	m := lectureMsg{Type: "lecture", Lecture: ls.copyLocked(), Saved: saved}
	if ls.path != "" {
		m.File = filepath.Base(ls.path)
	}
	return m
}
