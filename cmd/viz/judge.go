package main

import (
	"bufio"
	"context"
	"strings"

	"idaviz/puzzles"
)

func init() {
	register(&command{
		name:    "judge",
		usage:   "judge PROBLEM",
		summary: "answer an online-judge problem: its input on stdin, its exact output on stdout (" + strings.Join(puzzles.JudgeNames(), ", ") + ")",
		run:     runJudge,
	})
}

func runJudge(ctx context.Context, e *env, args []string) int {
	c := commands["judge"]
	fs := newFlags(e, c)
	if status, ok := parseFlags(e, fs, args); !ok {
		return status
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fail(e, "viz judge: expected one PROBLEM (%s)", strings.Join(puzzles.JudgeNames(), ", "))
	}
	j, err := puzzles.LookupJudge(fs.Arg(0))
	if err != nil {
		return fail(e, "viz judge: %v", err)
	}
	w := bufio.NewWriter(e.stdout)
	err = j.Run(bufio.NewReader(e.stdin), w)
	// What was answered before bad input is still written out.
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return fail(e, "viz judge %s: %v", j.Name, err)
	}
	return exitOK
}
