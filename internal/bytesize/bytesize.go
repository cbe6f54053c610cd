// Package bytesize reads and writes sizes in bytes as people write them:
// 512MB, 2GiB, 1.5 GB, for flags and messages alike.
package bytesize

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is a flag.Value holding a size in bytes.
type Size int64

// String is Text written as a flag's value is, with no space ("2GiB"), so
// that a message naming a flag and its value can be copied to a shell.
func (b *Size) String() string { return strings.ReplaceAll(Text(int64(*b)), " ", "") }

// Set reads s with Parse.
func (b *Size) Set(s string) error {
	n, err := Parse(s)
	if err != nil {
		return err
	}
	*b = Size(n)
	return nil
}

var units = []struct {
	name string
	mult float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"b", 1},
}

// Parse reads a size written as a number and a unit: decimal kB MB GB TB,
// binary KiB MiB GiB TiB, or B, in any case, spaces allowed. It is 1 byte
// or more: a size of 0 would often mean "no limit".
func Parse(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, u := range units {
		num, ok := strings.CutSuffix(t, u.name)
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		// !(n >= 1) also refuses NaN, which compares false with
		// everything, and would read as 0.
		n := v * u.mult
		if err != nil || !(n >= 1) || n >= 1<<62 {
			break
		}
		return int64(n), nil
	}
	return 0, fmt.Errorf("%q is not a size: write a number and a unit, 1 byte or more, e.g. 512MB or 2GiB (units B, kB, MB, GB, TB, KiB, MiB, GiB, TiB)", s)
}

// Text writes n in the largest binary unit it reaches, exactly when the
// unit divides it, to one decimal otherwise; Parse reads it back.
func Text(n int64) string {
	for _, u := range []struct {
		name string
		mult int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		switch {
		case n >= u.mult && n%u.mult == 0:
			return fmt.Sprintf("%d %s", n/u.mult, u.name)
		case n >= u.mult:
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.mult), u.name)
		}
	}
	return fmt.Sprintf("%d B", n)
}
