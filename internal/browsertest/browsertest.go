// Package browsertest finds the tools that the browser and rendering tests
// drive, and starts chromium the one way they and the screenshot tool do. A
// test that needs a tool skips where it is missing, so a fresh clone runs
// everything else, but fails under CI=true, where .ci/run installs them: a
// green CI must not hide a test that did not run.
package browsertest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// chromiums are the names a Chromium or Chrome goes by: $IDAVIZ_CHROMIUM
// first, then the usual names on PATH.
func chromiums() []string {
	return []string{os.Getenv("IDAVIZ_CHROMIUM"), "chromium", "chromium-browser", "google-chrome", "headless-shell"}
}

const noChromium = "no chromium found: install it (apt-get install chromium) or set IDAVIZ_CHROMIUM"

// Chromium returns the path of a Chromium or Chrome, or skips the test.
func Chromium(t testing.TB) string {
	t.Helper()
	return Tool(t, noChromium+" to run the browser test", chromiums()...)
}

// FindChromium returns the path of a Chromium or Chrome, for a program.
func FindChromium() (string, error) {
	if p := find(chromiums()); p != "" {
		return p, nil
	}
	return "", errors.New(noChromium)
}

// Options are chromium's flags for a page driven by a program: headless,
// quiet (no network of its own, no updates, no crash reports), with a
// fresh profile in profile and a window width x height. Chromium's home
// and temporary folder are in the profile too, so that it leaves nothing
// behind once the profile is removed.
func Options(chromium, profile string, width, height int) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Env("HOME="+profile, "TMPDIR="+profile, "XDG_CONFIG_HOME="+filepath.Join(profile, "config"),
			"XDG_CACHE_HOME="+filepath.Join(profile, "cache")),
		chromedp.Flag("disable-breakpad", true),
		chromedp.Flag("disable-crash-reporter", true),
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(width, height),
		// Chromium's headless windows still load the address bar's popup,
		// two WebUI pages a window that no test sees: about a CPU-second a
		// test, a quarter of chromium's work in web's browser tests
		// (docs/PERFORMANCE.md). The list replaces chromedp's default one,
		// whose two features come first.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
	)
}

func find(names []string) string {
	for _, name := range names {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Tool returns the path of the first of names found on PATH (empty names are
// passed over), or skips the test saying msg (fails it under CI=true).
func Tool(t testing.TB, msg string, names ...string) string {
	t.Helper()
	if p := find(names); p != "" {
		return p
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
	// A folder named for the first time is made, as .ci/run makes its own.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Errorf("keeping %s: %v", name, err)
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
