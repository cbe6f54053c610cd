//go:build race

// Package race says whether the race detector is on, for the tests whose
// heaviest checks take a smaller sample under it (it slows the search
// loops five- to tenfold, and a loop on one goroutine has none of the
// shared memory it looks for) or accept what a slowed machine reaches.
package race

// Enabled is true in a binary built with -race.
const Enabled = true
