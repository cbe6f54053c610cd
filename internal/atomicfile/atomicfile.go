// Package atomicfile writes a file whole or not at all: through a temporary
// file in the same folder, renamed into place once written. A reader never
// sees half a file, and a failed or interrupted write leaves the old one (or
// none) and no temporary file behind.
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write calls write with a buffered writer to a temporary file beside path,
// and renames the file to path when write and the flush and close succeed.
// A path that exists and is not a regular file (a FIFO, a folder) is
// refused: renaming over it would surprise, and opening it could block.
func Write(path string, write func(w io.Writer) error) error {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (%s)", path, fi.Mode().Type())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(tmp, 1<<20)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		// On disk before the rename: a crash must not leave an empty
		// file under the name.
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
