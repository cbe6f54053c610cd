package atomicfile

import (
	"errors"
	"io/fs"
	"os"
)

// Stamp tells one version of a file from another: its identity (device and
// inode), size and modification time. A file rewritten in place changes
// its size or time; one replaced by a rename, its identity. The zero Stamp
// stands for no file.
type Stamp struct {
	fi fs.FileInfo
}

// StampOf is the stamp of the file at path now (the zero Stamp when there
// is none), through symbolic links.
func StampOf(path string) (Stamp, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stamp{}, nil
	}
	if err != nil {
		return Stamp{}, err
	}
	return Stamp{fi: fi}, nil
}

// StampFile is the stamp of an open file.
func StampFile(f *os.File) (Stamp, error) {
	fi, err := f.Stat()
	if err != nil {
		return Stamp{}, err
	}
	return Stamp{fi: fi}, nil
}

// Exists reports whether s stands for a file.
func (s Stamp) Exists() bool { return s.fi != nil }

// Same reports whether s and t stand for the same version of a file (or
// both for none).
func (s Stamp) Same(t Stamp) bool {
	if s.fi == nil || t.fi == nil {
		return s.fi == nil && t.fi == nil
	}
	return os.SameFile(s.fi, t.fi) && s.fi.Size() == t.fi.Size() && s.fi.ModTime().Equal(t.fi.ModTime())
}
