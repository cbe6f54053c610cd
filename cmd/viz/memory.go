package main

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"idaviz/web"
)

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

// heapBudget is what the searches of a command may hold together, for
// limitHeap (0: nothing bounds it; IDA* of a puzzle holds only its path):
// shared, the budget that bounds all of them (A*'s), and the states a
// problem written in Starlark keeps, at most its script's budget in each
// of the runs at once. Without the limit a problem's search ran with the
// heap at half again its budget, as garbage between collections
// (docs/PERFORMANCE.md, scripted runs' heap). A*'s own copy of a
// problem's states is not in the script's budget: it is less than what
// the problem keeps of them, and past the limit the collector works
// harder, the search is never stopped by it.
func heapBudget(shared int64, sc *scripts, runs int) int64 {
	b := shared
	if sc != nil && sc.problemFile != "" {
		if kept := int64(max(runs, 1)) * sc.budget.MaxMemory(); b <= 0 || kept < b {
			b = kept
		}
	}
	return b
}
