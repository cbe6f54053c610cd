// Package parsetest checks what a puzzle's text formats owe their readers:
// whatever a parser accepts prints as text that parses back to the same
// state, and a judge's case file reads back as it was written. The puzzle
// packages' table tests and fuzz targets call it instead of each writing
// the same loops.
//
// States are compared by their String, the one text form every puzzle
// prints, so it must say everything about a state.
package parsetest

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// RoundTrip checks that v, printed by each of formats (by String when none
// is given), parses back to a state that prints as v does.
func RoundTrip[T fmt.Stringer](t testing.TB, parse func(string) (T, error), v T, formats ...func(T) string) {
	t.Helper()
	if len(formats) == 0 {
		formats = []func(T) string{T.String}
	}
	for _, format := range formats {
		text := format(v)
		back, err := parse(text)
		if err != nil {
			t.Fatalf("%s prints as %q, which does not parse: %v", v, text, err)
		}
		if back.String() != v.String() {
			t.Fatalf("%s prints as %q, which parses to %s", v, text, back)
		}
	}
}

// Fuzz fuzzes parse from the seeds: every state it accepts must round-trip
// through each of formats (see RoundTrip).
func Fuzz[T fmt.Stringer](f *testing.F, parse func(string) (T, error), seeds []string, formats ...func(T) string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		v, err := parse(in)
		if err != nil {
			return
		}
		RoundTrip(t, parse, v, formats...)
	})
}

// Case is a row of a parser's table: an input, and either the String of the
// state it parses to or a piece of the error it must give.
type Case struct{ In, Want, Err string }

// Table checks parse on each case, and that each state it accepts
// round-trips.
func Table[T fmt.Stringer](t *testing.T, parse func(string) (T, error), cases []Case) {
	t.Helper()
	for _, c := range cases {
		v, err := parse(c.In)
		if c.Err != "" {
			if err == nil || !strings.Contains(err.Error(), c.Err) {
				t.Errorf("parsing %q: error %v, want one with %q", c.In, err, c.Err)
			}
			continue
		}
		if err != nil || v.String() != c.Want {
			t.Errorf("parsing %q: %v, %v; want %q", c.In, v, err, c.Want)
			continue
		}
		RoundTrip(t, parse, v)
	}
}

// CaseFile is a judge's input format: a list of states, written and read.
type CaseFile[T fmt.Stringer] struct {
	Read  func(io.Reader) ([]T, error)
	Write func(io.Writer, []T) error
	Parse func(string) (T, error) // each state's own text form
	// Judge, when set, answers a case file with one line per case.
	Judge func(io.Reader, io.Writer) error
}

// RoundTrip checks that states read from a case file reparse from their
// String, and that writing them and reading them again gives them back.
func (cf CaseFile[T]) RoundTrip(t testing.TB, states []T) {
	t.Helper()
	for _, s := range states {
		RoundTrip(t, cf.Parse, s)
	}
	var buf bytes.Buffer
	if err := cf.Write(&buf, states); err != nil {
		t.Fatalf("writing %d cases: %v", len(states), err)
	}
	again, err := cf.Read(&buf)
	if err != nil || len(again) != len(states) {
		t.Fatalf("%d cases written read back as %d: %v", len(states), len(again), err)
	}
	for i := range again {
		if again[i].String() != states[i].String() {
			t.Fatalf("case %d written as %s reads back as %s", i+1, states[i], again[i])
		}
	}
}

// fuzzJudgeCases bounds the files the fuzzer has the judge answer: a search
// per case is slow for a fuzzer.
const fuzzJudgeCases = 3

// Fuzz fuzzes Read from the seeds: every file it accepts must round-trip,
// and the judge, when set, must answer a small one, one line per case,
// without failing on anything the reader accepted.
func (cf CaseFile[T]) Fuzz(f *testing.F, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		states, err := cf.Read(strings.NewReader(in))
		if err != nil {
			return
		}
		cf.RoundTrip(t, states)
		if cf.Judge == nil || len(states) > fuzzJudgeCases {
			return
		}
		var out bytes.Buffer
		if err := cf.Judge(strings.NewReader(in), &out); err != nil {
			t.Fatalf("the judge fails on a file the reader accepts: %v", err)
		}
		if got := strings.Count(out.String(), "\n"); got != len(states) {
			t.Fatalf("%d answers for %d cases", got, len(states))
		}
	})
}
