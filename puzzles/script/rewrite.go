package script

import (
	"fmt"

	"go.starlark.net/syntax"
)

// cheap are the built-ins a call of which needs no check (guard.go): they
// make nothing bigger than their arguments, or count their own steps (sum,
// range). A call of one goes through idaviz.call anyway when the script
// binds its name to something else.
var cheap = map[string]bool{"len": true, "abs": true, "min": true, "max": true, "bool": true, "type": true,
	"hash": true, "chr": true, "ord": true, "any": true, "all": true, "hasattr": true, "getattr": true,
	"range": true, "sum": true, "float": true}

// rewriter rewrites a parsed script so that what can make a big value goes
// through the hidden built-ins of guard.go.
type rewriter struct {
	bound map[string]bool // the names the script binds anywhere, but by def
	defs  map[string]int  // how many defs bind each name
	err   error
}

// guardFile rewrites a parsed file in place.
func guardFile(f *syntax.File) error {
	r := &rewriter{bound: map[string]bool{}, defs: map[string]int{}}
	for _, st := range f.Stmts {
		syntax.Walk(st, r.collect)
	}
	r.stmts(f.Stmts)
	return r.err
}

// guardExpr rewrites a parsed expression (a state typed by a person).
func guardExpr(e syntax.Expr) (syntax.Expr, error) {
	r := &rewriter{bound: map[string]bool{}, defs: map[string]int{}}
	syntax.Walk(e, r.collect)
	e = r.expr(e)
	return e, r.err
}

// collect notes the names a node binds.
func (r *rewriter) collect(n syntax.Node) bool {
	switch x := n.(type) {
	case *syntax.AssignStmt:
		r.targets(x.LHS)
	case *syntax.DefStmt:
		r.defs[x.Name.Name]++
		r.params(x.Params)
	case *syntax.LambdaExpr:
		r.params(x.Params)
	case *syntax.ForStmt:
		r.targets(x.Vars)
	case *syntax.ForClause:
		r.targets(x.Vars)
	}
	return true
}

func (r *rewriter) params(ps []syntax.Expr) {
	for _, p := range ps {
		switch x := p.(type) {
		case *syntax.Ident:
			r.bound[x.Name] = true
		case *syntax.BinaryExpr:
			r.targets(x.X)
		case *syntax.UnaryExpr:
			if x.X != nil {
				r.targets(x.X)
			}
		}
	}
}

func (r *rewriter) targets(e syntax.Expr) {
	eachTarget(e, func(t syntax.Expr) {
		if id, ok := t.(*syntax.Ident); ok {
			r.bound[id.Name] = true
		}
	})
}

// eachTarget calls f with each target e assigns, through the tuples,
// lists and parentheses that unpack a value into several.
func eachTarget(e syntax.Expr, f func(syntax.Expr)) {
	switch x := e.(type) {
	case *syntax.TupleExpr:
		for _, y := range x.List {
			eachTarget(y, f)
		}
	case *syntax.ListExpr:
		for _, y := range x.List {
			eachTarget(y, f)
		}
	case *syntax.ParenExpr:
		eachTarget(x.X, f)
	default:
		f(e)
	}
}

func (r *rewriter) fail(pos syntax.Position, format string, a ...any) {
	if r.err == nil {
		r.err = syntax.Error{Pos: pos, Msg: fmt.Sprintf(format, a...)}
	}
}

func (r *rewriter) stmts(list []syntax.Stmt) {
	for _, st := range list {
		r.stmt(st)
	}
}

func (r *rewriter) stmt(st syntax.Stmt) {
	switch x := st.(type) {
	case *syntax.AssignStmt:
		op := augmented[x.Op]
		read, ok := pure(x.LHS)
		r.target(x.LHS)
		x.RHS = r.expr(x.RHS)
		if op == 0 || r.numeric(x.RHS) && (op == syntax.PLUS || op == syntax.PIPE) {
			return // n += 1: an int grows a bit a step at most
		}
		// x op= y stays (a list's += extends it in place), with y checked
		// against x first: x op= idaviz.op=(x, y). x is read
		// twice, so it must be a name or an index of names and constants.
		if !ok {
			r.fail(x.OpPos, "the target of %s must be a name, or an index of names and constants: assign the index to a name first", x.Op)
			return
		}
		x.RHS = hidden(guardOp+op.String()+"=", x.OpPos, r.expr(read), x.RHS)
	case *syntax.DefStmt:
		r.paramDefaults(x.Params)
		r.stmts(x.Body)
	case *syntax.ExprStmt:
		x.X = r.expr(x.X)
	case *syntax.IfStmt:
		x.Cond = r.expr(x.Cond)
		r.stmts(x.True)
		r.stmts(x.False)
	case *syntax.ForStmt:
		r.target(x.Vars)
		x.X = r.expr(x.X)
		r.stmts(x.Body)
	case *syntax.WhileStmt:
		x.Cond = r.expr(x.Cond)
		r.stmts(x.Body)
	case *syntax.ReturnStmt:
		if x.Result != nil {
			x.Result = r.expr(x.Result)
		}
	}
}

