package main

import (
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
	// A judge buffers its own output, and answers case by case as the input
	// arrives: a writer or reader in between would hold the answers back.
	if err := j.Run(e.stdin, e.stdout); err != nil {
		return fail(e, "viz judge %s: %v", j.Name, err)
	}
	return exitOK
}
