package trace

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the reader in both encodings (the
// first byte picks it): it must not panic, must end with io.EOF or an error,
// and whatever it reads must survive a write and a second read unchanged.
func FuzzReader(f *testing.F) {
	for _, path := range goldenFiles {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
		f.Add(record(f, enc, LevelNode, small()))
		f.Add(record(f, enc, LevelNode, extremes()[:3]))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := NewReader(bytes.NewReader(data))
		if err != nil {
			if rd != nil {
				t.Fatal("a reader and an error")
			}
			return
		}
		var got []Event
		for {
			e, err := rd.Next()
			if err != nil {
				var fe *FormatError
				if err != io.EOF && !errors.As(err, &fe) {
					t.Fatalf("error %v is neither io.EOF nor a *FormatError", err)
				}
				if _, again := rd.Next(); again != err {
					t.Fatalf("error not sticky: %v then %v", err, again)
				}
				break
			}
			if e.Kind == 0 || e.Kind >= kindLimit {
				t.Fatalf("delivered an event of unknown kind %v", e.Kind)
			}
			got = append(got, *e)
		}
		// What was read writes and reads back the same, in both encodings.
		for _, enc := range []Encoding{EncodingBinary, EncodingNDJSON} {
			var buf bytes.Buffer
			r := NewRecorder(&buf, enc, LevelNode)
			for i := range got {
				r.Event(&got[i])
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			again, _ := readEvents(buf.Bytes())
			if a, b := canon(again), canon(got); a != b {
				t.Fatalf("%v: events changed by a rewrite:\n%s\n%s", enc, b, a)
			}
		}
	})
}

// canon is the events' NDJSON, a canonical form for comparing events whose
// times may have gone through JSON.
func canon(events []Event) string {
	var b bytes.Buffer
	r := NewRecorder(&b, EncodingNDJSON, LevelNode)
	for i := range events {
		r.Event(&events[i])
	}
	r.Close()
	return b.String()
}

// FuzzNDJSONNodeLine: on every line the fast node decoder accepts,
// encoding/json must decode the same event.
func FuzzNDJSONNodeLine(f *testing.F) {
	data, err := os.ReadFile(goldenFiles[EncodingNDJSON])
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range bytes.Split(data, []byte("\n"))[1:40] {
		f.Add(l)
	}
	for _, e := range extremes() {
		if e.Kind == KindVisit || e.Kind == KindPrune {
			f.Add([]byte(strings.TrimSuffix(canon([]Event{e})[len(`{"format":"idaviz-trace","version":1,"minor":0}`)+1:], "\n")))
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var fast, slow Event
		if !fastNode(line, &fast) {
			return
		}
		known, err := decodeLine(line, &slow)
		if err != nil || !known {
			t.Fatalf("fast path took a line encoding/json refuses (%v): %s", err, line)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast %+v\nslow %+v\nline %s", fast, slow, line)
		}
	})
}
