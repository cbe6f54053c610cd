package fold

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestDepsPure holds the package comment's promise: the fold is a function
// of the events, so what it builds with is the trace and the charts'
// library, never the puzzles (their tables, Starlark), the heuristics'
// check, the server or a socket. A drawing of states comes in through
// Drawer (package draw), a check's chart lives with its one user (web).
func TestDepsPure(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	cmd := exec.CommandContext(t.Context(), goTool, "list", "-deps", "-json=ImportPath", ".")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	deps, err := importPaths(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if !deps["idaviz/web/fold"] || !deps["idaviz/trace"] {
		t.Fatalf("go list's answer lacks the fold or the trace, so it was not read: %v", deps)
	}
	for _, bad := range []struct {
		path string
		tree bool // the path and every package under it
		why  string
	}{
		{"idaviz/puzzles", true, "the puzzles (every table, Starlark): states are drawn through Drawer"},
		{"idaviz/check", true, "the heuristics' check: its chart is the web package's"},
		{"go.starlark.net", true, "Starlark"},
		{"idaviz/web", false, "the server"},
		{"github.com/gorilla/websocket", true, "sockets"},
		{"net/http", true, "the network"},
	} {
		for _, dep := range slices.Sorted(maps.Keys(deps)) {
			if dep == bad.path || bad.tree && strings.HasPrefix(dep, bad.path+"/") {
				t.Errorf("web/fold imports %s (%s)", dep, bad.why)
			}
		}
	}
}

// importPaths reads the stream of JSON objects go list -json writes.
func importPaths(r io.Reader) (map[string]bool, error) {
	paths := map[string]bool{}
	dec := json.NewDecoder(r)
	for {
		var p struct{ ImportPath string }
		err := dec.Decode(&p)
		if err == io.EOF {
			return paths, nil
		}
		if err != nil {
			return nil, err
		}
		paths[p.ImportPath] = true
	}
}
