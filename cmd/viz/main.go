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
	"slices"
	"sort"
	"strings"
)

// Exit statuses: 0 solved or output written; 1 not done, through no fault
// of the command line: nothing found within the limits, interrupted, or a
// failure of the machine (a file that cannot be written, a port taken);
// 2 bad usage or bad input, which the message names.
const (
	exitOK       = 0
	exitNotFound = 1
	exitFailed   = 1
	exitUsage    = 2
)

// env is what a subcommand may touch, so tests can run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTTY reports whether stderr is a terminal, for progress lines.
	stderrTTY bool
	// chromeMax, when set, caps a Chrome trace export below
	// trace.DefaultChromeMaxBytes, so a test reaches the cap in a second.
	chromeMax int64
}

// command is one subcommand. run returns the exit status.
type command struct {
	name    string
	usage   string // one line: "solve [flags] STATE"
	summary string // one short line, for the list of viz help
	// help, when set, says more in viz help NAME, after the summary.
	help string
	// examples are whole command lines, each with what it does after "#".
	examples []string
	// actions are the words a command takes first, each with its own
	// flags and help (viz trace export, viz help trace export).
	actions []string
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
		switch len(args) {
		case 1:
			usage(e.stdout)
			return exitOK
		case 2:
			if c, ok := commands[args[1]]; ok {
				return c.run(ctx, e, []string{"-h"})
			}
			if isHelp(args[1]) {
				usage(e.stdout)
				return exitOK
			}
			fmt.Fprintf(e.stderr, "viz help: unknown command %q\n\n", args[1])
		case 3:
			c, ok := commands[args[1]]
			switch {
			case ok && slices.Contains(c.actions, args[2]):
				return c.run(ctx, e, []string{args[2], "-h"})
			case ok && len(c.actions) > 0:
				fmt.Fprintf(e.stderr, "viz help: %s has no action %q (its actions: %s)\n", c.name, args[2], strings.Join(c.actions, ", "))
				return exitUsage
			}
			fmt.Fprintf(e.stderr, "viz help: one command at a time, not %d\n\n", len(args)-1)
		default:
			fmt.Fprintf(e.stderr, "viz help: one command at a time, not %d\n\n", len(args)-1)
		}
		usage(e.stderr)
		return exitUsage
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

// tour is the examples of viz help: the page, a solve, a trace recorded and
// replayed, a comparison.
var tour = []string{
	"viz                                   # serve the page: open http://127.0.0.1:8080",
	`viz solve "8 6 7 2 5 4 3 0 1"         # the hardest 8-puzzle: 31 moves, iteration by iteration`,
	`viz solve --trace run.trace "8 1 2 4 3 6 0 7 5"`,
	"viz replay run.trace                  # step through that search in the page",
	"viz compare --puzzle 15puzzle --instances random:10:40 --heuristic manhattan,linear-conflict --html report.html",
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "viz: an instrumented IDA* and its browser visualizer")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: viz [COMMAND] [flags] [args]   (no command: viz serve)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	writeExamples(w, tour)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'viz help COMMAND' for a command's arguments, flags and examples,")
	fmt.Fprintln(w, "and 'viz help trace export' for an action's.")
}

func writeExamples(w io.Writer, examples []string) {
	if len(examples) == 0 {
		return
	}
	fmt.Fprintln(w, "\nexamples:")
	for _, x := range examples {
		fmt.Fprintf(w, "  %s\n", x)
	}
}

// newFlags makes a FlagSet for a subcommand that never exits the process:
// its help (-h) goes to stdout, a bad flag's message to stderr (see
// parseFlags).
func newFlags(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("viz "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { commandHelp(fs.Output(), c, fs) }
	return fs
}

// commandHelp is what viz help NAME prints: the usage, what the command
// does, its flags when fs has any, and examples.
func commandHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: viz %s\n\n%s\n", c.usage, capitalize(c.summary))
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.help))
	}
	var hasFlags bool
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	}
	if hasFlags {
		fmt.Fprintln(w, "\nflags:")
		printFlags(w, fs)
	}
	writeExamples(w, c.examples)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// parseFlags parses args; it returns the exit status to use when parsing
// ended the command (help asked for, or a bad flag), and ok=false then. The
// help goes to stdout, whole; a bad flag gets one line on stderr, which
// names it and where the flags are described, not the whole help.
func parseFlags(e *env, fs *flag.FlagSet, args []string) (status int, ok bool) {
	help, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = help
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		help()
		fs.SetOutput(out)
		return exitOK, false
	case err != nil:
		name := strings.TrimPrefix(fs.Name(), "viz ")
		fmt.Fprintf(e.stderr, "%s: %s (run 'viz help %s' for the flags)\n", fs.Name(), flagMessage(err), name)
		return exitUsage, false
	}
	return 0, true
}

// parseArgs parses flags wherever they stand among args (viz solve STATE
// --json as well as viz solve --json STATE) and returns the other
// arguments in order. "--" ends the flags: what follows is arguments, even
// "-h".
func parseArgs(e *env, fs *flag.FlagSet, args []string) (rest []string, status int, ok bool) {
	for {
		if status, ok := parseFlags(e, fs, args); !ok {
			return nil, status, false
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, 0, true
		}
		if used := len(args) - len(left); used > 0 && args[used-1] == "--" {
			return append(rest, left...), 0, true
		}
		rest = append(rest, left[0])
		args = left[1:]
	}
}

// usageError prints a message naming what is wrong with the command line,
// and where its usage is described; it returns the usage status.
func usageError(e *env, c *command, format string, a ...any) int {
	fail(e, "viz %s: %s", c.name, fmt.Sprintf(format, a...))
	fmt.Fprintf(e.stderr, "usage: viz %s (run 'viz help %s' for more)\n", c.usage, c.name)
	return exitUsage
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

// failed prints a message naming what failed, when it is not the command
// line's fault (a file that cannot be written), and returns exitFailed.
func failed(e *env, format string, a ...any) int {
	fail(e, format, a...)
	return exitFailed
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
