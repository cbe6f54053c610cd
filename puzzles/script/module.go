package script

import (
	"context"
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// compiled is a script parsed, resolved and compiled, not yet run.
type compiled struct {
	file string
	ast  *syntax.File
	prog *starlark.Program
}

// compile checks a script's syntax and names. predeclared are the names
// it will run with besides the universe (their values may come later).
func compile(file string, src []byte, predeclared []string) (*compiled, error) {
	if len(src) > maxSource {
		return nil, &Error{File: file, Msg: fmt.Sprintf("the script is %d bytes, more than the %d allowed", len(src), maxSource)}
	}
	known := universe()
	for _, name := range predeclared {
		known[name] = starlark.None
	}
	f, err := fileOptions.Parse(file, src, 0)
	if err != nil {
		return nil, fromStarlark(file, err)
	}
	for _, st := range f.Stmts {
		if l, ok := st.(*syntax.LoadStmt); ok {
			return nil, at(file, l.Load, "load is not allowed: a script is one file, with no access to others")
		}
	}
	// The names the file binds are read before the rewrite (module.pos);
	// the rewrite changes expressions only.
	if err := guardFile(f); err != nil {
		return nil, fromStarlark(file, err)
	}
	prog, err := starlark.FileProgram(f, known.Has)
	if err != nil {
		return nil, fromStarlark(file, err)
	}
	return &compiled{file: file, ast: f, prog: prog}, nil
}

// module is a script that has run: its frozen globals.
type module struct {
	*compiled
	globals starlark.StringDict
}

// run runs the file's top level within the budget, with predeclared
// values besides the universe, and freezes what it defined (so that
// calls cannot change it, and threads may share it).
func (c *compiled) run(ctx context.Context, predeclared starlark.StringDict, b Budget) (*module, error) {
	env := universe()
	for k, v := range predeclared {
		env[k] = v
	}
	env.Freeze()
	var globals starlark.StringDict
	_, err := newSandbox(ctx, c.file, b).run("", nil, func(t *starlark.Thread) (starlark.Value, error) {
		g, err := c.prog.Init(t, env)
		globals = g
		return starlark.None, err
	})
	if err != nil {
		return nil, err
	}
	globals.Freeze()
	return &module{compiled: c, globals: globals}, nil
}

// pos is where the file binds name at top level (its last binding), or an
// invalid position.
func (m *module) pos(name string) syntax.Position {
	var p syntax.Position
	for _, st := range m.ast.Stmts {
		switch s := st.(type) {
		case *syntax.DefStmt:
			if s.Name.Name == name {
				p = s.Def
			}
		case *syntax.AssignStmt:
			if id, ok := s.LHS.(*syntax.Ident); ok && id.Name == name {
				p = id.NamePos
			}
		}
	}
	return p
}

// errorAt is an Error at the binding of name.
func (m *module) errorAt(name, format string, a ...any) *Error {
	return at(m.file, m.pos(name), format, a...)
}

// function is the global name as a function of one argument; role says
// what it is for, in errors.
func (m *module) function(name, role string) (starlark.Callable, error) {
	v, ok := m.globals[name]
	if !ok {
		return nil, &Error{File: m.file, Msg: fmt.Sprintf("%s is not defined (%s)", name, role)}
	}
	return oneArgument(m, name, name, v, role)
}

// oneArgument checks that v, bound to the global binding and called what
// in errors, can be called with one positional argument.
func oneArgument(m *module, binding, what string, v starlark.Value, role string) (starlark.Callable, error) {
	fn, ok := v.(starlark.Callable)
	if !ok {
		return nil, m.errorAt(binding, "%s must be a function (%s), not a %s", what, role, v.Type())
	}
	f, ok := fn.(*starlark.Function)
	if !ok {
		return fn, nil // a built-in: it says itself what it was given
	}
	extra := 0
	if f.HasVarargs() {
		extra++
	}
	if f.HasKwargs() {
		extra++
	}
	positional := f.NumParams() - f.NumKwonlyParams() - extra
	required := 0
	for i := 0; i < f.NumParams()-extra; i++ {
		if f.ParamDefault(i) == nil {
			if i >= positional {
				required = 2 // a keyword-only parameter without default
				break
			}
			required++
		}
	}
	if required > 1 || (positional < 1 && !f.HasVarargs()) {
		pos := f.Position()
		return nil, at(m.file, pos, "%s must take one argument, the state (%s)", what, role)
	}
	return fn, nil
}
