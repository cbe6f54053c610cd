package script

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"

	"go.starlark.net/starlark"
)

// Bounds on a state, so that one state cannot take the memory of many.
const (
	maxStateBytes = 64 << 10 // its encoding
	maxStateDepth = 32       // tuples within tuples
	// MaxValue is the largest heuristic value or move cost: a trace's
	// bounds and the page's charts stop at 65,535 (trace.DefaultLimits).
	MaxValue = 1<<16 - 1
)

// Tags of the state encoding. A state is None, a bool, an int that fits in
// 64 bits, a string, or a tuple of states; its encoding is canonical (equal
// states, equal bytes), so it serves as a map key, as A*'s snapshot, and
// between two domains of one problem.
const (
	tagNone  = 'N'
	tagTrue  = 'T'
	tagFalse = 'F'
	tagInt   = 'i'
	tagStr   = 's'
	tagTuple = 't'
)

// errStateType is wrapped by the errors of a value that cannot be a state.
var errStateType = errors.New("a state is made of ints, strings, bools, None and tuples")

// appendState appends the canonical encoding of v to dst.
func appendState(dst []byte, v starlark.Value) ([]byte, error) {
	out, err := appendValue(dst, v, 0)
	if err == nil && len(out)-len(dst) > maxStateBytes {
		err = fmt.Errorf("a state of more than %d bytes (%s)", maxStateBytes, describe(v))
	}
	return out, err
}

func appendValue(dst []byte, v starlark.Value, depth int) ([]byte, error) {
	switch x := v.(type) {
	case starlark.NoneType:
		return append(dst, tagNone), nil
	case starlark.Bool:
		if x {
			return append(dst, tagTrue), nil
		}
		return append(dst, tagFalse), nil
	case starlark.Int:
		i, ok := x.Int64()
		if !ok {
			return dst, fmt.Errorf("the int %s in a state does not fit in 64 bits", x)
		}
		return binary.AppendVarint(append(dst, tagInt), i), nil
	case starlark.String:
		dst = binary.AppendUvarint(append(dst, tagStr), uint64(len(x)))
		return append(dst, x...), nil
	case starlark.Tuple:
		if depth >= maxStateDepth {
			return dst, fmt.Errorf("a state nests tuples more than %d deep", maxStateDepth)
		}
		dst = binary.AppendUvarint(append(dst, tagTuple), uint64(len(x)))
		var err error
		for _, e := range x {
			if dst, err = appendValue(dst, e, depth+1); err != nil {
				return dst, err
			}
			if len(dst) > 2*maxStateBytes {
				return dst, fmt.Errorf("a state of more than %d bytes", maxStateBytes)
			}
		}
		return dst, nil
	case *starlark.List:
		return dst, fmt.Errorf("%w: got a list %s (write a tuple: tuple(...) or (a, b))", errStateType, describe(x))
	}
	return dst, fmt.Errorf("%w: got a %s, %s", errStateType, v.Type(), describe(v))
}

// decodeState is the inverse of appendState; it rejects anything
// appendState cannot have written, whole.
func decodeState(b []byte) (starlark.Value, error) {
	if len(b) > maxStateBytes {
		return nil, errors.New("state encoding too long")
	}
	v, rest, err := decodeValue(b, 0)
	if err != nil {
		return nil, err
	}
	if len(rest) != 0 {
		return nil, errors.New("trailing bytes after a state")
	}
	return v, nil
}

var errBadEncoding = errors.New("not a state's encoding")

func decodeValue(b []byte, depth int) (starlark.Value, []byte, error) {
	if len(b) == 0 {
		return nil, nil, errBadEncoding
	}
	tag, b := b[0], b[1:]
	switch tag {
	case tagNone:
		return starlark.None, b, nil
	case tagTrue:
		return starlark.True, b, nil
	case tagFalse:
		return starlark.False, b, nil
	case tagInt:
		i, n := binary.Varint(b)
		if n <= 0 {
			return nil, nil, errBadEncoding
		}
		return starlark.MakeInt64(i), b[n:], nil
	case tagStr:
		l, n := binary.Uvarint(b)
		if n <= 0 || l > uint64(len(b)-n) {
			return nil, nil, errBadEncoding
		}
		return starlark.String(b[n : n+int(l)]), b[n+int(l):], nil
	case tagTuple:
		l, n := binary.Uvarint(b)
		if n <= 0 || l > uint64(len(b)-n) || depth >= maxStateDepth {
			return nil, nil, errBadEncoding
		}
		b = b[n:]
		t := make(starlark.Tuple, l)
		for i := range t {
			var err error
			if t[i], b, err = decodeValue(b, depth+1); err != nil {
				return nil, nil, err
			}
		}
		return t, b, nil
	}
	return nil, nil, errBadEncoding
}

