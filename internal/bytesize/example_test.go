package bytesize_test

import (
	"fmt"

	"idaviz/internal/bytesize"
)

func Example() {
	n, err := bytesize.Parse("1.5GiB")
	if err != nil {
		panic(err)
	}
	fmt.Println(n, bytesize.Text(n))
	// Output: 1610612736 1.5 GiB
}
