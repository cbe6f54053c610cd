package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outputFlags are the flags whose value is a file a command writes.
var outputFlags = map[string]bool{"--trace": true, "-o": true, "--html": true, "--csv": true, "--export": true}

// TestReadmeNamesFilesThatExist: every file a command line of the README
// (or of viz help's examples) reads is in the repository, or written by a
// command line before it: a new user can type the tour as it stands.
func TestReadmeNamesFilesThatExist(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	inCode := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			lines = append(lines, line)
		}
	}
	// Inline commands: `viz ...` and `go run ...` in the text.
	for _, m := range regexp.MustCompile("`((?:viz|go run) [^`]+)`").FindAllStringSubmatch(string(b), -1) {
		lines = append(lines, m[1])
	}
	var help []string
	for _, c := range commands {
		help = append(help, c.examples(english)...)
	}
	help = append(help, tour(english)...)
	// The help's examples are read in no order: what any writes counts.
	written := map[string]bool{}
	for _, line := range help {
		filesRead(line, written)
	}
	for f := range usersOwn {
		written[f] = true
	}
	helpWritten := written
	written = map[string]bool{}
	checked := 0
	for _, set := range []struct {
		name  string
		lines []string
	}{{"README.md", lines}, {"viz help's examples", help}} {
		if set.name != "README.md" {
			written = helpWritten
		}
		for _, line := range set.lines {
			for _, f := range filesRead(line, written) {
				checked++
				if _, err := os.Stat(filepath.Join("../..", filepath.FromSlash(f))); err != nil {
					t.Errorf("%s: %q names %s, which is not in the repository", set.name, strings.TrimSpace(line), f)
				}
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d files checked: the README's commands were not read", checked)
	}
}

// usersOwn are the files the help's examples show as the user's own: an
// instances file, a trace cut short.
var usersOwn = map[string]bool{"states.txt": true, "cut.trace": true}

// filesRead lists the files a command line reads (@FILE, < FILE, a path
// with a folder in it, a trace given to replay or trace), leaving out
// those written by an earlier line, which it adds to written.
func filesRead(line string, written map[string]bool) []string {
	if i := strings.Index(line, "#"); i >= 0 && !strings.Contains(line[:i], `"`) {
		line = line[:i]
	}
	fields := strings.Fields(strings.ReplaceAll(line, `\`, " "))
	if len(fields) == 0 || (fields[0] != "viz" && fields[0] != "go" && fields[0] != "echo" && fields[0] != "IDAVIZ_CACHE_DIR=/tmp/pdb") {
		return nil
	}
	var out []string
	for i, f := range fields {
		if strings.HasSuffix(f, "/...") {
			continue // a package pattern
		}
		prev := ""
		if i > 0 {
			prev = fields[i-1]
		}
		switch {
		case outputFlags[prev] || prev == ">":
			written[f] = true
		case prev == "<":
			out = append(out, f)
		case strings.HasPrefix(f, "@") && len(f) > 1:
			out = append(out, f[1:])
		case strings.HasPrefix(f, "-") || strings.Contains(f, "://") || strings.HasPrefix(f, `"`) || strings.HasPrefix(f, "'"):
		case strings.Contains(f, ","):
			// A list (--heuristic manhattan,FILE.star): its paths.
			for _, p := range strings.Split(f, ",") {
				if strings.Contains(p, "/") {
					out = append(out, p)
				}
			}
		case strings.HasPrefix(f, "./") || strings.HasPrefix(f, "examples/") || strings.HasPrefix(f, "cmd/") || strings.HasPrefix(f, "docs/"):
			out = append(out, f)
		case strings.HasSuffix(f, ".trace") || strings.HasSuffix(f, ".star") || strings.HasSuffix(f, ".txt"):
			if !written[f] {
				out = append(out, f)
			}
		}
	}
	return out
}

// TestReadmeSaysWhatANewUserTripsOn: the README stays short, says how to
// install the accessibility tests' axe-core where it gives the test
// command, and warns of the tour's one long command.
func TestReadmeSaysWhatANewUserTripsOn(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if n := strings.Count(readme, "\n"); n > 200 {
		t.Errorf("README.md has %d lines, more than 200", n)
	}
	for _, want := range []string{
		"go test ./...             # the tests (first, once: (cd web/testdata/axe && npm ci))",
		"--heuristic pdb78r --html korf.html\n    # the first run builds pdb78r's tables",
	} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
}
