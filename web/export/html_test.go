package export

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"idaviz/trace"
	"idaviz/trace/hostile"
	"idaviz/web/fold"
	"idaviz/web/internal/testrun"
)

// TestExportHTML: the one-file replay carries the trace itself (packed:
// gzip, base64) and the page's scripts, and nothing it would fetch.
func TestExportHTML(t *testing.T) {
	events := testrun.Record(t, trace.LevelNode, testrun.State)
	rec := recording(t, events)
	var buf bytes.Buffer
	if err := HTML(&buf, rec, Options{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, bad := range []string{`src="/static`, `href="/static`} {
		if strings.Contains(page, bad) {
			t.Errorf("the export still refers to the server: %s", bad)
		}
	}
	emb := testrun.ReadEmbedded(t, page)
	if emb.Events != len(events) || emb.Renderer != "tiles" || len(emb.StartView) == 0 {
		t.Errorf("the export embeds %d events (want %d), renderer %q, start view %s", emb.Events, len(events), emb.Renderer, emb.StartView)
	}
	got := emb.TraceEvents(t)
	if len(got) != len(events) {
		t.Fatalf("the embedded trace holds %d events, want %d", len(got), len(events))
	}
	for i := range got {
		if got[i].Kind != events[i].Kind || got[i].Node != events[i].Node || got[i].F != events[i].F {
			t.Fatalf("event %d: %+v, want %+v", i, got[i], events[i])
		}
	}
	if err := HTML(io.Discard, &fold.Recording{}, Options{}); err == nil {
		t.Error("an export of no events")
	}
	defer func(n int) { maxExportedEvents = n }(maxExportedEvents)
	maxExportedEvents = len(events) - 1
	if err := HTML(io.Discard, rec, Options{}); err == nil || !strings.Contains(err.Error(), "viz replay") {
		t.Errorf("an export past the cap: %v", err)
	}
}

// TestHostileExportFromFile: 20 MB of iteration-starts (5 M events, a
// thousand iterations kept in every state) export from the file in bounded
// memory, to a page smaller than the trace: the page holds the packed
// trace, not states (370 MB, and 3 GB to build it, when it held states).
func TestHostileExportFromFile(t *testing.T) {
	if testing.Short() {
		t.Skip("folds 5 million events")
	}
	path := filepath.Join(t.TempDir(), "starts.trace")
	if err := os.WriteFile(path, hostile.IterationStarts(20e6), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := fold.OpenTrace(path, fold.IndexOptions{MaxCheckpoints: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var out countWriter
	if err := HTML(&out, rec, Options{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d events: a %.1f MB page, %.1f MB allocated", rec.Len(), float64(out)/1e6, float64(allocated)/1e6)
	if limit := int64(20e6); int64(out) > limit {
		t.Errorf("the page is %d bytes, want at most %d", out, limit)
	}
	if allocated > 1<<30 {
		t.Errorf("the export allocated %d bytes, over its 1 GiB cap", allocated)
	}
}

// countWriter counts what is written to it.
type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }
