package tiles

import (
	"os"
	"testing"

	"idaviz/internal/testcache"
)

// TestMain gives the package's tests one temporary table cache: the tests
// that need pdb555's or pdb555d's tables build them once, not once a test.
func TestMain(m *testing.M) { os.Exit(testcache.Run("tiles-test-cache", m.Run)) }
