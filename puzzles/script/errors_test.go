package script_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"idaviz/engine"
	"idaviz/puzzles/script"
)

// base is a small problem the cases below break one way or another: a line
// of five states, 0 to 4, the goal 4.
const base = `start = 0
def goal(s):
    return s == 4
def moves(s):
    return [("+", s + 1, 1)] if s < 4 else []
heuristics = {"left": lambda s: 4 - s}
`

// TestErrorsAtLoad: a file that does not load says where and why.
func TestErrorsAtLoad(t *testing.T) {
	cases := []struct {
		name, src string
		want      string // the error's beginning
		has       string // and a part of it
	}{
		{"syntax", "start = (\n", "p.star:2:1:", "got end of file"},
		{"undefined", "start = 0\ngoal = 4\ndef moves(s):\n    return nope\n", "p.star:4:12:", "undefined: nope"},
		{"no start", "goal = 1\ndef moves(s): return []\n", "p.star: start is not defined", "a problem defines"},
		{"no moves", "start = 0\ngoal = 1\n", "p.star: moves is not defined", "a problem defines"},
		{"moves not a function", "start = 0\ngoal = 1\nmoves = 3\n", "p.star:3:1:", "moves must be a function"},
		{"moves of two arguments", "start = 0\ngoal = 1\ndef moves(s, t):\n    return []\n", "p.star:3:1:", "must take one argument"},
		{"a list as the start", "start = [1, 2]\ngoal = 1\ndef moves(s): return []\n", "p.star:1:1:", "write a tuple"},
		{"a float as the start", "start = 1.5\ngoal = 1\ndef moves(s): return []\n", "p.star:1:1:", "got a float"},
		{"heuristics not a dict", base + "heuristics = [1]\n", "p.star:7:1:", "must be a dict"},
		{"heuristic of no argument", base + "heuristics = {'a': lambda: 0}\n", "p.star:7:20:", `the heuristic "a" must take one argument`},
		{"bad view kind", base + "view = {'kind': 'map'}\n", "p.star:7:1:", "the view's kind is \"map\""},
		{"load", "load('other.star', 'x')\n" + base, "p.star:1:1:", "load is not allowed"},
		{"error at top level", "start = 0\nx = {}['k']\n", "p.star:2:7:", "key \"k\" not in dict"},
		{"recursion", "def f(n):\n    return f(n - 1)\nstart = f(3)\n", "p.star:2:12:", "called recursively"},
		{"no file access", "start = open('/etc/passwd')\n", "p.star:1:9:", "undefined: open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := script.LoadProblem("p.star", []byte(c.src), script.Budget{})
			var e *script.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want a *script.Error", err, err)
			}
			if !strings.HasPrefix(err.Error(), c.want) || !strings.Contains(err.Error(), c.has) {
				t.Fatalf("error %q, want it to begin %q and hold %q", err, c.want, c.has)
			}
		})
	}
}

// TestErrorsWhileSearching: a function that fails, or returns what it must
// not, stops the search with an error naming the file, the line, the
// function and the state it was called with.
func TestErrorsWhileSearching(t *testing.T) {
	cases := []struct {
		name, src, heuristic string
		want                 string
	}{
		{"raises", base + "def bad(s):\n    return {}[s]\nheuristics = {'bad': bad}\n", "bad", `p.star:8:14: bad(0): key 0 not in dict`},
		{"negative", base + "heuristics = {'neg': lambda s: s - 2}\n", "neg", `p.star:7:22: neg(0): the value is -2; it must be at least 0`},
		{"fraction", base + "heuristics = {'half': lambda s: (4 - s) / 2}\n", "half", `p.star:7:23: half(1): the value is 1.5, a fraction`},
		{"not a number", base + "heuristics = {'s': lambda s: str(s)}\n", "s", `p.star:7:20: s(0): the value is a string ("0"), not a number`},
		{"a bool", base + "heuristics = {'b': lambda s: s < 4}\n", "b", `p.star:7:20: b(0): the value is True, a bool`},
		{"not zero at the goal", base + "heuristics = {'one': lambda s: 1}\n", "one", `p.star:7:22: one(4): the value is 1 at a goal`},
		{"moves not a list", "start = 0\ngoal = 4\ndef moves(s):\n    return 7\n", "zero", `p.star:3:1: moves(0): returned a int, not a list`},
		{"move not a triple", "start = 0\ngoal = 4\ndef moves(s):\n    return [('+', s + 1)]\n", "zero", `p.star:3:1: moves(0): move 1 is ("+", 1), not a (label, next state, cost) tuple`},
		{"second move bad", "start = 0\ngoal = 4\ndef moves(s):\n    return [('+', s + 1, 1), ('-', s - 1)]\n", "zero", `p.star:3:1: moves(0): move 2 is ("-", -1), not a (label, next state, cost)`},
		{"zero cost", "start = 0\ngoal = 4\ndef moves(s):\n    return [('+', s + 1, 0)]\n", "zero", `moves(0): the cost of move 1 (+) is 0; it must be at least 1`},
		{"list state", "start = 0\ngoal = 4\ndef moves(s):\n    return [('+', [s], 1)]\n", "zero", `moves(0): the next state of move 1 (+): a state is made of ints, strings, bools, None and tuples: got a list [0]`},
		{"same label twice", "start = 0\ngoal = 4\ndef moves(s):\n    return [('+', s + 1, 1), ('+', s + 2, 1)]\n", "zero", `moves(0): two moves are labelled "+"`},
		{"goal not a bool", "start = 0\ndef goal(s):\n    return 1\ndef moves(s):\n    return [('+', s + 1, 1)]\n", "zero", `p.star:2:1: goal(0): returned 1, not True or False`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := script.LoadProblem("p.star", []byte(c.src), script.Budget{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := p.Domain(p.Start(), c.heuristic)
			if err == nil {
				_, err = engine.IDA(context.Background(), d, engine.Options{})
				if err == nil {
					err = d.Err()
				}
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}
