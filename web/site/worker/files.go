//go:build js && wasm

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"syscall/js"
	"time"
)

// siteFiles are the page's files as the site serves them (static/, where
// the worker itself was loaded from): a run's export carries them, and the
// engine need not carry a second copy (echarts alone is a megabyte).
type siteFiles struct{ base string }

// Open fetches name. It blocks its goroutine (an export's, never a
// JavaScript callback) until the answer comes.
func (f siteFiles) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	resp, err := await(js.Global().Call("fetch", f.base+name))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if !resp.Get("ok").Bool() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("the site answers %d", resp.Get("status").Int())}
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	b := make([]byte, buf.Get("byteLength").Int())
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(buf))
	return &file{name: name, Reader: bytes.NewReader(b), size: int64(len(b))}, nil
}

// await waits for a promise.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{v: args[0]}
		return nil
	})
	defer ok.Release()
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		return nil
	})
	defer fail.Release()
	p.Call("then", ok, fail)
	r := <-done
	return r.v, r.err
}

// file is a fetched file.
type file struct {
	name string
	*bytes.Reader
	size int64
}

func (f *file) Stat() (fs.FileInfo, error) { return f, nil }
func (f *file) Close() error               { return nil }
func (f *file) Name() string               { return f.name }
func (f *file) Size() int64                { return f.size }
func (f *file) Mode() fs.FileMode          { return 0o444 }
func (f *file) ModTime() time.Time         { return time.Time{} }
func (f *file) IsDir() bool                { return false }
func (f *file) Sys() any                   { return nil }