// ToValue converts the plain Go values that the catalogue describes a
// built-in puzzle's state with to Starlark: nil, bool, int, string, and
// []int, []byte (small numbers) or []any for tuples.
func ToValue(x any) (starlark.Value, error) {
	switch v := x.(type) {
	case nil:
		return starlark.None, nil
	case bool:
		return starlark.Bool(v), nil
	case int:
		return starlark.MakeInt(v), nil
	case string:
		return starlark.String(v), nil
	case []int:
		t := make(starlark.Tuple, len(v))
		for i, e := range v {
			t[i] = starlark.MakeInt(e)
		}
		return t, nil
	case []byte:
		t := make(starlark.Tuple, len(v))
		for i, e := range v {
			t[i] = starlark.MakeInt(int(e))
		}
		return t, nil
	case []any:
		t := make(starlark.Tuple, len(v))
		for i, e := range v {
			var err error
			if t[i], err = ToValue(e); err != nil {
				return nil, err
			}
		}
		return t, nil
	case starlark.Value:
		return v, nil
	}
	return nil, fmt.Errorf("script: no Starlark value for a Go %T", x)
}

// describe is v as Starlark writes it, cut short for messages.
func describe(v starlark.Value) string {
	const most = 120
	// What a script returned may be deep, which Starlark writes in n² time.
	if _, err := textSize(v, maxValueBytes); err != nil {
		return fmt.Sprintf("a %s too large or too deep to show", v.Type())
	}
	s := v.String()
	if len(s) > most {
		s = s[:most] + "..."
	}
	return s
}

// number reads a heuristic value or a cost: an int, or a float with no
// fraction, from 0 (or least) to MaxValue. what names it in errors.
func number(v starlark.Value, least int, what string) (int, error) {
	switch x := v.(type) {
	case starlark.Int:
		i, ok := x.Int64()
		switch {
		case !ok || i > MaxValue:
			return 0, fmt.Errorf("%s is %s, beyond the largest allowed, %d", what, x, MaxValue)
		case i < int64(least):
			return 0, fmt.Errorf("%s is %s; it must be at least %d", what, x, least)
		}
		return int(i), nil
	case starlark.Float:
		f := float64(x)
		switch {
		case math.IsNaN(f) || math.IsInf(f, 0):
			return 0, fmt.Errorf("%s is %s, not a number it can be", what, x)
		case f != math.Trunc(f):
			return 0, fmt.Errorf("%s is %s, a fraction: it must be a whole number (round it: int(x) rounds down, which keeps a heuristic admissible)", what, x)
		case f < float64(least):
			return 0, fmt.Errorf("%s is %s; it must be at least %d", what, x, least)
		case f > MaxValue:
			return 0, fmt.Errorf("%s is %s, beyond the largest allowed, %d", what, x, MaxValue)
		}
		return int(f), nil
	case starlark.Bool:
		return 0, fmt.Errorf("%s is %s, a bool, not a number", what, x)
	}
	return 0, fmt.Errorf("%s is a %s (%s), not a number", what, v.Type(), describe(v))
}

// labelName is a move's label for people: a string as it is, anything else
// as Starlark writes it.
func labelName(v starlark.Value) string {
	if s, ok := v.(starlark.String); ok {
		return string(s)
	}
	return v.String()
}

// plainName is a state for people and for views: a string as it is,
// anything else as Starlark writes it.
func plainName(v starlark.Value) string {
	if s, ok := v.(starlark.String); ok && !strings.ContainsAny(string(s), "\n") {
		return string(s)
	}
	return describe(v)
}
