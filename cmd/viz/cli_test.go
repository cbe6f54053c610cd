package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"idaviz/trace"
)

// TestRefusesWhatMeansNothing: a flag that the others (or the arguments)
// make meaningless is refused with exit 2 and a message naming it; help is
// help wherever it is asked for, and "--" ends the flags.
func TestRefusesWhatMeansNothing(t *testing.T) {
	path := recordTrace(t, "run.trace")
	out := filepath.Join(t.TempDir(), "out.html")
	states := filepath.Join(t.TempDir(), "states.txt")
	os.WriteFile(states, []byte("1 2 3 4 5 6 7 0 8\n"), 0o644)
	const board = "1 2 3 4 5 6 7 0 8"
	for _, tc := range []struct {
		args   []string
		status int
		want   string // in stdout for exit 0, in stderr otherwise
	}{
		{[]string{"trace", "info", "-h"}, exitOK, "usage: viz trace info"},
		{[]string{"trace", "export", "-h"}, exitOK, "usage: viz trace export"},
		{[]string{"trace", "-h"}, exitOK, "usage: viz trace info|export"},
		{[]string{"trace", "info", "--", "-h"}, exitUsage, "open -h: no such file"},
		{[]string{"help", "nosuch"}, exitUsage, `unknown command "nosuch"`},
		{[]string{"help", "solve", "trace"}, exitUsage, "one command at a time"},
		{[]string{"replay", "--frames", "3", path}, exitUsage, "-frames"},
		{[]string{"trace", "export", "--frames", "3", "-o", out, path}, exitUsage, "-frames"},
		{[]string{"serve", "--max-tabs-per-client", "3"}, exitUsage, "--max-tabs-per-client limits clients on other machines"},
		{[]string{"serve", "--allow-remote"}, exitUsage, "--allow-remote: --addr 127.0.0.1:8080 is reachable from this machine only"},
		{[]string{"replay", "--remote-bookmarks", path}, exitUsage, "--remote-bookmarks lets tabs on other machines save, which only --allow-remote lets in"},
		{[]string{"replay", "--export", out, "--max-memory", "1GiB", path}, exitUsage, "--max-memory: --export writes a file"},
		{[]string{"serve", "--max-memory", "nanMB"}, exitUsage, `--max-memory nanMB: "nanMB" is not a size`},
		{[]string{"replay", "--export", out, "--addr", "127.0.0.1:0", path}, exitUsage, "--addr: --export writes a file and serves nothing"},
		{[]string{"replay", "--export", out, "--allow-remote", path}, exitUsage, "--allow-remote: --export"},
		{[]string{"replay", "--export", out, "--max-searches", "2", "--max-tabs-per-client", "2", path}, exitUsage,
			"--max-searches, --max-tabs-per-client: --export writes a file"},
		{[]string{"pdb", "build", "15puzzle", "--workers", "0"}, exitUsage, "--workers 0: want 1 or more"},
		{[]string{"solve", "--seed", "3", board}, exitUsage, "--seed 3 is the seed of STATE random"},
		{[]string{"compare", "--seed", "3", "--instances", states}, exitUsage, "--seed 3 draws random instances"},
		{[]string{"compare", "--seed", "3", "--instances", "korf100:1-2"}, exitUsage, "--seed 3 draws random instances"},
		{[]string{"compare", "--chart-instance", "1"}, exitUsage, "there is no --html"},
		{[]string{"compare", "--max-memory", "1GB"}, exitUsage, "--max-memory bounds A*"},
		// Flags after the arguments count as well as before.
		{[]string{"solve", board, "--heuristic", "manhattan"}, exitOK, "8puzzle, manhattan, IDA*: solved in 1 move"},
	} {
		status, stdout, stderr := runViz(t, "", tc.args...)
		got := stderr
		if tc.status == exitOK {
			got = stdout
		}
		if status != tc.status || !strings.Contains(got, tc.want) {
			t.Errorf("viz %s: status %d, stdout %q, stderr %q; want %d and %q",
				strings.Join(tc.args, " "), status, stdout, stderr, tc.status, tc.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused export wrote %s", out)
	}
}

// TestHelpIsHelpful: viz --help lists every command on a line of its own
// with examples; viz help NAME gives each command's usage and examples.
func TestHelpIsHelpful(t *testing.T) {
	status, out, _ := runViz(t, "", "--help")
	if status != exitOK || !strings.Contains(out, "examples:\n  viz ") {
		t.Fatalf("viz --help: status %d, no examples:\n%s", status, out)
	}
	for name, c := range commands {
		line := regexp.MustCompile(`(?m)^  ` + name + ` +` + regexp.QuoteMeta(c.summary(english)) + `$`)
		if !line.MatchString(out) {
			t.Errorf("viz --help has no line of its own for %s:\n%s", name, out)
		}
		if len(c.summary(english)) > 90 {
			t.Errorf("%s: a summary of %d characters does not fit one line", name, len(c.summary(english)))
		}
		status, help, errs := runViz(t, "", "help", name)
		if status != exitOK || !strings.Contains(help, "usage: viz "+name) || !strings.Contains(help, "examples:\n  viz ") {
			t.Errorf("viz help %s: status %d, stderr %q, no usage or examples:\n%s", name, status, errs, help)
		}
	}
}

// TestMessagesNameTheFlag: a bad value is named with its flag; a bound
// below h(start) says so; a bad flag gets one line, not the whole help.
func TestMessagesNameTheFlag(t *testing.T) {
	const hardest = "8 6 7 2 5 4 3 0 1" // h(start) 21 by Manhattan distance
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"solve", "--max-nodes", "-5", hardest}, exitUsage, "viz solve: --max-nodes -5: want 0 (no limit) or more"},
		{[]string{"solve", "--max-bound", "-1", hardest}, exitUsage, "--max-bound -1: want 0"},
		{[]string{"solve", "--timeout", "-1s", hardest}, exitUsage, "--timeout -1s: want 0"},
		{[]string{"compare", "--max-nodes", "-1"}, exitUsage, "--max-nodes -1: want 0"},
		{[]string{"solve", "--heuristic", "manhattan", "--max-bound", "5", hardest}, exitNotFound,
			"--max-bound 5 is below h(start) = 21, the first bound"},
		{[]string{"compare", "--heuristic", "manhattan", "--max-bound", "5"}, exitOK,
			"--max-bound 5 is below h(start), the first bound, on instances #2 (h 14), #3 (h 9): nothing was searched there"},
		{[]string{"solve", "--frobnicate", hardest}, exitUsage, "viz solve: unknown flag --frobnicate (run 'viz help solve' for the flags)\n"},
	} {
		status, _, errs := runViz(t, "", tc.args...)
		if status != tc.status || !strings.Contains(errs, tc.want) {
			t.Errorf("viz %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), status, errs, tc.status, tc.want)
		}
		if strings.Contains(errs, "flags:") {
			t.Errorf("viz %s: the whole help on an error:\n%s", strings.Join(tc.args, " "), errs)
		}
	}
}

