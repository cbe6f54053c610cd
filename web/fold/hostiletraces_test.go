package fold

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"idaviz/trace"
	"idaviz/trace/hostile"
	"idaviz/web/internal/testrun"
)

// hostileCase is a hostile trace and what both readers say of it.
type hostileCase struct {
	name string
	data []byte
	says string // "": read; else what both readers' refusals name
}

// jsOutcome is what testdata/hostile_harness.mjs says of a trace it read
// as an exported page reads it.
type jsOutcome struct {
	Refused string `json:"refused"` // the page's error, "" when it read the trace
	Pos     int    `json:"pos"`     // the events the page went through to the end
	Status  string `json:"status"`  // the run's status at the end
	MaxRSS  int64  `json:"maxRSS"`  // node's peak resident memory, bytes
	Heap    int64  `json:"heap"`    // the heap still used at the end, bytes
}

// TestHostileTracesJS: the hostile traces (trace/hostile, the cases of
// trace/hostile_test.go) read by the page's own reader and fold
// (tracefile.js, builder.js, replaystate.js, through tracesource.js as an
// export runs them) come out as Go's reader has them: refused with an
// error that says the same thing, or read to the end in bounded memory.
func TestHostileTracesJS(t *testing.T) {
	node := testrun.Node(t)
	cases := []hostileCase{
		{"bound 1e9", hostile.HugeBound(1e9), ""},
		{"bound 2^40", hostile.HugeBound(1 << 40), ""},
		{"10,000 deep", hostile.DeepVisits(10_000), ""},
		// A path deeper than the call stack: the page's tree copies
		// overflowed it, where Go's reader reads it.
		{"path 10,000 deep", hostile.DeepPath(10_000), ""},
		// trace/hostile_test.go's 5,000 iterations take the page's
		// statistics about a minute (65,536 cells filled per iteration):
		// 50 are the same shape.
		{"200 kB of iteration starts", hostile.IterationStarts(200e3), ""},
		{"50 iterations at f 65,535", hostile.HighValues(50, 1<<16-1), ""},
	}
	// The biggest take node minutes of CPU: the sweep's (IDAVIZ_TEST_SWEEPS).
	if sweeps() {
		cases = append(cases, []hostileCase{
			{"2 MB of iteration starts", hostile.IterationStarts(2e6), ""},
			{"500 iterations at f 65,535", hostile.HighValues(500, 1<<16-1), ""},
			{"16 MiB histogram", hostile.HugeHistogram(), "a list of 16777201 values"},
			{"20 MB of iteration starts", hostile.IterationStarts(20e6), ""},
		}...)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// Go's outcome, as trace/hostile_test.go has it.
			_, goErr := trace.ReadAll(bytes.NewReader(tc.data), trace.NewNodeStats())
			var fe *trace.FormatError
			switch {
			case tc.says == "" && goErr != nil:
				t.Fatalf("Go's reader refused it: %v", goErr)
			case tc.says != "" && (!errors.As(goErr, &fe) || !strings.Contains(goErr.Error(), tc.says)):
				t.Fatalf("Go's reader: %v, want a *trace.FormatError naming %q", goErr, tc.says)
			}

			path := filepath.Join(t.TempDir(), "hostile.trace")
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			out, err := exec.CommandContext(ctx, node, "--expose-gc", "testdata/hostile_harness.mjs", "../static", path).Output()
			if err != nil {
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					t.Fatalf("harness: %v\n%s", err, ee.Stderr)
				}
				t.Fatalf("harness: %v", err)
			}
			var got jsOutcome
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("harness said %q: %v", out, err)
			}
			size := int64(len(tc.data))
			t.Logf("%d bytes: %+v", size, got)
			switch {
			case tc.says == "" && got.Refused != "":
				t.Fatalf("the page refused what Go reads: %s", got.Refused)
			case tc.says == "" && (got.Pos < 3 || got.Status != "exhausted"):
				t.Errorf("the page's end is event %d, status %q; want the run's end, exhausted", got.Pos, got.Status)
			case tc.says != "" && !strings.Contains(got.Refused, tc.says):
				t.Fatalf("the page said %q, want a refusal naming %q (Go's: %v)", got.Refused, tc.says, goErr)
			}
			// What the page keeps is a small multiple of the file (its
			// checkpoints are capped), whatever the values claim; its peak
			// holds the file a few times over (base64, gzip, bytes).
			if limit := 4*size + 64<<20; got.Heap > limit {
				t.Errorf("the page holds %d bytes of heap after reading a %d-byte file, want at most %d", got.Heap, size, limit)
			}
			if limit := 16*size + 256<<20; got.MaxRSS > limit {
				t.Errorf("node's peak memory %d bytes reading a %d-byte file, want at most %d", got.MaxRSS, size, limit)
			}
		})
	}
}
