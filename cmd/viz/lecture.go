package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"

	"idaviz/internal/atomicfile"
	"idaviz/internal/quote"
	"idaviz/trace"
)

// lectureFile is a trace's lecture as viz replay and the exports find it.
type lectureFile struct {
	path    string         // where the page's saves go
	lecture *trace.Lecture // never nil; its Recording is the trace's
	stamp   atomicfile.Stamp
}

// loadLecture reads the bookmarks of the trace at tracePath whose
// fingerprint is rec: from the file given, or else the trace's sidecar
// when there is one. Only a regular file is opened (a FIFO would block).
//
// A lecture made on another recording (its fingerprint differs) is not
// used: replay (keep true) keeps it as FILE.stale (nothing lost) and starts
// with no bookmarks; an export leaves it where it is and embeds none. Both
// say so. With keep, a given file that does not exist is created, so that
// a typo shows now and not at the first save.
func loadLecture(e *env, cmd, tracePath, given string, rec trace.Recording, keep bool) (lectureFile, error) {
	lf := lectureFile{path: given, lecture: &trace.Lecture{Version: trace.LectureVersion, Recording: &rec, Bookmarks: []trace.Bookmark{}}}
	if lf.path == "" {
		lf.path = trace.LecturePath(tracePath)
	}
	f, err := atomicfile.OpenRegular(lf.path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && given == "":
		return lf, nil
	case errors.Is(err, fs.ErrNotExist) && keep:
		f, err := atomicfile.Create(lf.path)
		if err == nil {
			if _, err = lf.lecture.WriteTo(f); err != nil {
				f.Abort()
			} else {
				err = f.Commit()
			}
		}
		if err != nil {
			return lf, fmt.Errorf("creating the lecture file: %w", err)
		}
		// The stamp of the file written, not of what the path holds a
		// moment later: a file put there meanwhile is not taken for ours.
		lf.stamp = f.Stamp()
		fmt.Fprintf(e.stderr, "%s: %s: %s\n", cmd, quote.Shown(lf.path), e.p.T("cli.lecture.new"))
		return lf, nil
	case err != nil:
		return lf, err
	}
	defer f.Close()
	if lf.stamp, err = atomicfile.StampFile(f); err != nil {
		return lf, err
	}
	l, err := trace.ReadLecture(f, 0)
	if err != nil {
		return lf, fmt.Errorf("%s: %w", lf.path, err)
	}
	if l.Recording != nil && *l.Recording != rec {
		err := staleLecture(e, cmd, lf, *l.Recording, keep)
		lf.stamp = atomicfile.Stamp{} // no file there now: the first save makes one
		return lf, err
	}
	if err := l.Check(rec.Events); err != nil {
		return lf, fmt.Errorf("%s: %w", lf.path, err)
	}
	lf.lecture.Bookmarks = l.Bookmarks
	fmt.Fprintf(e.stderr, "%s: %s: %s\n", cmd, quote.Shown(lf.path), e.p.N("cli.lecture.bookmarks", len(l.Bookmarks)))
	return lf, nil
}

// staleLecture sets aside a lecture made on another recording: replay
// renames it to the first free FILE.stale, FILE.stale.2, ...; an export
// only says it is not embedded.
func staleLecture(e *env, cmd string, lf lectureFile, made trace.Recording, keep bool) error {
	why := fmt.Sprintf("%s: %s was made on another recording (%v; this trace: %v)", cmd, quote.Shown(lf.path), made, *lf.lecture.Recording)
	if !keep {
		fmt.Fprintf(e.stderr, "%s: not embedded\n", why)
		return nil
	}
	for i := 1; i <= 100; i++ {
		stale := lf.path + ".stale"
		if i > 1 {
			stale += "." + strconv.Itoa(i)
		}
		if _, err := os.Lstat(stale); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		// A link, not a rename over: a .stale made meanwhile is never
		// replaced.
		err := os.Link(lf.path, stale)
		if err == nil {
			err = os.Remove(lf.path)
		} else {
			err = os.Rename(lf.path, stale) // no hard links here
		}
		if err != nil {
			return fmt.Errorf("keeping %s as %s: %w", lf.path, stale, err)
		}
		fmt.Fprintf(e.stderr, "%s: kept as %s; starting with no bookmarks\n", why, quote.Shown(stale))
		return nil
	}
	return fmt.Errorf("%s: and %s.stale to .stale.100 are all taken: remove some", why, lf.path)
}
