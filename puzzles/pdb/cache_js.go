//go:build js

package pdb

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"sync"
)

// In a browser (viz site's engine, compiled to WebAssembly) there are no
// files: the cache is the page's memory, for as long as the page is open,
// so a table built once serves every later search of the page, and one
// heuristic's tables serve another that reads them (pdb663 and pdb663r).
// A Keeper, when the engine's program gives one (the browser's IndexedDB),
// keeps them across visits too, in the file format: a table read back is
// checked as a file is (name, size, checksum), and rebuilt when it fails.

var memory struct {
	sync.Mutex
	tables map[string]*Table
	keeper Keeper
}

// Keeper keeps tables, by file name, across the page's visits.
type Keeper interface {
	// Get returns what Put kept under name (ok false: nothing).
	Get(name string) (b []byte, ok bool)
	// Put keeps b under name; it may fail quietly (a browser's private
	// mode, a quota): the table is then built again on the next visit.
	Put(name string, b []byte)
}

// KeepIn makes k keep the tables built from now on, and Load look there.
func KeepIn(k Keeper) {
	memory.Lock()
	defer memory.Unlock()
	memory.keeper = k
}

// errNoDir says there is no cache directory in a browser.
var errNoDir = errors.New("no cache directory in a browser: tables are kept in the page's memory")

// CacheDir has no answer in a browser.
func CacheDir() (string, error) { return "", errNoDir }

// FilePath names s's table in the page's memory.
func FilePath(s Spec) (string, error) { return "memory:" + s.file(), nil }

// Load returns s's table if this page built it, or the keeper has it,
// else fs.ErrNotExist.
func Load(s Spec) (*Table, error) {
	memory.Lock()
	t, ok := memory.tables[s.file()]
	k := memory.keeper
	memory.Unlock()
	if ok {
		if t.Name != s.Name || t.size != s.Size {
			return nil, ErrBadFile
		}
		return t, nil
	}
	if k == nil {
		return nil, fs.ErrNotExist
	}
	b, ok := k.Get(s.file())
	if !ok {
		return nil, fs.ErrNotExist
	}
	t, err := readTable(bytes.NewReader(b), s.Name, s.Size, s.Alloc)
	if err != nil {
		return nil, fmt.Errorf("%s kept by the browser: %w", s.file(), err)
	}
	keep(s, t)
	return t, nil
}

// CheckCache: the page's memory can always keep a table.
func CheckCache() error { return nil }

// Save keeps t for the page's later searches, and gives it to the keeper
// for later visits, in the background. A table is read-only once built, so
// the one copy is shared.
func Save(s Spec, t *Table) error {
	k := keep(s, t)
	if k == nil {
		return nil
	}
	var b bytes.Buffer
	b.Grow(int(t.size/2) + 64)
	if _, err := t.WriteTo(&b); err != nil {
		return err
	}
	go k.Put(s.file(), b.Bytes())
	return nil
}

// keep puts t in the page's memory and returns the keeper.
func keep(s Spec, t *Table) Keeper {
	memory.Lock()
	defer memory.Unlock()
	if memory.tables == nil {
		memory.tables = map[string]*Table{}
	}
	memory.tables[s.file()] = t
	return memory.keeper
}

// ReadCacheFile has no folder to read from in a browser: a small file the
// catalogue keeps (predictions) is computed again instead.
func ReadCacheFile(name string, limit int64) ([]byte, error) { return nil, errNoDir }

// WriteCacheFile keeps nothing in a browser; see ReadCacheFile.
func WriteCacheFile(name string, data []byte) error { return errNoDir }
