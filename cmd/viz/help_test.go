package main

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// subcommands are the commands with actions of their own, by command.
var subcommands = map[string][]string{"trace": {"info", "export"}, "pdb": {"build"}}

// TestHelpOfSubcommands: viz help CMD ACTION is ACTION's help, as viz CMD
// ACTION -h is; an action that is not one is a usage error.
func TestHelpOfSubcommands(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"help", "trace", "export"}, exitOK, "usage: viz trace export"},
		{[]string{"help", "trace", "info"}, exitOK, "usage: viz trace info"},
		{[]string{"help", "pdb", "build"}, exitOK, "usage: viz pdb build"},
		{[]string{"help", "trace", "frobnicate"}, exitUsage, `viz help: trace has no action "frobnicate" (its actions: info, export)`},
		{[]string{"help", "solve", "trace"}, exitUsage, "one command at a time"},
	} {
		status, out, errs := runViz(t, "", tc.args...)
		got := out
		if tc.status != exitOK {
			got = errs
		}
		if status != tc.status || !strings.Contains(got, tc.want) {
			t.Errorf("viz %s: status %d, stdout %.200q, stderr %.200q; want %d and %q", strings.Join(tc.args, " "), status, out, errs, tc.status, tc.want)
		}
	}
}

// singleDashFlag is a flag of two letters or more written -flag, which the
// help writes --flag, as the docs do (a one-letter flag is -o).
var singleDashFlag = regexp.MustCompile(`(^|[\s(\[|'"])-[a-z][a-z0-9]+(-[a-z0-9]+)*\b`)

// TestHelpWritesFlagsOneWay: every help page writes its flags --flag.
func TestHelpWritesFlagsOneWay(t *testing.T) {
	var pages [][]string
	for name := range commands {
		pages = append(pages, []string{"help", name})
		for _, sub := range subcommands[name] {
			pages = append(pages, []string{"help", name, sub})
		}
	}
	pages = append(pages, []string{"help"})
	sort.Slice(pages, func(i, j int) bool { return strings.Join(pages[i], " ") < strings.Join(pages[j], " ") })
	for _, args := range pages {
		status, out, errs := runViz(t, "", args...)
		if status != exitOK {
			t.Errorf("viz %s: status %d, stderr %q", strings.Join(args, " "), status, errs)
			continue
		}
		for i, line := range strings.Split(out, "\n") {
			if m := singleDashFlag.FindString(line); m != "" {
				t.Errorf("viz %s, line %d writes a flag %q, not --flag: %q", strings.Join(args, " "), i+1, strings.TrimSpace(m), line)
			}
		}
	}
}
