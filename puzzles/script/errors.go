package script

import (
	"errors"
	"fmt"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Error is what goes wrong in a script: where (the file, line and column;
// 0 when unknown), in which call and with which state, and what.
type Error struct {
	File      string
	Line, Col int
	// Func is the script's function that was called ("h", "moves",
	// "goal"), "" while the file itself runs.
	Func string
	// State is the state Func was called with, as Starlark writes it.
	State string
	Msg   string
	// Backtrace is Starlark's traceback, for errors raised while running.
	Backtrace string
	// Budget is ErrSteps, ErrTime or ErrMemory when a budget stopped the
	// script, nil otherwise (errors.Is finds it).
	Budget error
}

func (e *Error) Unwrap() error { return e.Budget }

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	if e.Func != "" {
		fmt.Fprintf(&b, "%s(%s): ", e.Func, e.State)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Budget errors are wrapped by the Errors of a script stopped by its budget.
var (
	ErrSteps  = errors.New("the step budget of one call is spent")
	ErrTime   = errors.New("the time budget of the run is spent")
	ErrMemory = errors.New("the memory budget of the run is spent")
)

// at makes an Error at a position of the file.
func at(file string, pos syntax.Position, format string, a ...any) *Error {
	e := &Error{File: file, Msg: fmt.Sprintf(format, a...)}
	if pos.IsValid() {
		e.Line, e.Col = int(pos.Line), int(pos.Col)
	}
	return e
}

// fromStarlark converts the errors of go.starlark.net (syntax, resolution,
// evaluation) to an Error at the innermost position in file.
func fromStarlark(file string, err error) *Error {
	var se syntax.Error
	if errors.As(err, &se) {
		return at(file, se.Pos, "%s", se.Msg)
	}
	var rl resolve.ErrorList
	if errors.As(err, &rl) && len(rl) > 0 {
		e := at(file, rl[0].Pos, "%s", rl[0].Msg)
		if len(rl) > 1 {
			e.Msg += fmt.Sprintf(" (and %d more)", len(rl)-1)
		}
		return e
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		e := &Error{File: file, Msg: ee.Msg, Backtrace: ee.Backtrace()}
		// The innermost frame with a place in a file: a built-in's frame
		// (len, int) has none.
		for i := 0; i < len(ee.CallStack); i++ {
			if pos := ee.CallStack.At(i).Pos; pos.IsValid() && pos.Line > 0 {
				e.Line, e.Col = int(pos.Line), int(pos.Col)
				break
			}
		}
		return e
	}
	return &Error{File: file, Msg: err.Error()}
}

// asError is errors.As for *Error.
func asError(err error, target **Error) bool { return errors.As(err, target) }
