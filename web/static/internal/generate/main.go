// Command generate writes web/static's generated files (go generate in
// web/static runs it): shared.js, what the page's JavaScript and Go share,
// from Go; lang's page-data.en.toml, the English of the puzzles' and examples' words, from the server's lists; messages.js, the page's catalogue, from lang; style.css's block of Go's colours; then bundle.js, the page's modules (shared.js among them)
// bundled into one classic script for the exported replay. The package's
// test fails when a committed file is not what the sources give.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", ".", "web/static, where the page's files are")
	flag.Parse()
	if err := generate(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

// catalogDir is lang's catalogue, from web/static.
const catalogDir = "../../lang/catalog"

// generate writes every generated file into dir, and the data's English
// into lang's catalogue.
func generate(dir string) error {
	s, err := shared()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, sharedName), s, 0o644); err != nil {
		return err
	}
	data, err := dataWords()
	if err != nil {
		return err
	}
	d, err := dataWordsTOML(data)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, catalogDir, dataWordsName), d, 0o644); err != nil {
		return err
	}
	m, err := messages()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, messagesName), m, 0o644); err != nil {
		return err
	}
	css, err := style(dir)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, styleName), css, 0o644); err != nil {
		return err
	}
	b, err := bundle(dir)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, bundleName), b, 0o644)
}