// TestFailuresNotTheUsersExit1: a trace or an export that cannot be
// written, or a port that cannot be listened on, exits 1; a malformed
// address is bad usage, 2.
func TestFailuresNotTheUsersExit1(t *testing.T) {
	path := recordTrace(t, "run.trace")
	nowhere := filepath.Join(t.TempDir(), "no", "such", "folder")
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"solve", "--trace", filepath.Join(nowhere, "x.trace"), "1 2 3 4 5 6 7 0 8"}, exitFailed, "creating the trace"},
		{[]string{"trace", "export", "-o", filepath.Join(nowhere, "x.csv"), path}, exitFailed, "writing " + filepath.Join(nowhere, "x.csv")},
		{[]string{"replay", "--export", filepath.Join(nowhere, "x.html"), path}, exitFailed, "writing " + filepath.Join(nowhere, "x.html")},
		{[]string{"compare", "--csv", filepath.Join(nowhere, "x.csv")}, exitFailed, "x.csv"},
		{[]string{"serve", "--addr", taken.Addr().String()}, exitFailed, "listening on " + taken.Addr().String()},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, exitUsage, "--addr 127.0.0.1:99999"},
		{[]string{"serve", "--addr", "nonsense"}, exitUsage, "nonsense"},
	} {
		status, _, errs := runViz(t, "", tc.args...)
		if status != tc.status || !strings.Contains(errs, tc.want) {
			t.Errorf("viz %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), status, errs, tc.status, tc.want)
		}
	}
}

