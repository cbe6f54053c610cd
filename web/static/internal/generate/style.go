package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"idaviz/web/fold"
)

// styleName is the page's style sheet: the tree's colours that Go draws too
// are written into it, between two marker comments, from web/fold.
const styleName = "style.css"

var (
	colourStart = []byte("  /* Go's colours (web/fold's TreeColours), written by go generate: */\n")
	colourEnd   = []byte("  /* end of Go's colours */\n")
)

// style is style.css in dir with its block of Go's colours rewritten.
func style(dir string) ([]byte, error) {
	css, err := os.ReadFile(filepath.Join(dir, styleName))
	if err != nil {
		return nil, err
	}
	start := bytes.Index(css, colourStart)
	end := bytes.Index(css, colourEnd)
	if start < 0 || end < start {
		return nil, fmt.Errorf("%s has no block %q … %q for Go's colours", styleName, bytes.TrimSpace(colourStart), bytes.TrimSpace(colourEnd))
	}
	var b bytes.Buffer
	b.Write(css[:start+len(colourStart)])
	for _, c := range fold.TreeColours() {
		fmt.Fprintf(&b, "  --node-%s: %s; /* %s */\n", c.Name, c.Colour, c.Note)
	}
	b.Write(css[end:])
	return b.Bytes(), nil
}
