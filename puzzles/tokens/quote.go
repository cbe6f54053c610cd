package tokens

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// maxQuoted is how much of a bad input an error quotes: enough to find it,
// not the 16 MB a damaged input can be on one line of stderr.
const maxQuoted = 80

// Quote is s in Go's quotes for an error message, cut after about 80 bytes
// (at a character's end) with an ellipsis and the whole length.
func Quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}
