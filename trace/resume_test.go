package trace

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
	"testing"
)

// TestResume reads each golden trace to every record, resumes a second
// reader from the mark there, and checks that the rest of the file and the
// statistics folded on a Stats clone are what reading straight on gives.
func TestResume(t *testing.T) {
	for _, name := range []string{"testdata/golden-v1.trace", "testdata/golden-v1.ndjson"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		all := resumeAll(t, bytes.NewReader(b))
		for at := 0; at <= len(all); at++ {
			rd, err := NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			stats := NewNodeStats()
			var e Event
			for i := 0; i < at; i++ {
				if err := rd.Read(&e); err != nil {
					t.Fatalf("%s: record %d: %v", name, i, err)
				}
				stats.Event(&e)
			}
			m := rd.Mark()
			if m.Records != int64(at) {
				t.Fatalf("%s: mark after %d records says %d", name, at, m.Records)
			}
			clone := stats.Clone()
			rest := resumeAll(t, Resume(bytes.NewReader(b[m.Offset:]), m))
			if len(rest) != len(all)-at || len(rest) > 0 && !reflect.DeepEqual(rest, all[at:]) {
				t.Fatalf("%s: resumed after %d records: %d events, want %d", name, at, len(rest), len(all)-at)
			}
			for i := range rest {
				stats.Event(&rest[i])
				clone.Event(&rest[i])
			}
			a, c := stats.Snapshot(), clone.Snapshot()
			a.Elapsed, c.Elapsed, a.Seconds, c.Seconds = 0, 0, 0, 0
			if !reflect.DeepEqual(a, c) {
				t.Fatalf("%s: a Stats cloned after %d records folds differently:\n%+v\n%+v", name, at, a, c)
			}
		}
	}
}

// resumeAll reads every event of a reader (a *Reader, or the bytes of a
// whole file).
func resumeAll(t *testing.T, src any) []Event {
	t.Helper()
	rd, ok := src.(*Reader)
	if !ok {
		var err error
		if rd, err = NewReader(src.(io.Reader)); err != nil {
			t.Fatal(err)
		}
	}
	var out []Event
	for {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, *e)
	}
}
