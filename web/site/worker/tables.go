//go:build js && wasm

package main

import (
	"syscall/js"
)

// browserTables keeps pattern databases across visits in the browser's
// IndexedDB (worker.js's viz.tables): a cube's korf tables take a minute to
// build in a page, and a second visit reads them in a moment.
type browserTables struct{ store js.Value }

func (k browserTables) Get(name string) ([]byte, bool) {
	v, err := await(k.store.Call("get", name))
	if err != nil || v.IsNull() || v.IsUndefined() {
		return nil, false
	}
	b := make([]byte, v.Get("byteLength").Int())
	js.CopyBytesToGo(b, v)
	return b, true
}

func (k browserTables) Put(name string, b []byte) {
	v := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(v, b)
	_, _ = await(k.store.Call("put", name, v))
}
