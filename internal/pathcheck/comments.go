package main

import (
	"bufio"
	"go/scanner"
	"go/token"
	"strings"
)

// commentLine is one line of a comment, or of a document.
type commentLine struct {
	line int
	text string
}

func commentLines(kind fileKind, src string) []commentLine {
	switch kind {
	case goFile:
		return goComments(src)
	case slashStar:
		return slashStarComments(src)
	case hashFile:
		return hashComments(src)
	case htmlFile:
		return htmlComments(src)
	case markdown:
		var out []commentLine
		sc := bufio.NewScanner(strings.NewReader(src))
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			out = append(out, commentLine{n, sc.Text()})
		}
		return out
	}
	return nil
}

// addText appends text, which starts on line, split at its newlines.
func addText(out []commentLine, line int, text string) []commentLine {
	for i, l := range strings.Split(text, "\n") {
		out = append(out, commentLine{line + i, l})
	}
	return out
}

func htmlComments(src string) []commentLine {
	var out []commentLine
	for off := 0; ; {
		start := strings.Index(src[off:], "<!--")
		if start < 0 {
			return out
		}
		start += off
		end := strings.Index(src[start:], "-->")
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		out = addText(out, 1+strings.Count(src[:start], "\n"), src[start+4:end])
		off = min(end+3, len(src))
	}
}

// hashComments finds shell comments: a # at a line's start or after a
// blank, outside quotes ($# and ${#x} are not comments). A quote left open
// at a line's end is taken as closed there, which is wrong only for a
// string spanning lines, rare in these scripts.
func hashComments(src string) []commentLine {
	var out []commentLine
	for n, l := range strings.Split(src, "\n") {
		if n == 0 && strings.HasPrefix(l, "#!") {
			continue
		}
		var quote byte
		for i := 0; i < len(l); i++ {
			c := l[i]
			switch {
			case quote != 0:
				if c == '\\' && quote == '"' {
					i++
				} else if c == quote {
					quote = 0
				}
			case c == '\\':
				i++
			case c == '\'' || c == '"':
				quote = c
			case c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
				out = append(out, commentLine{n + 1, l[i+1:]})
				i = len(l)
			}
		}
	}
	return out
}

// slashStarComments finds the comments of JavaScript and CSS, skipping
// strings, template literals and regular expression literals, whose text
// could otherwise open a comment.
func slashStarComments(src string) []commentLine {
	var out []commentLine
	line := 1
	// prev is the last byte of code outside blanks: after one of these a
	// / starts a regular expression, else it divides.
	prev := byte(0)
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out = append(out, commentLine{line, src[i+2 : i+end]})
			i += end - 1
			continue
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			text := src[i+2 : i+2+end]
			out = addText(out, line, text)
			line += strings.Count(text, "\n")
			i += 2 + end + 1
			continue
		case c == '\'' || c == '"' || c == '`':
			i, line = skipQuoted(src, i, line, c)
		case c == '/' && (prev == 0 || strings.IndexByte("(,=:[!&|?{};+-*%<>~^", prev) >= 0):
			i, line = skipRegexp(src, i, line)
		}
		prev = c
	}
	return out
}

// skipQuoted returns the index of the quote that closes the string opened
// at src[i], and the line it is on.
func skipQuoted(src string, i, line int, q byte) (int, int) {
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if i+1 < len(src) && src[i+1] == '\n' {
				line++
			}
			i++
		case '\n':
			line++
			if q != '`' {
				return i, line // an unclosed string ends at its line
			}
		case q:
			return i, line
		}
	}
	return len(src), line
}

// skipRegexp returns the index of the / that closes the regular expression
// opened at src[i].
func skipRegexp(src string, i, line int) (int, int) {
	inClass := false
	for i++; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '\n':
			return i - 1, line // not a regular expression after all
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			return i, line
		}
	}
	return len(src), line
}

// goComments reads Go's comments with Go's own scanner, so a string that
// holds // or /* is never taken for one.
func goComments(src string) []commentLine {
	fset := token.NewFileSet()
	f := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	// A file that does not scan (a test's broken input) still has its
	// comments read up to where it stops making sense.
	s.Init(f, []byte(src), func(token.Position, string) {}, scanner.ScanComments)
	var out []commentLine
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok != token.COMMENT {
			continue
		}
		text := strings.TrimPrefix(lit, "//")
		if strings.HasPrefix(lit, "/*") {
			text = strings.TrimSuffix(strings.TrimPrefix(lit, "/*"), "*/")
		}
		out = addText(out, fset.Position(pos).Line, text)
	}
}
