package main

import (
	"context"
	"strings"

	"idaviz/lang"
	"idaviz/puzzles"
)

func init() {
	register(&command{
		name:  "judge",
		usage: "judge PROBLEM",
		args:  lang.Args{"Problems": strings.Join(puzzles.JudgeNames(), ", ")},
		run:   runJudge,
	})
}

func runJudge(ctx context.Context, e *env, args []string) int {
	c := commands["judge"]
	fs := newFlags(e, c)
	args, status, ok := parseArgs(e, fs, args)
	if !ok {
		return status
	}
	if len(args) != 1 {
		return usageError(e, c, "%s", e.p.N("cli.judge.args", len(args), lang.Args{"Problems": strings.Join(puzzles.JudgeNames(), ", ")}))
	}
	j, err := puzzles.LookupJudge(args[0])
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
