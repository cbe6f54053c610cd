// Package testcache gives a test binary a pattern-database cache of its
// own: tests must not write to the user's cache, and a package whose tests
// run in parallel cannot set IDAVIZ_CACHE_DIR per test (t.Setenv refuses).
package testcache

import (
	"fmt"
	"os"
)

// Run runs the tests (run: a TestMain's m.Run, or what wraps it) with
// IDAVIZ_CACHE_DIR pointed at a new folder named after name, removed
// afterwards, and returns their exit code. When IDAVIZ_CACHE_DIR is
// already set (.ci/run's gated checks read the tables it built there), the
// tests use it as it is.
func Run(name string, run func() int) int {
	if os.Getenv("IDAVIZ_CACHE_DIR") != "" {
		return run()
	}
	dir, err := os.MkdirTemp("", name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	os.Setenv("IDAVIZ_CACHE_DIR", dir)
	return run()
}
