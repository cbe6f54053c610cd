package script

import (
	"fmt"
	"maps"
	"math/big"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"idaviz/internal/bytesize"
)

// Go.starlark.net has no allocation hooks: one expression ([0] * (1 <<
// 27), a string doubled thirty times) allocates gigabytes within a step,
// and one built-in (str of a list nested 400,000 deep) runs for minutes
// between two steps, where no cancellation is seen. So a script is
// rewritten before it is compiled: the operations that can make a value
// larger than their operands (+, *, %, |, <<, their augmented forms,
// slices, and calls of built-ins) go through the hidden built-ins below,
// which work out the size of the result first, refuse it past maxValueBytes
// and charge it to the call's meter (its allocation budget). What is left
// allocates a bounded amount a step, which the step budget bounds; and
// every built-in works on values of bounded size, so none runs long
// between two steps, where the call's deadline cancels it.

// Bounds on one value a script makes.
const (
	// maxValueBytes is the most one value may take: a string's bytes, a
	// list's or tuple's elements at 16 bytes each. A built-in over it
	// (count, sorted, str) takes milliseconds.
	maxValueBytes = 8 << 20
	// maxIntBits is the largest int, in bits: big products and their
	// conversions to text grow faster than their size.
	maxIntBits = 1 << 16
	// maxReprDepth is how deep a value written as text (str, repr, %,
	// format, print) may nest: Starlark writes a list n deep in n² time.
	maxReprDepth = 1000
	// elemBytes is what an element of a list or tuple costs; entryBytes a
	// dict's or set's.
	elemBytes  = 16
	entryBytes = 64
)

// Names of the hidden built-ins. A script cannot write them (they are
// not identifiers), so it can neither call nor shadow them. An operator's
// have its token's name: idaviz.+ is a checked +, idaviz.+= checks +=.
const (
	guardCall  = "idaviz.call"
	guardSlice = "idaviz.sliced"
	guardOp    = "idaviz."
)

// meterKey is the thread-local *meter of the call under way.
const meterKey = "idaviz.meter"

// meter is a call's allocation budget: the bytes its checked operations
// made, against what the run's memory budget leaves it.
type meter struct {
	used, limit int64
	held        int64 // what the run's states keep, for errors
}

// errTooBig is a value past a bound, or a call past its allocation budget:
// the sandbox reports it as the memory budget.
type errTooBig struct{ msg string }

func (e *errTooBig) Error() string { return ErrMemory.Error() + ": " + e.msg }
func (e *errTooBig) Unwrap() error { return ErrMemory }

// charge counts n bytes a call makes, refusing them past its budget.
func charge(t *starlark.Thread, n int64, what string) error {
	if n > maxValueBytes {
		return &errTooBig{fmt.Sprintf("%s would make a value of more than %s, the most one value may take", what, bytesize.Text(maxValueBytes))}
	}
	m, _ := t.Local(meterKey).(*meter)
	if m == nil {
		return nil
	}
	if m.used += n; m.limit > 0 && m.used > m.limit {
		msg := fmt.Sprintf("one call allocated more than %s", bytesize.Text(m.limit))
		if m.held > 0 {
			msg += fmt.Sprintf(", what the states the run keeps (%s) leave of its budget", bytesize.Text(m.held))
		}
		return &errTooBig{msg}
	}
	return nil
}

// guards are the hidden built-ins, predeclared in every script (a copy,
// for the caller to add to).
func guards() starlark.StringDict {
	return maps.Clone(guardSet)
}

var guardSet = func() starlark.StringDict {
	d := starlark.StringDict{
		guardCall:  starlark.NewBuiltin(guardCall, checkedCall),
		guardSlice: starlark.NewBuiltin(guardSlice, checkedSlice),
	}
	for op := range tokens {
		name := guardOp + op.String()
		d[name] = starlark.NewBuiltin(name, checkedBinary(op, false))
		d[name+"="] = starlark.NewBuiltin(name+"=", checkedBinary(op, true))
	}
	d.Freeze()
	return d
}()

// shallow is what v's own storage takes (its elements' storage apart).
func shallow(v starlark.Value) int64 {
	switch x := v.(type) {
	case starlark.String:
		return int64(len(x))
	case starlark.Bytes:
		return int64(len(x))
	case starlark.Tuple:
		return int64(len(x)) * elemBytes
	case *starlark.List:
		return int64(x.Len()) * elemBytes
	case *starlark.Dict:
		return int64(x.Len()) * entryBytes
	case *starlark.Set:
		return int64(x.Len()) * entryBytes
	case starlark.Int:
		if _, ok := x.Int64(); ok {
			return 0
		}
		return int64(x.BigInt().BitLen() / 8)
	}
	return 0
}

// length is v's number of elements, when it says.
func length(v starlark.Value) (int64, bool) {
	if s, ok := v.(starlark.Sequence); ok {
		return int64(s.Len()), true
	}
	if s, ok := v.(starlark.Indexable); ok {
		return int64(s.Len()), true
	}
	return 0, false
}

