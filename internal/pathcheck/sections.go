package main

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// sectionRef matches a document cited with one of its sections, as this
// repository's comments and documents cite them: docs/GUIDE.md, "Write
// your own heuristic". The quote may close on a later line.
var sectionRef = regexp.MustCompile(`([A-Za-z0-9_./-]+\.md),? \(?"([^"]*)("?)`)

// sections checks every section cited in lines (the comment lines of the
// file at rel) against the headings of the document cited. A section is
// found when a heading starts with its words: a citation may leave off a
// heading's tail ("viz site" for "viz site (the page and its engine in
// the browser)"). A document that is not there is left to the path check.
func (t *tree) sections(rel string, lines []commentLine) []finding {
	var found []finding
	for i, c := range lines {
		for _, m := range sectionRef.FindAllStringSubmatch(c.text, -1) {
			doc, title, closed := m[1], m[2], m[3] != ""
			// A quote left open goes on in the next lines of the comment.
			for j := i + 1; !closed && j < len(lines) && j <= i+3 && lines[j].line == lines[j-1].line+1; j++ {
				next, _, ok := strings.Cut(lines[j].text, `"`)
				title += " " + strings.TrimSpace(next)
				closed = ok
			}
			if !closed || strings.TrimSpace(title) == "" {
				continue
			}
			headings, ok := t.headings(rel, doc)
			if ok && !hasSection(headings, title) {
				found = append(found, finding{file: rel, line: c.line, path: doc + `, "` + title + `"`})
			}
		}
	}
	return found
}

// headings returns the headings of the document doc names, and the bold
// leads of its list items, read from the file at rel (beside it, or from
// the root), and whether the document exists.
func (t *tree) headings(rel, doc string) ([]string, bool) {
	for _, p := range []string{path.Join(path.Dir(rel), doc), path.Clean(doc)} {
		if hs, ok := t.docHeadings[p]; ok {
			return hs, true
		}
		src, err := os.ReadFile(filepath.Join(t.root, filepath.FromSlash(p)))
		if err != nil {
			continue
		}
		var hs []string
		for _, l := range strings.Split(string(src), "\n") {
			if strings.HasPrefix(l, "#") {
				hs = append(hs, strings.TrimLeft(l, "# "))
			} else if lead, ok := strings.CutPrefix(l, "- **"); ok {
				// A list item's bold lead names it too (docs/ARCHITECTURE.md's
				// decisions).
				title, _, _ := strings.Cut(lead, "**")
				hs = append(hs, title)
			}
		}
		t.docHeadings[p] = hs
		return hs, true
	}
	return nil, false
}

func hasSection(headings []string, title string) bool {
	want := plainWords(title)
	for _, h := range headings {
		if strings.HasPrefix(plainWords(h), want) {
			return true
		}
	}
	return false
}

// plainWords is s without markdown's marks, its blanks single, in lower
// case: how a heading and its citation are compared.
func plainWords(s string) string {
	s = strings.NewReplacer("`", "", "*", "", `\`, "").Replace(s)
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
