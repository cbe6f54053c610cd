//go:build !unix

package atomicfile

import "os"

// nonBlock is nothing here: no FIFO to wait on.
const nonBlock = 0

// Without flock a temporary at work cannot be told from a stale one, so
// none is taken for stale.
func lock(*os.File) error { return nil }

func tryLock(*os.File) bool { return false }
