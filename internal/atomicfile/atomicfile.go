// Package atomicfile is the one rule for every file viz writes (traces,
// exports, reports, lecture sidecars, pattern databases), and for the side
// files it reads:
//
//   - A file is written whole or not at all: through a temporary file in the
//     same folder, renamed into place once written and synced. A reader never
//     sees half a file; a failed write leaves the old file (or none).
//   - Only a regular file is replaced: a symbolic link, a FIFO or a folder
//     at the path is refused, so a write never lands somewhere else, blocks
//     or surprises.
//   - A new file is made to be shared: mode 0644 under the umask, as
//     os.Create would leave it for the owner to read and write and others to
//     read. A file rewritten keeps the mode it had.
//   - The temporaries of a writer that was killed (kill -9, a power cut) are
//     removed by the next write of the same file; a writer at work holds a
//     lock on its temporary, so that one is never taken for stale.
//   - Optionally, the file replaced is kept as FILE.bak, and a write is
//     refused when the file changed since its Stamp was taken (two editors of
//     one file do not lose each other's work silently).
//   - A side file is read only when it is a regular file (OpenRegular): a
//     FIFO in its place would block the reader for ever.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// NewFileMode is the mode of a new file before the umask.
const NewFileMode = 0o644

// ErrNotRegular is wrapped by the refusal to write over, or read, a path
// that holds something other than a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrChanged is wrapped by the refusal of a write whose Options.Unchanged
// no longer describes the file at the path.
var ErrChanged = errors.New("the file changed since it was read")

// Options are what a write may ask beyond the rule.
type Options struct {
	// Backup keeps the file replaced, when there is one, as PATH.bak.
	Backup bool
	// Unchanged, when set, is the stamp of the file as the writer read it
	// (the zero Stamp: there was none); the write is refused with
	// ErrChanged if the path holds anything else when it would be replaced.
	Unchanged *Stamp
}

// File is a file being written: a temporary file beside its path, which
// Commit renames into place and Abort removes.
type File struct {
	path string
	opt  Options
	tmp  *os.File
	bw   *bufio.Writer
	mode fs.FileMode // the mode to give it: the replaced file's, else 0 (as created)
	done bool
	// stamp is the new file's, once committed.
	stamp Stamp
}

// Create starts writing path under the rule.
func Create(path string) (*File, error) { return Options{}.Create(path) }

// Write writes path whole with write, under the rule.
func Write(path string, write func(w io.Writer) error) error {
	return Options{}.Write(path, write)
}

// Write calls write with a buffered writer to a temporary file beside path
// and commits it when write succeeds.
func (o Options) Write(path string, write func(w io.Writer) error) error {
	f, err := o.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// Create starts writing path: it checks that path is a regular file or
// nothing, removes the temporaries a killed writer of path left, and opens
// a temporary file of its own.
func (o Options) Create(path string) (*File, error) {
	var mode fs.FileMode
	switch fi, err := os.Lstat(path); {
	case err == nil && !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, describe(fi.Mode()))
	case err == nil:
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	dir, prefix := filepath.Dir(path), tempPrefix(path)
	removeStale(dir, prefix)
	tmp, err := createLocked(dir, prefix)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			// The temporary's name means nothing to the user, who asked
			// for path.
			return nil, &fs.PathError{Op: "create", Path: path, Err: pe.Err}
		}
		return nil, err
	}
	return &File{path: path, opt: o, tmp: tmp, bw: bufio.NewWriterSize(tmp, 1<<20), mode: mode}, nil
}

func describe(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	}
	return m.Type().String()
}

// tempPrefix is the start of the names of path's temporaries: hidden, and
// named for the file they become.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp" }

// createLocked creates a new temporary file in dir and locks it. A cleaner
// may have taken it for stale between the two (it was not locked yet): then
// the name no longer leads to it, and it tries again.
func createLocked(dir, prefix string) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, NewFileMode)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		if err != nil {
			return nil, err
		}
		if lockErr := lock(f); lockErr != nil {
			f.Close()
			os.Remove(name)
			return nil, lockErr
		}
		if same(f, name) || try >= 100 {
			return f, nil
		}
		f.Close()
	}
}

// same reports whether name still leads to the open file f.
func same(f *os.File, name string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Lstat(name)
	return err == nil && os.SameFile(a, b)
}

// removeStale removes the temporaries of a path (names starting with
// prefix in dir) that no writer holds: a writer at work keeps its
// temporary locked until it commits or aborts.
func removeStale(dir, prefix string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := os.OpenFile(name, os.O_RDONLY|nonBlock, 0)
		if err != nil {
			continue
		}
		if tryLock(f) && same(f, name) {
			os.Remove(name)
		}
		f.Close()
	}
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.bw.Write(p) }

// Commit flushes and syncs the temporary file and renames it to the path
// (keeping the file replaced as PATH.bak when asked). On an error the
// temporary file is removed and the path is left as it was.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: commit after commit or abort")
	}
	err := f.bw.Flush()
	if err == nil && f.mode != 0 {
		err = f.tmp.Chmod(f.mode)
	}
	if err == nil {
		// On disk before the rename: a crash must not leave an empty
		// file under the name.
		err = f.tmp.Sync()
	}
	if err == nil {
		var fi fs.FileInfo
		if fi, err = f.tmp.Stat(); err == nil {
			f.stamp = Stamp{fi: fi}
		}
	}
	if err == nil && f.opt.Unchanged != nil {
		if now, serr := StampOf(f.path); serr != nil {
			err = serr
		} else if !now.Same(*f.opt.Unchanged) {
			err = fmt.Errorf("%s: %w", f.path, ErrChanged)
		}
	}
	if err == nil && f.opt.Backup {
		err = backup(f.path)
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	f.done = true
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.tmp.Name())
		f.stamp = Stamp{}
	}
	return err
}

// Abort removes the temporary file; the path is left as it was. It does
// nothing after Commit.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// Stamp is the stamp of the file written, after a successful Commit.
func (f *File) Stamp() Stamp { return f.stamp }

// backup makes PATH.bak the file now at path (when there is one), through
// a hard link given the name by a rename: PATH.bak is always whole.
func backup(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	bak := path + ".bak"
	if bi, err := os.Lstat(bak); err == nil && !bi.Mode().IsRegular() {
		return fmt.Errorf("keeping a backup: %s: %w (%s)", bak, ErrNotRegular, describe(bi.Mode()))
	}
	link := filepath.Join(filepath.Dir(path), tempPrefix(bak)+strconv.FormatUint(rand.Uint64(), 36))
	if err := os.Link(path, link); err == nil {
		if err := os.Rename(link, bak); err != nil {
			os.Remove(link)
			return fmt.Errorf("keeping a backup: %w", err)
		}
		return nil
	}
	// No hard links here: a copy, written by the rule.
	src, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("keeping a backup: %w", err)
	}
	defer src.Close()
	b, err := Create(bak)
	if err != nil {
		return fmt.Errorf("keeping a backup: %w", err)
	}
	b.mode = fi.Mode().Perm()
	if _, err := io.Copy(b, src); err != nil {
		b.Abort()
		return fmt.Errorf("keeping a backup: %w", err)
	}
	return b.Commit()
}

// OpenRegular opens path for reading when it is a regular file (through
// symbolic links), and refuses anything else without blocking on it.
func OpenRegular(path string) (*os.File, error) {
	// O_NONBLOCK: opening a FIFO for reading blocks until a writer comes;
	// with it the open returns at once, and the check below refuses it.
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, describe(fi.Mode()))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
