package eventloop

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestYieldLetsGoroutinesRun: a loop that computes and calls Yield lets a
// goroutine waiting on a timer run. Where Go is WebAssembly, without Yield
// the loop would hold the one thread and the timer would never be served.
func TestYieldLetsGoroutinesRun(t *testing.T) {
	var ran atomic.Bool
	go func() {
		time.Sleep(20 * time.Millisecond)
		ran.Store(true)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !ran.Load() {
		if time.Now().After(deadline) {
			t.Fatal("the goroutine never ran while the loop yielded")
		}
		Yield()
	}
}
