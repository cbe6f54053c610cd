package hostile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite writes the hostile files to $HOSTILE_DIR, for measuring the
// commands on them by hand (see the report of issue 13); it is skipped
// otherwise.
func TestWrite(t *testing.T) {
	dir := os.Getenv("HOSTILE_DIR")
	if dir == "" {
		t.Skip("HOSTILE_DIR not set")
	}
	for name, data := range map[string][]byte{
		"bound1e9.trace":  HugeBound(1e9),
		"deep10000.trace": DeepVisits(10_000),
		"hist16m.trace":   HugeHistogram(),
		"starts20m.trace": IterationStarts(20e6),
		"high5000.trace":  HighValues(5000, 1<<16-1),
		"hist16m.ndjson":  HugeHistogramNDJSON(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
