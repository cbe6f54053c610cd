package trace

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzLectureSidecar: a sidecar is written by hand or by a page, so any
// bytes may come. ReadLecture refuses them with ErrLecture (or an I/O error)
// or returns a lecture that passes Check and reads back the same.
func FuzzLectureSidecar(f *testing.F) {
	for _, s := range []string{
		`{"version":1,"bookmarks":[{"event":0,"title":"the root","note":"h = 10"}]}`,
		`{"version":1,"bookmarks":[]}`, `{"version":1}`, `{"version":2,"bookmarks":[]}`,
		`{"version":1,"bookmarks":[{"event":-1,"title":"x"}]}`, `{"version":1,"bookmarks":null}`,
		`{"version":1,"bookmarks":[{"event":1e3,"title":"\ud800"}]}`, `[`, ``, `{}{}`,
	} {
		f.Add([]byte(s), int64(100))
	}
	f.Fuzz(func(t *testing.T, data []byte, events int64) {
		l, err := ReadLecture(bytes.NewReader(data), events)
		if err != nil {
			if !errors.Is(err, ErrLecture) {
				t.Fatalf("an error that is not ErrLecture: %v", err)
			}
			return
		}
		if err := l.Check(events); err != nil {
			t.Fatalf("read, then refused: %v", err)
		}
		var b bytes.Buffer
		if _, err := l.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		again, err := ReadLecture(&b, events)
		if err != nil || len(again.Bookmarks) != len(l.Bookmarks) {
			t.Fatalf("written %+v, read back %+v (%v)", l, again, err)
		}
		for i := range l.Bookmarks {
			if again.Bookmarks[i] != l.Bookmarks[i] {
				t.Fatalf("bookmark %d: %+v, read back %+v", i, l.Bookmarks[i], again.Bookmarks[i])
			}
		}
	})
}
