// Command viz searches puzzles with an instrumented IDA*, records and reads
// traces, answers judge problems, and serves the browser visualizer.
//
// Run `viz help` for the subcommands. With no subcommand, viz serves the page.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
)

// Exit statuses: 0 solved or output written; 1 searched and found nothing
// within the limits; 2 bad usage or bad input.
const (
	exitOK       = 0
	exitNotFound = 1
	exitUsage    = 2
)

// env is what a subcommand may touch, so tests can run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTTY reports whether stderr is a terminal, for progress lines.
	stderrTTY bool
}

// command is one subcommand. run returns the exit status.
type command struct {
	name    string
	usage   string // one line: "solve [flags] STATE"
	summary string
	run     func(ctx context.Context, e *env, args []string) int
}

var commands = map[string]*command{}

// register adds a subcommand; each lives in its own file and registers itself
// in init.
func register(c *command) { commands[c.name] = c }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTTY: isTerminal(os.Stderr)}
	os.Exit(run(ctx, e, os.Args[1:]))
}

func run(ctx context.Context, e *env, args []string) int {
	// No command, or flags first (viz --addr ...): the main job, serve.
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && !isHelp(args[0])) {
		args = append([]string{"serve"}, args...)
	}
	name := args[0]
	if isHelp(name) {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(ctx, e, []string{"-h"})
			}
		}
		usage(e.stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "viz: unknown command %q\n\n", name)
		usage(e.stderr)
		return exitUsage
	}
	return c.run(ctx, e, args[1:])
}

func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "viz: an instrumented IDA* and its browser visualizer")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: viz [command] [flags] [args]   (no command: viz serve)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-34s %s\n", commands[n].usage, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'viz help COMMAND' or 'viz COMMAND -h' for a command's flags.")
}

// newFlags makes a FlagSet for a subcommand that writes its help to stderr
// (stdout for -h) and never exits the process.
func newFlags(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("viz "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: viz %s\n\n%s\n", c.usage, c.summary)
		var hasFlags bool
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(fs.Output(), "\nflags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args; it returns the exit status to use when parsing
// ended the command (help asked for, or a bad flag), and ok=false then.
func parseFlags(e *env, fs *flag.FlagSet, args []string) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return 0, true
}

// fail prints a message naming what is wrong and returns the usage status.
func fail(e *env, format string, a ...any) int {
	msg := fmt.Sprintf(format, a...)
	if !strings.HasPrefix(msg, "viz") {
		msg = "viz: " + msg
	}
	fmt.Fprintln(e.stderr, msg)
	return exitUsage
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
