package rubik

import (
	"context"
	"runtime"
	"syscall"
	"unsafe"

	"idaviz/puzzles/pdb"
)

// hugeAlloc returns n zero words in memory the kernel is asked to back with
// 2 MB pages (transparent huge pages in "madvise" mode) before any of it is
// touched, so that the pages are huge from the first write: the search's
// table reads are random over tens of MB to gigabytes, and with 4 KB pages
// nearly each one also misses the TLB. release gives the memory back (the
// words must not be used after). When the kernel refuses the mapping, the
// words are on the Go heap and release does nothing.
func hugeAlloc(n int) (words []uint32, release func()) {
	const huge = 2 << 20
	if n <= 0 {
		return nil, func() {}
	}
	size := (n*4 + huge - 1) / huge * huge
	b, err := syscall.Mmap(-1, 0, size+huge, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]uint32, n), func() {}
	}
	off := (huge - int(uintptr(unsafe.Pointer(&b[0]))%huge)) % huge
	_ = syscall.Madvise(b[off:off+size], 14) // MADV_HUGEPAGE
	touch(b[off:off+size], huge)
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[off])), n), func() { _ = syscall.Munmap(b) }
}

// touch writes to every page of b, on every core: the first write to a
// page is when the kernel makes it, and a huge page takes it milliseconds
// (2 MB zeroed, more under a hypervisor), which one reader filling the
// memory would wait for page after page.
func touch(b []byte, page int) {
	pdb.Chunks(context.Background(), runtime.GOMAXPROCS(0), int64((len(b)+page-1)/page), func(p int64) int64 {
		b[int(p)*page] = 0
		return 0
	}, func(int64) {})
}

// hugeCopy returns a copy of words in huge pages (hugeAlloc).
func hugeCopy(words []uint32) []uint32 {
	w, _ := hugeAlloc(len(words))
	copy(w, words)
	return w
}
