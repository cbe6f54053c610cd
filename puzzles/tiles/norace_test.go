//go:build !race

package tiles

const raceEnabled = false
