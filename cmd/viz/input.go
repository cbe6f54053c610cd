package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"idaviz/lang"
)

// stdinLimit is the most `viz solve -` (or @FILE) reads: far beyond any
// state (a 24-puzzle is 70 bytes, a long scramble a few kilobytes), and a
// clear refusal rather than a state cut short and silently solved as
// another.
const stdinLimit = 16 << 20

// readState reads the whole of stdin, refusing more than stdinLimit bytes.
func readState(p *lang.Printer, r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, stdinLimit+1))
	if err != nil {
		return "", fmt.Errorf("%s: %w", p.T("cli.stdin.reading"), err)
	}
	if len(b) > stdinLimit {
		return "", errors.New(p.T("cli.stdin.long", lang.Args{"Limit": stdinLimit}))
	}
	return string(b), nil
}

// openInput opens a file the user named for reading (@FILE, --problem,
// --heuristic FILE.star). A named pipe (FIFO) is opened without waiting for
// a program to write to it: opened plainly, one that no program writes to
// would wait for ever. A pipe with a writer (`@<(make-map)`) reads as a
// file does.
func openInput(path string) (f *os.File, fifo bool, err error) {
	f, err = os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, false, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeNamedPipe != 0 {
		fifo = true
	}
	// Reads block again (Fd does that): a pipe whose writer has not written
	// yet is waited for, as any file being read, not mistaken for empty.
	f.Fd()
	return f, fifo, nil
}

// readInput reads a file the user named, at most limit bytes (beyond says
// what it may be, for errors). A named pipe that gives nothing is refused:
// no program wrote to it.
func readInput(p *lang.Printer, path string, limit int64, beyond string) ([]byte, error) {
	f, fifo, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.T("cli.input.reading", lang.Args{"Path": path}), err)
	}
	switch {
	case int64(len(b)) > limit:
		return nil, errors.New(p.T("cli.input.long", lang.Args{"Path": path, "Limit": beyond}))
	case len(b) == 0 && fifo:
		return nil, errors.New(p.T("cli.input.fifo", lang.Args{"Path": path}))
	}
	return b, nil
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
		s, err := readState(e.p, e.stdin)
		if err == nil && strings.TrimSpace(s) == "" {
			err = errors.New(e.p.T("cli.stdin.empty"))
		}
		return s, err
	case strings.HasPrefix(arg, "@"):
		b, err := readInput(e.p, arg[1:], stdinLimit, e.p.T("cli.input.statelimit", lang.Args{"Limit": stdinLimit}))
		if err != nil {
			return "", fmt.Errorf("%s: %w", e.p.T("cli.state"), err)
		}
		return string(b), nil
	}
	return arg, nil
}
