package web

import (
	"os"
	"testing"

	"idaviz/internal/browsertest"
)

// The browser tests share one chromium, each in a browser context of its
// own: starting one per test cost the package minutes on a loaded machine.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
