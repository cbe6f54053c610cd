//go:build js && wasm

// Command worker is idaviz's engine in the browser: viz site compiles it to
// WebAssembly, and the site's Web Worker (web/static/worker.js) runs it. It
// serves one tab's session (package web's, as viz serve's tabs have) over
// the worker's messages: the page's messages come in through
// viz.receive(text), and its replies and states go out through
// viz.post(text), a download through viz.file(name, type, bytes). Pattern
// databases built in the page are kept in its IndexedDB (viz.tables).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"syscall/js"

	"idaviz/lang"
	"idaviz/trace"
	"idaviz/web/fold"

	"idaviz/puzzles/pdb"
	"idaviz/web"
)

// inQueue bounds the page's messages waiting for the session: the page
// sends a few a second (a key held down, a few dozen).
const inQueue = 1024

func main() {
	// worker.js shares what the engine calls under one global.
	g := js.Global()
	viz := g.Get("viz")
	// The words of the engine's own errors, in the page's language at
	// start (the session's follow the page's switches).
	words := lang.New(viz.Get("lang").String())
	in := make(chan []byte, inQueue)
	post := func(b []byte) error {
		viz.Call("post", string(b))
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
			_ = post(errorJSON(words.T("server.worker-behind")))
		}
		return nil
	})
	defer receive.Release()
	viz.Set("receive", receive)
	port := web.Port{
		In:   in,
		Send: post,
		File: func(name, contentType string, body []byte) error {
			b := g.Get("Uint8Array").New(len(body))
			js.CopyBytesToJS(b, body)
			viz.Call("file", name, contentType, b)
			return nil
		},
		Files: siteFiles{base: viz.Get("static").String()},
	}
	if t := viz.Get("tables"); t.Truthy() {
		pdb.KeepIn(browserTables{store: t})
	}
	opt := web.Options{Lang: viz.Get("lang").String()}
	if t := viz.Get("trace"); t.Truthy() {
		// The page's ?trace=: a replay of it. One that cannot be read is
		// said on the page, and the tab serves searches as usual.
		b := make([]byte, t.Get("length").Int())
		js.CopyBytesToGo(b, t)
		rec, err := replay(b)
		if err != nil {
			_ = post(errorJSON(words.T("server.worker-trace", lang.Args{"Err": err.Error()})))
		} else {
			opt.Recording = rec
		}
	}
	viz.Call("ready")
	web.ServeTab(context.Background(), port, opt)
}

// errorJSON is the protocol's error message with text.
func errorJSON(text string) []byte {
	b, _ := json.Marshal(map[string]string{"type": "error", "message": text})
	return b
}

// replay reads a trace whole, as viz replay does one that fits in memory.
func replay(b []byte) (*fold.Recording, error) {
	rd, err := trace.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return fold.LoadRecording(rd, fold.DefaultMaxEvents)
}
