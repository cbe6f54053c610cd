package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"

	"idaviz/engine"
	"idaviz/lang"
)

func init() {
	register(&command{
		name:  "version",
		usage: "version",
		args:  lang.Args{"Version": engine.Version},
		run:   runVersion,
	})
}

func runVersion(ctx context.Context, e *env, args []string) int {
	c := commands["version"]
	fs := newFlags(e, c)
	if status, ok := parseFlags(e, fs, args); !ok {
		return status
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return fail(e, "viz version: %s", e.p.T("cli.version.args", lang.Args{"Arg": strconv.Quote(fs.Arg(0))}))
	}
	built := append(commit(), runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
	fmt.Fprintf(e.stdout, "viz %s (%s)\n", engine.Version, strings.Join(built, ", "))
	return exitOK
}

// commit is the commit the Go toolchain stamped into the binary ("commit
// 855029c1ab3e", "+modified" when the tree had changes), or nothing. The
// version itself is engine.Version, the one place it is written.
func commit() []string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return nil
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+modified"
	}
	return []string{"commit " + rev}
}
