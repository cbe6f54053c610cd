package main

import (
	"fmt"
	"io"
)

// stdinLimit is the most `viz solve -` reads: far beyond any state (a
// 24-puzzle is 70 bytes, a long scramble a few kilobytes), and a clear
// refusal rather than a state cut short and silently solved as another.
const stdinLimit = 16 << 20

// readState reads the whole of r, refusing more than stdinLimit bytes.
func readState(r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, stdinLimit+1))
	if err != nil {
		return "", fmt.Errorf("reading the state from stdin: %w", err)
	}
	if len(b) > stdinLimit {
		return "", fmt.Errorf("the state on stdin is longer than the limit of %d bytes (16 MiB)", stdinLimit)
	}
	return string(b), nil
}
