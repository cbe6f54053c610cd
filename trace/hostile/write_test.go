package hostile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"idaviz/trace"
)

// TestWrite writes the hostile files, to $HOSTILE_DIR when it is set (for
// measuring the commands on them by hand: see docs/SECURITY.md), else to a
// temporary folder, and checks that each has sound framing up to what it
// is meant to break: the reader delivers its records before any error.
func TestWrite(t *testing.T) {
	dir := os.Getenv("HOSTILE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	for name, data := range map[string][]byte{
		"bound1e9.trace":   HugeBound(1e9),
		"deep10000.trace":  DeepVisits(10_000),
		"path10000.trace":  DeepPath(10_000),
		"path100000.trace": DeepPath(100_000),
		"hist16m.trace":    HugeHistogram(),
		"starts20m.trace":  IterationStarts(20e6),
		"high5000.trace":   HighValues(5000, 1<<16-1),
		"hist16m.ndjson":   HugeHistogramNDJSON(),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
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
