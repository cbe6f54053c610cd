//go:build js && wasm

// Command worker is idaviz's engine in the browser: viz site compiles it to
// WebAssembly, and the site's Web Worker (web/static/worker.js) runs it. It
// serves one tab's session (package web's, as viz serve's tabs have) over
// the worker's messages: the page's messages come in through
// vizReceive(text), and its replies and states go out through
// vizPost(text), a download through vizFile(name, type, bytes). Pattern
// databases built in the page are kept in its IndexedDB (vizTables).
package main

import (
	"context"
	"syscall/js"

	"idaviz/puzzles/pdb"
	"idaviz/web"
)

// inQueue bounds the page's messages waiting for the session: the page
// sends a few a second (a key held down, a few dozen).
const inQueue = 1024

func main() {
	g := js.Global()
	in := make(chan []byte, inQueue)
	post := func(b []byte) error {
		g.Call("vizPost", string(b))
		return nil
	}
	// A JavaScript callback must not block: the message is queued, and the
	// session reads the queue in its own goroutine.
	receive := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return nil
		}
		select {
		case in <- []byte(args[0].String()):
		default:
			_ = post([]byte(`{"type":"error","message":"too many messages at once: the engine is behind"}`))
		}
		return nil
	})
	defer receive.Release()
	g.Set("vizReceive", receive)
	port := web.Port{
		In:   in,
		Send: post,
		File: func(name, contentType string, body []byte) error {
			b := g.Get("Uint8Array").New(len(body))
			js.CopyBytesToJS(b, body)
			g.Call("vizFile", name, contentType, b)
			return nil
		},
		Files: siteFiles{base: g.Get("vizStatic").String()},
	}
	if t := g.Get("vizTables"); t.Truthy() {
		pdb.KeepIn(browserTables{store: t})
	}
	g.Call("vizReady")
	web.ServeTab(context.Background(), port, web.Options{})
}
