//go:build !js

package pdb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"idaviz/internal/atomicfile"
)

// The cache of tables is a directory of files, one a table, in the file
// format of store.go. (In a browser, where there are no files, it is the
// process's memory: cache_js.go.)

// CacheDir is where pattern databases are stored: $IDAVIZ_CACHE_DIR/pdb when
// that is set, else os.UserCacheDir()/idaviz/pdb.
func CacheDir() (string, error) {
	if d := os.Getenv("IDAVIZ_CACHE_DIR"); d != "" {
		return filepath.Join(d, "pdb"), nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for pattern databases (set IDAVIZ_CACHE_DIR): %w", err)
	}
	return filepath.Join(d, "idaviz", "pdb"), nil
}

// FilePath is the file that holds s's table.
func FilePath(s Spec) (string, error) {
	d, err := CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, s.file()), nil
}

// Load reads s's table from the cache directory.
func Load(s Spec) (*Table, error) {
	path, err := FilePath(s)
	if err != nil {
		return nil, err
	}
	f, err := atomicfile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := readTable(f, s.Name, s.Size, s.Alloc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// CheckCache reports whether a table can be saved in the cache directory,
// by creating the directory and a file in it; it is asked before a build so
// that minutes of work are not thrown away at the end.
func CheckCache() error {
	dir, err := CacheDir()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrCacheUnusable, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%w: %w (set IDAVIZ_CACHE_DIR to a writable folder)", ErrCacheUnusable, err)
	}
	f, err := os.CreateTemp(dir, ".write-check*")
	if err != nil {
		return fmt.Errorf("%w: %w (set IDAVIZ_CACHE_DIR to a writable folder)", ErrCacheUnusable, err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// Save writes t to s's file in the cache directory, through a temporary file
// renamed into place, so that a reader never sees half a file.
func Save(s Spec, t *Table) error {
	path, err := FilePath(s)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("saving pattern database %q: %w: %w", s.Name, ErrCacheUnusable, err)
	}
	err = atomicfile.Write(path, func(w io.Writer) error {
		_, err := t.WriteTo(w)
		return err
	})
	if errors.Is(err, ErrNotRegular) {
		return fmt.Errorf("saving pattern database %q: %w; remove it", s.Name, err)
	}
	if err != nil {
		return fmt.Errorf("saving pattern database %q: %w", s.Name, err)
	}
	return nil
}

// ReadCacheFile reads a small file of the cache directory that is not a
// table (the catalogue keeps predictions there): a regular file of at most
// limit bytes.
func ReadCacheFile(name string, limit int64) ([]byte, error) {
	dir, err := CacheDir()
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, name)
	f, err := atomicfile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: %w: more than %d bytes", path, ErrBadFile, limit)
	}
	return b, nil
}

// WriteCacheFile writes a small file in the cache directory, through a
// temporary file renamed into place, so that a reader never sees half of it.
func WriteCacheFile(name string, data []byte) error {
	dir, err := CacheDir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%w: %w", ErrCacheUnusable, err)
	}
	return atomicfile.Write(filepath.Join(dir, name), func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
