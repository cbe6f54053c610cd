package trace

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestLectureRoundTrip(t *testing.T) {
	l := &Lecture{Version: 1, Bookmarks: []Bookmark{
		{Event: 0, Title: "the root", Note: "h = 10: the first bound"},
		{Event: 41, Title: "первый разрез", Note: "f = 12 > 10"},
	}}
	var b bytes.Buffer
	if _, err := l.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadLecture(&b, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Bookmarks) != 2 || got.Bookmarks[1] != l.Bookmarks[1] {
		t.Fatalf("read back %+v", got)
	}
}

func TestLectureRefused(t *testing.T) {
	long := strings.Repeat("x", MaxBookmarkTitle+1)
	for _, tc := range []struct{ name, in, want string }{
		{"not JSON", "{", "unexpected EOF"},
		{"version", `{"version":2,"bookmarks":[]}`, "version 2"},
		{"unknown field", `{"version":1,"bookmarks":[],"x":1}`, "unknown field"},
		{"negative event", `{"version":1,"bookmarks":[{"event":-1,"title":"a"}]}`, "event -1"},
		{"past the end", `{"version":1,"bookmarks":[{"event":100,"title":"a"}]}`, "outside the trace's 100 events"},
		{"long title", `{"version":1,"bookmarks":[{"event":1,"title":"` + long + `"}]}`, "title longer"},
		{"too big", `{"version":1,"bookmarks":[],"pad":"` + strings.Repeat(" ", MaxLectureBytes) + `"}`, "larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadLecture(strings.NewReader(tc.in), 100)
			if !errors.Is(err, ErrLecture) && tc.name != "not JSON" || err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ReadLecture: %v, want an ErrLecture saying %q", err, tc.want)
			}
		})
	}
}

func FuzzReadLecture(f *testing.F) {
	f.Add([]byte(`{"version":1,"bookmarks":[{"event":3,"title":"t","note":"n"}]}`))
	f.Add([]byte(`{"version":1,"bookmarks":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadLecture(bytes.NewReader(data), 1000)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if _, err := l.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadLecture(&b, 1000); err != nil {
			t.Fatalf("a lecture read back refuses itself: %v", err)
		}
	})
}
