//go:build !linux

package rubik

// hugeCopy is words itself where huge pages are not asked for.
func hugeCopy(words []uint32) []uint32 { return words }
