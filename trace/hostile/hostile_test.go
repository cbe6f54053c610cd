package hostile

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"idaviz/trace"
)

// Each file has sound framing up to what it is meant to break: the reader
// delivers its records before any error, and the error, if any, is a
// *trace.FormatError.
func TestFilesFraming(t *testing.T) {
	files := Files()
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for name, data := range files {
		rd, err := trace.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n := 0
		for {
			_, err := rd.Next()
			if err != nil {
				var fe *trace.FormatError
				if err != io.EOF && !errors.As(err, &fe) {
					t.Fatalf("%s: after %d records: %v", name, n, err)
				}
				break
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no record reads back", name)
		}
	}
}