// augmented maps an augmented assignment to its checked operator.
var augmented = map[syntax.Token]syntax.Token{syntax.PLUS_EQ: syntax.PLUS, syntax.STAR_EQ: syntax.STAR,
	syntax.PERCENT_EQ: syntax.PERCENT, syntax.PIPE_EQ: syntax.PIPE, syntax.LTLT_EQ: syntax.LTLT}

// target rewrites what an assignment's target reads (a[i]: a and i).
func (r *rewriter) target(e syntax.Expr) {
	eachTarget(e, func(t syntax.Expr) {
		switch x := t.(type) {
		case *syntax.IndexExpr:
			x.X, x.Y = r.expr(x.X), r.expr(x.Y)
		case *syntax.DotExpr:
			x.X = r.expr(x.X)
		}
	})
}

func (r *rewriter) paramDefaults(ps []syntax.Expr) {
	for _, p := range ps {
		if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			b.Y = r.expr(b.Y)
		}
	}
}

// pure copies an expression that reads without effects: a name, a
// constant, or an index, field or arithmetic of those.
func pure(e syntax.Expr) (syntax.Expr, bool) {
	switch x := e.(type) {
	case *syntax.Ident:
		return &syntax.Ident{NamePos: x.NamePos, Name: x.Name}, true
	case *syntax.Literal:
		c := *x
		return &c, true
	case *syntax.ParenExpr:
		return pure(x.X)
	case *syntax.DotExpr:
		in, ok := pure(x.X)
		return &syntax.DotExpr{X: in, Dot: x.Dot, NamePos: x.NamePos, Name: &syntax.Ident{NamePos: x.Name.NamePos, Name: x.Name.Name}}, ok
	case *syntax.IndexExpr:
		a, ok1 := pure(x.X)
		b, ok2 := pure(x.Y)
		return &syntax.IndexExpr{X: a, Lbrack: x.Lbrack, Y: b, Rbrack: x.Rbrack}, ok1 && ok2
	case *syntax.BinaryExpr:
		a, ok1 := pure(x.X)
		b, ok2 := pure(x.Y)
		return &syntax.BinaryExpr{OpPos: x.OpPos, Op: x.Op, X: a, Y: b}, ok1 && ok2
	case *syntax.UnaryExpr:
		if x.Op == syntax.MINUS && x.X != nil {
			in, ok := pure(x.X)
			return &syntax.UnaryExpr{OpPos: x.OpPos, Op: x.Op, X: in}, ok
		}
	}
	return nil, false
}

// numerics are the built-ins that return a number (or fail).
var numerics = map[string]bool{"abs": true, "len": true, "ord": true, "hash": true, "int": true, "float": true}

// numeric reports whether e is a number, or an error, whatever the
// script's values: a number written out, or a call of a built-in that
// returns one, or a sum of those. (Evaluated before the rewrite.)
func (r *rewriter) numeric(e syntax.Expr) bool {
	switch x := e.(type) {
	case *syntax.Literal:
		return x.Token == syntax.INT || x.Token == syntax.FLOAT
	case *syntax.ParenExpr:
		return r.numeric(x.X)
	case *syntax.CallExpr:
		id, ok := x.Fn.(*syntax.Ident)
		return ok && numerics[id.Name] && !r.bound[id.Name] && r.defs[id.Name] == 0
	case *syntax.BinaryExpr:
		return r.numericOp(x)
	}
	return false
}

// numericOp reports whether a checked operator needs no check: a sum (or
// |) with a number, or a number's remainder, is a number that grows a bit
// at most, or an error. A product needs its check (2**n in n steps), as
// does a shift.
func (r *rewriter) numericOp(x *syntax.BinaryExpr) bool {
	switch x.Op {
	case syntax.PLUS, syntax.PIPE:
		return r.numeric(x.X) || r.numeric(x.Y)
	case syntax.PERCENT:
		return r.numeric(x.X)
	}
	return false
}

