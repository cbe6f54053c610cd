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
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"idaviz/lang"
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
	// getenv reads the environment (os.Getenv); nil reads an empty one,
	// so that a test chooses the language it runs in.
	getenv func(string) string
	// p speaks the user's language (--lang, else LC_ALL, LC_MESSAGES,
	// LANG), chosen by run. Everything a person reads goes through it;
	// what a program reads (JSON, CSV, traces) does not.
	p *lang.Printer
	// chromeMax, when set, caps a Chrome trace export below
	// trace.DefaultChromeMaxBytes, so a test reaches the cap in a second.
	chromeMax int64
}

// command is one subcommand. run returns the exit status.
//
// What a command says of itself is in the catalogue (lang/catalog/cli.*):
// cli.NAME.summary, one short line for the list of viz help; cli.NAME.help,
// when there, more for viz help NAME; cli.NAME.examples, whole command
// lines, one a line, each with what it does after "#"; and cli.flag.NAME.FLAG
// (or cli.flag.FLAG, when the flag means the same to every command) for
// each flag.
type command struct {
	name  string
	usage string // one line: "solve [flags] STATE", the same in every language
	// args are the values of the placeholders of the command's help and
	// examples (the judge's problems, the version).
	args lang.Args
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
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTTY: isTerminal(os.Stderr), getenv: os.Getenv}
	os.Exit(run(ctx, e, os.Args[1:]))
}

func run(ctx context.Context, e *env, args []string) int {
	if e.getenv == nil {
		e.getenv = func(string) string { return "" }
	}
	e.p = lang.New(lang.FromEnv(e.getenv))
	args, tag, err := langFlag(args)
	if err != nil {
		fmt.Fprintln(e.stderr, e.p.T(err.id, lang.Args{"Lang": err.value, "Langs": strings.Join(lang.Tags, ", ")}))
		return exitUsage
	}
	if tag != "" {
		e.p = lang.New(tag)
	}
	// No command, or flags first (viz --addr ...): the main job, serve.
	if len(args) == 0 || (strings.HasPrefix(args[0], "-") && !isHelp(args[0])) {
		args = append([]string{"serve"}, args...)
	}
	name := args[0]
	if isHelp(name) {
		switch len(args) {
		case 1:
			usage(e.stdout, e.p)
			return exitOK
		case 2:
			if c, ok := commands[args[1]]; ok {
				return c.run(ctx, e, []string{"-h"})
			}
			if isHelp(args[1]) {
				usage(e.stdout, e.p)
				return exitOK
			}
			fmt.Fprintf(e.stderr, "%s\n\n", e.p.T("cli.help.unknown", lang.Args{"Command": strconv.Quote(args[1])}))
		case 3:
			c, ok := commands[args[1]]
			switch {
			case ok && slices.Contains(c.actions, args[2]):
				return c.run(ctx, e, []string{args[2], "-h"})
			case ok && len(c.actions) > 0:
				fmt.Fprintln(e.stderr, e.p.T("cli.help.noaction", lang.Args{"Command": c.name, "Action": strconv.Quote(args[2]), "Actions": strings.Join(c.actions, ", ")}))
				return exitUsage
			}
			fmt.Fprintf(e.stderr, "%s\n\n", e.p.N("cli.help.one", len(args)-1))
		default:
			fmt.Fprintf(e.stderr, "%s\n\n", e.p.N("cli.help.one", len(args)-1))
		}
		usage(e.stderr, e.p)
		return exitUsage
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "%s\n\n", e.p.T("cli.unknown.command", lang.Args{"Command": strconv.Quote(name)}))
		usage(e.stderr, e.p)
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

// english speaks what a program reads, whatever the user's language: the
// words in JSON outputs (and the language of the tests that read viz).
var english = lang.New(lang.English)

// langError is a --lang the catalogue does not speak, or one with no value:
// the catalogue's message id and the value.
type langError struct{ id, value string }

// langFlag takes --lang TAG (or --lang=TAG, -lang) out of args, wherever
// it stands before "--", as a flag of every command: viz --lang zh-CN
// solve ... as well as viz solve ... --lang zh-CN. It returns the other
// arguments and the language, "" when none is asked for.
func langFlag(args []string) (rest []string, tag string, err *langError) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(rest, args[i:]...), tag, nil
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			rest = append(rest, a)
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return nil, "", &langError{"cli.lang.novalue", ""}
			}
			i++
			value = args[i]
		}
		if !speaks(value) {
			return nil, "", &langError{"cli.lang.unknown", value}
		}
		tag = value
	}
	return rest, tag, nil
}

