//go:build !linux

package rubik

// hugeAlloc is the Go heap where huge pages are not asked for.
func hugeAlloc(n int) (words []uint32, release func()) { return make([]uint32, n), func() {} }

// hugeCopy is words itself where huge pages are not asked for.
func hugeCopy(words []uint32) []uint32 { return words }
