package web

import (
	"testing"
	"time"
)

// TestBrowserReidHugeAgainstReid runs reid and then reid-huge on the same
// 14-move scramble in the page, kept side by side. It reads both tables from
// the cache directory (building reid-huge's when missing: about 4 minutes on
// two cores, 1.7 GB of memory), so it runs only with IDAVIZ_TEST_REID_HUGE=1:
//
//	IDAVIZ_TEST_REID_HUGE=1 go test -run TestBrowserReidHugeAgainstReid ./web/
func TestBrowserReidHugeAgainstReid(t *testing.T) {
	compareRubikInPage(t, "IDAVIZ_TEST_REID_HUGE", "reid", "reid-huge", "L2 D R' B R D' R U F R U' D' F L2", 15*time.Minute, "reid-huge-vs-reid")
}
