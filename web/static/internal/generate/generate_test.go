package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

const static = "../.."

// TestCurrent: the committed generated files are what the sources give
// (run go generate in web/static after changing a module of the page).
func TestCurrent(t *testing.T) {
	s, err := shared()
	if err != nil {
		t.Fatal(err)
	}
	css, err := style(static)
	if err != nil {
		t.Fatal(err)
	}
	m, err := messages()
	if err != nil {
		t.Fatal(err)
	}
	data, err := dataWords()
	if err != nil {
		t.Fatal(err)
	}
	d, err := dataWordsTOML(data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle(static)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		want []byte
	}{
		{sharedName, s},
		{messagesName, m},
		{catalogDir + "/" + dataWordsName, d},
		{styleName, css},
		{bundleName, b},
	} {
		got, err := os.ReadFile(filepath.Join(static, f.name))
		if err != nil {
			t.Fatalf("%v: run go generate in web/static", err)
		}
		if !bytes.Equal(got, f.want) {
			t.Errorf("%s is not what the sources give (%d bytes, want %d): run go generate in web/static", filepath.ToSlash(filepath.Join("web/static", f.name)), len(got), len(f.want))
		}
	}
}

// TestBundleDeterministic: two runs give the same bytes, so the committed
// bundle does not change with who generates it.
func TestBundleDeterministic(t *testing.T) {
	a, err := bundle(static)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle(static)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || len(a) < 10000 {
		t.Errorf("two bundles: %d and %d bytes, equal %v", len(a), len(b), bytes.Equal(a, b))
	}
}

// TestTypeOf: the JSDoc types shared.js gives its values, as tsc reads
// them: an object's fields, arrays of one element type, unknown[] else.
func TestTypeOf(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"#fff", "string"},
		{3, "number"},
		{[]string{"a", "b"}, "string[]"},
		{[]any{1, "a"}, "unknown[]"},
		{[]any{}, "unknown[]"},
		{map[string]any{"b": []int{1}, "a": map[string]any{"x": true, "y": nil}}, `{"a": {"x": boolean, "y": null}, "b": number[]}`},
		{[]any{[]int{1}, []int{2}}, "number[][]"},
		{[]any{map[string]any{"a": 1}}, `{"a": number}[]`},
	} {
		got, err := jsonType(c.v)
		if err != nil {
			t.Fatalf("%v: %v", c.v, err)
		}
		if got != c.want {
			t.Errorf("jsonType(%#v) = %s, want %s", c.v, got, c.want)
		}
	}
}