// intBits is the size of an int in bits.
func intBits(x starlark.Int) int {
	if i, ok := x.Int64(); ok {
		return big.NewInt(i).BitLen()
	}
	return x.BigInt().BitLen()
}

// textSize bounds the length of v written as text (str, repr), walking at
// most about limit bytes of it; it fails past limit or maxReprDepth, or
// for a value that contains itself.
func textSize(v starlark.Value, limit int64) (int64, error) {
	var n int64
	var walk func(v starlark.Value, depth int) error
	walk = func(v starlark.Value, depth int) error {
		if depth > maxReprDepth {
			return &errTooBig{fmt.Sprintf("a value nested more than %d deep (or that contains itself) cannot be written as text", maxReprDepth)}
		}
		n += 2
		switch x := v.(type) {
		case starlark.String:
			n += int64(len(x)) * 2 // escapes
		case starlark.Bytes:
			n += int64(len(x)) * 4
		case starlark.Int:
			n += int64(intBits(x))/3 + 1
		case starlark.Float:
			n += 24
		case starlark.Tuple:
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		case *starlark.List:
			for i := 0; i < x.Len(); i++ {
				if err := walk(x.Index(i), depth+1); err != nil {
					return err
				}
			}
		case *starlark.Dict:
			for _, kv := range x.Items() {
				if err := walk(kv[0], depth+1); err != nil {
					return err
				}
				if err := walk(kv[1], depth+1); err != nil {
					return err
				}
			}
		case *starlark.Set:
			it := x.Iterate()
			defer it.Done()
			var e starlark.Value
			for it.Next(&e) {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		default:
			n += 32 // functions, None, bools, ranges: short
		}
		if n > limit {
			return &errTooBig{fmt.Sprintf("a value written as text would take more than %s", bytesize.Text(limit))}
		}
		return nil
	}
	err := walk(v, 0)
	return n, err
}

// binarySize bounds the size of x op y before it is made.
func binarySize(op syntax.Token, x, y starlark.Value) (int64, error) {
	switch op {
	case syntax.PLUS, syntax.PIPE:
		if a, ok := x.(starlark.Int); ok {
			if b, ok := y.(starlark.Int); ok {
				return int64(max(intBits(a), intBits(b))+1) / 8, intCheck(max(intBits(a), intBits(b)) + 1)
			}
		}
		return shallow(x) + shallow(y), nil
	case syntax.STAR:
		if a, ok := x.(starlark.Int); ok {
			if b, ok := y.(starlark.Int); ok {
				bits := intBits(a) + intBits(b)
				return int64(bits / 8), intCheck(bits)
			}
			x, y = y, x // n * sequence
		}
		if k, ok := y.(starlark.Int); ok {
			times, ok := k.Int64()
			if !ok || times > maxValueBytes {
				times = maxValueBytes + 1
			}
			if times <= 0 {
				return 0, nil
			}
			per := shallow(x)
			if per > 0 && times > (maxValueBytes+1)/per+1 {
				return maxValueBytes + 1, nil
			}
			return per * times, nil
		}
	case syntax.PERCENT:
		if f, ok := x.(starlark.String); ok {
			arg, err := textSize(y, maxValueBytes)
			if err != nil {
				return 0, err
			}
			return int64(len(f)) + int64(strings.Count(string(f), "%"))*arg, nil
		}
	case syntax.LTLT:
		if a, ok := x.(starlark.Int); ok {
			if b, ok := y.(starlark.Int); ok {
				s, _ := b.Int64()
				bits := intBits(a) + int(min(max(s, 0), 1<<20))
				return int64(bits / 8), intCheck(bits)
			}
		}
	}
	return 0, nil
}

func intCheck(bits int) error {
	if bits > maxIntBits {
		return &errTooBig{fmt.Sprintf("an int of more than %d bits", maxIntBits)}
	}
	return nil
}

// tokens are the operators the rewrite checks.
var tokens = map[syntax.Token]bool{syntax.PLUS: true, syntax.STAR: true, syntax.PERCENT: true, syntax.PIPE: true, syntax.LTLT: true}

// checkedBinary is x op y, refused when the result would be too big:
// idaviz.op(x, y). Augmented, it checks x op= y and returns y, for the
// assignment itself: x op= idaviz.op=(x, y).
func checkedBinary(op syntax.Token, augmented bool) func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return func(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) != 2 {
			return nil, fmt.Errorf("internal: %d arguments to %s", len(args), b.Name())
		}
		x, y := args[0], args[1]
		// Ints of 64 bits make at most 128: the common case, unchecked.
		if a, ok := x.(starlark.Int); !ok || !small(a) {
			goto check
		}
		if c, ok := y.(starlark.Int); !ok || !small(c) || op == syntax.LTLT {
			goto check
		}
		goto do
	check:
		if n, err := binarySize(op, x, y); err != nil {
			return nil, err
		} else if n > 0 {
			if err := charge(t, n, b.Name()[len(guardOp):]); err != nil {
				return nil, err
			}
		}
	do:
		if augmented {
			return y, nil
		}
		return starlark.Binary(op, x, y)
	}
}