// TestSaysWhatIsWrong: without --puzzle, a state that is no tile board is
// named for what it is (empty, a word, a count), not answered with "name
// the puzzle" alone; an instances file of words, and a folder, too.
func TestSaysWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	words := filepath.Join(dir, "words.txt")
	os.WriteFile(words, []byte("# a comment\nhello world\n"), 0o644)
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"solve", "1 2 3"}, "the state has 3 numbers; a tile puzzle's board has 9 (8puzzle), 16 (15puzzle) or 25 (24puzzle); for another puzzle, name it with --puzzle"},
		{"", []string{"solve", ""}, "the state is empty"},
		{"", []string{"solve", "-"}, "stdin is empty: no STATE to solve"},
		{" \n", []string{"solve", "-"}, "stdin is empty"},
		{"", []string{"solve", "R U R'"}, `"R" is not a number, so the state is not a tile puzzle's board`},
		{"", []string{"compare", "--instances", words}, `words.txt: first state: "hello" is not a number`},
		{"", []string{"compare", "--puzzle", "8puzzle", "--instances", words}, `words.txt:2: 8puzzle state: number 1, "hello", is not a number`},
		{"", []string{"compare", "--instances", dir}, "is a folder; want a file of states"},
		{"", []string{"solve", "--order", "ulr", "1 2 3 4 5 6 7 0 8"}, `move order "ulr": want the four moves U D L R, each once`},
		{"", []string{"solve", "--puzzle", "rubik", "--order", "ulrd", "R U"}, `puzzle rubik tries its moves in one order; drop the order "ulrd"`},
		{"", []string{"compare", "--puzzle", "squares", "--instances", words, "--order", "ulrd"}, "--order: puzzle squares tries its moves in one order"},
	} {
		status, _, errs := runViz(t, tc.stdin, tc.args...)
		if status != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("viz %q: status %d, stderr %q; want 2 and %q", tc.args, status, errs, tc.want)
		}
	}
}

// TestCompareChecksItsInstances: a chart instance that is none of the
// instances is refused; an optimal length in the file that the search
// contradicts is a warning naming the instance and both lengths.
func TestCompareChecksItsInstances(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.txt")
	os.WriteFile(path, []byte("1 2 3 4 5 6 7 0 8 1\n8 6 7 2 5 4 3 0 1 30\n"), 0o644)
	html := filepath.Join(t.TempDir(), "r.html")
	status, _, errs := runViz(t, "", "compare", "--heuristic", "manhattan", "--instances", path, "--html", html, "--chart-instance", "99")
	if status != exitUsage || !strings.Contains(errs, "--chart-instance 99: no such instance (they are numbered 1 to 2)") {
		t.Errorf("--chart-instance 99 of 2: status %d, stderr %q", status, errs)
	}
	status, _, errs = runViz(t, "", "compare", "--heuristic", "manhattan", "--instances", path)
	want := "viz compare: warning: instance 2: the instances file says its optimal length is 30; IDA* with manhattan found 31, which is optimal\n"
	if status != exitOK || !strings.Contains(errs, want) || strings.Contains(errs, "instance 1:") {
		t.Errorf("a wrong optimal length: status %d, stderr %q; want 0 and %q alone", status, errs, want)
	}
}

