package script

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// runBoth compiles src as written and as rewritten (guard.go), and runs
// each file's top level within a small budget.
func runBoth(t *testing.T, src string) (plain, guarded starlark.StringDict, errPlain, errGuarded error, ok bool) {
	f1, err := fileOptions.Parse("a.star", src, 0)
	if err != nil {
		return nil, nil, nil, nil, false
	}
	for _, st := range f1.Stmts {
		if _, isLoad := st.(*syntax.LoadStmt); isLoad {
			return nil, nil, nil, nil, false
		}
	}
	f2, _ := fileOptions.Parse("a.star", src, 0)
	known := universe()
	p1, err1 := starlark.FileProgram(f1, known.Has)
	if err := guardFile(f2); err != nil {
		var se syntax.Error
		if !errors.As(err, &se) || !se.Pos.IsValid() {
			t.Fatalf("the rewrite's refusal has no place: %v", err)
		}
		return nil, nil, nil, nil, false
	}
	p2, err2 := starlark.FileProgram(f2, known.Has)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("compiled as written: %v; rewritten: %v", err1, err2)
	}
	if err1 != nil {
		return nil, nil, nil, nil, false
	}
	b := Budget{Steps: 20_000, CallTime: time.Second, Memory: 64 << 20}
	run := func(p *starlark.Program) (starlark.StringDict, error) {
		var g starlark.StringDict
		_, err := newSandbox(context.Background(), "a.star", b).run("", nil, func(th *starlark.Thread) (starlark.Value, error) {
			var err error
			g, err = p.Init(th, universe())
			return starlark.None, err
		})
		return g, err
	}
	plain, errPlain = run(p1)
	guarded, errGuarded = run(p2)
	return plain, guarded, errPlain, errGuarded, true
}

// checkSame fails unless the rewritten file did what the file as written
// did, or was stopped by a budget.
func checkSame(t *testing.T, src string) {
	plain, guarded, e1, e2, ok := runBoth(t, src)
	if !ok {
		return
	}
	budget := func(err error) bool {
		return errors.Is(err, ErrMemory) || errors.Is(err, ErrSteps) || errors.Is(err, ErrTime)
	}
	switch {
	case e2 != nil && budget(e2):
		return // bounds the file as written does not have
	case (e1 == nil) != (e2 == nil):
		t.Fatalf("as written: %v; rewritten: %v", e1, e2)
	case e1 != nil:
		// The same error, but for where Starlark places it.
		m1, m2 := e1.(*Error).Msg, e2.(*Error).Msg
		if m1 != m2 && !strings.Contains(m2, "idaviz.") {
			t.Fatalf("as written: %q; rewritten: %q", m1, m2)
		}
		return
	}
	for k, v := range plain {
		if _, err := textSize(v, 1<<20); err != nil {
			continue
		}
		if w := guarded[k]; w == nil || v.String() != w.String() {
			t.Fatalf("%s is %v as written, %v rewritten", k, v, w)
		}
	}
}

// TestRewriteKeepsMeaning: the rewrite changes what a script can allocate,
// not what it computes: += on a list extends it in place, an index is read
// once, a slice, a %, a call with *args and **kwargs.
func TestRewriteKeepsMeaning(t *testing.T) {
	for _, src := range []string{
		"a = [1]\nb = a\na += [2]\nc = len(b)\n",
		"d = {'k': [1]}\nd['k'] += [2, 3]\nn = d['k']\n",
		"s = 'ab' * 3\nt = s[1:4]\nu = s[::-1]\nv = '%s-%d' % ('x', 3)\n",
		"def f(a, b=2, *c, **d):\n    return (a, b, c, sorted(d.items()))\nr = f(1, *[2, 3], **{'x': 4})\n",
		"x = 1 << 10\ny = 3\ny <<= 2\nz = set([1]) | set([2])\nw = [i * 2 for i in range(5) if i % 2]\n",
		"a = [0, 0]\ni = 1\na[i] += 5\na[i - 1] += 2\n",
		"s = ', '.join(['a', 'b'])\nr = 'aXbX'.replace('X', '--')\nf = '{} {}'.format(1, [2])\n",
		"l = [3, 1, 2]\nm = sorted(l)\nn = list(reversed(l))\nt = tuple(l)\ne = list(enumerate(l))\nz = list(zip(l, l))\n",
		"x = str([1, (2, 'a')])\ny = repr('q')\nlen = 3\nlenx = len\n",
	} {
		if _, _, e1, e2, ok := runBoth(t, src); !ok || e1 != nil || e2 != nil {
			t.Fatalf("%q: ran %v: %v, %v", src, ok, e1, e2)
		}
		checkSame(t, src)
	}
}

// TestRewriteRefusesTwoReads: an augmented assignment whose index calls a
// function would call it twice: it is refused, at its place.
func TestRewriteRefusesTwoReads(t *testing.T) {
	_, err := compile("a.star", []byte("a = [[0]]\ndef f():\n    return 0\na[f()] += [1]\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "a.star:4:8: the target of += must be a name") {
		t.Fatalf("error %v", err)
	}
}

// FuzzRewrite: whatever a file holds, the rewrite neither panics nor
// changes what the file computes (but for the budgets it adds).
func FuzzRewrite(f *testing.F) {
	for _, s := range []string{
		"a = [1]\na += [2]\n", "s = 'x' * 10\nt = s[2:]\n", "x = '%s' % (1,)\n",
		"def f(*a, **k):\n    return a\ny = f(1, 2, z=3)\n", "d = {}\nd['a'] = 1\nd['a'] += 2\n",
		"x = []\nfor i in range(10):\n    x = [x]\ns = str(x)\n", "n = 1\nfor i in range(100):\n    n = n * 3\n",
		"l = lambda x=[1] + [2]: x * 2\nr = l()\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2048 {
			return
		}
		checkSame(t, src)
	})
}
