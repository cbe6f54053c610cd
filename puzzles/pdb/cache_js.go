//go:build js

package pdb

import (
	"errors"
	"io/fs"
	"sync"
)

// In a browser (viz site's engine, compiled to WebAssembly) there are no
// files: the cache is the page's memory, for as long as the page is open,
// so a table built once serves every later search of the page, and one
// heuristic's tables serve another that reads them (pdb663 and pdb663r).

var memory struct {
	sync.Mutex
	tables map[string]*Table
}

// errNoDir says there is no cache directory in a browser.
var errNoDir = errors.New("no cache directory in a browser: tables are kept in the page's memory")

// CacheDir has no answer in a browser.
func CacheDir() (string, error) { return "", errNoDir }

// FilePath names s's table in the page's memory.
func FilePath(s Spec) (string, error) { return "memory:" + s.file(), nil }

// Load returns s's table if this page built it, else fs.ErrNotExist.
func Load(s Spec) (*Table, error) {
	memory.Lock()
	defer memory.Unlock()
	t, ok := memory.tables[s.file()]
	if !ok {
		return nil, fs.ErrNotExist
	}
	if t.Name != s.Name || t.size != s.Size {
		return nil, ErrBadFile
	}
	return t, nil
}

// CheckCache: the page's memory can always keep a table.
func CheckCache() error { return nil }

// Save keeps t for the page's later searches. A table is read-only once
// built, so the one copy is shared.
func Save(s Spec, t *Table) error {
	memory.Lock()
	defer memory.Unlock()
	if memory.tables == nil {
		memory.tables = map[string]*Table{}
	}
	memory.tables[s.file()] = t
	return nil
}
