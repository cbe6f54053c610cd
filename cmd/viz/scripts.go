package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"idaviz/internal/quote"
	"idaviz/lang"
	"idaviz/puzzles"
	"idaviz/puzzles/script"
	"idaviz/trace"
)

// scripts are the files written in Starlark that a command was given: a
// problem (--problem), and heuristic files (--heuristic FILE.star), each
// read and checked once.
type scripts struct {
	problemFile string
	problemSrc  []byte
	heuristics  map[string]*script.HeuristicFile // by the name given
	budget      script.Budget
}

// isScript reports whether a --heuristic names a file written in Starlark.
func isScript(name string) bool { return strings.HasSuffix(name, ".star") }

// newScripts reads --problem (when not "") and the heuristics that name
// files; print receives the scripts' print().
func newScripts(p *lang.Printer, problem string, heuristics []string, print io.Writer) (*scripts, error) {
	sc := &scripts{heuristics: map[string]*script.HeuristicFile{}, budget: script.Budget{Print: print}}
	if problem != "" {
		src, err := readScript(p, problem)
		if err != nil {
			return nil, err
		}
		// Load it now, so that its errors come before any search.
		if _, err := script.LoadProblem(problem, src, sc.budget); err != nil {
			return nil, err
		}
		sc.problemFile, sc.problemSrc = problem, src
	}
	for _, h := range heuristics {
		if !isScript(h) || sc.heuristics[h] != nil {
			continue
		}
		if problem != "" {
			return nil, fmt.Errorf("--heuristic %s: a problem's heuristics are in its file (choose one by name)", h)
		}
		src, err := readScript(p, h)
		if err != nil {
			return nil, err
		}
		f, err := script.LoadHeuristic(h, src, sc.budget)
		if err != nil {
			return nil, err
		}
		sc.heuristics[h] = f
	}
	return sc, nil
}

// readScript reads a script file, refusing one beyond what a script may be.
func readScript(p *lang.Printer, path string) ([]byte, error) {
	return readInput(p, path, 1<<20, p.T("cli.input.scriptlimit"))
}

// request resolves a puzzle (or the problem), a state and a heuristic (a
// built-in's name, a file, or a name in the problem's file).
func (sc *scripts) request(puzzle, state, heuristic, goal string) (*puzzles.Request, error) {
	switch {
	case sc != nil && sc.problemFile != "":
		if goal != "" {
			return nil, fmt.Errorf("a problem's goal is in its file; drop --goal %s", goal)
		}
		return puzzles.NewProblemRequest(sc.problemFile, sc.problemSrc, state, heuristic, sc.budget)
	case sc != nil && sc.heuristics[heuristic] != nil:
		return puzzles.NewScriptedRequest(puzzle, state, goal, sc.heuristics[heuristic])
	case isScript(heuristic):
		return nil, fmt.Errorf("--heuristic %s: the file was not read", heuristic)
	}
	return puzzles.NewRequest(puzzle, state, heuristic, goal)
}

// runScriptFlag is --run-script, of the commands that open traces.
func runScriptFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("run-script", false, "")
}

// scriptNotice says, before a trace is replayed or exported, that the
// script it carries will not run, and how to ask for it.
func scriptNotice(e *env, cmd string, info *trace.RunInfo) {
	if puzzles.RunCarriesScript(info) {
		fmt.Fprintf(e.stderr, "%s: %s\n", cmd, e.p.T("cli.script.notrun", lang.Args{"Script": quote.Shown(info.Options[puzzles.OptionProblem])}))
	}
}
