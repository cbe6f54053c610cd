package main

import (
	"errors"
	"flag"
	"slices"
	"sort"
	"strings"

	"idaviz/lang"
)

// The rule of every command: a flag that the others make meaningless is
// refused (exit 2, naming it), never ignored silently. Only flags given on
// the command line count, so defaults never conflict.

// flagsGiven is the flags set on the command line, by name, with their
// values.
type flagsGiven map[string]string

func given(fs *flag.FlagSet) flagsGiven {
	set := flagsGiven{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = f.Value.String() })
	return set
}

func (g flagsGiven) has(name string) bool {
	_, ok := g[name]
	return ok
}

// among is those of names given, as "--name", in the order of names.
func (g flagsGiven) among(names []string) []string {
	var out []string
	for _, f := range names {
		if g.has(f) {
			out = append(out, "--"+f)
		}
	}
	return out
}

// solveConflicts refuses flags of viz solve that the others, or the STATE,
// make meaningless.
func solveConflicts(p *lang.Printer, fs *flag.FlagSet, state string) error {
	set := given(fs)
	astar := set["algo"] == "astar"
	switch {
	case set.has("problem") && set.has("puzzle"):
		return errors.New(p.T("cli.conflict.problempuzzle"))
	case set.has("problem") && set.has("goal"):
		return errors.New(p.T("cli.conflict.problemgoal"))
	case set.has("trace-level") && !set.has("trace"):
		return errors.New(p.T("cli.conflict.tracelevel"))
	case astar && set.has("workers") && set["workers"] != "1":
		return errors.New(p.T("cli.conflict.workersastar", lang.Args{"Workers": set["workers"]}))
	case set.has("max-memory") && !astar:
		return errors.New(p.T("cli.conflict.memory"))
	case set.has("seed") && strings.TrimSpace(state) != "random":
		return errors.New(p.T("cli.conflict.seedstate", lang.Args{"Seed": set["seed"]}))
	}
	return nil
}

// serveOnly are the flags of serve and replay that shape the server.
var serveOnly = []string{"addr", "allow-remote", "max-searches", "max-tabs-per-client", "max-memory", "remote-bookmarks", "class", "max-followers", "class-url"}

// serveConflicts refuses flags of viz serve and viz replay that mean
// nothing with the others: the server's, when replay --export serves
// nothing; a limit on remote clients, when there are none.
func serveConflicts(p *lang.Printer, fs *flag.FlagSet) error {
	set := given(fs)
	if set.has("export") {
		if named := set.among(serveOnly); len(named) > 0 {
			sort.Strings(named)
			return errors.New(p.T("cli.conflict.export", lang.Args{"Flags": strings.Join(named, ", ")}))
		}
	}
	if set.has("max-tabs-per-client") && set["allow-remote"] != "true" {
		return errors.New(p.T("cli.conflict.maxtabs"))
	}
	if (set.has("max-followers") || set.has("class-url")) && set["class"] != "true" {
		return errors.New(p.T("cli.conflict.class"))
	}
	if set.has("remote-bookmarks") && set["allow-remote"] != "true" {
		return errors.New(p.T("cli.conflict.remotebookmarks"))
	}
	return nil
}

// compareConflicts refuses flags of viz compare that the others, or the
// instances, make meaningless.
func compareConflicts(p *lang.Printer, fs *flag.FlagSet, sp instanceSpec) error {
	set := given(fs)
	switch {
	case set.has("seed") && (sp.kind == "file" || sp.kind == "set"):
		return errors.New(p.T("cli.conflict.seedinstances", lang.Args{"Seed": set["seed"], "Instances": set["instances"]}))
	case set.has("max-memory") && !slices.Contains(splitList(set["algo"]), "astar"):
		return errors.New(p.T("cli.conflict.comparememory"))
	case set.has("chart-instance") && !set.has("html"):
		return errors.New(p.T("cli.conflict.chart"))
	}
	return nil
}

// chartInstance refuses a --chart-instance that is none of the instances.
func chartInstance(p *lang.Printer, fs *flag.FlagSet, n int, insts []instance) error {
	if !given(fs).has("chart-instance") {
		return nil
	}
	for _, in := range insts {
		if in.number == n {
			return nil
		}
	}
	return errors.New(p.T("cli.conflict.chartnone", lang.Args{"Instance": n, "First": insts[0].number, "Last": insts[len(insts)-1].number}))
}

// mergeConflicts refuses, with --merge, the flags that say what to search.
func mergeConflicts(p *lang.Printer, fs *flag.FlagSet) error {
	if named := given(fs).among(searchFlags); len(named) > 0 {
		return errors.New(p.N("cli.conflict.merge", len(named), lang.Args{"Flags": strings.Join(named, ", ")}))
	}
	return nil
}

// shardConflicts refuses, with --shard, the outputs that only the merge
// of every shard can make.
func shardConflicts(p *lang.Printer, fs *flag.FlagSet) error {
	set := given(fs)
	switch {
	case !set.has("shard"):
		return nil
	case set.has("html"):
		return errors.New(p.T("cli.conflict.shardhtml"))
	case set["csv"] == "-":
		return errors.New(p.T("cli.conflict.shardcsv"))
	}
	return nil
}
