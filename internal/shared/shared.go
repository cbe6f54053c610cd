// Package shared finds the project's shared folder (judge samples, Korf's
// instances, seed documents), which lives beside the repository: ../shared
// from the module root, on a developer's machine and in CI alike.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the shared folder's path. When it cannot be found the test is
// skipped, except under CI=true, where that is a failure.
func Dir(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			s := filepath.Join(dir, "..", "shared")
			if _, err := os.Stat(filepath.Join(s, "judge")); err == nil {
				return s
			}
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("the shared folder (../shared beside the repository) is missing")
	}
	t.Skip("the shared folder (../shared beside the repository) is missing; skipping")
	return ""
}

// Path joins elements onto Dir.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	return filepath.Join(append([]string{Dir(t)}, elem...)...)
}
