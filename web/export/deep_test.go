package export

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"idaviz/trace"
	"idaviz/trace/hostile"
	"idaviz/web/fold"
)

// TestDeepPathExports: a trace whose path is 10,000 and 100,000 deep by its
// parents (hostile.DeepPath: the depths stay within the limits) exports as
// one-file replay and as the tree at its last event, with every node
// counted. Each node's work used to grow with the path (5 s for 10,000
// deep, over 15 minutes for 100,000); the bound below is a hundredfold of
// what linear work takes on a loaded machine, far under the quadratic.
func TestDeepPathExports(t *testing.T) {
	for _, n := range []int{10_000, 100_000} {
		path := filepath.Join(t.TempDir(), "deep.trace")
		if err := os.WriteFile(path, hostile.DeepPath(n), 0o644); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		var nodes int64
		go func() {
			rd, err := trace.NewReader(bytes.NewReader(hostile.DeepPath(n)))
			if err != nil {
				done <- err
				return
			}
			w, err := TreeAtEvent(rd, -1, 0)
			if err != nil {
				done <- err
				return
			}
			nodes = w.Nodes()
			if err := w.WriteSVG(io.Discard); err != nil {
				done <- err
				return
			}
			rec, err := fold.OpenTrace(path, fold.IndexOptions{MaxCheckpoints: 2})
			if err != nil {
				done <- err
				return
			}
			defer rec.Close()
			done <- HTML(io.Discard, rec, Options{})
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%d deep: %v", n, err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%d deep: the exports take over a minute: their work grows with the depth", n)
		}
		if nodes != int64(n) {
			t.Errorf("%d deep: the window counts %d nodes", n, nodes)
		}
	}
}
