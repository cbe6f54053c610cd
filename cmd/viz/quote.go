package main

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// shown is a string from a file (a trace's metadata) as it may go to a
// terminal: as it is when every rune is printable, in any script; quoted
// with Go's escapes otherwise, so that the file cannot send escape sequences
// ("ESC ]0;" retitles the terminal) or hide text behind control characters.
func shown(s string) string {
	if utf8.ValidString(s) && strings.IndexFunc(s, notPrintable) < 0 {
		return s
	}
	return strconv.Quote(s)
}

func notPrintable(r rune) bool { return !unicode.IsPrint(r) }
