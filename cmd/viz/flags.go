package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"idaviz/lang"
	"idaviz/puzzles"
)

// durationFlag is a flag's duration whose errors say what is wrong with the
// value: the flag package's own says only "parse error".
type durationFlag struct {
	d *time.Duration
	p *lang.Printer // the language of its errors
}

func (f durationFlag) String() string {
	if f.d == nil {
		return "0s"
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	d, err := parseDuration(f.p, s)
	if err != nil {
		return err
	}
	*f.d = d
	return nil
}

// durationSyntax is what time.ParseDuration reads: when it matches and the
// parse fails, the duration is too long for a time.Duration.
var durationSyntax = regexp.MustCompile(`^[-+]?([0-9]*(\.[0-9]*)?(ns|us|µs|μs|ms|s|m|h))+$`)

// parseDuration is time.ParseDuration with errors for people.
func parseDuration(p *lang.Printer, s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	switch {
	case err == nil:
		return d, nil
	case s == "":
		return 0, errors.New(p.T("cli.duration.empty"))
	}
	if _, nerr := strconv.ParseFloat(s, 64); nerr == nil {
		return 0, errors.New(p.T("cli.duration.unit", lang.Args{"Value": s}))
	}
	if durationSyntax.MatchString(s) {
		return 0, errors.New(p.T("cli.duration.long", lang.Args{"Hours": math.MaxInt64 / int64(time.Hour)}))
	}
	return 0, errors.New(p.T("cli.duration.bad"))
}

// flagValueError reads the flag package's "invalid value" message, to say
// it the way the help writes flags (--name VALUE).
var flagValueError = regexp.MustCompile(`(?s)^invalid value (".*") for flag -([^:]+): (.*)$`)

// boolValueError is the same for a boolean flag given a value (--json=x).
var boolValueError = regexp.MustCompile(`(?s)^invalid boolean value (".*") for -([^:]+): (.*)$`)

func unquoted(q string) string {
	if s, err := strconv.Unquote(q); err == nil {
		return s
	}
	return q
}

// flagMessage rewrites a flag package error in the --flag style of the
// help and the docs.
func flagMessage(p *lang.Printer, err error) string {
	msg := err.Error()
	if m := flagValueError.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "parse error" {
			// Only the numeric flags leave the reason to the flag package.
			why = p.T("cli.flag.nan")
		}
		return fmt.Sprintf("--%s %s: %s", m[2], unquoted(m[1]), why)
	}
	if m := boolValueError.FindStringSubmatch(msg); m != nil {
		return p.T("cli.flag.notbool", lang.Args{"Flag": "--" + m[2], "Value": unquoted(m[1])})
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return p.T("cli.flag.unknown", lang.Args{"Flag": "--" + name})
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return p.T("cli.flag.novalue", lang.Args{"Flag": "--" + name})
	}
	return msg
}

// flagName is how the help and the docs write a flag: --name, and -o for
// a one-letter name.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// flagScopes are the commands whose flags are another's: replay's server
// flags are serve's.
var flagScopes = map[string]string{"replay": "serve"}

// flagUsage is the catalogue's description of flag name of command cmd:
// cli.flag.CMD.NAME, else that of the command whose flags it shares, else
// cli.flag.NAME, the flag's meaning to every command; "" when the
// catalogue has none.
func flagUsage(p *lang.Printer, cmd, name string) string {
	for _, id := range []string{"cli.flag." + cmd + "." + name, "cli.flag." + flagScopes[cmd] + "." + name, "cli.flag." + name} {
		if has(id) {
			return p.T(id, lang.Args{"Puzzles": strings.Join(puzzles.Names(), "|")})
		}
	}
	return ""
}

// printFlags is flag.PrintDefaults in the --flag style of the docs (the
// flag package writes -flag), with the catalogue's descriptions in p's
// language; its layout is the same.
func printFlags(w io.Writer, p *lang.Printer, fs *flag.FlagSet) {
	cmd := strings.TrimPrefix(fs.Name(), "viz ")
	fs.VisitAll(func(f *flag.Flag) {
		var b strings.Builder
		b.WriteString("  " + flagName(f.Name))
		described := *f
		if u := flagUsage(p, cmd, f.Name); u != "" {
			described.Usage = u
		}
		typ, usage := flag.UnquoteUsage(&described)
		if typ != "" {
			b.WriteString(" " + typ)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if !zeroDefault(f.DefValue) {
			if g, ok := f.Value.(flag.Getter); ok && isString(g.Get()) {
				b.WriteString(p.T("cli.flag.default", lang.Args{"Default": strconv.Quote(f.DefValue)}))
			} else {
				b.WriteString(p.T("cli.flag.default", lang.Args{"Default": f.DefValue}))
			}
		}
		fmt.Fprintln(w, b.String())
	})
}

// zeroDefault reports whether a flag's default is its type's zero value,
// which the help leaves unsaid, as the flag package does.
func zeroDefault(v string) bool {
	switch v {
	case "", "0", "false", "0s":
		return true
	}
	return false
}

func isString(v any) bool { _, ok := v.(string); return ok }
