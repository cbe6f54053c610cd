package rubik

import (
	"syscall"
	"unsafe"
)

// collapseHuge asks the kernel to back words, where they are, with 2 MB
// pages (MADV_HUGEPAGE, then MADV_COLLAPSE, Linux 6.1): what hugeCopy
// gives reid's 70 MB table, without a second copy of reid-huge's 1.67 GB.
// Only the whole 2 MB pages inside words are collapsed. It reports whether
// the kernel did it; the table works the same either way, with more TLB
// misses.
func collapseHuge(words []uint32) bool {
	const huge = 2 << 20
	if len(words) == 0 {
		return false
	}
	start := uintptr(unsafe.Pointer(&words[0]))
	end := start + uintptr(len(words))*4
	lo := (start + huge - 1) &^ (huge - 1)
	hi := end &^ (huge - 1)
	if hi <= lo {
		return false
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*4)[lo-start : hi-start]
	const madvHugePage, madvCollapse = 14, 25
	if err := syscall.Madvise(b, madvHugePage); err != nil {
		return false
	}
	return syscall.Madvise(b, madvCollapse) == nil
}
