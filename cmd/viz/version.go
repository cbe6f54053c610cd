package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set by the release build (-ldflags "-X main.version=v1.2.3");
// a build from source reports its module version or VCS revision instead.
var version = ""

func init() {
	register(&command{
		name:    "version",
		usage:   "version",
		summary: "print viz's version, the Go it was built with, and the platform",
		examples: []string{
			"viz version                           # e.g. viz v0.1.0 (go1.26.8, linux/amd64)",
		},
		run: runVersion,
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
		return fail(e, "viz version: takes no arguments, got %q", fs.Arg(0))
	}
	fmt.Fprintf(e.stdout, "viz %s (%s, %s/%s)\n", buildVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

// buildVersion is the release's version, else what the Go toolchain stamped
// into the binary: the module version, or the commit it was built from.
func buildVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
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
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+modified"
	}
	return "devel " + rev
}
