package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
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

// stateArg reads the STATE among a command's arguments (none: ""): "-"
// reads stdin, "@FILE" a file (a grid world's map), anything else is the
// state itself.
func stateArg(e *env, args []string) (string, error) {
	if len(args) == 0 {
		return "", nil
	}
	arg := args[0]
	switch {
	case arg == "-":
		s, err := readState(e.stdin)
		if err == nil && strings.TrimSpace(s) == "" {
			err = errors.New("stdin is empty: no STATE to solve")
		}
		return s, err
	case strings.HasPrefix(arg, "@"):
		f, err := os.Open(arg[1:])
		if err != nil {
			return "", fmt.Errorf("the state: %w", err)
		}
		defer f.Close()
		s, err := readState(f)
		if err != nil {
			return "", fmt.Errorf("%s: %w", arg[1:], err)
		}
		return s, nil
	}
	return arg, nil
}
