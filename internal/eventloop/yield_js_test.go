//go:build js && wasm

package eventloop

import (
	"sync/atomic"
	"syscall/js"
	"testing"
	"time"
)

// TestYieldLetsEventLoopRun: a loop that computes and calls Yield lets the
// JavaScript event loop run a callback (in a worker: a message from the
// page), which it could not while Go held the thread.
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" ./internal/eventloop
func TestYieldLetsEventLoopRun(t *testing.T) {
	var ran atomic.Bool
	cb := js.FuncOf(func(js.Value, []js.Value) any {
		ran.Store(true)
		return nil
	})
	defer cb.Release()
	js.Global().Call("setTimeout", cb, 0)
	deadline := time.Now().Add(10 * time.Second)
	for !ran.Load() {
		if time.Now().After(deadline) {
			t.Fatal("the event loop never ran while the loop yielded")
		}
		Yield()
	}
}
