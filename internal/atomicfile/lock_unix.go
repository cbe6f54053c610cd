//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// nonBlock opens a FIFO without waiting for its other end.
const nonBlock = syscall.O_NONBLOCK

// lock takes an exclusive lock on f, held until f is closed (or its
// process ends, however it ends).
func lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

// tryLock takes f's lock if nobody holds it.
func tryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
