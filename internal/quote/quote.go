// Package quote shows untrusted text (a file's, a peer's, a user's bad
// input) in messages and logs: a terminal is not driven by it, and a line
// of stderr is not 16 MB of it.
package quote

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shown is s as it may go to a terminal: as it is when every rune is
// printable, in any script; quoted with Go's escapes otherwise, so that it
// cannot send escape sequences ("ESC ]0;" retitles the terminal), start
// lines of its own, or hide text behind control characters.
func Shown(s string) string {
	if utf8.ValidString(s) && strings.IndexFunc(s, notPrintable) < 0 {
		return s
	}
	return strconv.Quote(s)
}

func notPrintable(r rune) bool { return !unicode.IsPrint(r) }

// maxShort is how much of a bad input an error quotes: enough to find it,
// not the 16 MB a damaged input can be on one line of stderr.
const maxShort = 80

// Short is s in Go's quotes for an error message, cut after about 80 bytes
// (at a character's end) with an ellipsis and the whole length.
func Short(s string) string {
	if len(s) <= maxShort {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cutAt(s, maxShort)]), len(s))
}

// Cut is s cut after about n bytes (at a character's end) with an
// ellipsis and the whole length, as it is otherwise: metadata printed on
// one line, or sent in every message to a page, is not the megabytes a
// file can hold. Cut text that goes to a terminal still goes through Shown.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cutAt(s, n)], len(s))
}

// cutAt is where s, longer than n bytes, is cut: at most n bytes, at a
// character's end.
func cutAt(s string, n int) int {
	cut := max(n, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return cut
}
