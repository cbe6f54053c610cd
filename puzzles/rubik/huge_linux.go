package rubik

import (
	"syscall"
	"unsafe"
)

// hugeCopy returns a copy of words in memory the kernel is asked to back
// with 2 MB pages (transparent huge pages in "madvise" mode): the search's
// table reads are random over tens of MB, and with 4 KB pages nearly each
// one also misses the TLB. On failure it returns words itself.
func hugeCopy(words []uint32) []uint32 {
	const huge = 2 << 20
	n := (len(words)*4 + huge - 1) / huge * huge
	b, err := syscall.Mmap(-1, 0, n+huge, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return words
	}
	off := (huge - int(uintptr(unsafe.Pointer(&b[0]))%huge)) % huge
	b = b[off : off+n]
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
	w := unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(words))
	copy(w, words)
	return w
}
