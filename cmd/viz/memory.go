package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"idaviz/web"
)

// byteSize is a flag.Value holding a size in bytes, written as a number and
// a unit: 512MB, 2GiB, 1.5GB (decimal kB MB GB TB, binary KiB MiB GiB TiB,
// or B).
type byteSize int64

func (b *byteSize) String() string { return formatSize(int64(*b)) }

func (b *byteSize) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

var sizeUnits = []struct {
	name string
	mult float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"b", 1},
}

// parseSize reads a size such as 512MB or 2GiB.
func parseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for _, u := range sizeUnits {
		num, ok := strings.CutSuffix(t, u.name)
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		// !(n >= 1) also refuses NaN, which compares false with
		// everything, and would read as 0: no limit at all.
		n := v * u.mult
		if err != nil || !(n >= 1) || n >= 1<<62 {
			break
		}
		return int64(n), nil
	}
	return 0, fmt.Errorf("%q is not a size: write a number and a unit, 1 byte or more, e.g. 512MB or 2GiB (units B, kB, MB, GB, TB, KiB, MiB, GiB, TiB)", s)
}

// formatSize writes n in the largest binary unit it reaches, exactly when
// the unit divides it, to one decimal otherwise.
func formatSize(n int64) string {
	for _, u := range []struct {
		name string
		mult int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		switch {
		case n >= u.mult && n%u.mult == 0:
			return fmt.Sprintf("%d%s", n/u.mult, u.name)
		case n >= u.mult:
			return fmt.Sprintf("%.1f%s", float64(n)/float64(u.mult), u.name)
		}
	}
	return fmt.Sprintf("%dB", n)
}

// defaultMemoryBudget is a quarter of the machine's physical memory, so that
// A* fails with a clear message long before the process is killed; 1 GiB
// where the memory cannot be read.
func defaultMemoryBudget() int64 {
	if total := physicalMemory(); total > 0 {
		return total / 4
	}
	return 1 << 30
}

// defaultServerMemory is what a server's A* searches may hold together:
// four of a page's searches at their own budget, or a quarter of the
// machine's memory when that is less.
func defaultServerMemory() int64 {
	return min(web.DefaultServerMemory, defaultMemoryBudget())
}

// physicalMemory reads MemTotal from /proc/meminfo (Linux); 0 elsewhere.
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// MemTotal:       24567890 kB
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// limitHeap asks the garbage collector to keep the process near an A*
// budget: the budget bounds what A* holds, and without a limit the heap
// grows past it with garbage between collections (Korf's first 24-puzzle
// with a 512MB budget peaked at 661 MB of RSS; with the limit at 9/8 of the
// budget, 574 MB, for a third more time). GOMEMLIMIT, when set, wins. It
// returns the function that restores the limit before.
func limitHeap(budget int64) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(budget + budget/8)
	return func() { debug.SetMemoryLimit(old) }
}