// hidden is a call of a hidden built-in at pos.
func hidden(name string, pos syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: name}, Lparen: pos, Args: args, Rparen: pos}
}

// needsCheck reports whether a call of fn may be a built-in that makes a
// big value.
func (r *rewriter) needsCheck(fn syntax.Expr) bool {
	switch x := fn.(type) {
	case *syntax.Ident:
		if r.defs[x.Name] == 1 && !r.bound[x.Name] {
			return false // the script's own function, which checks itself
		}
		return !cheap[x.Name] || r.bound[x.Name] || r.defs[x.Name] > 0
	case *syntax.DotExpr:
		// math's functions make numbers.
		if id, ok := x.X.(*syntax.Ident); ok && id.Name == "math" && !r.bound["math"] && r.defs["math"] == 0 {
			return false
		}
		// A script defines no types: a method is a built-in type's.
		return !cheapMethods[x.Name.Name]
	}
	return true
}

// cheapMethods are the methods of strings, lists, dicts and sets that make
// nothing bigger than an element (a list's append grows it by one, a step).
var cheapMethods = map[string]bool{"append": true, "get": true, "index": true, "find": true, "rfind": true,
	"rindex": true, "count": true, "startswith": true, "endswith": true, "pop": true, "insert": true,
	"remove": true, "clear": true, "setdefault": true, "add": true, "discard": true, "isalpha": true,
	"isdigit": true, "isalnum": true, "isspace": true, "islower": true, "isupper": true, "istitle": true}

func (r *rewriter) exprs(list []syntax.Expr) {
	for i, e := range list {
		list[i] = r.expr(e)
	}
}

func (r *rewriter) expr(e syntax.Expr) syntax.Expr {
	switch x := e.(type) {
	case nil:
		return nil
	case *syntax.ParenExpr:
		x.X = r.expr(x.X)
	case *syntax.CallExpr:
		for i, a := range x.Args {
			switch y := a.(type) {
			case *syntax.BinaryExpr: // name=value
				if y.Op == syntax.EQ {
					y.Y = r.expr(y.Y)
					continue
				}
			case *syntax.UnaryExpr: // *args, **kwargs
				if y.Op == syntax.STAR || y.Op == syntax.STARSTAR {
					y.X = r.expr(y.X)
					continue
				}
			}
			x.Args[i] = r.expr(a)
		}
		x.Fn = r.expr(x.Fn)
		if r.needsCheck(x.Fn) {
			x.Args = append([]syntax.Expr{x.Fn}, x.Args...)
			x.Fn = &syntax.Ident{NamePos: x.Lparen, Name: guardCall}
		}
	case *syntax.DotExpr:
		x.X = r.expr(x.X)
	case *syntax.Comprehension:
		x.Body = r.expr(x.Body)
		for _, c := range x.Clauses {
			switch y := c.(type) {
			case *syntax.ForClause:
				r.target(y.Vars)
				y.X = r.expr(y.X)
			case *syntax.IfClause:
				y.Cond = r.expr(y.Cond)
			}
		}
	case *syntax.DictExpr:
		for _, en := range x.List {
			d := en.(*syntax.DictEntry)
			d.Key, d.Value = r.expr(d.Key), r.expr(d.Value)
		}
	case *syntax.LambdaExpr:
		r.paramDefaults(x.Params)
		x.Body = r.expr(x.Body)
	case *syntax.ListExpr:
		r.exprs(x.List)
	case *syntax.TupleExpr:
		r.exprs(x.List)
	case *syntax.CondExpr:
		x.Cond, x.True, x.False = r.expr(x.Cond), r.expr(x.True), r.expr(x.False)
	case *syntax.UnaryExpr:
		x.X = r.expr(x.X)
	case *syntax.BinaryExpr:
		safe := r.numericOp(x)
		x.X, x.Y = r.expr(x.X), r.expr(x.Y)
		if tokens[x.Op] && !safe {
			return hidden(guardOp+x.Op.String(), x.OpPos, x.X, x.Y)
		}
	case *syntax.SliceExpr:
		x.X = hidden(guardSlice, x.Lbrack, r.expr(x.X))
		x.Lo, x.Hi, x.Step = r.expr(x.Lo), r.expr(x.Hi), r.expr(x.Step)
	case *syntax.IndexExpr:
		x.X, x.Y = r.expr(x.X), r.expr(x.Y)
	}
	return e
}