func small(x starlark.Int) bool {
	_, ok := x.Int64()
	return ok
}

// checkedSlice charges a slice of x at most x's size before it is made,
// and returns x to be sliced: idaviz.sliced(x)[lo:hi:step].
func checkedSlice(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("internal: %d arguments to a checked slice", len(args))
	}
	return args[0], charge(t, shallow(args[0]), "a slice")
}

// textual are the built-ins that write their arguments as text.
var textual = map[string]bool{"str": true, "repr": true, "print": true, "fail": true}

// collecting are the built-ins that make a value of their argument's
// elements.
var collecting = map[string]bool{"list": true, "tuple": true, "sorted": true, "dict": true, "set": true,
	"zip": true, "enumerate": true, "reversed": true}

// checkedCall calls f(args...) after bounding what it makes, and charges
// what it made: idaviz.call(f, args...).
func checkedCall(t *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("internal: a checked call of nothing")
	}
	fn, args := args[0], args[1:]
	b, ok := fn.(*starlark.Builtin)
	if !ok {
		// The script's own functions check what they do themselves.
		return starlark.Call(t, fn, args, kwargs)
	}
	if err := precheck(t, b, args, kwargs); err != nil {
		return nil, err
	}
	v, err := starlark.Call(t, fn, args, kwargs)
	if err != nil {
		return nil, err
	}
	if err := charge(t, shallow(v), b.Name()); err != nil {
		return nil, err
	}
	return v, nil
}

// precheck bounds what built-in b makes of args before it runs.
func precheck(t *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) error {
	name := b.Name()
	if recv := b.Receiver(); recv != nil {
		return precheckMethod(t, name, recv, args, kwargs)
	}
	all := append(starlark.Tuple(nil), args...)
	for _, kv := range kwargs {
		all = append(all, kv[1])
	}
	switch {
	case textual[name]:
		var n int64
		for _, a := range all {
			m, err := textSize(a, maxValueBytes)
			if err != nil {
				return err
			}
			n += m
		}
		return charge(t, n, name)
	case name == "int" && len(args) > 0:
		// Reading digits takes longer than their size grows.
		if s, ok := args[0].(starlark.String); ok && len(s) > maxIntBits/3 {
			return &errTooBig{fmt.Sprintf("int of a string of %d characters, more than an int of %d bits takes", len(s), maxIntBits)}
		}
	case collecting[name]:
		for _, a := range args {
			if l, ok := length(a); ok {
				if err := charge(t, l*entryBytes, name); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// stringMethods are what the methods of a string make, per byte of it.
var stringMethods = map[string]int64{
	"split": elemBytes, "rsplit": elemBytes, "splitlines": elemBytes, "elems": elemBytes, "codepoints": elemBytes,
	"elem_ords": elemBytes, "codepoint_ords": elemBytes, "partition": 1, "rpartition": 1,
	"upper": 1, "lower": 1, "title": 1, "capitalize": 1, "swapcase": 1, "strip": 1, "lstrip": 1, "rstrip": 1,
	"removeprefix": 1, "removesuffix": 1,
}

// precheckMethod bounds what a method of a string, list, dict or set
// makes before it runs.
func precheckMethod(t *starlark.Thread, name string, recv starlark.Value, args starlark.Tuple, kwargs []starlark.Tuple) error {
	switch r := recv.(type) {
	case starlark.String:
		switch name {
		case "join":
			if len(args) != 1 {
				return nil
			}
			l, ok := length(args[0])
			if !ok {
				return nil
			}
			n := int64(len(r)) * l
			if it, ok := args[0].(starlark.Iterable); ok {
				iter := it.Iterate()
				defer iter.Done()
				var e starlark.Value
				for iter.Next(&e) && n <= maxValueBytes {
					n += shallow(e)
				}
			}
			return charge(t, n, "join")
		case "replace":
			if len(args) < 2 {
				return nil
			}
			old, ok1 := args[0].(starlark.String)
			nw, ok2 := args[1].(starlark.String)
			if !ok1 || !ok2 {
				return nil
			}
			times := int64(strings.Count(string(r), string(old)))
			return charge(t, int64(len(r))+times*int64(max(len(nw)-len(old), 0)), "replace")
		case "format":
			var arg int64
			for _, a := range args {
				m, err := textSize(a, maxValueBytes)
				if err != nil {
					return err
				}
				arg = max(arg, m)
			}
			for _, kv := range kwargs {
				m, err := textSize(kv[1], maxValueBytes)
				if err != nil {
					return err
				}
				arg = max(arg, m)
			}
			return charge(t, int64(len(r))+int64(strings.Count(string(r), "{"))*arg, "format")
		default:
			// The others make at most their string's size, or a list of
			// its parts (split, elems); those that count or test make
			// nothing.
			return charge(t, int64(len(r))*stringMethods[name], name)
		}
	case *starlark.List, *starlark.Dict, *starlark.Set:
		switch name {
		case "extend", "update", "union":
			for _, a := range args {
				if l, ok := length(a); ok {
					if err := charge(t, shallow(recv)+l*entryBytes, name); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