// damaged writes a copy of the trace at path with a record in its middle
// that cannot be read, and the rest after it: damage, not a cut.
func damaged(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "damaged"+filepath.Ext(path))
	if trace.EncodingFor(path) == trace.EncodingNDJSON {
		lines := strings.Split(string(b), "\n")
		lines[len(lines)/2] = "{not json"
		b = []byte(strings.Join(lines, "\n"))
	} else {
		// At a record's start, a length that overflows 64 bits.
		rd, err := trace.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var e trace.Event
		for i := 0; i < 50; i++ {
			if err := rd.Read(&e); err != nil {
				t.Fatal(err)
			}
		}
		at := rd.Mark().Offset
		copy(b[at+1:], bytes.Repeat([]byte{0xff}, 12))
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDamagedTraceOneRule: every command that reads a trace refuses one
// that cannot be read to its end, damaged or cut (exit 2, naming the
// fault), after what it can show; --salvage takes the events before the
// fault (exit 0) and says so.
func TestDamagedTraceOneRule(t *testing.T) {
	for _, name := range []string{"run.trace", "run.ndjson"} {
		path := recordTrace(t, name)
		b, _ := os.ReadFile(path)
		cut := filepath.Join(t.TempDir(), "cut"+filepath.Ext(name))
		os.WriteFile(cut, b[:len(b)*2/3], 0o644)
		for file, fault := range map[string]string{damaged(t, path): "is damaged", cut: "cut short after"} {
			out := filepath.Join(t.TempDir(), "out.html")
			csv := filepath.Join(t.TempDir(), "out.csv")
			for _, tc := range [][]string{
				{"trace", "info", file},
				{"replay", "--export", out, file},
				{"trace", "export", "-o", out, file},
				{"trace", "export", "-o", csv, file},
				{"replay", "--addr", "127.0.0.1:0", file},
			} {
				status, _, errs := runViz(t, "", tc...)
				if status != exitUsage || !strings.Contains(errs, fault) || !strings.Contains(errs, "refused (--salvage takes the events before it)") {
					t.Errorf("viz %s: status %d, stderr %q; want 2, %q and the refusal", strings.Join(tc, " "), status, errs, fault)
				}
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("%s: a refused export wrote %s", file, out)
			}
			for _, tc := range [][]string{
				{"trace", "info", "--salvage", file},
				{"replay", "--salvage", "--export", out, file},
				{"trace", "export", "--salvage", "-o", csv, file},
			} {
				status, stdout, errs := runViz(t, "", tc...)
				if status != exitOK || !strings.Contains(errs, fault) || !strings.Contains(errs, "taking the events before it (--salvage)") {
					t.Errorf("viz %s: status %d, stderr %q; want 0, %q and the salvage", strings.Join(tc, " "), status, errs, fault)
				}
				if tc[1] == "info" && !strings.Contains(stdout, "puzzle: 8puzzle") {
					t.Errorf("trace info --salvage shows nothing:\n%s", stdout)
				}
			}
			for _, f := range []string{out, csv} {
				if fi, err := os.Stat(f); err != nil || fi.Size() == 0 {
					t.Errorf("%s: --salvage wrote no %s: %v", file, f, err)
				}
			}
		}
	}
}

// terminalEnv runs a command with stderr on a terminal, as far as the
// command knows.
func terminalEnv(stderr *cancelOn) *env {
	return &env{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: stderr, stderrTTY: true}
}

// TestBuildProgressOnATerminal: a database build's bar never takes turns
// with the search's progress line, in solve (the line starts once the
// databases are loaded) nor compare (it waits while a load builds, between
// tables too); Ctrl-C during a build says "interrupted" on a line of its
// own, exit 1.
func TestBuildProgressOnATerminal(t *testing.T) {
	const korf2 = "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"
	t.Run("interrupted", func(t *testing.T) {
		for _, args := range [][]string{
			{"pdb", "build", "15puzzle", "--heuristic", "pdb555"},
			{"solve", "--goal", "blank-first", "--heuristic", "pdb555", korf2},
		} {
			t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
			ctx, cancel := context.WithCancel(context.Background())
			term := &cancelOn{text: "building pattern database 555a", cancel: cancel}
			status := run(ctx, terminalEnv(term), args)
			cancel()
			got := term.buf.String()
			if status != exitNotFound || !regexp.MustCompile(`\n(viz pdb build: interrupted; no partial file was left|viz solve: interrupted before the search)`).MatchString(got) {
				t.Errorf("viz %s, Ctrl-C during the build: status %d, want 1 and interrupted on its own line:\n%q", args[0], status, got)
			}
		}
	})
	for _, tc := range []struct {
		args []string
		line string // the search's progress line
	}{
		{[]string{"solve", "--goal", "blank-first", "--heuristic", "pdb555", korf2}, "iteration "},
		{[]string{"compare", "--heuristic", "pdb555", "--instances", "korf100:2-2"}, "compare: "},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			t.Setenv("IDAVIZ_CACHE_DIR", t.TempDir())
			term := &cancelOn{cancel: func() {}}
			if status := run(context.Background(), terminalEnv(term), tc.args); status != exitOK {
				t.Fatalf("status %d: %s", status, term.buf.String())
			}
			got := term.buf.String()
			first, last := strings.Index(got, "pattern database"), strings.LastIndex(got, "(524160/524160)")
			if first < 0 || last < first {
				t.Fatalf("no build shown:\n%q", got)
			}
			if strings.Contains(got[first:last], tc.line) {
				t.Errorf("the search's line %q takes turns with the build's bar:\n%q", tc.line, got[first:last])
			}
		})
	}
}
