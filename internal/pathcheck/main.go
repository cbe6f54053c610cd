// Command pathcheck fails when a comment or a document names a file or
// folder of the repository that is not there: a file moves, and the
// comments that point at it go on pointing at the old place, where nobody
// notices until a reader follows one. Run it from the module's root:
//
//	go run ./internal/pathcheck
//
// It reads the comments of *.go, *.js, *.css, *.html and *.sh files and of
// the scripts in .ci/, and the whole text of *.md files, and checks every
// token that names a path of this tree (see pathTokens and resolves for
// the rule), and every section cited as docs/GUIDE.md, "Start it" (see
// sections). It prints FILE:LINE: PATH for each that is missing and exits
// 1; exit 2 is a failure to read the tree.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "pathcheck: unexpected argument %q (only -root)\n", flag.Arg(0))
		os.Exit(2)
	}
	found, err := check(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pathcheck:", err)
		os.Exit(2)
	}
	report(os.Stdout, found)
	if len(found) > 0 {
		os.Exit(1)
	}
}

func report(w io.Writer, found []finding) {
	for _, f := range found {
		fmt.Fprintf(w, "%s:%d: %s\n", f.file, f.line, f.path)
	}
}

// finding is a path named at file:line that the tree does not have.
type finding struct {
	file string // slash-separated, relative to the root
	line int
	path string // as written
}

// skipDirs are folders whose files are not the project's own text: other
// people's code (vendored, installed by npm) and git's store.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true}

// check walks the tree under root and returns every missing path, in file
// and line order.
func check(root string) ([]finding, error) {
	t, err := newTree(root)
	if err != nil {
		return nil, err
	}
	var found []finding
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		kind := kindOf(rel)
		if kind == none || !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		start := len(found)
		lines := commentLines(kind, string(src))
		for _, c := range lines {
			for _, ref := range pathTokens(c.text) {
				if !t.resolves(rel, ref) {
					found = append(found, finding{file: rel, line: c.line, path: ref})
				}
			}
		}
		found = append(found, t.sections(rel, lines)...)
		slices.SortStableFunc(found[start:], func(a, b finding) int { return a.line - b.line })
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", root, err)
	}
	return found, nil
}

type fileKind int

const (
	none fileKind = iota
	goFile
	slashStar // JavaScript and CSS: // and /* */ comments, strings
	hashFile  // shell: # comments
	htmlFile  // <!-- --> comments
	markdown  // every line
)

func kindOf(rel string) fileKind {
	switch path.Ext(rel) {
	case ".go":
		return goFile
	case ".js", ".mjs", ".css":
		return slashStar
	case ".sh":
		return hashFile
	case ".html":
		return htmlFile
	case ".md":
		return markdown
	}
	if strings.HasPrefix(rel, ".ci/") && !strings.Contains(strings.TrimPrefix(rel, ".ci/"), "/") {
		return hashFile // .ci/run, .ci/release: scripts without an extension
	}
	return none
}

// tree answers whether a named path exists.
type tree struct {
	root string
	top  map[string]bool // the names at the root
	base map[string]bool // the names of every file and folder, anywhere
	// ignored are the root .gitignore's patterns: a build or a test makes
	// what they name (web/site/engine/, rubik.test), so a comment may name
	// it in a tree where it is not yet.
	ignored []ignorePattern
	// docHeadings are the headings of each document a section is cited
	// from, read once.
	docHeadings map[string][]string
}

// ignorePattern is a line of .gitignore: anchored (/dist/) matches a path
// from the root, else (*.test) the name of any of a path's segments.
type ignorePattern struct {
	pattern  string
	anchored bool
}

func newTree(root string) (*tree, error) {
	t := &tree{root: root, top: map[string]bool{}, base: map[string]bool{}, docHeadings: map[string][]string{}}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		if d.IsDir() && skipDirs[d.Name()] {
			return filepath.SkipDir
		}
		t.base[d.Name()] = true
		if filepath.Dir(p) == filepath.Clean(root) {
			t.top[d.Name()] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", root, err)
	}
	ignore, err := os.ReadFile(filepath.Join(root, ".gitignore"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading .gitignore: %w", err)
	}
	for _, l := range strings.Split(string(ignore), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "!") {
			continue
		}
		anchored := strings.Contains(strings.TrimSuffix(l, "/"), "/")
		t.ignored = append(t.ignored, ignorePattern{strings.Trim(l, "/"), anchored})
	}
	return t, nil
}

// generatedName reports whether a file named name, wherever it is, is one
// .gitignore says a build makes.
func (t *tree) generatedName(name string) bool {
	for _, g := range t.ignored {
		if ok, _ := path.Match(g.pattern, name); ok && !g.anchored {
			return true
		}
	}
	return false
}

