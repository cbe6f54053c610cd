package main

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"idaviz/lang"
)

// runVizEnv is runViz in an environment (LANG and the like).
func runVizEnv(t testing.TB, environ map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return environ[k] }}
	status := run(context.Background(), e, args)
	return status, out.String(), errb.String()
}

// helpPages are the arguments of every help page: viz help, each command's
// and each action's.
func helpPages() [][]string {
	pages := [][]string{{"help"}}
	for name := range commands {
		pages = append(pages, []string{"help", name})
		for _, sub := range subcommands[name] {
			pages = append(pages, []string{"help", name, sub})
		}
	}
	sort.Slice(pages, func(i, j int) bool { return strings.Join(pages[i], " ") < strings.Join(pages[j], " ") })
	return pages
}

func hasCJK(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// englishWord is a word of English prose: three letters or more.
var englishWord = regexp.MustCompile(`\b[a-z]{3,}\b`)

// sentences are the lines of an English help page that are prose, not
// command lines (examples, usage lines) nor flag names: those the Chinese
// page must say in its own words.
func sentences(help string) []string {
	var ss []string
	for _, line := range strings.Split(help, "\n") {
		line = strings.TrimSpace(line)
		if strings.Contains(line, "viz ") || strings.HasPrefix(line, "-") && !strings.Contains(line, "  ") {
			continue
		}
		if len(englishWord.FindAllString(line, -1)) >= 4 {
			ss = append(ss, line)
		}
	}
	return ss
}

// flagNamed is a flag as the help names it: --name, or -o.
var flagNamed = regexp.MustCompile(`(?:^|[\s(\[|,'"：（；，、])(--[a-z][a-z0-9-]*|-o)\b`)

func flagsNamed(s string) []string {
	var fs []string
	for _, m := range flagNamed.FindAllStringSubmatch(s, -1) {
		fs = append(fs, m[1])
	}
	slices.Sort(fs)
	return slices.Compact(fs)
}

// TestHelpInChinese: every help page in Chinese is Chinese (none of the
// English page's sentences left in it) and names the same flags as the
// English one.
func TestHelpInChinese(t *testing.T) {
	for _, page := range helpPages() {
		name := strings.Join(page, " ")
		t.Run(name, func(t *testing.T) {
			status, en, errs := runViz(t, "", page...)
			if status != exitOK {
				t.Fatalf("viz %s: status %d, stderr %q", name, status, errs)
			}
			status, zh, errs := runViz(t, "", append([]string{"--lang", "zh-CN"}, page...)...)
			if status != exitOK {
				t.Fatalf("viz --lang zh-CN %s: status %d, stderr %q", name, status, errs)
			}
			if !hasCJK(zh) {
				t.Fatalf("viz --lang zh-CN %s has no Chinese:\n%s", name, zh)
			}
			ss := sentences(en)
			if len(ss) == 0 {
				t.Fatalf("viz %s: no sentence found in the English page:\n%s", name, en)
			}
			for _, s := range ss {
				if strings.Contains(zh, s) {
					t.Errorf("viz --lang zh-CN %s says in English %q", name, s)
				}
			}
			if fe, fz := flagsNamed(en), flagsNamed(zh); !slices.Equal(fe, fz) {
				t.Errorf("viz %s names the flags %v in English, %v in Chinese", name, fe, fz)
			}
		})
	}
}

// TestLanguageChoice: --lang, wherever it stands, beats the environment;
// in the environment LC_ALL beats LC_MESSAGES beats LANG; an unknown
// language is a usage error that names the choices.
func TestLanguageChoice(t *testing.T) {
	zhEnv := map[string]string{"LANG": "zh_CN.UTF-8"}
	for _, tc := range []struct {
		name    string
		environ map[string]string
		args    []string
		status  int
		chinese bool   // stderr (stdout for exit 0) is Chinese
		want    string // in it
	}{
		{"LANG, a usage error", zhEnv, []string{"solve", "--nosuch", "1 2 3 4 5 6 7 0 8"}, exitUsage, true, "没有选项 --nosuch"},
		{"LANG, an unknown command", zhEnv, []string{"frobnicate"}, exitUsage, true, `没有 "frobnicate" 这个命令`},
		{"LANG, a command's usage", zhEnv, []string{"solve"}, exitUsage, true, "viz solve [flags] STATE"},
		{"LANG, help", zhEnv, []string{"help", "solve"}, exitOK, true, "用法：viz solve"},
		{"LC_MESSAGES", map[string]string{"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, []string{"frobnicate"}, exitUsage, true, "这个命令"},
		{"LC_ALL=C beats LANG", map[string]string{"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, []string{"solve", "--nosuch", "x"}, exitUsage, false, "unknown flag --nosuch"},
		{"--lang beats LANG", zhEnv, []string{"--lang", "en", "solve", "--nosuch", "x"}, exitUsage, false, "unknown flag --nosuch"},
		{"--lang after the command", zhEnv, []string{"solve", "--nosuch", "x", "--lang=en"}, exitUsage, false, "unknown flag --nosuch"},
		{"--lang zh-CN in an English environment", map[string]string{"LANG": "en_US.UTF-8"}, []string{"solve", "--lang", "zh-CN", "--nosuch"}, exitUsage, true, "没有选项 --nosuch"},
		{"a POSIX locale as --lang", nil, []string{"--lang", "zh_CN.UTF-8", "help"}, exitOK, true, "命令："},
		{"--lang xx", nil, []string{"--lang", "xx", "help"}, exitUsage, false, "--lang xx: no such language (choose one of: en, zh-CN)"},
		{"--lang xx in Chinese", zhEnv, []string{"help", "--lang", "xx"}, exitUsage, true, "可选：en, zh-CN"},
		{"--lang with no language", nil, []string{"help", "--lang"}, exitUsage, false, "--lang needs a language"},
		{"after --, --lang is an argument", nil, []string{"trace", "info", "--", "--lang"}, exitUsage, false, "--lang"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errs := runVizEnv(t, tc.environ, tc.args...)
			got := errs
			if tc.status == exitOK {
				got = out
			}
			if status != tc.status || !strings.Contains(got, tc.want) || hasCJK(got) != tc.chinese {
				t.Errorf("viz %s (%v): status %d, stdout %q, stderr %q; want %d, %q, Chinese %v",
					strings.Join(tc.args, " "), tc.environ, status, out, errs, tc.status, tc.want, tc.chinese)
			}
		})
	}
}

// runTimes are what changes from one run to the next in a JSON output.
var runTimes = regexp.MustCompile(`"(seconds|nodesPerSecond|load_seconds|ebf)":[0-9.e+-]+`)

// TestJSONIsLanguageNeutral: what a program reads is the same bytes in
// every language.
func TestJSONIsLanguageNeutral(t *testing.T) {
	for _, args := range [][]string{
		{"check", "--puzzle", "8puzzle", "--heuristic", "manhattan", "--samples", "3", "--json"},
		{"solve", "--json", "8 6 7 2 5 4 3 0 1"},
		{"solve", "--json", "--max-nodes", "500", "--puzzle", "15puzzle", "--goal", "blank-first", korf1},
	} {
		var outs []string
		for _, environ := range []map[string]string{nil, {"LANG": "zh_CN.UTF-8"}, {"LANG": "en-XA"}} {
			_, out, errs := runVizEnv(t, environ, args...)
			if out == "" {
				t.Fatalf("viz %s (%v): no output, stderr %q", strings.Join(args, " "), environ, errs)
			}
			outs = append(outs, runTimes.ReplaceAllString(out, `"$1":0`))
		}
		if outs[0] != outs[1] || outs[0] != outs[2] {
			t.Errorf("viz %s: the JSON differs by language:\n%s\n%s\n%s", strings.Join(args, " "), outs[0], outs[1], outs[2])
		}
	}
}

// unmarked is what of s lies outside the pseudo-locale's marks ⟦…⟧,
// which nest (a message's value may be another message).
func unmarked(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '⟦':
			depth++
		case r == '⟧' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// prose is two English words in a row: a sentence's piece, which only a
// catalogued message may hold.
var prose = regexp.MustCompile(`[A-Za-z]{3,}[ ,.:;'()]+[A-Za-z]{3,}`)

// programName begins a message: the program that says it (viz solve: ...).
var programName = regexp.MustCompile(`^viz( [a-z]+)*: ?`)

// TestPseudoLocale: under the pseudo-locale every sentence the CLI writes
// for a person is marked, so none bypassed the catalogue: the help pages
// (but for the flags' names and the commands' names) and the usage
// errors.
func TestPseudoLocale(t *testing.T) {
	check := func(name, out string) {
		t.Helper()
		for _, line := range strings.Split(unmarked(out), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "-") {
				continue // a flag's name and its value's: --max-memory SIZE
			}
			if m := prose.FindString(programName.ReplaceAllString(line, "")); m != "" {
				t.Errorf("viz --lang en-XA %s writes %q outside the catalogue, in %q", name, m, line)
			}
		}
	}
	for _, page := range helpPages() {
		name := strings.Join(page, " ")
		status, out, errs := runViz(t, "", append([]string{"--lang", "en-XA"}, page...)...)
		if status != exitOK || !strings.Contains(out, "⟦") {
			t.Errorf("viz --lang en-XA %s: status %d, stdout %.100q, stderr %q", name, status, out, errs)
		}
		check(name, out)
	}
	for _, args := range [][]string{
		{"frobnicate"}, {"help", "frobnicate"}, {"help", "trace", "frobnicate"}, {"help", "solve", "trace"},
		{"solve"}, {"solve", "--nosuch", "x"}, {"solve", "--timeout", "5", "x"}, {"solve", "--workers", "x", "x"},
		{"solve", "--json=x", "x"}, {"solve", "1 2 3"}, {"solve", "--seed", "2", "1 2 3 4 5 6 7 8 0"},
		{"check"}, {"check", "--puzzle", "8puzzle"}, {"compare", "--algo", "dfs"}, {"compare", "x"},
		{"trace"}, {"trace", "export"}, {"trace", "info"}, {"pdb"}, {"pdb", "build"}, {"site"}, {"judge"},
		{"version", "x"}, {"bench", "x"}, {"replay"}, {"serve", "--max-tabs-per-client", "3"},
	} {
		status, _, errs := runViz(t, "", append([]string{"--lang", "en-XA"}, args...)...)
		name := strings.Join(args, " ")
		if status != exitUsage || !strings.Contains(errs, "⟦") {
			t.Errorf("viz --lang en-XA %s: status %d, stderr %q; want a marked usage error", name, status, errs)
		}
		check(name, errs)
	}
	// What the commands say of a run, on stdout and stderr.
	path := recordTrace(t, "run.trace")
	for _, args := range [][]string{
		{"solve", "8 6 7 2 5 4 3 0 1"},
		{"solve", "--max-nodes", "500", "--puzzle", "15puzzle", "--goal", "blank-first", korf1},
		{"solve", "--algo", "astar", "--puzzle", "grid", "--heuristic", "zero", "S../.../..G"},
		{"check", "--puzzle", "8puzzle", "--heuristic", "../../examples/heuristics/blank_too.star", "--against", "manhattan", "--samples", "3", "--walk", "6"},
		{"check", "--puzzle", "15puzzle", "--heuristic", "manhattan", "--samples", "2"},
		{"trace", "info", path},
	} {
		_, out, errs := runViz(t, "", append([]string{"--lang", "en-XA"}, args...)...)
		name := strings.Join(args, " ")
		if !strings.Contains(out, "⟦") {
			t.Errorf("viz --lang en-XA %s: stdout %q, stderr %q; want marked", name, out, errs)
		}
		check(name, out+errs)
	}
}

// TestPageURLSpeaksTheLanguage: the address viz prints asks the page for
// the command line's language, and keeps the token it carries.
func TestPageURLSpeaksTheLanguage(t *testing.T) {
	for _, tc := range []struct{ page, tag, want string }{
		{"http://127.0.0.1:8080/", "en", "http://127.0.0.1:8080/"},
		{"http://127.0.0.1:8080/", "zh-CN", "http://127.0.0.1:8080/?lang=zh-CN"},
		{"http://10.0.0.5:8080/?token=abc", "zh-CN", "http://10.0.0.5:8080/?lang=zh-CN&token=abc"},
		{"http://127.0.0.1:8080/", "en-XA", "http://127.0.0.1:8080/?lang=en-XA"},
	} {
		if got := pageURL(tc.page, tc.tag); got != tc.want {
			t.Errorf("pageURL(%q, %q) = %q, want %q", tc.page, tc.tag, got, tc.want)
		}
	}
}

// TestExamplesSameInEveryLanguage: a translation changes an example's
// comment, never its command line.
func TestExamplesSameInEveryLanguage(t *testing.T) {
	zh := lang.New(lang.Chinese)
	command := func(line string) string {
		c, _, _ := strings.Cut(line, "#")
		return strings.TrimSpace(c)
	}
	sets := map[string][2][]string{"tour": {tour(english), tour(zh)}}
	for name, c := range commands {
		sets[name] = [2][]string{c.examples(english), c.examples(zh)}
	}
	for name, s := range sets {
		if len(s[0]) != len(s[1]) {
			t.Errorf("%s: %d examples in English, %d in Chinese", name, len(s[0]), len(s[1]))
			continue
		}
		for i := range s[0] {
			if command(s[0][i]) != command(s[1][i]) {
				t.Errorf("%s, example %d: English %q, Chinese %q", name, i+1, command(s[0][i]), command(s[1][i]))
			}
		}
	}
}
