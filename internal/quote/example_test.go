package quote_test

import (
	"fmt"
	"strings"

	"idaviz/internal/quote"
)

// An error quotes a bad input, cut after about 80 bytes.
func ExampleShort() {
	fmt.Println(quote.Short("3: 12 x"))
	fmt.Println(quote.Short(strings.Repeat("é", 1000)))
	// Output:
	// "3: 12 x"
	// "éééééééééééééééééééééééééééééééééééééééé"… (2000 bytes)
}

// Text from a file or a peer goes to a terminal as it is when printable,
// quoted when it holds control characters.
func ExampleShown() {
	fmt.Println(quote.Shown("ёлка 1 2"))
	fmt.Println(quote.Shown("\x1b]0;pwned\a"))
	fmt.Println(quote.Shown("two\nlines"))
	// Output:
	// ёлка 1 2
	// "\x1b]0;pwned\a"
	// "two\nlines"
}

// A name from a file is shown cut, then quoted if it must be.
func ExampleCut() {
	fmt.Println(quote.Cut("manhattan", 16))
	fmt.Println(quote.Shown(quote.Cut(strings.Repeat("ж", 10)+"\x1b[2J", 7)))
	// Output:
	// manhattan
	// жжж… (24 bytes)
}