// speaks reports whether tag names a language of the catalogue (or the
// pseudo-locale of the tests), rather than one that lang.Match would read
// as English for want of it.
func speaks(tag string) bool {
	if lang.Match(tag) != lang.English {
		return true
	}
	base, _, _ := strings.Cut(strings.ReplaceAll(tag, "_", "-"), "-")
	return strings.EqualFold(base, "en")
}

// tour is the examples of viz help: the page, a solve, a trace recorded and
// replayed, a comparison (the catalogue's cli.tour).
func tour(p *lang.Printer) []string { return lines(p.T("cli.tour")) }

// lines are the non-empty lines of s.
func lines(s string) []string {
	var ls []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			ls = append(ls, l)
		}
	}
	return ls
}

// has reports whether the catalogue has message id (an optional part of a
// command's help).
func has(id string) bool {
	m, err := lang.Area("cli", lang.English)
	if err != nil {
		return false
	}
	_, ok := m[id]
	return ok
}

// summary is c's one-line summary, for the list of viz help.
func (c *command) summary(p *lang.Printer) string {
	return p.T("cli."+c.name+".summary", c.args)
}

// examples are c's example command lines.
func (c *command) examples(p *lang.Printer) []string {
	if !has("cli." + c.name + ".examples") {
		return nil
	}
	return lines(p.T("cli."+c.name+".examples", c.args))
}

func usage(w io.Writer, p *lang.Printer) {
	fmt.Fprintln(w, p.T("cli.usage.title"))
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.T("cli.usage.line"))
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.T("cli.usage.commands"))
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary(p))
	}
	writeExamples(w, p, tour(p))
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.T("cli.usage.more"))
}

func writeExamples(w io.Writer, p *lang.Printer, examples []string) {
	if len(examples) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+p.T("cli.help.examples"))
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
	fs.Usage = func() { commandHelp(fs.Output(), e.p, c, fs) }
	return fs
}

// commandHelp is what viz help NAME prints: the usage, what the command
// does, its flags when fs has any, and examples.
func commandHelp(w io.Writer, p *lang.Printer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "%s\n\n%s\n", p.T("cli.help.usage", lang.Args{"Usage": "viz " + c.usage}), sentence(p, c.summary(p)))
	if has("cli." + c.name + ".help") {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(p.T("cli."+c.name+".help", c.args)))
	}
	var hasFlags bool
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	}
	if hasFlags {
		fmt.Fprintln(w, "\n"+p.T("cli.help.flags"))
		printFlags(w, p, fs)
	}
	writeExamples(w, p, c.examples(p))
}

// sentence is a summary written as a sentence: capitalized, with its
// full stop (。 in Chinese) unless it ends with a mark of its own.
func sentence(p *lang.Printer, s string) string {
	if s == "" {
		return s
	}
	stop := "."
	if p.Tag() == lang.Chinese {
		stop = "。"
	}
	if strings.ContainsAny(s[len(s)-1:], "?!.") || strings.HasSuffix(s, "？") || strings.HasSuffix(s, "。") {
		stop = "" // a question ends with its own mark
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:] + stop
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
		fmt.Fprintln(e.stderr, e.p.T("cli.flag.bad", lang.Args{"Command": fs.Name(), "Problem": flagMessage(e.p, err), "Name": name}))
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
	fmt.Fprintln(e.stderr, e.p.T("cli.usage.hint", lang.Args{"Usage": "viz " + c.usage, "Name": c.name}))
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
