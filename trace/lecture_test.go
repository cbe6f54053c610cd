package trace

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
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

// TestRecordingOf: the fingerprint follows what fixes a trace's events
// (the run's description and the count), not the time it was made.
func TestRecordingOf(t *testing.T) {
	run := RunInfo{Puzzle: "8puzzle", Instance: "8 1 3 4 0 2 7 6 5", Heuristic: "manhattan", Algorithm: "ida",
		Options: map[string]string{"b": "2", "a": "1"}, Created: time.Unix(1, 0)}
	base := RecordingOf(&run, 100)
	again := run
	again.Created = time.Unix(2, 0)
	again.Options = map[string]string{"a": "1", "b": "2"}
	other := run
	other.Heuristic = "misplaced"
	for _, tc := range []struct {
		name string
		r    Recording
		same bool
	}{
		{"recorded again", RecordingOf(&again, 100), true},
		{"another heuristic", RecordingOf(&other, 100), false},
		{"more events", RecordingOf(&run, 101), false},
		{"no description", RecordingOf(nil, 100), false},
	} {
		if (tc.r == base) != tc.same {
			t.Errorf("%s: %v against %v", tc.name, tc.r, base)
		}
	}
	if len(base.Run) != 16 {
		t.Errorf("run %q, want 16 hex digits", base.Run)
	}
	for _, bad := range []string{`{"events":-1,"run":"ab"}`, `{"events":1,"run":"XYZ"}`, `{"events":1,"run":"` + strings.Repeat("a", 65) + `"}`} {
		_, err := ReadLecture(strings.NewReader(`{"version":1,"recording":`+bad+`,"bookmarks":[]}`), 0)
		if !errors.Is(err, ErrLecture) {
			t.Errorf("recording %s: %v, want refused", bad, err)
		}
	}
}
