//go:build race

package tiles

// raceEnabled: the race detector slows the search loops five- to tenfold,
// and what it looks for (goroutines sharing memory) a loop on one
// goroutine does not have; the heaviest checks of those loops take a
// smaller sample under it, the plain run checks them whole.
const raceEnabled = true