// generated reports whether .gitignore names p or a folder above it.
func (t *tree) generated(p string) bool {
	segs := strings.Split(p, "/")
	for _, g := range t.ignored {
		for i := range segs {
			var ok bool
			if g.anchored {
				ok, _ = path.Match(g.pattern, strings.Join(segs[:i+1], "/"))
			} else {
				ok, _ = path.Match(g.pattern, segs[i])
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// resolves reports whether ref, named in the file at rel, is a path of the
// tree, or is not one this check can judge. A token is judged when its
// first segment is a name at the root (web/fold/run.go, docs/GUIDE.md), a
// folder beside the file naming it (testdata/x.json in a test), or it
// starts with ./ or ../; anything else (prose such as and/or, events/s, a
// module path such as github.com/x/y, a package named alone) passes.
func (t *tree) resolves(rel, ref string) bool {
	p := strings.TrimPrefix(ref, "idaviz/") // an import path of this module
	p = strings.TrimSuffix(p, "/...")       // a package pattern
	if p == "." || p == "./..." {
		return true
	}
	dir := path.Dir(rel)
	var candidates []string
	switch {
	case strings.HasPrefix(p, "../"):
		candidates = []string{path.Join(dir, p)}
	case strings.HasPrefix(p, "./"):
		// A command's ./ is the root, a link's the file's folder.
		candidates = []string{path.Clean(p), path.Join(dir, p)}
	case !strings.Contains(p, "/"):
		// A file named alone could be anywhere, and most such names are
		// examples (run.trace, FILE.star); but a Go file named in this
		// module is one of its own, so it must be somewhere.
		if path.Ext(p) != ".go" || t.base[p] || strings.Contains(p, "*") {
			return true
		}
		return t.generatedName(p)
	default:
		first, _, _ := strings.Cut(p, "/")
		if t.top[first] {
			candidates = append(candidates, path.Clean(p))
		}
		if beside := path.Join(dir, first); dir != "." && first != "" && (t.isDir(beside) || t.generated(beside)) {
			candidates = append(candidates, path.Join(dir, p))
		}
		if candidates == nil {
			return true
		}
	}
	judged := false
	for _, c := range candidates {
		if strings.HasPrefix(c, "../") || c == ".." {
			continue // outside the tree: not ours to judge
		}
		judged = true
		if t.exists(c) {
			return true
		}
	}
	return !judged
}

func (t *tree) isDir(p string) bool {
	fi, err := os.Stat(filepath.Join(t.root, filepath.FromSlash(p)))
	return err == nil && fi.IsDir()
}

func (t *tree) exists(p string) bool {
	if t.generated(p) {
		return true
	}
	if strings.Contains(p, "*") {
		m, err := filepath.Glob(filepath.Join(t.root, filepath.FromSlash(p)))
		return err == nil && len(m) > 0
	}
	_, err := os.Stat(filepath.Join(t.root, filepath.FromSlash(p)))
	return err == nil
}

// url matches what is not a path of ours however it looks: a URL, and the
// ~ of a home folder.
var url = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^\s)>\]"'` + "`" + `]*|~/[^\s]*`)

// extensions are the file kinds a token without a slash must end in to be
// a path at all (README.md, go.mod).
var extensions = []string{
	".go", ".js", ".mjs", ".css", ".html", ".md", ".sh", ".json", ".star", ".txt",
	".trace", ".ndjson", ".png", ".svg", ".mod", ".sum", ".in", ".out", ".wasm",
}

// pathTokens returns the tokens of one line of text that may be paths: a
// run of letters, digits and _ . - / * that contains a / or ends in a known
// extension. A token against < > { } or $ is a template
// (puzzles/register_<name>.go, web/static/{a,b}.js, $dir/x), which no file
// is named as written, so it is left out; so is an absolute path.
func pathTokens(line string) []string {
	line = url.ReplaceAllStringFunc(line, func(s string) string { return strings.Repeat(" ", len(s)) })
	var out []string
	isPathByte := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '_' || c == '.' || c == '-' || c == '/' || c == '*'
	}
	for i := 0; i < len(line); {
		if !isPathByte(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && isPathByte(line[j]) {
			j++
		}
		tok := line[i:j]
		template := i > 0 && strings.IndexByte("<>{}$", line[i-1]) >= 0 ||
			j < len(line) && strings.IndexByte("<>{}", line[j]) >= 0
		i = j
		tok = strings.TrimRight(tok, ".-")
		if template || tok == "" || strings.HasPrefix(tok, "/") || strings.HasPrefix(tok, "-") {
			continue
		}
		if strings.Contains(tok, "//") || strings.Contains(tok, "..."+"/") {
			continue // not a path: a comment marker, an elision
		}
		if strings.Contains(tok, "/") || slices.ContainsFunc(extensions, func(e string) bool {
			return strings.HasSuffix(tok, e) && len(tok) > len(e)
		}) {
			out = append(out, tok)
		}
	}
	return out
}
