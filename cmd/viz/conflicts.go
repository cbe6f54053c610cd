package main

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"
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
func solveConflicts(fs *flag.FlagSet, state string) error {
	set := given(fs)
	astar := set["algo"] == "astar"
	switch {
	case set.has("problem") && set.has("puzzle"):
		return fmt.Errorf("--problem is the problem to solve; drop --puzzle")
	case set.has("problem") && set.has("goal"):
		return fmt.Errorf("a problem's goal is in its file; drop --goal")
	case set.has("trace-level") && !set.has("trace"):
		return fmt.Errorf("--trace-level says what --trace records, and there is no --trace")
	case astar && set.has("workers") && set["workers"] != "1":
		return fmt.Errorf("--workers %s splits IDA*'s tree; A* (--algo astar) runs on one", set["workers"])
	case set.has("max-memory") && !astar:
		return fmt.Errorf("--max-memory bounds A* (--algo astar); IDA* needs none")
	case set.has("seed") && strings.TrimSpace(state) != "random":
		return fmt.Errorf("--seed %s is the seed of STATE random, and the STATE is not random", set["seed"])
	}
	return nil
}

// serveOnly are the flags of serve and replay that shape the server.
var serveOnly = []string{"addr", "allow-remote", "max-searches", "max-tabs-per-client", "max-memory", "remote-bookmarks", "class", "max-followers", "class-url"}

// serveConflicts refuses flags of viz serve and viz replay that mean
// nothing with the others: the server's, when replay --export serves
// nothing; a limit on remote clients, when there are none.
func serveConflicts(fs *flag.FlagSet) error {
	set := given(fs)
	if set.has("export") {
		if named := set.among(serveOnly); len(named) > 0 {
			sort.Strings(named)
			return fmt.Errorf("%s: --export writes a file and serves nothing", strings.Join(named, ", "))
		}
	}
	if set.has("max-tabs-per-client") && set["allow-remote"] != "true" {
		return fmt.Errorf("--max-tabs-per-client limits clients on other machines, which only --allow-remote lets in")
	}
	if (set.has("max-followers") || set.has("class-url")) && set["class"] != "true" {
		return fmt.Errorf("--max-followers and --class-url shape a class, which only --class starts")
	}
	if set.has("remote-bookmarks") && set["allow-remote"] != "true" {
		return fmt.Errorf("--remote-bookmarks lets tabs on other machines save, which only --allow-remote lets in")
	}
	return nil
}

// compareConflicts refuses flags of viz compare that the others, or the
// instances, make meaningless.
func compareConflicts(fs *flag.FlagSet, sp instanceSpec) error {
	set := given(fs)
	switch {
	case set.has("seed") && (sp.kind == "file" || sp.kind == "set"):
		return fmt.Errorf("--seed %s draws random instances, and --instances %s names them", set["seed"], set["instances"])
	case set.has("max-memory") && !slices.Contains(splitList(set["algo"]), "astar"):
		return fmt.Errorf("--max-memory bounds A* (--algo astar, or ida,astar); IDA* needs none")
	case set.has("chart-instance") && !set.has("html"):
		return fmt.Errorf("--chart-instance picks the instance the --html report draws, and there is no --html")
	}
	return nil
}

// chartInstance refuses a --chart-instance that is none of the instances.
func chartInstance(fs *flag.FlagSet, n int, insts []instance) error {
	if !given(fs).has("chart-instance") {
		return nil
	}
	for _, in := range insts {
		if in.number == n {
			return nil
		}
	}
	return fmt.Errorf("--chart-instance %d: no such instance (they are numbered %d to %d)", n, insts[0].number, insts[len(insts)-1].number)
}

// mergeConflicts refuses, with --merge, the flags that say what to search.
func mergeConflicts(fs *flag.FlagSet) error {
	if named := given(fs).among(searchFlags); len(named) > 0 {
		return fmt.Errorf("%s: --merge takes what was searched, and how, from the shards; drop %s", strings.Join(named, ", "), map[bool]string{true: "it", false: "them"}[len(named) == 1])
	}
	return nil
}

// shardConflicts refuses, with --shard, the outputs that only the merge
// of every shard can make.
func shardConflicts(fs *flag.FlagSet) error {
	set := given(fs)
	switch {
	case !set.has("shard"):
		return nil
	case set.has("html"):
		return fmt.Errorf("--html: a shard holds a slice of the runs; write the report with viz compare --merge SHARD.json... --html FILE")
	case set["csv"] == "-":
		return fmt.Errorf("--csv -: a shard writes its JSON on stdout; give --csv a file")
	}
	return nil
}
