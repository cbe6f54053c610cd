//go:build js

package eventloop

import (
	"runtime"
	"sync/atomic"
	"time"
)

const (
	// share is how long a computation runs before the session's other
	// goroutines get a turn: the writer sends the page a state at most
	// every 50 ms, so the page sees a search move smoothly.
	share = 10 * time.Millisecond
	// turn is how long it runs before the worker's event loop gets one:
	// the page's messages (pause, cancel) wait at most that long. A turn
	// costs a timer's round trip through the event loop (a browser makes
	// a nested timer wait 4 ms), so it is not taken more often.
	turn = 100 * time.Millisecond
)

var start = time.Now()

// lastShare and lastTurn are the times (since start) of the last of each.
var lastShare, lastTurn atomic.Int64

// Yield lets the other goroutines run when the computation has had its
// share, and the event loop when it has had its turn.
func Yield() {
	now := int64(time.Since(start))
	if now-lastShare.Load() < int64(share) {
		return
	}
	lastShare.Store(now)
	if now-lastTurn.Load() < int64(turn) {
		runtime.Gosched()
		return
	}
	lastTurn.Store(now)
	// A sleep leaves Go with nothing to run, so it hands the thread back
	// to the event loop until the timer fires (a shorter one could have
	// fired already when Go looks for work, and Go would not let go).
	time.Sleep(time.Millisecond)
}
