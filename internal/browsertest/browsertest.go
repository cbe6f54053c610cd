// Package browsertest finds the tools that the browser and rendering tests
// drive. A test that needs one skips where it is missing, so a fresh clone
// runs everything else, but fails under CI=true, where .ci/run installs them:
// a green CI must not hide a test that did not run.
package browsertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Chromium returns the path of a Chromium or Chrome: $IDAVIZ_CHROMIUM first,
// then the usual names on PATH.
func Chromium(t testing.TB) string {
	t.Helper()
	return Tool(t, "no chromium found: install it (apt-get install chromium) or set IDAVIZ_CHROMIUM to run the browser test",
		os.Getenv("IDAVIZ_CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "headless-shell")
}

// Tool returns the path of the first of names found on PATH (empty names are
// passed over), or skips the test saying msg (fails it under CI=true).
func Tool(t testing.TB, msg string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// Keep writes a test's artefact (a screenshot, an exported file) as
// idaviz-NAME into $IDAVIZ_ARTIFACTS, when it is set, and says where;
// without it a test writes nothing.
func Keep(t testing.TB, name string, data []byte) {
	t.Helper()
	dir := os.Getenv("IDAVIZ_ARTIFACTS")
	if dir == "" {
		return
	}
	path := filepath.Join(dir, "idaviz-"+name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Errorf("keeping %s: %v", name, err)
		return
	}
	t.Logf("kept %s", path)
}

// Keeping reports whether artefacts are kept ($IDAVIZ_ARTIFACTS is set), so
// that a test makes none (a screenshot resizes the page) when they are not.
func Keeping() bool { return os.Getenv("IDAVIZ_ARTIFACTS") != "" }
