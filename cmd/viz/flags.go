package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// durationFlag is a flag's duration whose errors say what is wrong with the
// value: the flag package's own says only "parse error".
type durationFlag struct{ d *time.Duration }

func (f durationFlag) String() string {
	if f.d == nil {
		return "0s"
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	d, err := parseDuration(s)
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
func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	switch {
	case err == nil:
		return d, nil
	case s == "":
		return 0, fmt.Errorf("empty: give a duration such as 30s, 2m or 1h30m")
	}
	if _, nerr := strconv.ParseFloat(s, 64); nerr == nil {
		return 0, fmt.Errorf("a unit is missing: did you mean %ss? (units: ms, s, m, h)", s)
	}
	if durationSyntax.MatchString(s) {
		return 0, fmt.Errorf("too long: the most is %dh (about 292 years)", math.MaxInt64/int64(time.Hour))
	}
	return 0, fmt.Errorf("not a duration: give one such as 30s, 2m or 1h30m (units: ms, s, m, h)")
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
func flagMessage(err error) string {
	msg := err.Error()
	if m := flagValueError.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "parse error" {
			// Only the numeric flags leave the reason to the flag package.
			why = "not a number"
		}
		return fmt.Sprintf("--%s %s: %s", m[2], unquoted(m[1]), why)
	}
	if m := boolValueError.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("--%s=%s: want true or false", m[2], unquoted(m[1]))
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag --" + name
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "flag --" + name + " needs a value"
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

// printFlags is flag.PrintDefaults in the --flag style of the docs (the
// flag package writes -flag); its layout is the same.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		var b strings.Builder
		b.WriteString("  " + flagName(f.Name))
		typ, usage := flag.UnquoteUsage(f)
		if typ != "" {
			b.WriteString(" " + typ)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if !zeroDefault(f.DefValue) {
			if g, ok := f.Value.(flag.Getter); ok && isString(g.Get()) {
				fmt.Fprintf(&b, " (default %q)", f.DefValue)
			} else {
				fmt.Fprintf(&b, " (default %v)", f.DefValue)
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
