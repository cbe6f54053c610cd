package testcache

import (
	"os"
	"testing"
)

func TestRun(t *testing.T) {
	t.Setenv("IDAVIZ_CACHE_DIR", "")
	os.Unsetenv("IDAVIZ_CACHE_DIR")
	var seen string
	if code := Run("testcache-test", func() int {
		seen = os.Getenv("IDAVIZ_CACHE_DIR")
		if fi, err := os.Stat(seen); err != nil || !fi.IsDir() {
			t.Errorf("the cache folder %q: %v", seen, err)
		}
		return 3
	}); code != 3 {
		t.Errorf("Run returned %d, want the tests' 3", code)
	}
	if seen == "" {
		t.Fatal("no cache folder was set")
	}
	if _, err := os.Stat(seen); !os.IsNotExist(err) {
		t.Errorf("the cache folder %s is left behind (%v)", seen, err)
	}

	os.Setenv("IDAVIZ_CACHE_DIR", "/given")
	Run("testcache-test", func() int { seen = os.Getenv("IDAVIZ_CACHE_DIR"); return 0 })
	if seen != "/given" {
		t.Errorf("a cache folder already named was replaced by %s", seen)
	}
}
