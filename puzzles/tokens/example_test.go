package tokens_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"idaviz/puzzles/tokens"
)

// A judge that doubles numbers: a count, then the cases, answered one by
// one; what follows the last case is an error that says where.
func ExampleJudge() {
	double := func(t *tokens.Reader, w *bufio.Writer) error {
		return t.Cases("numbers", func(int) error {
			v, err := t.Int("a number", -100, 100)
			if err != nil {
				return err
			}
			fmt.Fprintln(w, 2*v)
			return nil
		})
	}
	err := tokens.Judge(strings.NewReader("2\n3 -4\n5\n"), os.Stdout, double)
	fmt.Println(err)
	// Output:
	// 6
	// -8
	// line 3, column 1: unexpected "5" after the last of 2 numbers
}
