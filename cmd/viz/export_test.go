package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// recordTrace solves an 8-puzzle with a node-level trace and returns its path.
func recordTrace(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	status, _, errs := runViz(t, "", "solve", "--puzzle", "8puzzle", "--trace", path, "--trace-level", "node", "8 1 2 4 3 6 0 7 5")
	if status != exitOK {
		t.Fatalf("solve --trace: status %d: %s", status, errs)
	}
	return path
}

func TestTraceExportCSVEqualsInfo(t *testing.T) {
	path := recordTrace(t, "run.trace")
	status, out, errs := runViz(t, "", "trace", "export", "--format", "csv", path)
	if status != exitOK {
		t.Fatalf("export csv: %d %s", status, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	table, info := infoTable(t, path)
	if len(table) < 3 || len(rows) != len(table) {
		t.Fatalf("csv has %d rows, trace info's table %d:\n%s\n%s", len(rows), len(table), out, info)
	}
	for i, row := range rows {
		// The first iteration has no growth: an empty cell in CSV, nothing
		// in the table, whose row is one field shorter.
		want := table[i]
		got := row[:len(want)]
		if !reflect.DeepEqual(got, want) {
			t.Errorf("row %d: csv %v, trace info %v", i, row[:6], want)
		}
	}
	// Each row's histogram columns add up to its generated count.
	for _, row := range rows[1:] {
		var sum, gen int
		for _, c := range row[6:] {
			var n int
			json.Unmarshal([]byte(c), &n)
			sum += n
		}
		json.Unmarshal([]byte(row[3]), &gen)
		if sum != gen {
			t.Errorf("iteration %s: histogram columns add to %d, generated %d", row[0], sum, gen)
		}
	}
}

// infoTable is the per-iteration table viz trace info prints for a trace:
// its header row, then a row per iteration; and the whole output.
func infoTable(t *testing.T, path string) ([][]string, string) {
	t.Helper()
	status, info, errs := runViz(t, "", "trace", "info", path)
	if status != exitOK {
		t.Fatalf("trace info: %d %s", status, errs)
	}
	// From its header line to the blank line after.
	var table [][]string
	in := false
	for _, line := range strings.Split(info, "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "iteration" {
			in = true
		}
		if in && len(f) == 0 {
			break
		}
		if in {
			table = append(table, f)
		}
	}
	return table, info
}

func TestTraceExportChromeAndRecode(t *testing.T) {
	path := recordTrace(t, "run.trace")
	dir := t.TempDir()
	for _, out := range []string{"x.json", "x.ndjson", "y.trace"} {
		status, _, errs := runViz(t, "", "trace", "export", "-o", filepath.Join(dir, out), path)
		if status != exitOK {
			t.Fatalf("export -o %s: %d %s", out, status, errs)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "x.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.TraceEvents) == 0 {
		t.Fatalf("chrome export is not trace-event JSON: %v", err)
	}
	// NDJSON and binary re-encodings read back to the same table.
	_, a, _ := runViz(t, "", "trace", "export", "--format", "csv", filepath.Join(dir, "x.ndjson"))
	_, c, _ := runViz(t, "", "trace", "export", "--format", "csv", filepath.Join(dir, "y.trace"))
	_, o, _ := runViz(t, "", "trace", "export", "--format", "csv", path)
	if a != o || c != o {
		t.Fatalf("re-encoded traces differ:\n%s\n%s\n%s", o, a, c)
	}
}

func TestTraceExportRefuses(t *testing.T) {
	path := recordTrace(t, "run.trace")
	damaged := filepath.Join(t.TempDir(), "cut.trace")
	b, _ := os.ReadFile(path)
	os.WriteFile(damaged, b[:len(b)/2], 0o644)
	out := filepath.Join(t.TempDir(), "out.csv")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"trace", "export"}, "which trace file"},
		{[]string{"trace", "export", "--format", "pdf", path}, `unknown format "pdf"`},
		{[]string{"trace", "export", "-o", "x.unknown", path}, "say --format"},
		{[]string{"trace", "export", "--format", "csv", "/nonexistent.trace"}, "no such file"},
		{[]string{"trace", "export", "-o", out, damaged}, "cut.trace"},
	} {
		status, _, errs := runViz(t, "", tc.args...)
		if status != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tc.args, status, errs, tc.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed export left %s behind", out)
	}
}
